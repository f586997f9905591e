"""Triage without the mouse: J/K, Alt+Down/Up, N, R, Ctrl+F, Return, Escape, Tab."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.views import ViewSpec
from tests.gui.inbox.support import open_thread, shown_ids

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
          ) -> None:
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClick(target, key, modifier)


def opened(panel: InboxPanel) -> str | None:
    return panel.thread_view.thread_id()


def test_moving_between_threads_and_replying(panel: InboxPanel, qtbot: QtBot) -> None:
    ids = shown_ids(panel)
    panel.list.view.setFocus()
    assert opened(panel) == ids[0]
    press(qtbot, Qt.Key.Key_J)
    qtbot.waitUntil(lambda: opened(panel) == ids[1])
    press(qtbot, Qt.Key.Key_Down, ALT)
    qtbot.waitUntil(lambda: opened(panel) == ids[2])
    press(qtbot, Qt.Key.Key_K)
    qtbot.waitUntil(lambda: opened(panel) == ids[1])
    press(qtbot, Qt.Key.Key_Up, ALT)
    qtbot.waitUntil(lambda: opened(panel) == ids[0])
    assert panel.list.view.hasFocus()  # the list keeps focus while triaging

    press(qtbot, Qt.Key.Key_R)
    composer = panel.thread_view.composer
    qtbot.waitUntil(composer.editor.hasFocus)
    qtbot.keyClicks(composer.editor, "jk")  # letters typed here are text, not shortcuts
    assert composer.text() == "jk" and opened(panel) == ids[0]
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(panel.list.view.hasFocus)
    press(qtbot, Qt.Key.Key_Return)  # Return on a thread: reply
    qtbot.waitUntil(composer.editor.hasFocus)

    press(qtbot, Qt.Key.Key_F, CTRL)
    qtbot.waitUntil(panel.list.search.hasFocus)
    qtbot.keyClicks(panel.list.search, "n")  # not "next unanswered" while typing
    assert panel.list.search.text() == "n"


def test_next_unanswered_skips_answered_threads(panel: InboxPanel, qtbot: QtBot) -> None:
    from sellerdesk.services.inbox_list import ThreadSort

    panel.list.sort.setCurrentIndex(panel.list.sort.findData(ThreadSort.NEWEST_FIRST.value))
    qtbot.waitUntil(lambda: [t.last_question_date for t in panel.model.items()] == sorted(
        (t.last_question_date for t in panel.model.items()), reverse=True))  # type: ignore[type-var]
    items = panel.model.items()
    answered = next(i for i, t in enumerate(items) if not t.waiting)
    open_thread(qtbot, panel, items[answered].id)
    panel.list.view.setFocus()
    press(qtbot, Qt.Key.Key_N)
    after = next(t for t in items[answered + 1:] + items[:answered] if t.waiting)
    qtbot.waitUntil(lambda: opened(panel) == after.id)


def test_every_focusable_control_has_a_name_and_tab_reaches_the_composer(
        panel: InboxPanel, qtbot: QtBot) -> None:
    panel.list.search.setFocus()
    seen: list[QWidget] = []
    for _ in range(80):
        widget = QApplication.focusWidget()
        assert widget is not None
        if widget in seen:
            break
        seen.append(widget)
        assert widget.accessibleName(), f"{type(widget).__name__} has no accessible name"
        panel.focusNextChild()
    assert panel.thread_view.composer.editor in seen
    assert panel.list.view in seen and panel.thread_view.composer.send not in [None]
    unnamed = [w for w in panel.findChildren(QWidget)
               if w.isVisible() and w.focusPolicy() & Qt.FocusPolicy.TabFocus
               and not w.accessibleName()]
    assert unnamed == []


def test_the_actions_are_in_the_shortcuts_sheet(live_ctx: UiContext, qtbot: QtBot) -> None:
    window = MainWindow(live_ctx, views=[ViewSpec("inbox", InboxPanel, "Ctrl+1")])
    qtbot.addWidget(window)
    sections = dict(window.shortcut_sections())
    actions = sections["Inbox"]
    texts = {a.text(): a.shortcut().toString() for a in actions}
    assert texts["Next conversation"] == "J"
    assert texts["Previous conversation"] == "K"
    assert texts["Next unanswered conversation"] == "N"
    assert texts["Reply"] == "R"
    assert texts["Search questions"] == "Ctrl+F"
    assert texts["Send the answer"] == "Ctrl+Return"


def test_letters_typed_on_the_list_start_the_answer(panel: InboxPanel, qtbot: QtBot) -> None:
    """Issue 25 B17: a seller who starts typing before pressing R loses nothing: the first
    letter opens the answer and every letter is in it; R, J, K, N are still commands."""
    composer = panel.thread_view.composer
    ids = shown_ids(panel)
    panel.list.view.setFocus()
    assert composer.text() == ""
    for letter in "Hola":  # each to whatever has the keyboard, as a seller types
        target = QApplication.focusWidget()
        assert target is not None
        qtbot.keyClick(target, letter)
    assert composer.text() == "Hola" and composer.editor.hasFocus()
    assert opened(panel) == ids[0]  # no type-ahead jump to another conversation
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(panel.list.view.hasFocus)
    press(qtbot, Qt.Key.Key_R)  # R replies, as before, and adds no letter
    qtbot.waitUntil(composer.editor.hasFocus)
    assert composer.text() == "Hola"
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(panel.list.view.hasFocus)
    press(qtbot, Qt.Key.Key_J)  # still the next conversation
    qtbot.waitUntil(lambda: opened(panel) == ids[1])
    # A letter on a button (no field) starts the answer too; Space still presses it.
    composer.send.setEnabled(True)
    panel.thread_view.composer.replies.setFocus()
    press(qtbot, Qt.Key.Key_S)
    assert composer.text().endswith("s") and composer.editor.hasFocus()
