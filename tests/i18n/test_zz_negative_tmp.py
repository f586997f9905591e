from pytestqt.qtbot import QtBot
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from tests.i18n.test_runtime import English, visible_texts

def test_neg(live_ctx: UiContext, qtbot: QtBot) -> None:
    english = English("es")
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    found = set()
    n = 0
    for view_id in window.view_ids():
        window.show_view(view_id)
        qtbot.waitUntil(window.panel(view_id).is_loaded, timeout=30_000)
        qtbot.wait(50)
        for where, text in visible_texts(window):
            n += 1
            if english.match(text):
                found.add(text)
    print("TEXTS", n, "ENGLISH", len(found), sorted(found)[:80])
