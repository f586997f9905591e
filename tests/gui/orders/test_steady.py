"""A new query (a sidebar click, words searched, a header click) changes what the list shows
and nothing around it: no widget is moved or resized on the way, so the window repaints the
rows and the counts that changed, not the whole view. The repaints are counted after waiting
a set time for stray ones, which only a quiet machine makes meaningful: these run with the
benchmarks (`./run bench`), not in the ordinary suite."""

from __future__ import annotations

import collections
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.services.types import OrderFilter, OrderSort, OrderSummary
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.orders.row_delegate import OrderRowDelegate
from sellerdesk.ui.orders.sidebar import FacetSidebar
from tests.support.orders_view import LOAD_TIMEOUT, wait_settled

pytestmark = pytest.mark.paint_timing

_MOVES = (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Hide, QEvent.Type.Show)


class Moves(QObject):
    """Counts the resizes, moves, hides and shows of the widgets it watches."""

    def __init__(self, *watched: QObject) -> None:
        super().__init__()
        self.seen: collections.Counter[str] = collections.Counter()
        for widget in watched:
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _MOVES:
            self.seen[f"{watched.objectName() or type(watched).__name__} {event.type().name}"] += 1
        return False


def _watch(panel: OrdersPanel) -> Moves:
    table = panel.table
    # The title, the status line and the tools (not the search field's own clear button,
    # which hides when the words are cleared).
    header = panel.header.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return Moves(table, table.viewport(), table.horizontalHeader(), table.verticalScrollBar(),
                 panel.sidebar, panel.sidebar.tree, *header)


def _counted(panel: OrdersPanel) -> list[int]:
    """Grows by one each time the sidebar takes in new counts."""
    calls: list[int] = []
    set_counts = panel.sidebar.set_counts

    def counting(facets: object) -> None:
        calls.append(1)
        set_counts(facets)  # type: ignore[arg-type]

    panel.sidebar.set_counts = counting  # type: ignore[method-assign]
    return calls


def _settle_with_counts(panel: OrdersPanel, qtbot: QtBot, counts: list[int]) -> None:
    """The list's first page, its count and the sidebar's counts are in."""
    before = len(counts)
    wait_settled(panel, qtbot)
    qtbot.waitUntil(lambda: len(counts) > before, timeout=LOAD_TIMEOUT)
    qtbot.wait(50)  # a few more turns: whatever the counts bring is laid out


def test_a_filter_keeps_the_status_line_and_moves_nothing(panel: OrdersPanel,
                                                          qtbot: QtBot) -> None:
    everything = panel.header.subtitle()
    assert everything
    counts = _counted(panel)
    moves = _watch(panel)
    panel.show_filter(OrderFilter(paid=False))
    # Until the new query is counted the line keeps the last one's words: emptied it would
    # hide, and the header and everything under it would move, twice.
    assert panel.header.subtitle() == everything
    _settle_with_counts(panel, qtbot, counts)
    assert "match" in panel.header.subtitle()
    panel.show_filter(OrderFilter())
    _settle_with_counts(panel, qtbot, counts)
    assert panel.header.subtitle() == everything
    assert not moves.seen, dict(moves.seen)


def test_words_searched_and_a_sort_move_nothing(panel: OrdersPanel, qtbot: QtBot) -> None:
    name = next(w for r in range(panel.model.rowCount())
                for w in panel.model.line(r).buyer.split()[:1] if w.isalpha())
    counts = _counted(panel)
    moves = _watch(panel)
    panel.search.setText(name[:3])
    panel.search.settle_now()
    _settle_with_counts(panel, qtbot, counts)
    panel.set_sort(OrderSort.TOTAL_DESC)
    wait_settled(panel, qtbot)
    panel.search.clear()
    _settle_with_counts(panel, qtbot, counts)
    assert not moves.seen, dict(moves.seen)


def test_a_list_that_fits_loses_its_scroll_bar_and_gets_it_back(panel: OrdersPanel,
                                                               qtbot: QtBot) -> None:
    bar = panel.table.verticalScrollBar()
    assert bar.isVisible()
    panel.search.setText("zzqqxxnothing")
    panel.search.settle_now()
    wait_settled(panel, qtbot)
    assert panel.table.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAsNeeded
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=LOAD_TIMEOUT)
    panel.search.clear()
    wait_settled(panel, qtbot)
    qtbot.waitUntil(bar.isVisible, timeout=LOAD_TIMEOUT)


class Paints(QObject):
    """The order of paints: (what, the window's repaint it came in) for each watched widget,
    the repaints numbered by the window's update requests."""

    def __init__(self, window: QObject, **watched: QObject) -> None:
        super().__init__()
        self.frame = 0
        self.seen: list[tuple[str, int]] = []
        self._names = {id(w): name for name, w in watched.items()}
        window.installEventFilter(self)
        for widget in watched.values():
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest:
            self.frame += 1
        elif event.type() == QEvent.Type.Paint and id(watched) in self._names:
            self.seen.append((self._names[id(watched)], self.frame))
        return False

    def frames(self, name: str) -> list[int]:
        return [frame for what, frame in self.seen if what == name]


def test_a_new_page_is_painted_once_in_two_halves_then_its_scroll_bar(
        panel: OrdersPanel, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    table = panel.table
    counts = _counted(panel)
    paints = Paints(panel.window(), bar=table.verticalScrollBar())
    drawn: list[tuple[int, int]] = []  # (row, the window's repaint it was drawn in)
    paint_row = OrderRowDelegate.paint_row

    def noting(self: OrderRowDelegate, painter: Any, option: Any, row: int,
               *args: Any, **kwargs: Any) -> None:
        drawn.append((row, paints.frame))
        paint_row(self, painter, option, row, *args, **kwargs)

    monkeypatch.setattr(OrderRowDelegate, "paint_row", noting)
    panel.show_filter(OrderFilter(paid=True))
    _settle_with_counts(panel, qtbot, counts)
    qtbot.wait(200)  # and the laying out of its texts once still: no repaint
    in_view = range(table.rowAt(0), table.rowAt(table.viewport().height() - 1) + 1)
    assert len(in_view) > 10
    # Every row in view drawn once (not twice: laid out at once, not on a later turn)...
    assert sorted(row for row, _ in drawn) == list(in_view), drawn
    # ...the upper half in one frame, the rest in the next...
    frames = sorted({frame for _, frame in drawn})
    assert len(frames) == 2, drawn
    upper = [row for row, frame in drawn if frame == frames[0]]
    assert upper == list(in_view)[:len(in_view) // 2]
    # ...and the scroll bar once, in a frame after both.
    assert paints.frames("bar") == [paints.frames("bar")[0]]
    assert paints.frames("bar")[0] > frames[1], (paints.seen, drawn)


def test_a_click_on_a_value_leaves_the_focus_and_space_ticks_it(panel: OrdersPanel,
                                                                qtbot: QtBot) -> None:
    tree = panel.sidebar.tree
    model = panel.sidebar.model
    panel.table.setFocus()
    index = model.value_index("paid", "false")
    rect = tree.visualRect(model.value_index("paid", "false", column=1))
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.current_filter() == OrderFilter(paid=False)
    # The click took no focus: the tree (and its scroll bar) is not repainted whole for it.
    assert not tree.hasFocus()
    tree.setFocus(Qt.FocusReason.TabFocusReason)
    tree.setCurrentIndex(index)
    qtbot.keyClick(tree, Qt.Key.Key_Space)
    assert panel.current_filter() == OrderFilter()


def test_new_counts_are_announced_over_two_turns_and_all_of_them(panel: OrdersPanel,
                                                                  qtbot: QtBot) -> None:
    # A sidebar of its own: the panel's may take in the store's counts meanwhile.
    sidebar = FacetSidebar(panel.ctx.settings)
    qtbot.addWidget(sidebar)
    sidebar.resize(260, 500)
    sidebar.show()
    model = panel.sidebar.model
    facets: dict[str, dict[str, int]] = {
        f: {v: model.count(f, v) for v in model.values(f)} for f in model.facets()}
    sidebar.set_counts(facets)  # type: ignore[arg-type]
    qtbot.wait(150)
    model = sidebar.model
    facets = {f: {v: n * 2 + 1 for v, n in values.items()} for f, values in facets.items()}
    facets["summary"] = {"pending_process": 12345}
    announced: list[list[tuple[int, int]]] = [[]]

    def note(first: Any, last: Any, *_: object) -> None:
        announced[-1].extend((first.internalId(), row) for row in range(first.row(),
                                                                        last.row() + 1))

    model.dataChanged.connect(note)
    sidebar.set_counts(facets)  # type: ignore[arg-type]
    button = sidebar.summary_buttons[OrderSummary.PENDING_PROCESS]
    assert button.count() != "12,345"  # the view buttons with the rest, a frame later
    announced.append([])
    qtbot.waitUntil(lambda: button.count() == "12,345", timeout=LOAD_TIMEOUT)
    now, then = announced
    every = {(model.value_index(f, v).internalId(), model.value_index(f, v).row())
             for f in model.facets() for v in model.values(f)}
    assert now and then and not set(now) & set(then)
    assert set(now) | set(then) == every
