"""The facet tree: one group per filter, one checkable value per row with its count.

Counts come from `OrdersService.facets(filter)`, each facet counted with its own filter left
out (so a checked value's count is what the list shows, and its siblings say what switching
gives). Values are only ever added, never removed, so the tree keeps its expansion, focus and
scroll position while the counts change under the seller's pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from sellerdesk.services.types import Facets, OrderFilter
from sellerdesk.ui.orders.filters import FACETS, facet_title, facet_value, value_label, value_order
from sellerdesk.ui.widgets.formatting import format_number

AnyIndex = QModelIndex | QPersistentModelIndex
FACET_ROLE = Qt.ItemDataRole.UserRole
VALUE_ROLE = Qt.ItemDataRole.UserRole + 1
COUNT_ROLE = Qt.ItemDataRole.UserRole + 2
_GROUP = 0  # internalId of a group row; a value row's id is its group's row + 1
_SPLIT = 8  # changed cells from which a new set of counts is announced over two turns
# Roles and flags as plain ints: the tree asks `data()` for about ten roles per cell on
# every repaint, and comparing PySide enums costs microseconds each.
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_CHECK = Qt.ItemDataRole.CheckStateRole.value
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole.value
_ACCESSIBLE = Qt.ItemDataRole.AccessibleTextRole.value
_FONT = Qt.ItemDataRole.FontRole.value
_FACET, _VALUE, _COUNT = FACET_ROLE.value, int(VALUE_ROLE), int(COUNT_ROLE)
_RIGHT = (Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value
_VALUE_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
_FLAGS = {(column, enabled): _VALUE_FLAGS
          | (Qt.ItemFlag.ItemIsUserCheckable if column == 0 else Qt.ItemFlag.NoItemFlags)
          | (Qt.ItemFlag.ItemIsEnabled if enabled else Qt.ItemFlag.NoItemFlags)
          for column in (0, 1) for enabled in (False, True)}


class FacetModel(QAbstractItemModel):
    """Two columns: the facet or value in words, and the number of orders."""

    value_toggled = Signal(str, str, bool)  # facet, value, checked

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._groups: list[str] = []
        self._values: dict[str, list[str]] = {}
        self._counts: Facets = {}
        self._filter = OrderFilter()
        self._pending: list[tuple[str, int, int]] = []  # changed cells not announced yet
        self._bold = QFont()
        self._bold.setBold(True)

    # ---- Feeding. -----------------------------------------------------------------------------

    def set_counts(self, facets: Facets, *,
                   later: Callable[[Callable[[], None]], None] | None = None,
                   at_once: Callable[[QModelIndex], bool] | None = None) -> None:
        """New counts; groups and values not seen before are inserted in reading order. Only
        the cells whose count changed are announced (one repaint of those rows, not of the
        whole tree): the words column too when the value became pickable or stopped being.
        With `later` (runs a function on a later turn) and `at_once` (whether a cell is to
        be announced at once; e.g. the upper half of the view) the others are announced then:
        a new filter changes nearly every count, and the tree repainting them all took
        2-4 ms of one frame."""
        self.announce_pending()
        before = self._counts
        self._counts = {name: dict(values) for name, values in facets.items()}
        for facet in FACETS:
            if facet not in facets:
                continue
            if facet not in self._values:
                row = sum(1 for g in FACETS[:FACETS.index(facet)] if g in self._values)
                self.beginInsertRows(QModelIndex(), row, row)
                self._groups.insert(row, facet)
                self._values[facet] = []
                self.endInsertRows()
            current = self._values[facet]
            wanted = value_order(facet, [*current, *(v for v in facets[facet]
                                                      if v not in current)])
            group = self.index(self._groups.index(facet), 0)
            for position, value in enumerate(wanted):
                if value not in current:
                    self.beginInsertRows(group, position, position)
                    current.insert(position, value)
                    self.endInsertRows()
        changed: list[tuple[str, int, int]] = []
        for facet in self._groups:
            old, new = before.get(facet, {}), self._counts.get(facet, {})
            for row, value in enumerate(self._values[facet]):
                was, now = old.get(value, 0), new.get(value, 0)
                if was != now:
                    changed.append((facet, row, 0 if bool(was) != bool(now) else 1))
        first = ([c for c in changed if at_once(self._cell(*c))]
                 if later is not None and at_once is not None and len(changed) >= _SPLIT
                 else changed)
        self._announce(first)
        if len(first) < len(changed) and later is not None:
            self._pending = [c for c in changed if c not in first]
            later(self.announce_pending)

    def _cell(self, facet: str, row: int, column: int) -> QModelIndex:
        return self.index(row, column, self.index(self._groups.index(facet), 0))

    def announce_pending(self) -> None:
        """The changed cells whose announcing was left for later, now (before any other
        change, so their rows are still where they were)."""
        pending, self._pending = self._pending, []
        self._announce(pending)

    def set_filter(self, f: OrderFilter) -> None:
        """Check the values `f` filters by (only the rows whose check changed repaint)."""
        self.announce_pending()
        before, self._filter = self._filter, f
        changed: list[tuple[str, int, int]] = []
        for facet in self._groups:
            old, new = facet_value(before, facet), facet_value(f, facet)
            if old == new:
                continue
            values = self._values[facet]
            changed += [(facet, values.index(v), 0) for v in (old, new) if v in values]
        self._announce(sorted(changed, key=lambda c: (self._groups.index(c[0]), c[1])))

    def count(self, facet: str, value: str) -> int:
        return self._counts.get(facet, {}).get(value, 0)

    def facets(self) -> list[str]:
        return list(self._groups)

    def values(self, facet: str) -> list[str]:
        return list(self._values.get(facet, []))

    def value_index(self, facet: str, value: str, column: int = 0) -> QModelIndex:
        if facet not in self._values or value not in self._values[facet]:
            return QModelIndex()
        group = self.index(self._groups.index(facet), 0)
        return self.index(self._values[facet].index(value), column, group)

    def _announce(self, changed: list[tuple[str, int, int]]) -> None:
        """dataChanged for (facet, row, first column) cells through the count column, a run
        of neighbouring rows in one signal."""
        run: list[int] = []  # facet's group row, first row, last row, first column

        def flush() -> None:
            if run:
                group = self.index(run[0], 0)
                self.dataChanged.emit(self.index(run[1], run[3], group),
                                      self.index(run[2], 1, group))

        for facet, row, column in changed:
            group_row = self._groups.index(facet)
            if run and run[0] == group_row and run[2] == row - 1 and run[3] == column:
                run[2] = row
                continue
            flush()
            run = [group_row, row, row, column]
        flush()

    # ---- Qt's model interface. ---------------------------------------------------------------

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _GROUP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == _GROUP:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, _GROUP)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == _GROUP and parent.column() == 0:
            return len(self._values[self._groups[parent.row()]])
        return 0

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 2

    def _where(self, index: AnyIndex) -> tuple[str, str | None]:
        if index.internalId() == _GROUP:
            return self._groups[index.row()], None
        facet = self._groups[index.internalId() - 1]
        return facet, self._values[facet][index.row()]

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        facet, value = self._where(index)
        if value is None:
            return Qt.ItemFlag.ItemIsEnabled
        # A value no order has under the other filters cannot be picked (unless it is the
        # one picked: then it must stay reachable to be unchecked).
        enabled = bool(self.count(facet, value)) or facet_value(self._filter, facet) == value
        return _FLAGS[(index.column(), enabled)]

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        facet, value = self._where(index)
        column = index.column()
        if value is None:
            if role == _DISPLAY:
                return facet_title(facet) if column == 0 else None
            if role == _ACCESSIBLE:
                if column == 0:
                    return facet_title(facet)
                choices = len(self._values[facet])
                return self.tr("{count} choices", "", choices).format(
                    count=format_number(choices))
            if role == _FONT:
                return self._bold
            if role == _FACET:
                return facet
            return None
        if role == _DISPLAY:
            return (value_label(facet, value) if column == 0
                    else format_number(self.count(facet, value)))
        if role == _CHECK:
            if column != 0:
                return None
            checked = facet_value(self._filter, facet) == value
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == _ALIGNMENT:
            return _RIGHT if column == 1 else None
        if role == _ACCESSIBLE:
            # Each cell its own name: the value, and its count (a screen reader reads both).
            if column == 0:
                return value_label(facet, value)
            count = self.count(facet, value)
            return self.tr("{count} orders", "", count).format(count=format_number(count))
        if role == _FACET:
            return facet
        if role == _VALUE:
            return value
        if role == _COUNT:
            return self.count(facet, value)
        return None

    def setData(self, index: AnyIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (role != Qt.ItemDataRole.CheckStateRole or not index.isValid()
                or index.column() != 0 or index.internalId() == _GROUP):
            return False
        facet, item = self._where(index)
        assert item is not None
        checked = Qt.CheckState(value) == Qt.CheckState.Checked if isinstance(
            value, (int, Qt.CheckState)) else bool(value)
        # The panel owns the filter; it answers with `set_filter`, which checks the box.
        self.value_toggled.emit(facet, item, checked)
        return True

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Filter"), self.tr("Orders"))[section] if section in (0, 1) else None
        return None
