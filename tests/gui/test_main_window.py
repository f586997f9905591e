"""The main window: navigation, shortcuts, status bar, banner, menus, remembered layout."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget
from pytestqt.qtbot import QtBot

import sellerdesk
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.status_bar import ConnectionState
from sellerdesk.ui.views import default_views
from sellerdesk.ui.widgets.banner import MessageLevel
from sellerdesk.ui.widgets.text import PlainLabel
from tests.support.gui_settings import make_settings

NAVIGATION = ["dashboard", "inbox", "orders", "categories", "tracking", "shop", "outbox"]


def _navigation_ids(window: MainWindow) -> list[str]:
    nav = window.sidebar.navigation
    return [nav.item(row).data(Qt.ItemDataRole.UserRole) for row in range(nav.count())]


def test_the_window_opens_on_the_inbox_with_seven_views(window: MainWindow) -> None:
    assert window.isVisible()
    assert _navigation_ids(window) == NAVIGATION
    assert window.view_ids() == NAVIGATION
    assert window.current_view() == "inbox"
    assert window.stack.currentWidget() is window.panel("inbox")
    assert window.panel("inbox").is_loaded()
    assert window.windowTitle() == "Inbox"


@pytest.mark.parametrize(("key", "view_id"), [
    (Qt.Key.Key_0, "dashboard"),
    (Qt.Key.Key_1, "inbox"), (Qt.Key.Key_2, "orders"), (Qt.Key.Key_3, "categories"),
    (Qt.Key.Key_4, "tracking"), (Qt.Key.Key_5, "shop"), (Qt.Key.Key_6, "outbox"),
])
def test_ctrl_number_switches_views(window: MainWindow, qtbot: QtBot, key: Qt.Key,
                                    view_id: str) -> None:
    if view_id == "inbox":
        window.show_view("shop")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    with qtbot.waitSignal(window.view_changed, timeout=5000) as blocker:
        qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)
    assert blocker.args == [view_id]
    assert window.stack.currentWidget() is window.panel(view_id)
    assert window.panel(view_id).is_loaded()


def test_clicking_a_navigation_row_switches_views(window: MainWindow, qtbot: QtBot) -> None:
    nav = window.sidebar.navigation
    rect = nav.visualItemRect(nav.item(3))
    with qtbot.waitSignal(window.view_changed, timeout=5000):
        qtbot.mouseClick(nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.current_view() == "categories"


def test_the_outbox_button_opens_the_outbox(window: MainWindow, qtbot: QtBot) -> None:
    window.set_outbox_counts(2)
    assert window.status.outbox.text() == "Outbox: 2 waiting"
    with qtbot.waitSignal(window.view_changed, timeout=5000):
        qtbot.mouseClick(window.status.outbox, Qt.MouseButton.LeftButton)
    assert window.current_view() == "outbox"
    assert window.sidebar.navigation.currentRow() == NAVIGATION.index("outbox")
    window.set_outbox_counts(3, 1)
    assert "1 need you" in window.status.outbox.text()


def test_the_outbox_row_counts_the_changes_not_sent_yet(window: MainWindow) -> None:
    nav = window.sidebar.navigation
    window.set_outbox_counts(3, 1)  # conflicts wait for the seller: they count
    assert nav.badge("outbox") == 4
    row = nav.item(NAVIGATION.index("outbox"))
    # "change(s)" without the English plural forms the app installs at start-up
    assert row.data(Qt.ItemDataRole.AccessibleTextRole).startswith("Outbox, 4 change")
    window.set_outbox_counts(0)
    assert nav.badge("outbox") == 0
    assert row.data(Qt.ItemDataRole.AccessibleTextRole) == "Outbox"


def test_only_the_first_view_is_built_before_it_shows_its_data(
        settings_path: Path, runner: TaskRunner, qtbot: QtBot) -> None:
    window = MainWindow(UiContext(make_settings(settings_path), runner))
    qtbot.addWidget(window)
    assert list(window._panels) == ["inbox"]  # the rest waits for the first paint
    assert [window.sidebar.navigation.item(r).text()
            for r in range(window.sidebar.navigation.count())] == [
        "Dashboard", "Inbox", "Orders", "Categories", "Tracking codes", "Shop", "Outbox"]
    window.show()
    with qtbot.waitSignal(window.views_ready, timeout=20000):
        pass
    assert window.views_built()
    assert window.current_view() == "inbox"  # built behind it, none shown


def test_each_view_carries_its_panels_title_and_icon(window: MainWindow) -> None:
    """The sidebar names a view before it is built: the spec must say what the panel says."""
    for spec in default_views():
        panel = window.panel(spec.view_id)
        assert spec.title is not None and spec.title() == panel.title(), spec.view_id
        assert spec.icon_name == panel.icon_name(), spec.view_id


@pytest.mark.parametrize(("state", "text"), [
    (ConnectionState.ONLINE, "Online"),
    (ConnectionState.OFFLINE, "Offline"),
    (ConnectionState.NOT_CONNECTED, "Not connected"),
])
def test_connection_state_is_said_in_words_and_an_icon(window: MainWindow,
                                                       state: ConnectionState,
                                                       text: str) -> None:
    window.set_connection_state(state)
    indicator = window.status.connection
    assert indicator.text() == text
    assert indicator.accessibleName() == text
    pixmap = indicator.icon_label.pixmap()
    assert pixmap is not None and not pixmap.isNull()


def test_offline_says_when_it_tries_again_without_changing_state(window: MainWindow) -> None:
    window.set_connection_state(ConnectionState.OFFLINE)
    indicator = window.status.connection
    window.set_connection_retry(datetime.now(UTC) + timedelta(seconds=30))
    assert indicator.text().startswith("Offline · next try in ")
    assert indicator.text().endswith(" s")
    window.set_connection_retry(None, trying=True)
    assert indicator.text() == "Offline · trying again now…"
    assert indicator.state is ConnectionState.OFFLINE
    window.set_connection_state(ConnectionState.ONLINE)
    assert indicator.text() == "Online"  # back online: no detail left over


def test_sync_age_is_relative(window: MainWindow) -> None:
    assert window.status.sync_age.text() == "Not synced yet"
    window.set_last_sync(datetime.now(UTC) - timedelta(minutes=3))
    assert window.status.sync_age.text() == "Synced 3 minutes ago"


def test_banner_messages_are_plain_text_and_dismissable(window: MainWindow,
                                                        qtbot: QtBot) -> None:
    item = window.show_message("<b>Buyer</b> wrote", MessageLevel.WARNING)
    assert window.banner.isVisible()
    label = item.findChild(PlainLabel)
    assert label is not None and label.textFormat() == Qt.TextFormat.PlainText
    dismiss = [b for b in item.findChildren(QAbstractButton)
               if b.accessibleName() == "Dismiss message"]
    with qtbot.waitSignal(window.banner.message_dismissed, timeout=5000):
        qtbot.mouseClick(dismiss[0], Qt.MouseButton.LeftButton)
    assert window.banner.messages() == []
    assert not window.banner.isVisible()


def test_badges_show_on_navigation_rows(window: MainWindow) -> None:
    window.set_badge("inbox", 12, "12 unanswered")
    nav = window.sidebar.navigation
    assert nav.badge("inbox") == 12
    assert nav.item(1).data(Qt.ItemDataRole.AccessibleTextRole) == "Inbox, 12 unanswered"


def test_the_shortcuts_sheet_lists_every_view(window: MainWindow, qtbot: QtBot) -> None:
    dialog = window.show_shortcuts()
    qtbot.addWidget(dialog)
    rows = dict(dialog.rows())
    assert rows["Dashboard"] == "Ctrl+0"
    assert rows["Inbox"] == "Ctrl+1" and rows["Shop"] == "Ctrl+5"
    assert rows["Outbox"] == "Ctrl+6"
    assert rows["Quit"] == "Ctrl+Q"
    assert rows["Sync now"] == "F5" and rows["Refresh this view"] == "Ctrl+R"


def test_about_shows_the_version(window: MainWindow, qtbot: QtBot) -> None:
    dialog = window.show_about()
    qtbot.addWidget(dialog)
    texts = [label.text() for label in dialog.findChildren(PlainLabel)]
    assert f"Version {sellerdesk.__version__}" in texts


def test_profiles_menu_item_is_announced(window: MainWindow, qtbot: QtBot) -> None:
    action = next(a for a in window.actions() if a.text() == "&Profiles…")
    with qtbot.waitSignal(window.profiles_requested, timeout=5000):
        action.trigger()


def test_every_focusable_control_has_an_accessible_name(window: MainWindow) -> None:
    window.set_outbox_counts(1)
    window.show_message("Something happened", MessageLevel.ERROR)
    unnamed = [
        f"{type(w).__name__} {w.objectName()!r}"
        for w in window.findChildren(QWidget)
        if w.isVisible() and w.focusPolicy() != Qt.FocusPolicy.NoFocus
        and not w.accessibleName() and not isinstance(w, PlainLabel)
    ]
    assert unnamed == []


def test_layout_and_last_view_survive_a_restart(settings_path: Path, runner: TaskRunner,
                                                qtbot: QtBot) -> None:
    first = MainWindow(UiContext(make_settings(settings_path), runner))
    qtbot.addWidget(first)
    first.show()
    first.resize(780, 520)  # within the 800x600 offscreen screen
    first.show_view("tracking")
    first.close()
    stored = make_settings(settings_path)
    assert stored.get(keys.LAST_VIEW) == "tracking"
    assert stored.get(keys.WINDOW_GEOMETRY)

    second = MainWindow(UiContext(make_settings(settings_path), TaskRunner(loop=runner._loop)))
    qtbot.addWidget(second)
    second.show()
    assert second.current_view() == "tracking"
    assert second.sidebar.navigation.currentRow() == NAVIGATION.index("tracking")
    assert (second.width(), second.height()) == (780, 520)


def test_an_unknown_last_view_falls_back_to_the_inbox(settings_path: Path,
                                                      runner: TaskRunner,
                                                      qtbot: QtBot) -> None:
    settings = make_settings(settings_path)
    settings.set(keys.LAST_VIEW, "gone")
    window = MainWindow(UiContext(settings, runner))
    qtbot.addWidget(window)
    assert window.current_view() == "inbox"


def _ink_lightness(window: MainWindow) -> int:
    """Lightness of the lightest opaque pixel of the connection icon."""
    pixmap = window.status.connection.icon_label.pixmap()
    image = pixmap.toImage()
    inked = [image.pixelColor(x, y) for x in range(image.width())
             for y in range(image.height()) if image.pixelColor(x, y).alpha() > 200]
    assert inked
    return max(c.lightness() for c in inked)


def test_the_window_follows_a_switch_to_a_dark_palette(window: MainWindow, qapp: QApplication,
                                                       qtbot: QtBot) -> None:
    from PySide6.QtGui import QColor, QPalette

    from sellerdesk.ui import theme

    window.set_connection_state(ConnectionState.ONLINE)
    light_sidebar = window.sidebar.palette().color(QPalette.ColorRole.Base)
    light_ink = _ink_lightness(window)
    original = qapp.palette()
    try:
        qapp.setPalette(QPalette(QColor("#353535")))  # what a dark desktop theme hands Qt
        qtbot.waitUntil(lambda: window.sidebar.palette().color(QPalette.ColorRole.Base)
                        != light_sidebar, timeout=5000)
        assert theme.is_dark()
        assert window.sidebar.palette().color(QPalette.ColorRole.Base).lightness() < 128
        qtbot.waitUntil(lambda: _ink_lightness(window) > light_ink, timeout=5000)
    finally:
        qapp.setPalette(original)


def test_a_first_start_fits_the_window_inside_the_screen(settings_path: Path,
                                                         runner: TaskRunner,
                                                         qtbot: QtBot) -> None:
    """No layout saved yet: the window fits the screen's free room (the offscreen screen is
    smaller than the default size, as a 1280x720 laptop's is), so its edges and status bar
    are on screen."""
    window = MainWindow(UiContext(make_settings(settings_path), runner))
    qtbot.addWidget(window)
    window.show()
    screen = window.screen()
    assert screen is not None
    room = screen.availableGeometry()
    assert room.width() < 1200 or room.height() < 760  # the test means something here
    frame = window.frameGeometry()
    assert room.contains(frame.topLeft()) and room.contains(frame.bottomRight()), (room, frame)
