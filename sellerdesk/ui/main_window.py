"""The main window: navigation, the stack of views, the message banner, menus, status bar."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dialogs.about import AboutDialog
from sellerdesk.ui.dialogs.shortcuts import Section, ShortcutsDialog
from sellerdesk.ui.icons import app_icon, icon
from sellerdesk.ui.navigation import Sidebar
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.status_bar import ConnectionState, StatusBar
from sellerdesk.ui.views import ViewSpec, default_views
from sellerdesk.ui.widgets.banner import BannerMessage, MessageBanner, MessageLevel
from sellerdesk.ui.widgets.separator import Separator


class MainWindow(QMainWindow):
    """Holds the views; panels talk to the services through `ctx`, never through the window."""

    view_changed = Signal(str)
    profiles_requested = Signal()
    closed = Signal()

    def __init__(self, ctx: UiContext, views: Sequence[ViewSpec] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("main-window")
        self.setWindowIcon(app_icon())
        self.setMinimumSize(760, 480)
        self._specs = list(views if views is not None else default_views())
        self._panels: dict[str, Panel] = {}
        self._view_actions: dict[str, QAction] = {}
        self._current = ""

        self.sidebar = Sidebar(self)
        self.sidebar.setFixedWidth(216)
        self.sidebar.set_shop(self.tr("SellerDesk"), self.tr("No shop connected"))
        self.stack = QStackedWidget(self)
        self.banner = MessageBanner(self)
        self.status = StatusBar(ctx.runner, self)
        self.setStatusBar(self.status)
        self._build_central()
        self._build_panels()
        self._build_menus()

        ctx.runner.error_reported.connect(self._on_runner_error_reported)
        self.sidebar.navigation.view_selected.connect(self.show_view)
        self.status.outbox_clicked.connect(self._on_status_outbox_clicked)
        self._restore()

    # ---- Building. --------------------------------------------------------------------------

    def _build_central(self) -> None:
        rule = Separator(Qt.Orientation.Vertical, self)
        content = QVBoxLayout()
        content.setContentsMargins(0, 0, 0, 0)
        content.setSpacing(0)
        content.addWidget(self.banner)
        content.addWidget(self.stack, 1)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.sidebar)
        row.addWidget(rule)
        row.addLayout(content, 1)
        outer = QVBoxLayout()
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addLayout(row, 1)
        outer.addWidget(Separator(parent=self))  # sets the status bar apart from the views
        central = QWidget(self)
        central.setLayout(outer)
        self.setCentralWidget(central)

    def _build_panels(self) -> None:
        for spec in self._specs:
            panel = spec.factory(self.ctx)
            self._panels[spec.view_id] = panel
            self.stack.addWidget(panel)
            if spec.in_navigation:
                self.sidebar.navigation.add_view(spec.view_id, panel.title(),
                                                 icon(panel.icon_name()))
            panel.restore_state()

    def _action(self, menu: QMenu, text: str, slot: Callable[[], object], *,
                shortcuts: Sequence[QKeySequence.StandardKey | str] = (),
                icon_name: str = "") -> QAction:
        action = QAction(text, self)
        if icon_name:
            action.setIcon(icon(icon_name))
        action.setShortcuts(_key_sequences(shortcuts))
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)  # shortcuts keep working with the menu bar hidden
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self._file_actions = [
            self._action(file_menu, self.tr("&Profiles…"), self.profiles_requested.emit,
                         shortcuts=["Ctrl+Shift+P"], icon_name="profile"),
        ]
        file_menu.addSeparator()
        quit_action = self._action(file_menu, self.tr("&Quit"), self.close,
                                   shortcuts=[QKeySequence.StandardKey.Quit, "Ctrl+Q"],
                                   icon_name="quit")
        quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self._file_actions.append(quit_action)

        view_menu = bar.addMenu(self.tr("&View"))
        group = QActionGroup(self)
        group.setExclusive(True)
        for spec in self._specs:
            panel = self._panels[spec.view_id]
            if spec.view_id == "outbox":
                view_menu.addSeparator()
            action = self._action(view_menu, panel.title(), self._on_view_action_triggered,
                                  shortcuts=[spec.shortcut], icon_name=panel.icon_name())
            action.setData(spec.view_id)
            action.setCheckable(True)
            group.addAction(action)
            self._view_actions[spec.view_id] = action
        view_menu.addSeparator()
        self._refresh_action = self._action(
            view_menu, self.tr("&Refresh"), self._on_refresh_triggered,
            shortcuts=["F5", "Ctrl+R"], icon_name="refresh")

        help_menu = bar.addMenu(self.tr("&Help"))
        self._help_actions = [
            self._action(help_menu, self.tr("&Keyboard shortcuts"), self.show_shortcuts,
                         shortcuts=["F1", "Ctrl+/"], icon_name="keyboard"),
        ]
        help_menu.addSeparator()
        about = self._action(help_menu, self.tr("&About SellerDesk"), self.show_about,
                             icon_name="info")
        about.setMenuRole(QAction.MenuRole.AboutRole)

    # ---- Views. -------------------------------------------------------------------------------

    def view_ids(self) -> list[str]:
        return [spec.view_id for spec in self._specs]

    def panel(self, view_id: str) -> Panel:
        return self._panels[view_id]

    def current_view(self) -> str:
        return self._current

    def show_view(self, view_id: str) -> None:
        """Make `view_id` the current view (and start its loading the first time)."""
        panel = self._panels.get(view_id)
        if panel is None:
            return
        changed = view_id != self._current
        self._current = view_id
        self.stack.setCurrentWidget(panel)
        spec = next(s for s in self._specs if s.view_id == view_id)
        self.sidebar.navigation.select_view(view_id if spec.in_navigation else None)
        self._view_actions[view_id].setChecked(True)
        self.setWindowTitle(panel.title())
        panel.activate()
        if changed:
            self.view_changed.emit(view_id)

    # ---- What the services report (the app wires these). --------------------------------------

    def show_message(self, text: str, level: MessageLevel = MessageLevel.ERROR, *,
                     action_text: str | None = None,
                     on_action: Callable[[], None] | None = None,
                     timeout_ms: int | None = None) -> BannerMessage:
        return self.banner.show_message(text, level, action_text=action_text,
                                        on_action=on_action, timeout_ms=timeout_ms)

    def set_connection_state(self, state: ConnectionState) -> None:
        self.status.connection.set_state(state)

    def set_last_sync(self, moment: datetime | None) -> None:
        self.status.sync_age.set_last_sync(moment)

    def set_outbox_counts(self, waiting: int, conflicts: int = 0) -> None:
        self.status.outbox.set_counts(waiting, conflicts)

    def set_badge(self, view_id: str, count: int, spoken: str = "") -> None:
        self.sidebar.navigation.set_badge(view_id, count, spoken)

    def set_shop(self, name: str, detail: str = "") -> None:
        self.sidebar.set_shop(name, detail)

    # ---- Help. --------------------------------------------------------------------------------

    def shortcut_sections(self) -> list[Section]:
        sections: list[Section] = [
            (self.tr("General"), [*self._file_actions, self._refresh_action,
                                  *self._help_actions]),
            (self.tr("Views"), list(self._view_actions.values())),
        ]
        for panel in self._panels.values():
            if panel.panel_actions():
                sections.append((panel.title(), panel.panel_actions()))
        return sections

    def show_shortcuts(self) -> ShortcutsDialog:
        dialog = ShortcutsDialog(self.shortcut_sections(), self)
        dialog.setModal(False)
        dialog.show()
        return dialog

    def show_about(self) -> AboutDialog:
        dialog = AboutDialog(self)
        dialog.setModal(True)
        dialog.show()
        return dialog

    # ---- Slots. -------------------------------------------------------------------------------

    def _on_runner_error_reported(self, message: str) -> None:
        self.show_message(message, MessageLevel.ERROR)

    def _on_view_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.show_view(str(action.data()))

    def _on_status_outbox_clicked(self) -> None:
        self.show_view("outbox")

    def _on_refresh_triggered(self) -> None:
        panel = self._panels.get(self._current)
        if panel is not None:
            panel.refresh()

    # ---- Remembering. -------------------------------------------------------------------------

    def _restore(self) -> None:
        settings = self.ctx.settings
        geometry = settings.get(keys.WINDOW_GEOMETRY)
        if not geometry or not self.restoreGeometry(QByteArray(geometry)):
            self.resize(1200, 760)
            screen = QGuiApplication.primaryScreen()
            if screen is not None:
                frame = self.frameGeometry()
                frame.moveCenter(screen.availableGeometry().center())
                self.move(frame.topLeft())
        state = settings.get(keys.WINDOW_STATE)
        if state:
            self.restoreState(QByteArray(state))
        last = settings.get(keys.LAST_VIEW)
        navigable = [spec.view_id for spec in self._specs if spec.in_navigation]
        self.show_view(last if last in navigable else (navigable or self.view_ids())[0])

    def save_state(self) -> None:
        settings = self.ctx.settings
        settings.set(keys.WINDOW_GEOMETRY, bytes(self.saveGeometry().data()))
        settings.set(keys.WINDOW_STATE, bytes(self.saveState().data()))
        if self._current:
            settings.set(keys.LAST_VIEW, self._current)
        for panel in self._panels.values():
            panel.save_state()
        settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self.ctx.runner.cancel_all()
        super().closeEvent(event)
        self.closed.emit()


def _key_sequences(shortcuts: Sequence[QKeySequence.StandardKey | str]) -> list[QKeySequence]:
    """The platform's standard keys first, then our own, without duplicates (a key bound
    twice to one action would be reported as ambiguous)."""
    found: list[QKeySequence] = []
    for shortcut in shortcuts:
        if isinstance(shortcut, QKeySequence.StandardKey):
            candidates = QKeySequence.keyBindings(shortcut)
        else:
            candidates = [QKeySequence(shortcut)]
        for sequence in candidates:
            if not sequence.isEmpty() and sequence not in found:
                found.append(sequence)
    return found
