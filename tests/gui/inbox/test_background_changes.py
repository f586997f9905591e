"""A change that arrives in the background (a sync, a drain) reaches the list a few rows per
turn of the event loop where the list shows them (the rows below the view at once), never a
screenful of new rows at once, and the rows come marked as
they are drawn (late or not) so that none is drawn twice; the open conversation stays open
and the list settles (count, selection) when every row is in."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QModelIndex
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from sellerdesk.services.inbox_list import InboxList
from sellerdesk.ui.inbox.panel import ROWS_PER_TURN, InboxPanel
from sellerdesk.ui.inbox.thread_delegate import ThreadDelegate
from sellerdesk.ui.inbox.thread_model import ThreadRole


def test_a_background_change_arrives_a_few_rows_per_turn(panel: InboxPanel,
                                                         qtbot: QtBot) -> None:
    items = panel.model.items()
    assert len(items) > 4 * ROWS_PER_TURN
    open_id = panel.thread_view.thread_id()
    assert open_id is not None
    # The open one stays; every other row comes back in the opposite order, one gone.
    others = [t for t in items if t.id != open_id]
    gone = others.pop()
    change = [*reversed(others[:len(others) // 2]), next(t for t in items if t.id == open_id),
              *reversed(others[len(others) // 2:])]
    signals: list[int] = []
    panel.model.rowsInserted.connect(lambda _p, first, last: signals.append(last - first + 1))
    panel.model.rowsMoved.connect(lambda *_: signals.append(1))
    turns: list[int] = []
    with qtbot.waitSignal(panel.model.caught_up, timeout=10_000):
        panel._on_threads_read(panel.filters(), False, True, InboxList(change, 7, set()))
        turns.append(sum(signals))
        while panel.model.catching_up():
            before = sum(signals)
            QCoreApplication.processEvents()  # one turn of the event loop: one slice
            turns.append(sum(signals) - before)
    assert panel.model.items() == change
    assert gone.id not in [t.id for t in panel.model.items()]
    # A few rows a turn while the walk is among the rows in view; the rows below go in
    # with the turn that reaches them.
    in_view = panel.list.rows_in_view()
    assert 5 < in_view < len(change)
    assert max(turns[:-1]) <= ROWS_PER_TURN
    assert len(turns) >= in_view // ROWS_PER_TURN
    assert len(turns) < len(change) // ROWS_PER_TURN
    assert panel.thread_view.thread_id() == open_id  # rows moved under it: it stays open
    assert panel.list.current_row() == panel.model.row_of(open_id)
    assert panel.list.count.text().endswith(str(len(change)))


def test_rows_arrive_marked_late_and_are_not_changed_again(panel: InboxPanel) -> None:
    items = panel.model.items()
    waiting = next(t for t in items if t.waiting and t.id != panel.thread_view.thread_id())
    panel._on_threads_read(panel.filters(), False, False,
                           InboxList([t for t in items if t.id != waiting.id], 0, set()))
    late_changes: list[int] = []

    def on_changed(top: QModelIndex, _bottom: QModelIndex, roles: list[int] = []) -> None:  # noqa: B006
        if int(ThreadRole.LATE) in roles or not roles:
            late_changes.append(top.row())

    panel.model.dataChanged.connect(on_changed)
    panel._on_threads_read(panel.filters(), False, False, InboxList(items, 0, {waiting.id}))
    row = panel.model.row_of(waiting.id)
    assert panel.model.index(row, 0).data(ThreadRole.LATE) is True
    assert row not in late_changes  # inserted late: drawn once


def test_an_empty_list_draws_a_sample_row_ahead_and_keeps_none(panel: InboxPanel,
                                                               qtbot: QtBot) -> None:
    """An empty inbox draws its first row before a sync brings rows (fonts, glyphs), and the
    samples take no place among the rows kept as pictures."""
    delegate = panel.list.view.itemDelegate()
    assert isinstance(delegate, ThreadDelegate)
    kept = dict(delegate._rows)
    warmed: list[QStyleOptionViewItem] = []
    original = delegate.warm_up
    delegate.warm_up = lambda option: (warmed.append(option), original(option))  # type: ignore[method-assign]
    panel._on_threads_read(panel.filters(), False, False, InboxList([], 0, set()))
    assert panel.list.showing_empty()
    qtbot.waitUntil(lambda: bool(warmed))
    assert warmed[0].rect.width() == panel.list.view.viewport().width()
    assert delegate._rows == kept
    panel._on_threads_read(panel.filters(), False, False, InboxList([], 0, set()))
    for _ in range(3):
        QCoreApplication.processEvents()  # turns where a second warm-up would run
    assert len(warmed) == 1  # once per list
