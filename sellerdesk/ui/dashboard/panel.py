"""The Dashboard view: the seller's day at a glance, from the local store (offline, at once).

Figures first (cards that open the view listing what they count), then the charts, drawn a
moment later so the numbers are on screen before pyqtgraph is imported. Refreshed after each
sync and when the outbox changes; "as of ..." says how fresh the figures are.
"""

from __future__ import annotations

import asyncio
import functools
import gc
from collections.abc import Callable
from datetime import UTC, datetime

import msgspec
from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QScrollArea,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.changes import Changes
from sellerdesk.services.counts import OutboxView
from sellerdesk.services.dashboard import Glance
from sellerdesk.services.inbox_list import InboxFilters, ThreadSort
from sellerdesk.services.shops import ShopGlance, read_glances, saved_profiles
from sellerdesk.services.types import OrderFilter, OrderSummary, Resource, ThreadStatus
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dashboard import figures
from sellerdesk.ui.dashboard.cards import CardGrid, FigureCard
from sellerdesk.ui.dashboard.sections import ChartInput, ChartsArea
from sellerdesk.ui.dashboard.shops import AllShops, ShopFigures, shop_figures
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP
from sellerdesk.ui.icons import icon
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.formatting import format_number, format_relative
from sellerdesk.ui.widgets.labelled import Labelled
from sellerdesk.ui.widgets.service_link import subscribe_changes
from sellerdesk.ui.widgets.text import plain_label

# The resources whose last sync the dashboard names, in the order a seller checks them.
# Questions come with their conversations, so the threads' time is theirs.
SYNCED_RESOURCES = (
    (Resource.THREADS, QT_TRANSLATE_NOOP("DashboardPanel", "questions")),
    (Resource.ORDERS, QT_TRANSLATE_NOOP("DashboardPanel", "orders")),
    (Resource.CATEGORIES, QT_TRANSLATE_NOOP("DashboardPanel", "categories")),
    (Resource.TRACKING_CODES, QT_TRANSLATE_NOOP("DashboardPanel", "tracking codes")),
    (Resource.SHOP, QT_TRANSLATE_NOOP("DashboardPanel", "shop")),
)


class DashboardPanel(Panel):
    view_id = "dashboard"

    @staticmethod
    def prepare_imports() -> None:
        """Off the GUI thread, while the window prepares its views: the charts' library.

        With the garbage collector held meanwhile: pyqtgraph copies PySide's attributes as it
        loads, and a collection started by the GUI thread in the middle of that crashed a
        test process (a segmentation fault in PySide's lazy type set-up)."""
        from sellerdesk.ui.dashboard.charts import charts_available

        collecting = gc.isenabled()
        gc.disable()
        try:
            charts_available()
        finally:
            if collecting:
                gc.enable()
    inbox_requested = Signal(object)  # InboxFilters to show
    orders_requested = Signal(object)  # OrderFilter to show
    view_requested = Signal(str)  # a view to show as it is (the outbox)
    shop_requested = Signal(str)  # a saved profile's name ("All shops" → Switch)
    settings_requested = Signal()  # the seller asked for notification and refresh settings
    glance_shown = Signal(object)  # the Glance now on screen

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.glance: Glance | None = None
        self._unhook: list[Callable[[], None]] = []
        self.days_combo = QComboBox(self)
        for days in figures.SPANS:
            self.days_combo.addItem(self.tr("Last {n} days").format(n=days), days)
        self.days_combo.setAccessibleName(self.tr("Days the charts cover"))
        self.days_box = Labelled(self.tr("Charts"), self.days_combo, self)
        self.all_shops_button = self._tool("shop", self.tr("All shops"),
                                           self.tr("Show every saved shop side by side"))
        self.all_shops_button.setCheckable(True)
        self.settings_button = self._tool("bell", self.tr("Notifications…"),
                                          self.tr("Refresh interval, desktop notifications, "
                                                  "quiet hours and the answer-time goal"))
        for tool in (self.days_box, self.all_shops_button, self.settings_button):
            self.header.add_tool(tool)

        self.cards = CardGrid(self)
        self.card_unanswered = self._card(self.tr("Unanswered"), "inbox",
                                          self.tr("Opens the inbox, unanswered first"))
        self.card_waiting = self._card(self.tr("Waiting too long"), "clock",
                                       self.tr("Opens the unanswered questions, oldest first"))
        self.card_process = self._card(self.tr("To process"), "orders",
                                       self.tr("Opens the paid orders not processed yet"))
        self.card_ship = self._card(self.tr("To ship"), "truck",
                                    self.tr("Opens the processed orders not delivered yet"))
        self.card_rate = self._card(self.tr("To rate"), "check",
                                    self.tr("Opens the delivered orders waiting for your "
                                            "feedback"))
        self.card_answers = self._card(self.tr("Answers queued"), "outbox",
                                       self.tr("Opens the outbox"))
        self.card_writes = self._card(self.tr("Changes queued"), "outbox",
                                      self.tr("Opens the outbox"))
        self.synced_line = plain_label("", self, wrap=True, muted=True)
        self.synced_line.setAccessibleName(self.tr("Last synced"))
        self.shops = AllShops(self)
        self.shops.setVisible(False)
        self.charts = ChartsArea(self)
        self._build_body()

        self._stale = False  # something changed while the view was hidden
        self._draw_timer = QTimer(self)  # a child: it dies with the view, never fires after
        self._draw_timer.setSingleShot(True)
        self._draw_timer.setInterval(30)
        self._draw_timer.timeout.connect(self._on_draw_timer_timeout)
        self._pending_charts: ChartInput | None = None
        self._others: list[ShopFigures] = []
        self._reading_others = False  # a read of the other shops under way
        self._read_others_again = False  # asked for while one was
        self._age_timer = QTimer(self)
        self._age_timer.setInterval(30_000)
        self._age_timer.timeout.connect(self._show_freshness)
        self._connect_widgets()
        self.destroyed.connect(functools.partial(_call_all, self._unhook))

    def _tool(self, icon_name: str, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setIcon(icon(icon_name))
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setAutoRaise(True)
        return button

    def _card(self, title: str, icon_name: str, leads_to: str) -> FigureCard:
        return self.cards.add(FigureCard(title, icon_name, leads_to, self))

    def _build_body(self) -> None:
        content = QWidget(self)
        column = QVBoxLayout(content)
        column.setContentsMargins(20, 14, 20, 16)
        column.setSpacing(12)
        column.addWidget(self.cards)
        column.addWidget(self.synced_line)
        column.addWidget(self.shops)
        column.addWidget(self.charts)
        column.addStretch(1)
        self.page = QScrollArea(self)
        self.page.setWidget(content)
        self.page.setWidgetResizable(True)
        self.page.setFrameShape(QFrame.Shape.NoFrame)
        self.page.setAccessibleName(self.tr("Today at a glance"))
        # Not a Tab stop of its own (it would say only its name): Tab goes through the
        # cards, and the page scrolls to the one focused.
        self.page.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.no_shop = EmptyState("dashboard", self.tr("No shop connected"),
                                  self.tr("Your day at a glance appears here once a shop is "
                                          "connected: questions waiting, orders to ship, "
                                          "sales and how fast you answer."), self)
        self.body = QStackedWidget(self)
        self.body.addWidget(self.page)
        self.body.addWidget(self.no_shop)
        self.lay_out(self.body)

    def _connect_widgets(self) -> None:
        self.card_unanswered.clicked.connect(functools.partial(
            self._open_inbox, ThreadSort.UNANSWERED_FIRST))
        self.card_waiting.clicked.connect(functools.partial(
            self._open_inbox, ThreadSort.OLDEST_FIRST))
        for card, summary in ((self.card_process, OrderSummary.PENDING_PROCESS),
                              (self.card_ship, OrderSummary.PENDING_SHIPMENT),
                              (self.card_rate, OrderSummary.PENDING_FEEDBACK)):
            card.clicked.connect(functools.partial(self.orders_requested.emit,
                                                   OrderFilter(summary=summary)))
        for card in (self.card_answers, self.card_writes):
            card.clicked.connect(functools.partial(self.view_requested.emit, "outbox"))
        self.days_combo.activated.connect(self._on_days_combo_activated)
        self.all_shops_button.toggled.connect(self._on_all_shops_toggled)
        self.settings_button.clicked.connect(self.settings_requested)
        self.charts.currency_chosen.connect(self._on_charts_currency_chosen)
        self.shops.switch_requested.connect(self.shop_requested)
        self.ctx.settings.setting_changed.connect(self._on_setting_changed)

    def title(self) -> str:
        return self.tr("Dashboard")

    def icon_name(self) -> str:
        return "dashboard"

    # ---- Loading. -------------------------------------------------------------------------------

    def load(self) -> None:
        session = self.ctx.services
        if session is None:
            self.body.setCurrentWidget(self.no_shop)
            self.header.set_subtitle("")
            self.mark_loaded()
            return
        self.body.setCurrentWidget(self.page)
        if not self._unhook:
            # The view's one route of changes (a sync's stages, a drain's rounds: one call
            # per turn of the loop, see subscribe_changes).
            self._unhook.append(subscribe_changes(self, session.changes, self._on_changes))
        self._age_timer.start()
        self._reload()
        if self.all_shops_button.isChecked():
            self._read_other_shops()

    def refresh(self) -> None:
        self.load()

    def days(self) -> int:
        return int(self.days_combo.currentData() or figures.SPANS[0])

    def _reload(self) -> None:
        session = self.ctx.services
        if session is None:
            return
        slow = self.ctx.settings.slow_answer_minutes()
        self.ctx.runner.run(session.dashboard.glance(days=max(figures.SPANS), slow_minutes=slow),
                            on_success=self._show, on_settled=self.mark_loaded,
                            show_progress=False, key=f"dashboard-{id(self)}", owner=self)

    def _on_changes(self, changes: Changes) -> None:
        if changes.finished_sync and self.all_shops_button.isChecked() and self.isVisible():
            self._read_other_shops()
        if changes.pending:
            # The queue cards follow the pending writes at once, hidden or not, as the
            # status bar does (read from memory: no trip to the store).
            self._show_queued()
        if not (changes.counts_may_change or changes.everything):
            return
        # A hidden dashboard does not recount after every change (the store's thread is
        # shared with the view the seller is using); it catches up when shown again.
        if self.isVisible():
            self._reload()
        else:
            self._stale = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self._reload()
            if self.all_shops_button.isChecked():
                self._read_other_shops()

    # ---- Showing. -------------------------------------------------------------------------------

    def _show(self, glance: Glance) -> None:
        self.glance = self._with_queued(glance)
        self._show_cards(self.glance)
        self._show_freshness()
        self._draw_charts()
        if self.all_shops_button.isChecked():
            self._show_current_shop()
        self.glance_shown.emit(glance)

    def _show_cards(self, g: Glance) -> None:
        now = datetime.now(UTC)
        slow = self.ctx.settings.slow_answer_minutes()
        oldest = (self.tr("Oldest asked {when}").format(when=format_relative(
            g.oldest_unanswered, now)) if g.oldest_unanswered else self.tr("All answered"))
        self.card_unanswered.set_figure(format_number(g.unanswered), oldest)
        self.card_waiting.set_figure(
            format_number(g.waiting_too_long),
            self.tr("Unanswered for over {goal}").format(goal=figures.duration_text(slow)),
            Tone.WARNING if g.waiting_too_long else Tone.SUCCESS)
        self.card_process.set_figure(format_number(g.pending_process),
                                     self.tr("Paid, not processed"))
        self.card_ship.set_figure(format_number(g.pending_shipment),
                                  self.tr("Processed, not delivered"))
        self.card_rate.set_figure(format_number(g.pending_feedback),
                                  self.tr("Delivered, your feedback pending"))
        self._show_queued()

    def queued(self) -> OutboxView:
        """What waits to be sent, from the session's pending writes (the status bar's
        source), or nothing without a shop."""
        session = self.ctx.services
        view = session.counts.view() if session is not None else None
        return view or OutboxView()

    def _with_queued(self, glance: Glance) -> Glance:
        """The glance with the pending writes' counts (the store's count may lag a commit)."""
        q = self.queued()
        counts = msgspec.structs.replace(glance.counts, queued_answers=q.answers,
                                         queued_changes=q.changes, conflicts=q.conflicts,
                                         refused=q.refused)
        return msgspec.structs.replace(glance, counts=counts)

    def _show_queued(self) -> None:
        if self.glance is None:
            return
        self.glance = self._with_queued(self.glance)
        c = self.glance.counts
        self.card_answers.set_figure(
            format_number(c.queued_answers),
            self.tr("Waiting in the outbox") if c.queued_answers else self.tr("Nothing waiting"))
        if c.need_you:
            detail, tone = self.tr("%n need you", "", c.need_you), Tone.WARNING
        elif c.queued_changes:
            detail, tone = (self.tr("Answers included") if c.queued_answers == c.queued_changes
                            else self.tr("Answers, shipping, invoices, codes")), Tone.TEXT
        else:
            detail, tone = self.tr("Nothing waiting"), Tone.TEXT
        self.card_writes.set_figure(format_number(c.queued_changes), detail, tone)

    def _show_freshness(self) -> None:
        g = self.glance
        if g is None:
            return
        if g.synced_at is None:
            self.header.set_subtitle(self.tr("Not synced yet: figures from this computer"))
        else:
            self.header.set_subtitle(self.tr("Figures as of {when}, from this computer's copy")
                                     .format(when=format_relative(g.synced_at)))
        self.synced_line.setText(self.synced_text(g))
        self.synced_line.setVisible(bool(g.synced))

    def synced_text(self, g: Glance) -> str:
        """ "Last synced: questions 2 minutes ago · orders 2 minutes ago · ..." (the last
        successful sync of each resource)."""
        parts = [self.tr("{what} {when}").format(
                     what=QCoreApplication.translate("DashboardPanel", what),
                     when=format_relative(g.synced[resource.value]))
                 for resource, what in SYNCED_RESOURCES if resource.value in g.synced]
        return self.tr("Last synced: {times}").format(times=" · ".join(parts)) if parts else ""

    def _draw_charts(self) -> None:
        if self.glance is None:
            return
        data = ChartInput(glance=self.glance, days=self.days(),
                          currency=self.ctx.settings.get(keys.DASHBOARD_CURRENCY),
                          today=datetime.now().astimezone().date(),
                          goal_minutes=self.ctx.settings.slow_answer_minutes())
        self._pending_charts = data
        if self.charts.drawn:
            self._on_draw_timer_timeout()
        else:  # the first time: let the figures paint before pyqtgraph is imported
            self._draw_timer.start()

    def _on_draw_timer_timeout(self) -> None:
        data, self._pending_charts = self._pending_charts, None
        if data is not None:
            self.charts.draw(data)

    def charts_drawn(self) -> bool:
        return self.charts.drawn

    # ---- All shops. ------------------------------------------------------------------------------

    def _current_profile(self) -> str:
        session = self.ctx.services
        return str(session.address.profile) if session is not None else ""

    def _read_other_shops(self) -> None:
        # One read at a time, the next after it: a read cancelled half-way would leave a
        # shop's store open for a moment, and the read after it would call that shop "open
        # in another window".
        if self._reading_others:
            self._read_others_again = True
            return
        self._reading_others = True
        current = self._current_profile()
        others = [p for p in saved_profiles(self.ctx.options.data_dir)
                  if p.name != current and not p.demo]
        slow = self.ctx.settings.slow_answer_minutes()
        self.ctx.runner.run(read_glances(others, self.ctx.options.data_dir, slow_minutes=slow),
                            on_success=self._on_other_shops_read,
                            on_settled=self._on_other_shops_settled, show_progress=False,
                            owner=self)

    def _on_other_shops_settled(self) -> None:
        self._reading_others = False
        if self._read_others_again:
            self._read_others_again = False
            self._read_other_shops()

    def _on_other_shops_read(self, shops: list[ShopGlance]) -> None:
        self._others = [shop_figures(s) for s in shops]
        self._show_current_shop()

    def _show_current_shop(self) -> None:
        session = self.ctx.services
        if session is None:
            return
        name = (self.tr("Demo shop") if session.address.profile == "demo"
                else str(session.address.profile))
        mine = ShopFigures(name, self.glance, current=True)
        self.shops.show_shops([mine, *self._others])

    # ---- Slots. --------------------------------------------------------------------------------

    def _open_inbox(self, sort: ThreadSort) -> None:
        self.inbox_requested.emit(InboxFilters(status=ThreadStatus.UNANSWERED, sort=sort))

    def _on_days_combo_activated(self, _index: int) -> None:
        self.ctx.settings.set(keys.DASHBOARD_DAYS, self.days())
        self._draw_charts()

    def _on_all_shops_toggled(self, on: bool) -> None:
        self.ctx.settings.set(keys.DASHBOARD_ALL_SHOPS, on)
        self.shops.setVisible(on)
        if on and self.ctx.services is not None:
            self._show_current_shop()
            self._read_other_shops()

    def _on_charts_currency_chosen(self, code: str) -> None:
        self.ctx.settings.set(keys.DASHBOARD_CURRENCY, code)

    def _on_setting_changed(self, name: str) -> None:
        if name == keys.SLOW_ANSWER_MINUTES.name and self.is_loaded():
            self._reload()

    # ---- Snapshot and remembering. ---------------------------------------------------------------

    async def prepare_snapshot(self) -> None:
        """The 90-day view, charts drawn."""
        index = self.days_combo.findData(max(figures.SPANS))
        if index != self.days_combo.currentIndex():
            self.days_combo.setCurrentIndex(index)
            self._draw_charts()
        for _ in range(200):
            if self.charts.drawn or self.glance is None:
                break
            await asyncio.sleep(0.05)

    def restore_state(self) -> None:
        settings = self.ctx.settings
        index = self.days_combo.findData(settings.get(keys.DASHBOARD_DAYS))
        self.days_combo.setCurrentIndex(max(0, index))
        self.all_shops_button.blockSignals(True)
        self.all_shops_button.setChecked(settings.get(keys.DASHBOARD_ALL_SHOPS))
        self.all_shops_button.blockSignals(False)
        self.shops.setVisible(self.all_shops_button.isChecked())


def _call_all(functions: list[Callable[[], None]], *_: object) -> None:
    for function in functions:
        function()
    functions.clear()

