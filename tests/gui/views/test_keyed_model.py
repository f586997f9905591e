"""The keyed table model merges new rows in place: removals, insertions, changes and moves
are announced one by one (never a reset), and persistent indexes follow their rows."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from pytestqt.qtbot import QtBot

from sellerdesk.ui.widgets.keyed_model import KeyedRowsModel

Row = tuple[str, int]  # (key, value)


class _Model(KeyedRowsModel[Row]):
    def key_of(self, row: Row) -> Hashable:
        return row[0]

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else 2

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.item_at(index)
        if row is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        return row[index.column()]


def test_merges_without_reset(qtbot: QtBot, qtmodeltester: Any) -> None:
    model = _Model()
    qtmodeltester.check(model)
    model.set_rows([("a", 1), ("b", 1), ("c", 1)])
    kept = QPersistentModelIndex(model.index(2, 0))
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom, _roles=(): changed.append(top.row()))
    with qtbot.assertNotEmitted(model.modelReset):
        model.set_rows([("x", 0), ("a", 1), ("c", 2), ("d", 1)])
    assert model.keys() == ["x", "a", "c", "d"]
    assert kept.isValid() and kept.row() == 2 and kept.data() == "c"
    assert changed == [2]
    qtmodeltester.check(model)


def test_moved_rows_keep_their_persistent_indexes(qtbot: QtBot, qtmodeltester: Any) -> None:
    model = _Model()
    qtmodeltester.check(model)
    model.set_rows([("a", 1), ("b", 1), ("c", 1)])
    b = QPersistentModelIndex(model.index(1, 1))
    with qtbot.assertNotEmitted(model.modelReset), qtbot.waitSignal(model.layoutChanged):
        model.set_rows([("c", 1), ("b", 5), ("a", 1)])
    assert b.row() == 1 and b.column() == 1 and b.data() == 5
    assert model.keys() == ["c", "b", "a"]


@pytest.mark.parametrize("seed", range(20))
def test_any_sequence_of_lists_ends_as_the_last(seed: int, qtmodeltester: Any) -> None:
    rng = random.Random(seed)
    model = _Model()
    qtmodeltester.check(model)
    for _ in range(15):
        keys = rng.sample("abcdefghij", rng.randint(0, 10))
        if rng.random() < 0.7:
            keys.sort()
        rows = [(k, rng.randint(0, 2)) for k in keys]
        model.set_rows(rows)
        assert model.rows() == rows


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(ValueError):
        _Model().set_rows([("a", 1), ("a", 2)])
