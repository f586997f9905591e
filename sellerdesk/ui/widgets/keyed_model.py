"""A flat table model whose rows have keys: new data is merged in, never reset wholesale.

`set_rows` works out what changed against the rows on screen and tells the views with
`beginRemoveRows` / `beginInsertRows` / `dataChanged` (or one `layoutChanged` when rows
moved), so selection, scroll position and an open editor survive a refresh.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
)

R = TypeVar("R")
_Index = QModelIndex | QPersistentModelIndex


class KeyedRowsModel(QAbstractTableModel, Generic[R]):
    """Subclasses give `key_of(row)`, `columnCount` and `data`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[R] = []
        self._keys: list[Hashable] = []

    def key_of(self, row: R) -> Hashable:
        raise NotImplementedError

    # ---- Reading. ------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def rows(self) -> list[R]:
        return list(self._rows)

    def row_item(self, row: int) -> R | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def item_at(self, index: _Index) -> R | None:
        return self.row_item(index.row()) if index.isValid() else None

    def row_of(self, key: Hashable) -> int:
        try:
            return self._keys.index(key)
        except ValueError:
            return -1

    def keys(self) -> list[Hashable]:
        return list(self._keys)

    # ---- Merging. -------------------------------------------------------------------------

    def set_rows(self, rows: Sequence[R]) -> None:
        """Make the model hold `rows` (in that order), announcing only what changed."""
        new_keys = [self.key_of(r) for r in rows]
        if len(set(new_keys)) != len(new_keys):
            raise ValueError("row keys must be unique")
        self._remove_missing(set(new_keys))
        survivors = [k for k in new_keys if k in set(self._keys)]
        if survivors != self._keys:
            self._reorder(survivors)
        i = 0
        while i < len(new_keys):
            key = new_keys[i]
            if i < len(self._keys) and self._keys[i] == key:
                if self._rows[i] != rows[i]:
                    self._rows[i] = rows[i]
                    self._row_changed(i)
                i += 1
                continue
            present = set(self._keys)
            end = i
            while end < len(new_keys) and new_keys[end] not in present:
                end += 1
            self.beginInsertRows(QModelIndex(), i, end - 1)
            self._rows[i:i] = list(rows[i:end])
            self._keys[i:i] = new_keys[i:end]
            self.endInsertRows()
            i = end

    def _remove_missing(self, wanted: set[Hashable]) -> None:
        i = len(self._keys) - 1
        while i >= 0:
            if self._keys[i] in wanted:
                i -= 1
                continue
            end = i
            while i - 1 >= 0 and self._keys[i - 1] not in wanted:
                i -= 1
            self.beginRemoveRows(QModelIndex(), i, end)
            del self._rows[i:end + 1]
            del self._keys[i:end + 1]
            self.endRemoveRows()
            i -= 1

    def _reorder(self, order: list[Hashable]) -> None:
        """Rows kept but moved: one layout change, persistent indexes carried along (their
        data is compared afterwards, like any other row's)."""
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_keys = [self._keys[ix.row()] for ix in old]
        by_key = dict(zip(self._keys, self._rows, strict=True))
        self._keys = list(order)
        self._rows = [by_key[k] for k in order]
        new = [self.index(self._keys.index(k), ix.column()) for k, ix in
               zip(old_keys, old, strict=True)]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    def _row_changed(self, row: int) -> None:
        last = max(self.columnCount() - 1, 0)
        self.dataChanged.emit(self.index(row, 0), self.index(row, last))
