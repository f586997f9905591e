"""The order list: a table model paging lazily, by key, from the store's cache.

Rows arrive a page at a time (`canFetchMore`/`fetchMore`): the page after the last row's key
is read and decoded on the store's thread, and its rows are inserted when it lands, so a
100,000-order shop opens with one page and never blocks the GUI thread on a query or a
decode. Everything a row shows comes from its `OrderItem`; its texts are made there too, and
elided for the columns on screen (`_prepare`), so a page landing only inserts rows and a
fresh screenful only draws.

The list follows the store: after a change (a sync, a write applied) the rows written since
the list was read are fetched with their place and whether they still match, and applied in
slices of a few rows per turn of the event loop (a sync that brings thousands never holds a
frame): a changed row repaints in place, moves, leaves the list, or arrives at its place.
"""

from __future__ import annotations

import collections
import functools
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QIcon

from sellerdesk.services.changes import Changes
from sellerdesk.services.order_list import (
    OrderChanges,
    OrderItem,
    OrderKey,
    OrderPage,
    Prepare,
)
from sellerdesk.services.outbox.pending import id_in, order_key
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import OrderFilter, OrderSort
from sellerdesk.ui.orders.columns import (
    SORTS,
    Column,
    cached_icon,
    header_text,
    plain_tooltip,
    row_texts,
    sort_for,
    state,
    state_icon,
)
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.vocabulary import channel_label
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
SLICE = 25  # changed rows applied per turn of the event loop
SWEEP = 1500  # rows of an earlier query freed per turn of the event loop (about 1 ms)
FOLLOW_LIMIT = 2000  # more changes than this at once: read the list again from the top

# The same as ints, for the paint path (reading an enum member costs a descriptor call).
_ID, _TOTAL, _PAID, _STATE = (Column.ID.value, Column.TOTAL.value, Column.PAID.value,
                              Column.STATE.value)
_CHANNEL, _SYNC = Column.CHANNEL.value, Column.SYNC.value
_COLUMNS = len(Column)  # Qt asks for it with every cell it paints (an enum's len is Python)


class OrderSource(Protocol):
    """What the model reads: `OrdersService` or a stand-in in tests."""

    async def page(self, filter: OrderFilter = ..., *, sort: OrderSort = ...,
                   after: OrderKey | None = ..., limit: int = ...,
                   prepare: Prepare | None = ...) -> OrderPage: ...

    async def changes(self, since: int, filter: OrderFilter = ..., *, sort: OrderSort = ...,
                      limit: int = ..., prepare: Prepare | None = ...) -> OrderChanges: ...

    async def count(self, filter: OrderFilter = ...) -> int: ...


def make_texts(items: Sequence[OrderItem]) -> None:
    """Every row's display texts, made on the store's thread as the rows are read (the
    translations and formats it uses are plain lookups, safe from any thread): the window
    then only lays them out and draws them."""
    for item in items:
        if item.display is None:
            item.display = row_texts(item)


class TextLayout(Protocol):
    """What the view does with a page's texts on the store's thread (`OrderRowDelegate`)."""

    def elide_ahead(self, texts: Sequence[tuple[str, ...]]) -> None: ...


class _Change(NamedTuple):
    generation: int
    key: OrderKey
    item: OrderItem
    matches: bool


class OrdersTableModel(QAbstractTableModel):
    """Orders matching a filter, in an ordering; rows appended page by page."""

    page_loaded = Signal(int)  # rows loaded so far
    total_counted = Signal(int)  # orders matching the filter
    count_failed = Signal()  # the runner shows why
    loading_failed = Signal(str)  # in words
    changes_applied = Signal()  # the rows written since the last read are all in place

    def __init__(self, runner: TaskRunner, writes: PendingSignals | None = None,
                 parent: QObject | None = None, *, page_size: int = PAGE_SIZE) -> None:
        super().__init__(parent)
        self._runner = runner
        self._writes = writes
        self._layout: TextLayout | None = None
        self._page = page_size
        self._source: OrderSource | None = None
        self._filter = OrderFilter()
        self._sort = OrderSort.CREATION_DATE_DESC
        self._items: list[OrderItem] = []
        self._keys: list[OrderKey] = []  # in display order, like the rows
        self._where: dict[str, OrderKey] = {}  # order id -> its key (its row by bisection)
        self._rev: int | None = None  # the store's change counter as of the first page
        self._generation = 0  # a page or change of an older query is dropped when it lands
        self._fetching = False
        self._exhausted = True
        self._failed = False
        self._total: int | None = None
        self._following = False
        self._follow_again = False
        self._removing = False  # between beginRemoveRows and endRemoveRows
        self._queue: collections.deque[_Change] = collections.deque()
        self._drain = QTimer(self)
        self._drain.setSingleShot(True)
        self._drain.setInterval(0)
        self._drain.timeout.connect(self._on_drain_timeout)
        self._litter: list[list[Any]] = []  # rows of earlier queries, freed a slice a turn
        self._sweep = QTimer(self)
        self._sweep.setInterval(0)
        self._sweep.timeout.connect(self._on_sweep_timeout)
        self._key = f"orders-page-{id(self)}"

    # ---- The query. ---------------------------------------------------------------------------

    def set_layout(self, layout: TextLayout | None) -> None:
        """Who elides a page's texts ahead, on the store's thread (the painting delegate)."""
        self._layout = layout

    def _prepare(self, items: Sequence[OrderItem]) -> None:
        """For the store's thread: the rows' texts, then their elided forms."""
        make_texts(items)
        layout = self._layout
        if layout is not None:
            layout.elide_ahead([item.display for item in items if item.display is not None])

    def set_source(self, source: OrderSource | None) -> None:
        self._source = source
        self.set_query(self._filter, self._sort)

    def set_query(self, filter: OrderFilter, sort: OrderSort) -> None:
        """Show the orders of `filter` in `sort`'s order, from the first page."""
        self._filter, self._sort = filter, sort
        self._generation += 1
        self.beginResetModel()
        # 100,000 rows take ~40 ms to free: the old lists go in slices on later turns.
        self._litter += [self._items, self._keys]
        self._items, self._keys, self._where = [], [], {}
        self._rev, self._total = None, None
        self._fetching, self._failed = False, False
        self._following = self._follow_again = False
        self._queue.clear()
        self._exhausted = self._source is None
        self.endResetModel()
        if self._litter:
            self._sweep.start()
        if self._source is not None:
            self.fetchMore(QModelIndex())
            self._count()

    def filter(self) -> OrderFilter:
        return self._filter

    def order_sort(self) -> OrderSort:
        return self._sort

    def total(self) -> int | None:
        """Orders matching the filter (None until counted)."""
        return self._total

    def is_fetching(self) -> bool:
        return self._fetching

    def is_following(self) -> bool:
        """Changes are being read or applied."""
        return self._following or bool(self._queue)

    def is_removing(self) -> bool:
        """A row written elsewhere is leaving its place (the list or, moved, only its row):
        the view's current row moves to a neighbour meanwhile, not by the seller's hand."""
        return self._removing

    def clear_texts(self) -> None:
        """Forget every row's texts (the language changed): they are made again when shown."""
        for item in self._items:
            item.display = None
        if self._items:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._items) - 1, _COLUMNS - 1))

    # ---- Rows. --------------------------------------------------------------------------------

    def line(self, row: int) -> OrderItem:
        return self._items[row]

    def lines(self) -> Sequence[OrderItem]:
        return self._items

    def row_of(self, order_id: str) -> int | None:
        key = self._where.get(order_id)
        return None if key is None else self._row_of_key(key)

    def follow_changes(self) -> None:
        """Orders changed in the store (a sync, a write applied): bring the rows in step."""
        if self._source is None or self._rev is None:
            return  # the first page is still being read: it reads the store as it is now
        if self._following:
            self._follow_again = True
            return
        self._following = True
        self._runner.run(self._source.changes(self._rev, self._filter, sort=self._sort,
                                              limit=FOLLOW_LIMIT, prepare=self._prepare),
                         show_progress=False, key=f"{self._key}-changes", owner=self,
                         on_success=functools.partial(self._on_changes, self._generation),
                         on_failure=functools.partial(self._on_changes_failed,
                                                      self._generation))

    def refresh_loaded(self) -> None:
        """F5: the rows and the count as the store has them now, keeping the seller's place."""
        if self._source is None or self._rev is None:
            self.set_query(self._filter, self._sort)
            return
        self.follow_changes()

    # ---- Qt's model interface. ---------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else _COLUMNS

    def canFetchMore(self, parent: AnyIndex = QModelIndex()) -> bool:
        return not (parent.isValid() or self._exhausted or self._fetching or self._failed)

    def fetchMore(self, parent: AnyIndex = QModelIndex()) -> None:
        if not self.canFetchMore(parent) or self._source is None:
            return
        self._fetching = True
        after = self._keys[-1] if self._keys else None
        self._runner.run(
            self._source.page(self._filter, sort=self._sort, after=after, limit=self._page,
                              prepare=self._prepare),
            on_success=functools.partial(self._on_page, self._generation, after),
            on_failure=functools.partial(self._on_page_failed, self._generation),
            label=self.tr("Loading orders…"), key=self._key, owner=self)

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        return _ROW_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        column = Column(section)
        if role == Qt.ItemDataRole.DisplayRole:
            return "" if column is Column.SYNC else header_text(column)
        if role == Qt.ItemDataRole.DecorationRole and column is Column.SYNC:
            return cached_icon("outbox", Tone.MUTED)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return header_text(column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column in SORTS:
                return self.tr("Click to sort by this column")
            if column is Column.SYNC:
                return self.tr("Changes of yours waiting to be sent, or just sent")
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.TOTAL:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # The hot path of every repaint (each visible cell, several roles): plain int
        # comparisons first, one tuple lookup for the text, None at once for other roles.
        if role == _DISPLAY:
            row = index.row()
            return self.cell_text(row, index.column()) if 0 <= row < len(self._items) else None
        if role == _DECORATION:
            item = self._item_at(index)
            return None if item is None else self._decoration(item, index.column())
        if role == _ALIGNMENT:
            return _RIGHT if index.column() == _TOTAL else None
        if role == _ACCESSIBLE:
            item = self._item_at(index)
            return None if item is None else self._spoken(item, index)
        if role == _TOOLTIP:
            item = self._item_at(index)
            return None if item is None else self._tooltip(item, Column(index.column()))
        if role == _ORDER_ID:
            item = self._item_at(index)
            return None if item is None else item.id
        return None

    def cell_text(self, row: int, column: int) -> str:
        """What a cell shows (its display role). The Changes column shows only an icon (its
        words are its tooltip and its name for a screen reader)."""
        return self.row_texts(row)[column]

    def row_texts(self, row: int) -> tuple[str, ...]:
        """Every cell's text of `row` in column order, made once and kept with the row (for
        the painting delegate)."""
        item = self._items[row]
        texts = item.display
        if texts is None:
            texts = item.display = row_texts(item)
        return texts

    def cell_icon(self, row: int, column: int) -> QIcon | None:
        """A cell's icon (its decoration role), for the painting delegate."""
        return self._decoration(self._items[row], column)

    def _item_at(self, index: AnyIndex) -> OrderItem | None:
        row = index.row()  # -1 for an invalid index
        return self._items[row] if 0 <= row < len(self._items) else None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column that has an ordering; other columns are ignored."""
        sort = sort_for(column, order)
        if sort is not None and sort is not self._sort:
            self.set_query(self._filter, sort)

    # ---- Cells. -------------------------------------------------------------------------------

    def _decoration(self, item: OrderItem, column: int) -> QIcon | None:
        if column == _PAID:
            return (cached_icon("check", Tone.SUCCESS) if item.paid
                    else cached_icon("clock", Tone.WARNING))
        if column == _STATE:
            return cached_icon(*state_icon(state(item)))
        if column == _SYNC and self._writes is not None:
            write = self._writes.state(order_key(item.id))
            if write:
                _, name, tone = chip_style(write)
                return cached_icon(name, tone)
        return None

    def _spoken(self, item: OrderItem, index: AnyIndex) -> str:
        """A cell's name for a screen reader: its text, and words where the cell has none."""
        column = index.column()
        if column == _SYNC:
            write = self._writes.state(order_key(item.id)) if self._writes else None
            return chip_style(write)[0] if write else self.tr("No changes waiting")
        if column == _CHANNEL:
            return channel_label(item.channel) if item.channel else "—"
        return str(self.data(index, _DISPLAY))

    def _tooltip(self, item: OrderItem, column: Column) -> str | None:
        if column is Column.PRODUCTS and item.products:
            return plain_tooltip(one_line(item.products))
        if column is Column.BUYER and item.nickname:
            return plain_tooltip(one_line(item.nickname))
        if column is Column.STATE and item.tracking_codes:
            return plain_tooltip(self.tr("Tracking: {codes}").format(
                codes=one_line(", ".join(item.tracking_codes))))
        if column is Column.CHANNEL and item.channel:
            return plain_tooltip(channel_label(item.channel))
        if column is Column.SYNC and self._writes is not None:
            writes = self._writes.writes(order_key(item.id))
            write = writes.state
            words = [chip_style(write)[0]] if write else []
            messages = writes.problems()
            return plain_tooltip("\n".join(words + messages)) if words else None
        return None

    # ---- Places in the ordering. -----------------------------------------------------------------

    def _row_of_key(self, key: OrderKey) -> int | None:
        keys = self._keys
        lo, hi = 0, len(keys)
        if self._sort.descending:
            while lo < hi:
                mid = (lo + hi) // 2
                if keys[mid] > key:
                    lo = mid + 1
                else:
                    hi = mid
        else:
            while lo < hi:
                mid = (lo + hi) // 2
                if keys[mid] < key:
                    lo = mid + 1
                else:
                    hi = mid
        return lo if lo < len(keys) and keys[lo] == key else None

    def _place_for(self, key: OrderKey) -> int:
        """Where a row of `key` goes among the loaded rows."""
        keys = self._keys
        lo, hi = 0, len(keys)
        descending = self._sort.descending
        while lo < hi:
            mid = (lo + hi) // 2
            if (keys[mid] > key) if descending else (keys[mid] < key):
                lo = mid + 1
            else:
                hi = mid
        return lo

    # ---- What the runner hands back. ------------------------------------------------------------

    def _on_page(self, generation: int, after: OrderKey | None, page: OrderPage) -> None:
        if generation != self._generation:
            return
        self._fetching = False
        if after != (self._keys[-1] if self._keys else None):
            self.fetchMore(QModelIndex())  # the last row moved meanwhile: read on from it
            return
        if self._rev is None:
            self._rev = page.rev
        self._exhausted = len(page.items) < self._page
        # A row that a change already placed is not added twice.
        fresh = [(k, it) for k, it in zip(page.keys, page.items, strict=True)
                 if it.id not in self._where]
        if fresh:
            first = len(self._items)
            self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
            for key, item in fresh:
                self._where[item.id] = key
            self._keys.extend(k for k, _ in fresh)
            self._items.extend(it for _, it in fresh)
            self.endInsertRows()
        self.page_loaded.emit(len(self._items))

    def _on_page_failed(self, generation: int, exc: Exception) -> None:
        if generation != self._generation:
            return
        self._fetching = False
        self._failed = True  # no retry loop from the view; Refresh tries again
        self.loading_failed.emit(str(exc))

    def _count(self) -> None:
        if self._source is not None:
            self._runner.run(self._source.count(self._filter), show_progress=False,
                             key=f"{self._key}-count", owner=self,
                             on_success=functools.partial(self._on_counted, self._generation),
                             on_failure=functools.partial(self._on_count_failed,
                                                          self._generation))

    def _on_counted(self, generation: int, total: int) -> None:
        if generation == self._generation:
            self._total = total
            self.total_counted.emit(total)

    def _on_count_failed(self, generation: int, _exc: Exception) -> None:
        if generation == self._generation:
            self.count_failed.emit()

    def _on_changes(self, generation: int, changes: OrderChanges) -> None:
        if generation != self._generation:
            return
        self._following = False
        if not changes.complete:  # thousands at once (a first sync): read the list anew
            self.set_query(self._filter, self._sort)
            return
        self._rev = changes.rev
        self._queue.extend(_Change(generation, k, it, m) for k, it, m in zip(
            changes.keys, changes.items, changes.matches, strict=True))
        self._drain.start()
        if self._follow_again:
            self._follow_again = False
            self.follow_changes()

    def _on_changes_failed(self, generation: int, _exc: Exception) -> None:
        if generation == self._generation:
            self._following = False  # the runner showed why; the next change tries again

    def _on_drain_timeout(self) -> None:
        for _ in range(min(SLICE, len(self._queue))):
            change = self._queue.popleft()
            if change.generation == self._generation:
                self._apply(change)
        if self._queue:
            self._drain.start()  # the rest on the next turn: each slice fits in a frame
        elif not self._following:
            self._count()
            self.changes_applied.emit()

    def _apply(self, change: _Change) -> None:
        item, key = change.item, change.key
        old = self._where.get(item.id)
        if old is not None:
            row = self._row_of_key(old)
            if row is not None and change.matches and old == key:
                self._items[row] = item  # same place: repaint the row
                self.dataChanged.emit(self.index(row, 0), self.index(row, _COLUMNS - 1))
                return
            del self._where[item.id]
            if row is not None:
                self._removing = True
                try:
                    self.beginRemoveRows(QModelIndex(), row, row)
                    del self._items[row]
                    del self._keys[row]
                    self.endRemoveRows()
                finally:
                    self._removing = False
        if not change.matches:
            return
        place = self._place_for(key)
        if place < len(self._keys) or (self._exhausted and not self._fetching):
            self.beginInsertRows(QModelIndex(), place, place)
            self._items.insert(place, item)
            self._keys.insert(place, key)
            self._where[item.id] = key
            self.endInsertRows()
        # Past the last row read: the next page brings it.

    def _on_sweep_timeout(self) -> None:
        while self._litter and not self._litter[-1]:
            self._litter.pop()
        if not self._litter:
            self._sweep.stop()
            return
        del self._litter[-1][-SWEEP:]

    def writes_moved(self, changes: Changes) -> None:
        """The panel heard `changes` (its one route): repaint the writes' cells it names."""
        for key in changes.pending:
            order_id = id_in(key, "order")
            row = self.row_of(order_id) if order_id is not None else None
            if row is not None:
                cell = self.index(row, _SYNC)
                self.dataChanged.emit(cell, cell)
