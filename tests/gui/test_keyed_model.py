"""The one keyed model (lists and tables) merges new rows in place: removals, insertions,
changes and moves are announced one by one (never a reset), persistent indexes follow their
rows, and QAbstractItemModelTester finds nothing wrong through any sequence of updates."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtTest import QAbstractItemModelTester
from pytestqt.qtbot import QtBot

from sellerdesk.ui.widgets.keyed_model import Index, KeyedModel

Row = tuple[str, int]  # (key, value)
FATAL = QAbstractItemModelTester.FailureReportingMode.Fatal


class _Table(KeyedModel[Row]):
    def key(self, item: Row) -> Hashable:
        return item[0]

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 2

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.item_at(index)
        if row is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        return row[index.column()]


class _List(_Table):
    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 1


def test_merges_without_reset(qtbot: QtBot) -> None:
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    model.update([("a", 1), ("b", 1), ("c", 1)])
    kept = QPersistentModelIndex(model.index(2, 0))
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, _roles=(): changed.append(
        (top.row(), bottom.column())))
    with qtbot.assertNotEmitted(model.modelReset):
        model.update([("x", 0), ("a", 1), ("c", 2), ("d", 1)])
    assert model.keys() == ["x", "a", "c", "d"]
    assert kept.isValid() and kept.row() == 2 and kept.data() == "c"
    assert changed == [(2, 1)]  # the whole row: every column
    assert model.upsert(("a", 7)) and not model.upsert(("zz", 1))
    assert model.item(1) == ("a", 7) and model.row_of("zz") == -1


def test_moved_rows_keep_their_persistent_indexes(qtbot: QtBot) -> None:
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    model.update([("a", 1), ("b", 1), ("c", 1)])
    b = QPersistentModelIndex(model.index(1, 1))
    moved: list[tuple[int, int]] = []
    model.rowsMoved.connect(lambda _p, start, _e, _d, row: moved.append((start, row)))
    with qtbot.assertNotEmitted(model.modelReset), \
            qtbot.assertNotEmitted(model.layoutChanged):
        model.update([("c", 1), ("b", 5), ("a", 1)])
    assert moved == [(2, 0), (2, 1)]
    assert b.row() == 1 and b.column() == 1 and b.data() == 5
    assert model.keys() == ["c", "b", "a"]


@pytest.mark.parametrize("model_type", [_Table, _List])
@pytest.mark.parametrize("seed", range(12))
def test_any_sequence_of_lists_ends_as_the_last(seed: int, model_type: type[_Table]) -> None:
    rng = random.Random(seed)
    model = model_type()
    QAbstractItemModelTester(model, FATAL)
    for _ in range(15):
        keys = rng.sample("abcdefghij", rng.randint(0, 10))
        if rng.random() < 0.7:
            keys.sort()
        rows = [(k, rng.randint(0, 2)) for k in keys]
        model.update(rows)
        assert model.items() == rows
        assert model.keys() == keys


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(ValueError):
        _Table().update([("a", 1), ("a", 2)])
