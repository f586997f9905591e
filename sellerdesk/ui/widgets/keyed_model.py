"""A flat model of records with keys that follows a new list by small steps, never a reset.

`update(items)` turns the rows on screen into `items` with removals, moves, insertions (a run
of new rows in one signal) and `dataChanged`, so the selection, the scroll position, an open
editor and a screen reader's place survive a refresh (style habit 3: never reset wholesale
when a row changes). One model for lists (one column, the default) and tables (subclasses
give `column_titles`).
`update_in_slices(items)` makes the same change a few rows per turn of the event loop, for
changes that arrive in the background (a sync): a view draws a row the first time it shows
it, and a screenful of new rows at once is more than a frame.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

import msgspec
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)

T = TypeVar("T")

Index = QModelIndex | QPersistentModelIndex


class KeyedModel(QAbstractTableModel, Generic[T]):
    """Subclasses give `key(item)` and `data()` (and `column_titles()` for a table)."""

    caught_up = Signal()  # the rows equal the last list given to an update

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[T] = []
        self._keys: list[Hashable] = []  # in step with _items, searched in C by list.index
        self._columns: int | None = None
        self._walk: _Walk[T] | None = None
        self._in_step = False
        self._rows_per_slice = 4
        self._slice_timer = QTimer(self)
        self._slice_timer.setSingleShot(True)
        self._slice_timer.setInterval(0)
        self._slice_timer.timeout.connect(self._on_slice_timeout)

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
        """Become `items` (unique keys) at once, by the fewest signals this simple walk finds."""
        self._walk = self._start(items)
        self._step(None)

    def update_in_slices(self, items: Sequence[T], rows_per_slice: int = 4,
                         free_from: int | None = None) -> None:
        """Become `items` over turns of the event loop: each turn at most `rows_per_slice`
        rows are inserted, moved or changed (a run of new rows counts each row), so the view
        draws a few rows it has not drawn before per turn, never a screenful; the first
        slice comes on the next turn, like the others. Rows changed at or after `free_from`
        (below what the view shows) count for nothing: they go in with the slice that
        reaches them. The model is consistent between slices: rows before the walk's place
        are the new rows, those after it the old ones still wanted. `caught_up` says when it
        equals `items`; a later `update` or `update_in_slices` takes over from wherever
        this one got to, and `upsert` meanwhile changes the row to come too."""
        if rows_per_slice < 1:
            raise ValueError("a slice changes at least one row")
        self._rows_per_slice = rows_per_slice
        self._walk = self._start(items)
        self._walk.free_from = free_from
        # The first slice on the next turn too: the caller's own work (a view shown, a
        # count) is drawn in this one.
        self._slice_timer.start()

    def updating(self) -> bool:
        """Whether rows are being changed right now (inside `update` or a slice)."""
        return self._in_step

    def catching_up(self) -> bool:
        """Whether `update_in_slices` has slices still to apply."""
        return self._walk is not None

    def _start(self, items: Sequence[T]) -> _Walk[T]:
        target = list(items)
        keys = [self.key(item) for item in target]
        if len(set(keys)) != len(target):
            raise ValueError("duplicate keys in the new rows")
        self._slice_timer.stop()
        return _Walk(target, keys)

    def _on_slice_timeout(self) -> None:
        if self._walk is not None and not self._step(self._rows_per_slice):
            self._slice_timer.start()  # the rest on a later turn: each slice fits a frame

    def _step(self, budget: int | None) -> bool:
        """Walk on until `budget` rows changed (None: to the end); True when caught up."""
        walk = self._walk
        assert walk is not None
        self._in_step = True
        try:
            done = self._walk_on(walk, budget)
        finally:
            self._in_step = False
        if done:
            self._walk = None
            self.caught_up.emit()
        return done

    def _walk_on(self, walk: _Walk[T], budget: int | None) -> bool:
        spent = 0
        free = len(walk.keys) if walk.free_from is None else walk.free_from
        if not walk.removed:
            self._remove_unwanted(set(walk.keys))
            walk.removed = True
            walk.present = set(self._keys)
        target, keys, present = walk.target, walk.keys, walk.present
        pos = walk.pos
        while pos < len(keys):
            if budget is not None and spent >= budget:
                walk.pos = pos
                return False
            key = keys[pos]
            if pos < len(self._keys) and self._keys[pos] == key:
                changed = self._replace(pos, target[pos])
                spent += changed if pos < free else 0
                pos += 1
            elif key in present:
                # Moving row `found` up to `pos`: Qt's destination is the row it goes before.
                found = self._keys.index(key, pos + 1)
                self.beginMoveRows(QModelIndex(), found, found, QModelIndex(), pos)
                self._items.insert(pos, self._items.pop(found))
                self._keys.insert(pos, self._keys.pop(found))
                self.endMoveRows()
                self._replace(pos, target[pos])
                spent += 1 if pos < free else 0
                pos += 1
            else:
                # A run of new rows goes in with one signal (an empty model taking a list: one).
                end = pos + 1
                room = pos + budget - spent if budget is not None else len(keys)
                if room >= free:  # the rest of the run is below the view: it costs nothing
                    room = len(keys)
                while end < min(len(keys), room) and keys[end] not in present:
                    end += 1
                self.beginInsertRows(QModelIndex(), pos, end - 1)
                self._items[pos:pos] = target[pos:end]
                self._keys[pos:pos] = keys[pos:end]
                self.endInsertRows()
                spent += max(0, min(end, free) - pos)
                pos = end
        walk.pos = pos
        # Anything left past the target's length was removed before the walk.
        assert len(self._items) == len(target)
        return True

    def _remove_unwanted(self, wanted: set[Hashable]) -> None:
        """Remove rows whose record is gone, bottom up, in contiguous runs."""
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

    def upsert(self, new: T) -> bool:
        """Refresh one row in place; False when no row has its key."""
        key = self.key(new)
        walk = self._walk
        if walk is not None and key in walk.keys:  # a slice to come must not undo it
            walk.target[walk.keys.index(key)] = new
        row = self.row_of(key)
        if row < 0:
            return False
        self._replace(row, new)
        return True

    def _replace(self, row: int, new: T) -> int:
        """Put `new` in `row`; 1 when the row changed (and said so), else 0."""
        unchanged = self.same(self._items[row], new)
        self._items[row] = new
        if unchanged:
            return 0
        last = max(self.columnCount() - 1, 0)
        self.dataChanged.emit(self.index(row, 0), self.index(row, last))
        return 1


class _Walk(msgspec.Struct, Generic[T], eq=False):
    """An update under way: the rows to become, and how far the walk has got."""

    target: list[T]
    keys: list[Hashable]
    pos: int = 0  # rows before it are the target's
    removed: bool = False  # rows not in the target are gone
    present: set[Hashable] = msgspec.field(default_factory=set)  # keys the model held after that
    free_from: int | None = None  # rows changed from here on cost no budget


__all__ = ["Index", "KeyedModel"]
