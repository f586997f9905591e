"""A new query (a sidebar click, words searched, a header click) changes what the list shows
and nothing around it: no widget is moved or resized on the way, so the window repaints the
rows and the counts that changed, not the whole view. Counted, not timed (the benchmarks time
it: tests/benchmarks/test_gui_bench.py)."""

from __future__ import annotations

import collections

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPaintEvent
from pytestqt.qtbot import QtBot

from sellerdesk.services.types import OrderFilter, OrderSort
from sellerdesk.ui.orders.panel import OrdersPanel
from tests.gui.orders.conftest import LOAD_TIMEOUT, wait_settled

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
    subtitle = panel.header.findChildren(QObject)  # the title, the status line, the tools
    return Moves(table, table.viewport(), table.horizontalHeader(), table.verticalScrollBar(),
                 panel.sidebar, panel.sidebar.tree, *subtitle)


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


def test_a_new_page_is_painted_once_and_its_scroll_bar_in_a_frame_after(
        panel: OrdersPanel, qtbot: QtBot) -> None:
    table = panel.table
    counts = _counted(panel)
    rows_painted: list[int] = []
    paints = Paints(panel.window(), rows=table.viewport(), bar=table.verticalScrollBar())

    def note_rows(*_: object) -> None:
        rows_painted.append(table.model().rowCount())

    original = table.paintEvent

    def counting(event: QPaintEvent) -> None:
        note_rows()
        original(event)

    table.paintEvent = counting  # type: ignore[method-assign]
    panel.show_filter(OrderFilter(paid=True))
    _settle_with_counts(panel, qtbot, counts)
    qtbot.wait(200)  # and the laying out of its texts once still: no repaint
    # The emptied list may be painted (a fill), its first page once, not twice.
    assert sum(1 for n in rows_painted if n) == 1, rows_painted
    bar = paints.frames("bar")
    rows = [f for f, n in zip(paints.frames("rows"), rows_painted, strict=True) if n]
    assert len(bar) == 1 and bar[0] > rows[0], paints.seen


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
