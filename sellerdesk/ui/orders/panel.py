"""The Orders view: facet sidebar | the lazily paged list over the selected order's detail.

The panel owns the filter and the ordering and wires the parts together; the models own the
data. Every service call goes through `ctx.runner`, so failures reach the banner in words.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QWidget,
)

from sellerdesk.services.changes import Changes
from sellerdesk.services.outbox.pending import order_key
from sellerdesk.services.types import Order, OrderFilter, OrderSort, OrderSummary
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.icons import icon
from sellerdesk.ui.orders.bulk import BulkShippingDialog
from sellerdesk.ui.orders.columns import Column, warm_icons
from sellerdesk.ui.orders.commands import OrderCommands
from sellerdesk.ui.orders.detail import OrderDetail
from sellerdesk.ui.orders.filters import (
    SORT_CHOICES,
    active_facets,
    filter_from_json,
    filter_to_json,
    sort_from_json,
    with_facet,
)
from sellerdesk.ui.orders.lines import warm_formatting
from sellerdesk.ui.orders.shortcuts import build_actions
from sellerdesk.ui.orders.sidebar import FacetSidebar
from sellerdesk.ui.orders.table_model import OrdersTableModel
from sellerdesk.ui.orders.table_view import OrdersTableView
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.printing.actions import PrintActions
from sellerdesk.ui.vocabulary import sort_label
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.follow_selection import follow_selection
from sellerdesk.ui.widgets.formatting import format_number
from sellerdesk.ui.widgets.search_field import SearchField
from sellerdesk.ui.widgets.service_link import subscribe_changes
from sellerdesk.ui.widgets.text import plain_label

if TYPE_CHECKING:
    from sellerdesk.services.session import Session

_SETTINGS_NAME = "orders"
# Stored layouts of the table and the list/detail split; versioned when their parts change
# (v2: one state column, Products stretching, the detail hidden until an order is picked).
_LAYOUT_NAME = "orders.v2"


class OrdersPanel(Panel):
    view_id = "orders"
    filter_applied = Signal(object)  # the OrderFilter now shown
    order_shown = Signal(str)  # the order id now in the detail pane
    export_finished = Signal(str, int)  # path, orders written

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self._filter = OrderFilter()
        self._session: Session | None = None
        self._unhook: list[Callable[[], None]] = []
        self._reselecting = False  # the order on show being selected again (its row moved)
        warm_formatting()
        self.writes = PendingSignals(self)
        self.model = OrdersTableModel(ctx.runner, self.writes, self)

        self.search = SearchField(self.tr("Search orders"), self)
        self.search.setToolTip(self.tr("Words from the buyer's name or nickname, a product, "
                                       "a tracking code or the order number"))
        self.search.setMinimumWidth(220)
        self.sort_combo = QComboBox(self)
        for sort in SORT_CHOICES:
            self.sort_combo.addItem(sort_label(sort), sort.value)
        # Named by what it chooses (not by its current value) and labelled by the words
        # beside it, so a screen reader says "Sort orders by, Newest first".
        self.sort_combo.setAccessibleName(self.tr("Sort orders by"))
        self.sort_label = plain_label(self.tr("Sort by"), self, muted=True)
        self.sort_label.setBuddy(self.sort_combo)
        self.bulk_button = self._tool("outbox", self.tr("Update shipping…"),
                                      self.tr("Update the shipping of the selected orders"))
        self.export_button = self._tool("orders", self.tr("Export…"),
                                        self.tr("Export the orders of this view to a CSV file"))
        self.print_button = self._tool("orders", self.tr("Print…"), self.tr(
            "Print packing slips or a pick list for the selected orders, or for this view"))
        self.print_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        for tool in (self.search, self.sort_label, self.sort_combo, self.bulk_button,
                     self.export_button, self.print_button):
            self.header.add_tool(tool)

        self.sidebar = FacetSidebar(ctx.settings, self)
        self.table = OrdersTableView(self.model, self)
        self.no_results = EmptyState("search", self.tr("No orders yet"),
                                     self.tr("Orders appear here after the next sync."), self)
        self.list_stack = QStackedWidget(self)
        self.list_stack.addWidget(self.table)
        self.list_stack.addWidget(self.no_results)
        self.detail = OrderDetail(self.writes, self)
        self.commands = OrderCommands(ctx.runner, ctx.settings, self.writes, self.detail, self)
        self.printing = PrintActions(ctx.runner, ctx.settings, self._print_which, self)
        self.print_button.setMenu(self.printing.menu)
        self.detail_split = QSplitter(Qt.Orientation.Vertical, self)
        self.detail_split.addWidget(self.list_stack)
        self.detail_split.addWidget(self.detail)
        self.detail_split.setStretchFactor(0, 4)
        self.detail_split.setStretchFactor(1, 5)
        self.detail_split.setChildrenCollapsible(False)
        # Until an order is picked the list has the whole height (no half-empty pane).
        self.detail.hide()
        self.split = QSplitter(Qt.Orientation.Horizontal, self)
        self.split.addWidget(self.sidebar)
        self.split.addWidget(self.detail_split)
        self.split.setStretchFactor(1, 1)
        # Wide enough for the longest facet value and its count in the desktop's font.
        self.split.setSizes([self.sidebar.preferred_width(), 900])
        self.no_shop = EmptyState("orders", self.tr("No orders to show"),
                                  self.tr("Your sales in the shop and on the marketplace appear "
                                          "here, with their payment and shipping state, once "
                                          "a shop is connected."), self)
        self.body = QStackedWidget(self)
        self.body.addWidget(self.split)
        self.body.addWidget(self.no_shop)
        self.lay_out(self.body)

        self._facets_after_page = False  # a new filter's counts wait for its first page
        self._actions = build_actions(self)
        # A plain function, not a bound method: it must run while the panel is destroyed.
        self.destroyed.connect(functools.partial(_call_all, self._unhook))
        self._connect()
        self._show_counts()
        self.bulk_button.setEnabled(False)
        self.sort_combo.setCurrentIndex(self.sort_combo.findData(self.model.order_sort().value))
        # Built ahead of its first show (the window builds views after its first paint):
        # read the first page now, so opening the view only paints rows already here. Built
        # to be shown, the window activates it first and this does nothing.
        QTimer.singleShot(0, self, self._on_built)

    def _on_built(self) -> None:
        if self.ctx.services is not None:
            self.activate()
        warm_icons()

    def _tool(self, icon_name: str, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setIcon(icon(icon_name))
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        return button

    def _connect(self) -> None:
        self.search.search_settled.connect(self._on_search_search_settled)
        self.sort_combo.activated.connect(self._on_sort_combo_activated)
        self.bulk_button.clicked.connect(self.open_bulk_shipping)
        self.export_button.clicked.connect(self.ask_export)
        self.sidebar.filter_picked.connect(self.show_filter)
        self.table.sort_picked.connect(self.set_sort)
        follow_selection(self.table)  # a row selected over AT-SPI opens too
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_changed)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.model.page_loaded.connect(self._on_model_page_loaded)
        self.model.total_counted.connect(self._on_model_total_counted)
        self.model.count_failed.connect(self._on_model_count_failed)
        self.model.changes_applied.connect(self._on_model_changes_applied)
        # A new query empties the selection without announcing it.
        self.model.modelReset.connect(self._on_table_selection_changed)
        self.model.loading_failed.connect(self._on_model_loading_failed)
        self.commands.notice_posted.connect(self.header.set_subtitle)
        self.commands.export_finished.connect(self.export_finished)
        self.printing.notice_posted.connect(self.header.set_subtitle)
        self.detail.close_button.clicked.connect(self.close_detail)

    # ---- Panel. -------------------------------------------------------------------------------

    def title(self) -> str:
        return self.tr("Orders")

    def icon_name(self) -> str:
        return "orders"

    def panel_actions(self) -> list[QAction]:
        return list(self._actions)

    def load(self) -> None:
        session = self.ctx.services
        for tool in (self.search, self.sort_combo, self.export_button, self.print_button):
            tool.setEnabled(session is not None)  # nothing to search or export without a shop
        if session is None:
            self.body.setCurrentWidget(self.no_shop)
            self.mark_loaded()
            return
        self.body.setCurrentWidget(self.split)
        if self._session is None:
            self._session = session
            self.writes.attach(session.pending)
            self.commands.attach(session)
            self.printing.attach(session)
            # The view's one route of changes (a burst is one call: see subscribe_changes).
            subscribe_changes(self, session.changes, self._on_changes, area="orders")
            self.model.set_source(session.orders)  # starts the first page
        else:
            self.model.set_query(self._filter, self.model.order_sort())
        self._refresh_facets()

    def refresh(self) -> None:
        """F5: read the list, counts and selected order again from the local store."""
        if self._session is None:
            self.load()
            return
        self.model.refresh_loaded()
        self._refresh_facets()
        self._reload_detail()

    async def prepare_snapshot(self) -> None:
        """Open an order with payments and a shipping still on its way (a good picture)."""
        lines = self.model.lines()
        pick = (next((ln for ln in lines if ln.payments and ln.shipping_ids and ln.paid
                      and ln.shipping not in (None, "delivered")), None)
                or next((ln for ln in lines if ln.payments and ln.shipping_ids), None))
        if pick is None:
            return
        shown: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def _done(order_id: str) -> None:
            if order_id == pick.id and not shown.done():
                shown.set_result(None)

        self.order_shown.connect(_done)
        try:
            self.table.select_order(pick.id)
            await asyncio.wait_for(shown, 30)
        finally:
            self.order_shown.disconnect(_done)

    # ---- Public: what other views (the dashboard) and tests call. --------------------------

    def show_filter(self, f: OrderFilter) -> None:
        """Show the orders matching `f` (its facets and its words)."""
        self._filter = f
        self.sidebar.set_filter(f)
        self.search.set_text_quietly(f.query or "")
        self.model.set_query(f, self.model.order_sort())
        # The counts after the list's first page: the store reads that page first, and the
        # facets' query does not compete with the window painting it (2 shared cores).
        self._facets_after_page = True
        self._show_counts()
        self.filter_applied.emit(f)

    def current_filter(self) -> OrderFilter:
        return self._filter

    def show_summary(self, summary: OrderSummary | None) -> None:
        """One-click view: orders to process, to ship, to rate, or closed (None: all)."""
        self.show_filter(with_facet(self._filter, "summary",
                                    summary.value if summary else None))

    def set_sort(self, sort: OrderSort) -> None:
        self.table.show_sort(sort)
        self.sort_combo.setCurrentIndex(self.sort_combo.findData(sort.value))
        self.model.set_query(self._filter, sort)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def open_order(self, order_id: str) -> None:
        """Show one order's detail (selecting its row when it is loaded)."""
        if not self.table.select_order(order_id):
            self._load_detail(order_id)

    def open_bulk_shipping(self) -> BulkShippingDialog | None:
        """The bulk shipping dialog for the selected orders (None when none is selected)."""
        rows = self.table.selected_rows()
        if self._session is not None and not rows:
            self.header.set_subtitle(self.tr("Select the orders to update first "
                                             "(Shift or Ctrl and click)."))
        return self.commands.open_bulk_shipping([self.model.line(r) for r in rows])

    def export_csv(self, path: Path) -> None:
        """Write the orders of this view (its filter, words and order, as shown) to `path`."""
        self.commands.export_csv(path, self.model.filter(), self.model.order_sort())

    def close_detail(self) -> None:
        """Hide the detail pane (the list takes the whole height again)."""
        self.table.clearSelection()
        self.detail.show_order(None)
        self.detail.hide()
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def refresh_selected_order(self) -> None:
        """Read the selected order again from the shop (online)."""
        self.commands.refresh_order()

    # ---- Remembering. ------------------------------------------------------------------------

    def _least_split(self) -> list[int]:
        """The panes' least widths: the facets' words whole, a list of some use."""
        return [self.sidebar.preferred_width() * 3 // 4, 320]

    def _least_rows(self) -> list[int]:
        """The list and the detail each keep a few rows' height."""
        row = self.table.verticalHeader().defaultSectionSize()
        return [4 * row, 6 * row]

    def save_state(self) -> None:
        settings = self.ctx.settings
        least = {int(c): w for c, w in self.table.least_widths().items()}
        settings.save_header(_LAYOUT_NAME, self.table.horizontalHeader(), least)
        settings.set(keys.HEADER_SIZED.at(_LAYOUT_NAME),
                     sorted(c.name for c in self.table.sized_by_seller()))
        settings.save_splitter(_SETTINGS_NAME, self.split, self._least_split())
        if self.detail.isVisible():  # a hidden pane's size is no size to come back to
            settings.save_splitter(f"{_LAYOUT_NAME}.detail", self.detail_split,
                                   self._least_rows())
        settings.set(keys.VIEW_FILTERS.at(_SETTINGS_NAME),
                     {"filter": filter_to_json(self._filter),
                      "sort": self.model.order_sort().value})

    def restore_state(self) -> None:
        settings = self.ctx.settings
        if settings.restore_header(_LAYOUT_NAME, self.table.horizontalHeader()):
            # Widths stored in another language or font: the seller's own stand (grown to
            # this language's words), the others fit this language's words.
            sized = settings.get(keys.HEADER_SIZED.at(_LAYOUT_NAME))
            self.table.adopt_widths({Column[n] for n in sized if n in Column.__members__})
        settings.restore_splitter(_SETTINGS_NAME, self.split, self._least_split())
        settings.restore_splitter(f"{_LAYOUT_NAME}.detail", self.detail_split,
                                  self._least_rows())
        self.detail.setVisible(self.detail.order() is not None)
        stored = settings.get(keys.VIEW_FILTERS.at(_SETTINGS_NAME))
        sort = sort_from_json(stored.get("sort"))
        self.table.show_sort(sort)
        self.sort_combo.setCurrentIndex(self.sort_combo.findData(sort.value))
        self.model.set_query(self.model.filter(), sort)
        self.show_filter(filter_from_json(stored.get("filter")))

    # ---- Loading. -----------------------------------------------------------------------------

    def _refresh_facets(self) -> None:
        if self._session is not None:
            self.ctx.runner.run(self._session.orders.facets(self._filter),
                                on_success=self.sidebar.set_counts, show_progress=False,
                                key=f"orders-facets-{id(self)}", owner=self)

    def _load_detail(self, order_id: str) -> None:
        if self._session is not None:
            self.ctx.runner.run(self._read_order(self._session, order_id),
                                on_success=self._on_detail_read, show_progress=False,
                                key=f"orders-detail-{id(self)}", owner=self)

    def _reload_detail(self) -> None:
        order = self.detail.order()
        if order is not None:
            self._load_detail(order.id)

    @staticmethod
    async def _read_order(session: Session, order_id: str) -> Order | None:
        order = await session.orders.order(order_id)
        return None if order is None else await session.orders.with_pending(order)

    def _show_counts(self) -> None:
        total, loaded = self.model.total(), self.model.rowCount()
        if self._session is None:
            self.header.set_subtitle("")
            return
        if total is None:
            # A new query not counted yet: the words of the last one stay until its count
            # lands. Emptied, the line would hide, the header shrink and every widget under
            # it move and repaint (sidebar, table, buttons), and again when the count came.
            return
        # The count picks the plural form; {count} shows it formatted like every figure.
        text = self.tr("{count} orders", "", total)
        if active_facets(self._filter) or self._filter.query:
            text = self.tr("{count} orders match", "", total)
        text = text.format(count=format_number(total))
        if 0 < loaded < total:
            text += self.tr(" · {loaded} loaded, more as you scroll").format(
                loaded=format_number(loaded))
        self.header.set_subtitle(text)
        empty = total == 0
        if empty:
            filtered = bool(active_facets(self._filter) or self._filter.query)
            self.no_results.set_text(
                self.tr("No orders match these filters") if filtered
                else self.tr("No orders yet"),
                self.tr("Clear a filter or search for other words (Ctrl+Shift+Backspace "
                        "clears them all).") if filtered
                else self.tr("Orders appear here after the next sync with the shop."))
        self.list_stack.setCurrentWidget(self.no_results if empty else self.table)

    # ---- Slots. ---------------------------------------------------------------------------------

    def _on_model_page_loaded(self, _rows: int) -> None:
        self._facets_soon()
        self._show_counts()
        self.mark_loaded()
        order = self.detail.order()
        if order is not None and not self.table.selectionModel().hasSelection():
            row = self.model.row_of(order.id)
            if row is not None:  # the order on show is in the new list: mark its row
                flags = (QItemSelectionModel.SelectionFlag.ClearAndSelect
                         | QItemSelectionModel.SelectionFlag.Rows)
                self.table.selectionModel().setCurrentIndex(self.model.index(row, 0), flags)

    def _on_model_total_counted(self, _total: int) -> None:
        self._show_counts()

    def _on_model_count_failed(self) -> None:
        self.header.set_subtitle("")  # not the last query's count (the banner says why)

    def _facets_soon(self) -> None:
        """The counts a new filter waits for, on the next turn (after the page's paint)."""
        if self._facets_after_page:
            self._facets_after_page = False
            QTimer.singleShot(0, self, self._refresh_facets)

    def _on_model_loading_failed(self, _message: str) -> None:
        self._facets_soon()
        self.mark_loaded()  # the banner says what went wrong; the view stays usable

    def _on_search_search_settled(self, text: str) -> None:
        self.show_filter(msgspec.structs.replace(self._filter, query=text.strip() or None))

    def _on_sort_combo_activated(self, row: int) -> None:
        self.set_sort(OrderSort(str(self.sort_combo.itemData(row))))

    def _on_table_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.model.is_removing() or self._reselecting:
            # The order on show left the list or moved (a write, a sync): its detail stays,
            # not the neighbour's Qt made current; its row is selected again once in place.
            return
        if current.isValid():  # an emptied list keeps the detail of the order on show
            self._load_detail(self.model.line(current.row()).id)

    def _on_model_changes_applied(self) -> None:
        """Background changes are in: the order on show keeps its row selected where it
        went, or no row is when it left the list (not the neighbour that took its place)."""
        shown = self.detail.order()
        selection = self.table.selectionModel()
        current = selection.currentIndex()
        if shown is None or not current.isValid() \
                or self.model.line(current.row()).id == shown.id:
            return
        row = self.model.row_of(shown.id)
        self._reselecting = True
        try:
            if row is None:
                selection.clearSelection()
            else:
                selection.setCurrentIndex(
                    self.model.index(row, 0),
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows)
        finally:
            self._reselecting = False

    def _on_table_selection_changed(self, *_: object) -> None:
        self.bulk_button.setEnabled(bool(self.table.selected_rows()))

    def _on_detail_read(self, order: Order | None) -> None:
        self.detail.show_order(order)
        if order is None:
            return
        if not self.detail.isVisible():
            self.detail.show()
            height = sum(self.detail_split.sizes())
            self.detail_split.setSizes([height // 2, height - height // 2])
        self.order_shown.emit(order.id)

    def _on_changes(self, changes: Changes) -> None:
        """Orders or their writes changed (a write queued or sent, a sync): the rows written
        since the last read, the counts, and the order on show when it is one of them."""
        if self._session is None:
            return
        self.model.writes_moved(changes)
        self.detail.writes_moved(changes)
        self.model.follow_changes()  # whatever changed, the rows written since the last read
        self._refresh_facets()
        shown = self.detail.order()
        if shown is not None and _names_order(changes, shown.id):
            self._reload_detail()

    def _print_which(self) -> tuple[list[str], OrderFilter]:
        """What "Print…" prints: the selected orders, else every order of this view."""
        return [self.model.line(r).id for r in self.table.selected_rows()], self.model.filter()

    def ask_export(self) -> QFileDialog | None:
        """Ask where to save, then export this view (Ctrl+E); returns the open dialog."""
        return self.commands.ask_export(self.model.filter(), self.model.order_sort())

    def focus_tracking_code(self) -> None:
        self.detail.shipping_form.code.setFocus(Qt.FocusReason.ShortcutFocusReason)


def _names_order(changes: Changes, order_id: str) -> bool:
    return ("orders" in changes.everything or order_id in changes.orders
            or order_key(order_id) in changes.pending)


def _call_all(functions: list[Callable[[], None]], *_: object) -> None:
    for fn in functions:
        fn()
