"""The main window: navigation, the stack of views, the message banner, menus, status bar.

Views are built when first shown: before the first paint only the first view's modules are
imported. Once that view has painted its data, the other views' modules are imported on a
thread of their own and the views are built one per turn of the event loop, so the first
click on any of them is instant and no turn of the loop does more than one of them.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sellerdesk import startup
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.shops import DEMO_PROFILE, ProfileAnswer, ProfileChoice, saved_profiles
from sellerdesk.services.types import Offline, OrderFilter
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.icons import app_icon, icon
from sellerdesk.ui.language_menu import LanguageMenu
from sellerdesk.ui.navigation import Sidebar
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.runner import describe_error
from sellerdesk.ui.status_bar import ConnectionState, StatusBar
from sellerdesk.ui.views import ViewSpec, default_views, prepare_modules
from sellerdesk.ui.widgets.banner import BannerMessage, MessageBanner, MessageLevel
from sellerdesk.ui.widgets.separator import Separator

if TYPE_CHECKING:  # the views' own modules load with the views (see the module docstring)
    from sellerdesk.services.inbox_list import InboxFilters
    from sellerdesk.ui.dashboard.preferences import NotificationSettingsDialog
    from sellerdesk.ui.dialogs.about import AboutDialog
    from sellerdesk.ui.dialogs.shortcuts import Section, ShortcutsDialog

log = logging.getLogger("sellerdesk.ui")


DEFAULT_SIZE = (1200, 760)  # a first start's window, before the seller sizes it


class MainWindow(QMainWindow):
    """Holds the views; panels talk to the services through `ctx`, never through the window."""

    view_changed = Signal(str)
    profiles_requested = Signal()
    shop_requested = Signal(object)  # ProfileAnswer: switch this window to another shop
    token_requested = Signal()  # the open shop's token was refused: ask for a new one
    language_requested = Signal(str)  # View → Language: rebuild the window in it ("": system)
    sync_requested = Signal()  # View → Sync now (F5): fetch what changed from the service
    closed = Signal()
    views_ready = Signal()  # every view is built (after the first one painted its data)
    first_painted = Signal()  # the first view shown has painted its data
    _modules_prepared = Signal()  # from the preparing thread: the views' modules are in

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
        self._first_paint: QObject | None = None  # watches the first view until it paints
        self._preparing = False
        self._painted = False
        self._unbuilt_skipped: set[str] = set()  # failed to build in the background
        self._views_ready = False  # start-up's building is over (views_ready sent)
        self._closing = False
        self._carried: dict[str, object] = {}  # typed text from the window this one replaced
        self._modules_prepared.connect(self._build_next_view)

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
        ctx.runner.bug_found.connect(self._on_runner_bug_found)
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
        """Navigation rows for every view; the views themselves are built on demand, except
        those whose spec cannot name them unbuilt."""
        for spec in self._specs:
            if not spec.deferred:
                self._build(spec)
            if spec.in_navigation:
                self.sidebar.navigation.add_view(spec.view_id, self._title(spec),
                                                 icon(self._icon_name(spec)))

    def _build(self, spec: ViewSpec) -> Panel:
        panel = spec.factory(self.ctx)
        self._panels[spec.view_id] = panel
        self.stack.addWidget(panel)
        panel.restore_state()
        typed = self._carried.pop(spec.view_id, None)
        if typed is not None:
            panel.adopt_unsaved(typed)
        self._connect_requests(panel)
        return panel

    def _spec(self, view_id: str) -> ViewSpec | None:
        return next((s for s in self._specs if s.view_id == view_id), None)

    def _title(self, spec: ViewSpec) -> str:
        panel = self._panels.get(spec.view_id)
        if panel is not None:
            return panel.title()
        assert spec.title is not None
        return spec.title()

    def _icon_name(self, spec: ViewSpec) -> str:
        panel = self._panels.get(spec.view_id)
        return panel.icon_name() if panel is not None else spec.icon_name

    # ---- The other views, after the first paint. -------------------------------------------

    def _watch_first_paint(self, panel: Panel) -> None:
        """Once `panel` (the first view shown) has its data on screen, prepare the others."""
        if self._first_paint is not None or self._preparing:
            return
        watcher = _FirstPaint(panel, self._prepare_other_views)
        self._first_paint = watcher

    def _prepare_other_views(self) -> None:
        self._first_paint = None
        startup.first_paint.set()
        if not self._painted:
            self._painted = True
            self.first_painted.emit()
        if self._preparing:
            return
        self._preparing = True
        waiting = [s for s in self._specs if s.view_id not in self._panels]
        # Imports only (class definitions, no widget): safe off the GUI thread, and what
        # makes a view's first show slow. The signal brings the window back to its thread.
        threading.Thread(target=self._import_views, args=(waiting,), daemon=True,
                         name="prepare-views").start()

    def _import_views(self, specs: list[ViewSpec]) -> None:
        try:
            prepare_modules(specs)
        finally:
            try:
                self._modules_prepared.emit()
            except RuntimeError:  # the window is gone already
                pass

    def _build_next_view(self) -> None:
        """Build one view not built yet, then come back on the next turn of the loop."""
        if self._closing:
            return
        waiting = [s for s in self._specs
                   if s.view_id not in self._panels and s.view_id not in self._unbuilt_skipped]
        if not waiting:
            # Start-up is over: what it made is frozen out of the collector's way.
            startup.resume_collections(freeze=True)
            self._views_ready = True
            self.views_ready.emit()
            return
        try:
            self._build(waiting[0])
        except Exception:  # tried again (and reported) when the seller opens it
            log.exception("building the %s view failed", waiting[0].view_id)
            self._unbuilt_skipped.add(waiting[0].view_id)
        QTimer.singleShot(0, self, self._build_next_view)

    async def first_view_loaded(self, timeout: float) -> None:
        """Return once the view shown first has its data, or after `timeout` seconds."""
        if self._current:
            with contextlib.suppress(TimeoutError):
                await self.panel(self._current).wait_loaded(timeout)

    def painted(self) -> bool:
        """Whether the first view shown has painted its data (`first_painted` was sent)."""
        return self._painted

    def views_built(self) -> bool:
        """Whether start-up's building is over: every view built (or given up on, to be tried
        again when opened) and what the start made frozen (`views_ready` was sent)."""
        return self._views_ready

    def _connect_requests(self, panel: Panel) -> None:
        """Views ask for other views through signals; they never reach into the window."""
        requested = getattr(panel, "view_requested", None)
        if isinstance(requested, SignalInstance):
            requested.connect(self.show_view)
        if panel.view_id == "dashboard":
            from sellerdesk.ui.dashboard.panel import DashboardPanel

            assert isinstance(panel, DashboardPanel)
            panel.inbox_requested.connect(lambda f: self.open_inbox(filters=f))
            panel.orders_requested.connect(lambda f: self.open_orders(f))
            panel.shop_requested.connect(self._on_dashboard_shop_requested)
            panel.settings_requested.connect(self.show_notification_settings)

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
            self._action(file_menu, self.tr("&Notifications and refresh…"),
                         self.show_notification_settings, icon_name="bell"),
        ]
        file_menu.addSeparator()
        quit_action = self._action(file_menu, self.tr("&Quit"), self.close,
                                   shortcuts=[QKeySequence.StandardKey.Quit, "Ctrl+Q"],
                                   icon_name="quit")
        quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self._file_actions.append(quit_action)

        self.shops_menu = bar.addMenu(self.tr("&Shops"))
        self.shops_menu.aboutToShow.connect(self._fill_shops_menu)
        self._fill_shops_menu()

        view_menu = bar.addMenu(self.tr("&View"))
        group = QActionGroup(self)
        group.setExclusive(True)
        for spec in self._specs:
            if spec.view_id == "outbox":
                view_menu.addSeparator()
            action = self._action(view_menu, self._title(spec), self._on_view_action_triggered,
                                  shortcuts=[spec.shortcut], icon_name=self._icon_name(spec))
            action.setData(spec.view_id)
            action.setCheckable(True)
            group.addAction(action)
            self._view_actions[spec.view_id] = action
        view_menu.addSeparator()
        # F5 fetches from the shop service, as sellers expect of it; Ctrl+R keeps the old
        # F5's meaning: this view shows its data again (docs/decisions.md, "Sync now").
        self.sync_action = self._action(view_menu, self.tr("&Sync now"),
                                        self.sync_requested.emit, shortcuts=["F5"],
                                        icon_name="refresh")
        self.sync_action.setStatusTip(self.tr("Fetch what changed in the shop now, with "
                                              "progress and Cancel in the status bar."))
        self._refresh_action = self._action(
            view_menu, self.tr("&Refresh this view"), self._on_refresh_triggered,
            shortcuts=["Ctrl+R"])
        view_menu.addSeparator()
        self.language_menu = LanguageMenu(self.ctx.settings, view_menu)
        self.language_menu.language_chosen.connect(self._on_language_chosen)
        view_menu.addMenu(self.language_menu)

        help_menu = bar.addMenu(self.tr("&Help"))
        self._help_actions = [
            self._action(help_menu, self.tr("&Keyboard shortcuts"), self.show_shortcuts,
                         shortcuts=["F1", "Ctrl+/"], icon_name="keyboard"),
        ]
        help_menu.addSeparator()
        about = self._action(help_menu, self.tr("&About SellerDesk"), self.show_about,
                             icon_name="info")
        about.setMenuRole(QAction.MenuRole.AboutRole)

    def _on_language_chosen(self, code: str) -> None:
        # Views whose edits cannot move to the new window ask first (Save / Discard).
        def ask(remaining: list[Panel]) -> None:
            if not remaining:
                self.language_requested.emit(code)
                return
            remaining[0].before_leaving(lambda: ask(remaining[1:]))

        ask(list(self._panels.values()))

    def unsaved(self) -> dict[str, object]:
        """What the seller typed and has not saved, per view (for the window replacing this
        one), including what this window itself carried for views it never built."""
        typed = dict(self._carried)
        for view_id, panel in self._panels.items():
            found = panel.unsaved()
            if found is not None:
                typed[view_id] = found
        return typed

    def adopt_unsaved(self, typed: dict[str, object]) -> None:
        """Hand `typed` (from `unsaved` of the window this one replaces) to its views: now to
        those built, when built to the others."""
        for view_id, found in typed.items():
            panel = self._panels.get(view_id)
            if panel is not None:
                panel.adopt_unsaved(found)
            else:
                self._carried[view_id] = found

    # ---- Views. -------------------------------------------------------------------------------

    def view_ids(self) -> list[str]:
        return [spec.view_id for spec in self._specs]

    def panel(self, view_id: str) -> Panel:
        """The view `view_id`, built now if it was not yet (KeyError for an unknown one)."""
        panel = self._panels.get(view_id)
        if panel is None:
            spec = self._spec(view_id)
            if spec is None:
                raise KeyError(view_id)
            panel = self._build(spec)
        return panel

    def current_view(self) -> str:
        return self._current

    def show_view(self, view_id: str) -> None:
        """Make `view_id` the current view (and start its loading the first time)."""
        spec = self._spec(view_id)
        if spec is None:
            return
        panel = self.panel(view_id)
        changed = view_id != self._current
        self._current = view_id
        self.stack.setCurrentWidget(panel)
        self.sidebar.navigation.select_view(view_id if spec.in_navigation else None)
        self._view_actions[view_id].setChecked(True)
        self.setWindowTitle(panel.title())
        panel.activate()
        self._watch_first_paint(panel)
        if changed:
            self.view_changed.emit(view_id)

    def open_orders(self, f: OrderFilter | None = None, *, order_id: str | None = None) -> None:
        """Show the orders view with `f` applied, and/or one order's detail."""
        from sellerdesk.ui.orders.panel import OrdersPanel

        self.show_view("orders")
        panel = self._panels.get("orders")
        if not isinstance(panel, OrdersPanel):
            return
        if f is not None:
            panel.show_filter(f)
        if order_id is not None:
            panel.open_order(order_id)

    def open_inbox(self, *, filters: InboxFilters | None = None,
                   thread_id: str | None = None) -> None:
        """Show the inbox with `filters` applied, and/or one conversation open."""
        from sellerdesk.ui.inbox.panel import InboxPanel

        self.show_view("inbox")
        panel = self._panels.get("inbox")
        if not isinstance(panel, InboxPanel):
            return
        if filters is not None:
            panel.apply_filters(filters)
        if thread_id is not None:
            panel.open_thread(thread_id)  # opened on its own when not listed (yet)

    def bring_to_front(self) -> None:
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

    def show_notification_settings(self) -> NotificationSettingsDialog:
        from sellerdesk.ui.dashboard.preferences import NotificationSettingsDialog

        dialog = NotificationSettingsDialog(self.ctx.settings, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    # ---- Shops. --------------------------------------------------------------------------------

    def _current_profile(self) -> str | None:
        services = self.ctx.services
        return str(services.address.profile) if services is not None else None

    def _fill_shops_menu(self) -> None:
        menu = self.shops_menu
        menu.clear()
        current = self._current_profile()
        entries = [(p.name, p.name) for p in saved_profiles(self.ctx.options.data_dir)
                   if not p.demo and p.name.casefold() != DEMO_PROFILE]
        entries.append((DEMO_PROFILE, self.tr("Demo shop")))
        for key, name in entries:
            action = QAction(name, menu)
            action.setCheckable(True)
            action.setChecked(key == current)
            action.setData(key)
            action.triggered.connect(self._on_shop_action_triggered)
            menu.addAction(action)
        menu.addSeparator()
        manage = QAction(icon("profile"), self.tr("Manage shops…"), menu)
        manage.triggered.connect(self.profiles_requested.emit)
        menu.addAction(manage)

    def request_shop(self, name: str) -> None:
        """Switch this window to the saved shop `name` ("demo": the demo shop)."""
        if name == self._current_profile():
            return
        self.shop_requested.emit(ProfileAnswer(ProfileChoice.DEMO) if name == DEMO_PROFILE
                                 else ProfileAnswer(ProfileChoice.OPEN, name=name))

    def _on_shop_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.request_shop(str(action.data()))

    def _on_dashboard_shop_requested(self, name: str) -> None:
        self.request_shop(name)

    # ---- What the services report (the app wires these). --------------------------------------

    def show_message(self, text: str, level: MessageLevel = MessageLevel.ERROR, *,
                     action_text: str | None = None,
                     on_action: Callable[[], None] | None = None,
                     timeout_ms: int | None = None) -> BannerMessage:
        return self.banner.show_message(text, level, action_text=action_text,
                                        on_action=on_action, timeout_ms=timeout_ms)

    def set_connection_state(self, state: ConnectionState) -> None:
        self.status.connection.set_state(state)
        if state is ConnectionState.ONLINE:  # "No connection…" is no longer true
            self.banner.withdraw(describe_error(Offline()))

    def set_connection_retry(self, next_try: datetime | None, trying: bool = False) -> None:
        """While offline: when the next try to reach the shop service is, or that it is
        under way."""
        self.status.connection.set_retry(next_try, trying)

    def set_last_sync(self, moment: datetime | None) -> None:
        self.status.sync_age.set_last_sync(moment)

    def set_outbox_counts(self, waiting: int, conflicts: int = 0) -> None:
        """The changes not on the server yet: in the status bar, and as the outbox's badge
        (conflicts count: they wait for the seller)."""
        self.status.outbox.set_counts(waiting, conflicts)
        total = waiting + conflicts
        self.set_badge("outbox", total, self.tr("%n change(s) waiting to be sent", "", total))

    def set_badge(self, view_id: str, count: int, spoken: str = "") -> None:
        self.sidebar.navigation.set_badge(view_id, count, spoken)

    def set_shop(self, name: str, detail: str = "") -> None:
        """The shop's name and a second line in the sidebar, each one isolated line (a
        profile name, a server's address: words SellerDesk did not choose)."""
        self.sidebar.set_shop(one_line(name) if name else "", one_line(detail) if detail else "")

    # ---- Help. --------------------------------------------------------------------------------

    def shortcut_sections(self) -> list[Section]:
        sections: list[Section] = [
            (self.tr("General"), [*self._file_actions, self.sync_action, self._refresh_action,
                                  *self._help_actions]),
            (self.tr("Views"), list(self._view_actions.values())),
        ]
        for spec in self._specs:  # every view's keys, so every view is built by now
            panel = self.panel(spec.view_id)
            if panel.panel_actions():
                sections.append((panel.title(), panel.panel_actions()))
        return sections

    def show_shortcuts(self) -> ShortcutsDialog:
        from sellerdesk.ui.dialogs.shortcuts import ShortcutsDialog

        dialog = ShortcutsDialog(self.shortcut_sections(), self)
        dialog.setModal(False)
        dialog.show()
        return dialog

    def show_about(self) -> AboutDialog:
        from sellerdesk.ui.dialogs.about import AboutDialog

        dialog = AboutDialog(self)
        dialog.setModal(True)
        dialog.show()
        return dialog

    # ---- Slots. -------------------------------------------------------------------------------

    def _on_runner_error_reported(self, message: str) -> None:
        self.show_message(message, MessageLevel.ERROR)

    def _on_runner_bug_found(self, exc: BaseException, doing: str) -> None:
        self.ctx.bugs.report(exc, doing)

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
            self.resize(*DEFAULT_SIZE)
            screen = QGuiApplication.primaryScreen()
            if screen is not None:
                room = screen.availableGeometry()
                # A 1280x720 laptop has less room than the default size: fit inside it, so
                # the status bar and the window's edges are on screen.
                self.resize(max(self.minimumWidth(), min(DEFAULT_SIZE[0], room.width() - 40)),
                            max(self.minimumHeight(), min(DEFAULT_SIZE[1], room.height() - 60)))
                frame = self.frameGeometry()
                frame.moveCenter(room.center())
                frame.moveTop(max(frame.top(), room.top()))
                self.move(frame.topLeft())
        state = settings.get(keys.WINDOW_STATE)
        if state:
            self.restoreState(QByteArray(state))
        last = settings.get(keys.LAST_VIEW)
        navigable = [spec.view_id for spec in self._specs if spec.in_navigation]
        fallback = (keys.LAST_VIEW.default if keys.LAST_VIEW.default in navigable
                    else (navigable or self.view_ids())[0])
        self.show_view(last if last in navigable else fallback)

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
        self._closing = True
        self._first_paint = None
        self.save_state()
        self.ctx.runner.cancel_all()
        super().closeEvent(event)
        self.closed.emit()


class _FirstPaint(QObject):
    """Calls `then` once, on the event loop's next turn after `panel` has its data (it
    says so with `loaded`) and has been painted with it."""

    def __init__(self, panel: Panel, then: Callable[[], None]) -> None:
        super().__init__(panel)
        self._panel = panel
        self._then = then
        self._done = False
        if panel.is_loaded():
            panel.update()
        else:
            panel.loaded.connect(panel.update)
        panel.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (not self._done and event.type() == QEvent.Type.Paint
                and self._panel.is_loaded()):
            self._done = True
            self._panel.removeEventFilter(self)
            QTimer.singleShot(0, self._panel, self._then)
        return False


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
