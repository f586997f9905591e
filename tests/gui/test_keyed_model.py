"""The one keyed model (lists and tables) merges new rows in place: removals, insertions,
changes and moves are announced one by one (never a reset), persistent indexes follow their
rows, and QAbstractItemModelTester finds nothing wrong through any sequence of updates."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
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


def _inserts(model: _Table) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _p, first, last: runs.append((first, last)))
    return runs


def test_a_run_of_new_rows_goes_in_with_one_signal() -> None:
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    runs = _inserts(model)
    model.update([(f"k{n:03}", n) for n in range(120)])
    assert runs == [(0, 119)]  # an empty model taking a list: one signal
    runs.clear()
    model.update([("a", 0), ("b", 0), *model.items()[:60], ("m", 0), *model.items()[60:],
                  ("y", 0), ("z", 0)])
    assert runs == [(0, 1), (62, 62), (123, 124)]


def _sliced(model: _Table, qtbot: QtBot, rows: list[Row], per: int,
            changed: list[int], free_from: int | None = None) -> list[tuple[list[Row], int]]:
    """Apply `rows` in slices; the model's rows between turns (the last is `rows`), each
    with the rows changed in that turn (`changed` gets a count per signal)."""
    seen: list[tuple[list[Row], int]] = []
    with qtbot.waitSignal(model.caught_up, timeout=5000):
        model.update_in_slices(rows, per, free_from)
        seen.append((model.items(), sum(changed)))
        while model.catching_up():
            before = sum(changed)
            QCoreApplication.processEvents()  # a turn of the event loop: the next slice
            seen.append((model.items(), sum(changed) - before))
    return seen


def test_slices_insert_a_few_rows_per_turn(qtbot: QtBot) -> None:
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    runs = _inserts(model)
    rows = [(f"k{n:03}", n) for n in range(10)]
    with qtbot.waitSignal(model.caught_up, timeout=5000):
        model.update_in_slices(rows, 4)
        assert model.items() == [] and model.catching_up()  # every slice on a later turn
        QCoreApplication.processEvents()
        assert model.items() == rows[:4]
    assert runs == [(0, 3), (4, 7), (8, 9)]
    assert model.items() == rows and not model.catching_up()


@pytest.mark.parametrize("seed", range(12))
def test_each_slice_leaves_the_model_consistent(seed: int, qtbot: QtBot) -> None:
    """Between slices the rows already walked are the new ones (in order), the others the
    old ones still wanted (with their old data), and each slice changes at most its share."""
    rng = random.Random(seed)
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    model.update([(k, 0) for k in rng.sample("abcdefghijklmnop", 10)])
    changed: list[int] = []
    model.rowsInserted.connect(lambda _p, first, last: changed.append(last - first + 1))
    model.rowsMoved.connect(lambda *_: changed.append(1))
    model.dataChanged.connect(lambda *_: changed.append(1))
    before = model.items()
    old = dict(before)
    keys = rng.sample("abcdefghijklmnopqrstuvwxyz", 14)
    rows = [(k, rng.randint(0, 1)) for k in keys]
    per = rng.randint(1, 4)
    seen = _sliced(model, qtbot, rows, per, changed)
    assert seen[0] == (before, 0)  # nothing in the caller's turn
    assert seen[-1][0] == rows
    for shown, count in seen[1:]:
        done = next((i for i, (a, b) in enumerate(zip(shown, rows, strict=False)) if a != b),
                    len(shown))
        rest = shown[done:]
        assert all(k in old and old[k] == v and k in keys for k, v in rest), (shown, rows)
        # At most `per` rows inserted, moved or changed per turn (a moved row whose data
        # changed also says dataChanged: two signals for one row).
        assert count <= 2 * per
    assert len(seen) > 1 and sum(changed) > per  # it did take several turns


def test_a_new_list_takes_over_from_a_slice_under_way(qtbot: QtBot) -> None:
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    model.update_in_slices([(f"k{n:03}", n) for n in range(20)], 4)
    QCoreApplication.processEvents()
    assert model.rowCount() == 4
    later = [("k001", 7), ("new", 0), ("k000", 0)]
    with qtbot.waitSignal(model.caught_up, timeout=5000):
        model.update_in_slices(later, 2)
    assert model.items() == later and not model.catching_up()
    model.update_in_slices([(f"k{n:03}", n) for n in range(20)], 4)
    model.update([("x", 1)])  # at once: nothing of the sliced one is left to come
    with qtbot.assertNotEmitted(model.rowsInserted, wait=50):
        pass
    assert model.items() == [("x", 1)] and not model.catching_up()


def test_rows_below_the_view_go_in_with_the_slice_that_reaches_them(qtbot: QtBot) -> None:
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    runs = _inserts(model)
    rows = [(f"k{n:03}", n) for n in range(120)]
    with qtbot.waitSignal(model.caught_up, timeout=5000):
        model.update_in_slices(rows, 2, free_from=5)
    # Two rows a turn up to the fifth; the other 115 cost nothing: one run, one turn.
    assert runs == [(0, 1), (2, 3), (4, 119)]
    assert model.items() == rows
    changed: list[int] = []
    model.dataChanged.connect(lambda *_: changed.append(1))
    seen = _sliced(model, qtbot, [(k, v + 1) for k, v in rows], 2, changed, free_from=5)
    # Nothing in the caller's turn; rows 0-1, 2-3, then 4 to 119.
    assert [count for _, count in seen] == [0, 2, 2, 116]


def test_a_row_refreshed_while_slices_are_under_way_keeps_its_news(qtbot: QtBot) -> None:
    model = _Table()
    QAbstractItemModelTester(model, FATAL)
    model.update([("a", 0), ("b", 0), ("c", 0)])
    with qtbot.waitSignal(model.caught_up, timeout=5000):
        model.update_in_slices([("c", 1), ("b", 1), ("a", 1)], 1)
        assert model.upsert(("a", 9))  # the row is still the old one, and to come
    assert model.items() == [("c", 1), ("b", 1), ("a", 9)]
