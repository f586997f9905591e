"""The order list: a table model paging lazily from the store's cache.

Rows arrive a page at a time (`canFetchMore`/`fetchMore`): the view asks for more as the
seller scrolls, the page is read on the store's thread through the task runner, and its rows
are inserted when it lands. A 100,000-order shop opens with one page and never blocks the GUI
thread on a query. Everything a row shows comes from its page; no query per row.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QIcon

from sellerdesk.services.pending import PendingChange, id_in, order_key
from sellerdesk.services.types import Order, OrderFilter, OrderSort
from sellerdesk.ui.orders.columns import (
    SORTS,
    Column,
    cached_icon,
    cell_text,
    header_text,
    plain_tooltip,
    sort_for,
)
from sellerdesk.ui.orders.lines import OrderLine, order_line
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.state_chip import chip_style

AnyIndex = QModelIndex | QPersistentModelIndex
ORDER_ID_ROLE = Qt.ItemDataRole.UserRole
# Roles and flags as plain ints: `data()` runs thousands of times per repaint, and enum
# arithmetic and comparisons there showed up as the largest cost while scrolling.
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_ACCESSIBLE = Qt.ItemDataRole.AccessibleTextRole.value
_DECORATION = Qt.ItemDataRole.DecorationRole.value
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_ORDER_ID = ORDER_ID_ROLE.value
_RIGHT = (Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value
_ROW_FLAGS = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
              | Qt.ItemFlag.ItemNeverHasChildren)
PAGE_SIZE = 200
REFRESH_LIMIT = 1000  # rows re-read in place after a sync; further ones heal as they page in


# The same as ints, for the paint path (reading an enum member costs a descriptor call).
_ID, _TOTAL, _PAID, _SHIPPING = Column.ID.value, Column.TOTAL.value, Column.PAID.value, \
    Column.SHIPPING.value
_DELIVERED, _CLOSED, _SYNC = Column.DELIVERED.value, Column.CLOSED.value, Column.SYNC.value


class OrderSource(Protocol):
    """What the model reads: `OrdersService` or a stand-in in tests."""

    async def orders(self, filter: OrderFilter = ..., *, sort: OrderSort = ...,
                     limit: int | None = ..., offset: int = ...) -> list[Order]: ...

    async def count(self, filter: OrderFilter = ...) -> int: ...

    async def order(self, order_id: str) -> Order | None: ...


class OrdersTableModel(QAbstractTableModel):
    """Orders matching a filter, in an ordering; rows appended page by page."""

    page_loaded = Signal(int)  # rows loaded so far
    total_counted = Signal(int)  # orders matching the filter
    loading_failed = Signal(str)  # in words

    def __init__(self, runner: TaskRunner, writes: PendingSignals | None = None,
                 parent: QObject | None = None, *, page_size: int = PAGE_SIZE) -> None:
        super().__init__(parent)
        self._runner = runner
        self._writes = writes
        self._page = page_size
        self._source: OrderSource | None = None
        self._filter = OrderFilter()
        self._sort = OrderSort.CREATION_DATE_DESC
        self._rows: list[OrderLine] = []
        self._index: dict[str, int] = {}
        self._offset = 0  # store rows read so far (rows may skip a duplicate)
        self._generation = 0  # a page of an older query is dropped when it lands
        self._fetching = False
        self._exhausted = True
        self._failed = False
        self._total: int | None = None
        self._key = f"orders-page-{id(self)}"
        if writes is not None:
            writes.changed.connect(self._on_writes_changed)

    # ---- The query. ---------------------------------------------------------------------------

    def set_source(self, source: OrderSource | None) -> None:
        self._source = source
        self.set_query(self._filter, self._sort)

    def set_query(self, filter: OrderFilter, sort: OrderSort) -> None:
        """Show the orders of `filter` in `sort`'s order, from the first page."""
        self._filter, self._sort = filter, sort
        self._generation += 1
        self.beginResetModel()
        self._rows, self._index = [], {}
        self._offset, self._total = 0, None
        self._fetching, self._failed = False, False
        self._exhausted = self._source is None
        self.endResetModel()
        if self._source is not None:
            self.fetchMore(QModelIndex())
            self._runner.run(self._source.count(filter), show_progress=False,
                             key=f"{self._key}-count", owner=self,
                             on_success=functools.partial(self._on_counted, self._generation))

    def filter(self) -> OrderFilter:
        return self._filter

    def order_sort(self) -> OrderSort:
        return self._sort

    def total(self) -> int | None:
        """Orders matching the filter (None until counted)."""
        return self._total

    def is_fetching(self) -> bool:
        return self._fetching

    # ---- Rows. --------------------------------------------------------------------------------

    def line(self, row: int) -> OrderLine:
        return self._rows[row]

    def lines(self) -> Sequence[OrderLine]:
        return self._rows

    def row_of(self, order_id: str) -> int | None:
        return self._index.get(order_id)

    def update_order(self, order: Order) -> bool:
        """Show the new state of one order, if it is loaded; only its row repaints."""
        row = self._index.get(order.id)
        if row is None:
            return False
        self._rows[row] = order_line(order)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(Column) - 1))
        return True

    def order_changed(self, order_id: str | None) -> None:
        """An order changed in the store (None: many, after a sync): show it as it is now.
        One read for that order if it is loaded; nothing for orders not paged in yet."""
        if order_id is None:
            self.refresh_loaded()
        elif self._source is not None and order_id in self._index:
            self._runner.run(self._source.order(order_id), show_progress=False, owner=self,
                             on_success=self._on_changed_order_read)

    def _on_changed_order_read(self, order: Order | None) -> None:
        if order is not None:
            self.update_order(order)

    def refresh_loaded(self) -> None:
        """Read the loaded rows again (after a sync), keeping the seller's place."""
        if self._source is None or not self._rows:
            self.set_query(self._filter, self._sort)
            return
        count = min(len(self._rows), REFRESH_LIMIT)
        self._runner.run(self._source.orders(self._filter, sort=self._sort, limit=count),
                         show_progress=False, key=f"{self._key}-refresh", owner=self,
                         on_success=functools.partial(self._on_reread, self._generation))
        self._runner.run(self._source.count(self._filter), show_progress=False,
                         key=f"{self._key}-count", owner=self,
                         on_success=functools.partial(self._on_counted, self._generation))

    # ---- Qt's model interface. ---------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(Column)

    def canFetchMore(self, parent: AnyIndex = QModelIndex()) -> bool:
        return not (parent.isValid() or self._exhausted or self._fetching or self._failed)

    def fetchMore(self, parent: AnyIndex = QModelIndex()) -> None:
        if not self.canFetchMore(parent) or self._source is None:
            return
        self._fetching = True
        generation, offset = self._generation, self._offset
        self._runner.run(
            self._source.orders(self._filter, sort=self._sort, limit=self._page, offset=offset),
            on_success=functools.partial(self._on_page, generation, offset),
            on_failure=functools.partial(self._on_page_failed, generation),
            label=self.tr("Loading orders…"), key=self._key, owner=self)

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        return _ROW_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        column = Column(section)
        if role == Qt.ItemDataRole.DisplayRole:
            return header_text(column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column in SORTS:
                return self.tr("Click to sort by this column")
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.TOTAL:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # The hot path of every repaint (each visible cell, several roles): plain int
        # comparisons first, one list lookup for the text, None at once for other roles.
        if role in (_DISPLAY, _ACCESSIBLE):
            line = self._line_at(index)
            if line is None:
                return None
            column = index.column()
            if column == _SYNC:
                state = self._writes.state(order_key(line.id)) if self._writes else None
                return chip_style(state)[0] if state else ""
            texts = line.texts
            if texts is None:
                texts = line.texts = [cell_text(line, c) for c in Column]
            return texts[column]
        if role == _DECORATION:
            line = self._line_at(index)
            return None if line is None else self._decoration(line, index.column())
        if role == _ALIGNMENT:
            return _RIGHT if index.column() == _TOTAL else None
        if role == _TOOLTIP:
            line = self._line_at(index)
            return None if line is None else self._tooltip(line, Column(index.column()))
        if role == _ORDER_ID:
            line = self._line_at(index)
            return None if line is None else line.id
        return None

    def _line_at(self, index: AnyIndex) -> OrderLine | None:
        row = index.row()  # -1 for an invalid index
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column that has an ordering in the spec; other columns are ignored."""
        sort = sort_for(column, order)
        if sort is not None and sort is not self._sort:
            self.set_query(self._filter, sort)

    # ---- Cells. -------------------------------------------------------------------------------

    def _decoration(self, line: OrderLine, column: int) -> QIcon | None:
        if column == _PAID:
            return (cached_icon("check", Tone.SUCCESS) if line.paid
                    else cached_icon("clock", Tone.WARNING))
        if column == _SHIPPING and line.shipping:
            if line.shipping == "delivered":
                return cached_icon("check", Tone.SUCCESS)
            if line.shipping == "pending":
                return cached_icon("clock", Tone.WARNING)
            return cached_icon("outbox", Tone.ACCENT)
        if column == _DELIVERED:
            return (cached_icon("check", Tone.SUCCESS) if line.delivered
                    else cached_icon("clock", Tone.MUTED))
        if column == _CLOSED and line.closed:
            return cached_icon("close", Tone.MUTED)
        if column in (_SYNC, _ID) and self._writes is not None:
            # The id carries the write's icon too, so a queued change shows even when the
            # Changes column is scrolled out of view.
            state = self._writes.state(order_key(line.id))
            if state:
                _, name, tone = chip_style(state)
                return cached_icon(name, tone)
        return None

    def _tooltip(self, line: OrderLine, column: Column) -> str | None:
        if column is Column.PRODUCTS and line.products:
            return plain_tooltip(line.products)
        if column is Column.BUYER and line.nickname:
            return plain_tooltip(line.nickname)
        if column is Column.SHIPPING and line.tracking_codes:
            return plain_tooltip(self.tr("Tracking: {codes}").format(
                codes=", ".join(line.tracking_codes)))
        if column in (Column.SYNC, Column.ID) and self._writes is not None:
            writes = self._writes.writes(order_key(line.id))
            state = writes.state
            words = [chip_style(state)[0]] if state else []
            messages = writes.problems()
            return plain_tooltip("\n".join(words + messages)) if words else None
        return None

    # ---- What the runner hands back. ------------------------------------------------------------

    def _on_page(self, generation: int, offset: int, orders: list[Order]) -> None:
        if generation != self._generation or offset != self._offset:
            return
        self._fetching = False
        self._offset += len(orders)
        self._exhausted = len(orders) < self._page
        # Offset paging over a list that grows (a sync) can repeat an order: keep one row.
        fresh = [order_line(o) for o in orders if o.id not in self._index]
        if fresh:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
            for i, line in enumerate(fresh, first):
                self._index[line.id] = i
            self._rows.extend(fresh)
            self.endInsertRows()
        self.page_loaded.emit(len(self._rows))

    def _on_page_failed(self, generation: int, exc: Exception) -> None:
        if generation != self._generation:
            return
        self._fetching = False
        self._failed = True  # no retry loop from the view; Refresh tries again
        self.loading_failed.emit(str(exc))

    def _on_counted(self, generation: int, total: int) -> None:
        if generation == self._generation:
            self._total = total
            self.total_counted.emit(total)

    def _on_reread(self, generation: int, orders: list[Order]) -> None:
        if generation != self._generation:
            return
        old = [line.id for line in self._rows[:len(orders)]]
        new = [o.id for o in orders]
        known = set(self._index)
        added = 0
        while added < len(new) and new[added] not in known:
            added += 1
        if new[added:] != old[:len(new) - added]:
            # The order of the rows moved (e.g. sorted by last update): start again.
            self.set_query(self._filter, self._sort)
            return
        if added:  # new orders at the top (the usual case after a sync)
            self.beginInsertRows(QModelIndex(), 0, added - 1)
            self._rows[:0] = [order_line(o) for o in orders[:added]]
            self._index = {line.id: i for i, line in enumerate(self._rows)}
            self._offset += added
            self.endInsertRows()
        for i, order in enumerate(orders[added:], added):
            self._rows[i] = order_line(order)
        if len(orders) > added:
            self.dataChanged.emit(self.index(added, 0),
                                  self.index(len(orders) - 1, len(Column) - 1))

    def _on_writes_changed(self, change: PendingChange) -> None:
        order_id = id_in(change.key, "order")
        row = self._index.get(order_id) if order_id is not None else None
        if row is not None:
            cell = self.index(row, Column.SYNC)
            self.dataChanged.emit(cell, cell)
