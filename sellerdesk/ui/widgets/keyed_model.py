"""A flat model of records with keys that follows a new list by small steps, never a reset.

`update(items)` turns the rows on screen into `items` with removals, moves, insertions and
`dataChanged`, so the selection, the scroll position, an open editor and a screen reader's
place survive a refresh (style habit 3: never reset wholesale when a row changes). One model
for lists (one column, the default) and tables (subclasses give `column_titles`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

T = TypeVar("T")

Index = QModelIndex | QPersistentModelIndex


class KeyedModel(QAbstractTableModel, Generic[T]):
    """Subclasses give `key(item)` and `data()` (and `column_titles()` for a table)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[T] = []
        self._keys: list[Hashable] = []  # in step with _items, searched in C by list.index
        self._columns: int | None = None

    # ---- What subclasses give. ----------------------------------------------------------

    def key(self, item: T) -> Hashable:
        raise NotImplementedError

    def same(self, old: T, new: T) -> bool:
        """Whether a row's data is unchanged (no dataChanged needed)."""
        return old == new

    def column_titles(self) -> Sequence[str]:
        """A table's column titles, in order (a list has one column and no title)."""
        return ("",)

    # ---- Reading. ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        if parent.isValid():
            return 0
        if self._columns is None:  # asked for every index: count the titles once
            self._columns = len(self.column_titles())
        return self._columns

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        titles = self.column_titles()
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole \
                or not 0 <= section < len(titles):
            return None
        return titles[section]

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | \
            Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        raise NotImplementedError

    def item(self, row: int) -> T | None:
        return self._items[row] if 0 <= row < len(self._items) else None

    def items(self) -> list[T]:
        return list(self._items)

    def keys(self) -> list[Hashable]:
        return list(self._keys)

    def row_of(self, key: Hashable) -> int:
        try:
            return self._keys.index(key)
        except ValueError:
            return -1

    def item_at(self, index: Index) -> T | None:
        if not index.isValid() or index.parent().isValid() or index.model() is not self:
            return None
        return self.item(index.row())

    # ---- Changing. ----------------------------------------------------------------------------

    def update(self, items: Sequence[T]) -> None:
        """Become `items` (unique keys) by the fewest signals this simple walk finds."""
        target = list(items)
        keys = [self.key(item) for item in target]
        wanted = set(keys)
        if len(wanted) != len(target):
            raise ValueError("duplicate keys in the new rows")
        # 1. Remove rows whose record is gone, bottom up, in contiguous runs.
        row = len(self._items) - 1
        while row >= 0:
            if self._keys[row] in wanted:
                row -= 1
                continue
            last = row
            while row >= 0 and self._keys[row] not in wanted:
                row -= 1
            self.beginRemoveRows(QModelIndex(), row + 1, last)
            del self._items[row + 1:last + 1]
            del self._keys[row + 1:last + 1]
            self.endRemoveRows()
        # 2. Walk the target: move rows into place or insert new ones, then refresh data.
        for pos, (key, new) in enumerate(zip(keys, target, strict=True)):
            if pos < len(self._keys) and self._keys[pos] == key:
                self._replace(pos, new)
                continue
            try:
                found = self._keys.index(key, pos + 1)
            except ValueError:
                found = -1
            if found > pos:
                # Moving row `found` up to `pos`: Qt's destination is the row it goes before.
                self.beginMoveRows(QModelIndex(), found, found, QModelIndex(), pos)
                self._items.insert(pos, self._items.pop(found))
                self._keys.insert(pos, self._keys.pop(found))
                self.endMoveRows()
                self._replace(pos, new)
            else:
                self.beginInsertRows(QModelIndex(), pos, pos)
                self._items.insert(pos, new)
                self._keys.insert(pos, key)
                self.endInsertRows()
        # 3. Anything left past the target's length was already removed in step 1.
        assert len(self._items) == len(target)

    def upsert(self, new: T) -> bool:
        """Refresh one row in place; False when no row has its key."""
        row = self.row_of(self.key(new))
        if row < 0:
            return False
        self._replace(row, new)
        return True

    def _replace(self, row: int, new: T) -> None:
        unchanged = self.same(self._items[row], new)
        self._items[row] = new
        if not unchanged:
            last = max(self.columnCount() - 1, 0)
            self.dataChanged.emit(self.index(row, 0), self.index(row, last))


__all__ = ["Index", "KeyedModel"]
