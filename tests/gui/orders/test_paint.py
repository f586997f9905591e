"""How the order table paints: a whole row per delegate call, from texts made off the window's
thread. Counted, not timed (the benchmarks time it: tests/benchmarks/test_gui_bench.py)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from pytestqt.qtbot import QtBot

from sellerdesk.ui.orders.columns import Column, row_texts
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.orders.row_delegate import OrderRowDelegate


def visible_rows(panel: OrdersPanel) -> range:
    table = panel.table
    first = table.rowAt(0)
    last = table.rowAt(table.viewport().height() - 1)
    return range(first, (last if last >= 0 else table.model().rowCount() - 1) + 1)


def picture(panel: OrdersPanel) -> QImage:
    return panel.table.viewport().grab().toImage()


def test_a_repaint_calls_the_delegate_once_per_row_in_view(
        panel: OrdersPanel, monkeypatch: pytest.MonkeyPatch) -> None:
    rows: list[int] = []
    cells: list[Any] = []
    paint_row = OrderRowDelegate.paint_row

    def counted_row(self: OrderRowDelegate, painter: Any, option: Any, row: int,
                    *args: Any, **kwargs: Any) -> None:
        rows.append(row)
        paint_row(self, painter, option, row, *args, **kwargs)

    monkeypatch.setattr(OrderRowDelegate, "paint_row", counted_row)
    monkeypatch.setattr(OrderRowDelegate, "paint", lambda *a: cells.append(a))
    picture(panel)
    shown = visible_rows(panel)
    assert len(shown) > 10
    assert rows == list(shown)  # each row in view once, in order, and no other
    assert cells == []  # no per-cell delegate call


def test_rows_arrive_with_their_texts_made(panel: OrdersPanel) -> None:
    """The texts of every row read are made before the rows reach the window, and they are
    what the cells' roles say."""
    model = panel.model
    assert all(line.display is not None for line in model.lines())
    assert model.line(3).display == row_texts(model.line(3))
    for column in (Column.ID, Column.BUYER, Column.TOTAL, Column.STATE):
        assert model.index(3, column).data() == model.line(3).display[column]


def test_selected_and_alternate_rows_are_painted_as_the_palette_says(
        panel: OrdersPanel, qtbot: QtBot) -> None:
    table = panel.table
    palette = table.palette()
    table.selectionModel().select(
        table.model().index(2, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
    image = picture(panel)
    height = table.rowHeight(0)
    # Inside the Changes column (no icon without a queued change): only the background.
    x = table.columnViewportPosition(Column.SYNC) + table.columnWidth(Column.SYNC) // 2

    def color(row: int) -> QColor:
        return image.pixelColor(QPoint(x, table.rowViewportPosition(row) + height // 2)
                                * image.devicePixelRatio())

    group = (QPalette.ColorGroup.Active if table.isActiveWindow()
             else QPalette.ColorGroup.Inactive)
    assert color(2) == palette.color(group, QPalette.ColorRole.Highlight)
    assert color(1) == palette.color(group, QPalette.ColorRole.AlternateBase)
    assert color(4) == palette.color(group, QPalette.ColorRole.Base)


def test_the_warm_up_builds_the_decoder_the_sync_reads_order_pages_with() -> None:
    """What the thread an OrdersService starts does, so the first sync's decode of an order
    page (on the window's thread) finds its decoder built."""
    from sellerdesk.api.decoding import decoder
    from sellerdesk.api.models import Order, SearchEnvelope
    from sellerdesk.services.orders import _warmed, warm_decoders

    warm_decoders()  # a no-op once warmed; builds it otherwise
    assert _warmed.is_set()
    hits = decoder.cache_info().hits
    decoder(SearchEnvelope[Order])
    assert decoder.cache_info().hits == hits + 1  # found built, not built now


def test_a_page_arrives_with_its_texts_elided_for_the_columns_in_view(
        panel: OrdersPanel, qtbot: QtBot) -> None:
    """Elided on the store's thread, as the window's own font metrics would."""
    model, delegate = panel.model, panel.table.rows
    picture(panel)  # a whole paint: the font and widths the next pages are elided for
    widths = dict(delegate._widths)
    assert Column.BUYER in widths and Column.PRODUCTS in widths
    loaded = model.rowCount()
    model.fetchMore()
    qtbot.waitUntil(lambda: model.rowCount() > loaded, timeout=20_000)
    metrics = panel.table.fontMetrics()
    checked = 0
    for row in range(loaded, model.rowCount()):
        texts = model.row_texts(row)
        for column, width in widths.items():
            if texts[column]:
                assert delegate._elided[(texts[column], width)] == metrics.elidedText(
                    texts[column], Qt.TextElideMode.ElideRight, width)
                checked += 1
    assert checked > model.rowCount() - loaded


def test_a_fresh_screenful_is_drawn_plainly_then_laid_out_when_still(
        panel: OrdersPanel, qtbot: QtBot) -> None:
    """Texts never drawn before are drawn without laying them out (a scroll paints each
    screenful once); once the view is still they are laid out, and look the same."""
    table, delegate = panel.table, panel.table.rows
    delegate.forget()
    plain = picture(panel)
    row = visible_rows(panel)[0]
    buyer = table.model().index(row, Column.BUYER).data()
    width = table.columnWidth(Column.BUYER) - 1 - 2 * 4
    assert buyer and not delegate.laid_out(buyer, width)
    qtbot.waitUntil(lambda: delegate.laid_out(buyer, width), timeout=5_000)
    qtbot.waitUntil(lambda: not delegate._unlaid, timeout=5_000)
    shown = visible_rows(panel)
    texts = [(table.model().index(r, c).data(), c) for r in shown
             for c in (Column.ID, Column.BUYER, Column.PRODUCTS, Column.TOTAL)]
    assert all(delegate.laid_out(t, table.columnWidth(c) - 9) for t, c in texts if t)
    assert picture(panel) == plain  # laid out or not, the same pixels


def test_texts_scrolled_past_are_not_kept_waiting_for_layout(
        panel: OrdersPanel, qtbot: QtBot) -> None:
    """A long scroll draws thousands of texts plainly: only the latest screenfuls wait to
    be laid out (a scroll to the end of 100,000 orders once left 800,000 waiting)."""
    from sellerdesk.ui.orders.row_delegate import _UNLAID_LIMIT
    from tests.support.orders_view import fetch_all

    rows = fetch_all(panel, qtbot)
    table, delegate = panel.table, panel.table.rows
    delegate.forget()
    bar = table.verticalScrollBar()
    drawn: set[tuple[str, int]] = set()  # (text, column) of every cell painted
    while True:
        picture(panel)
        drawn.update((text, column) for row in visible_rows(panel)
                     for column, text in enumerate(table.model().row_texts(row)) if text)
        assert 0 < len(delegate._unlaid) <= _UNLAID_LIMIT
        if bar.value() == bar.maximum():
            break
        bar.setValue(bar.value() + bar.pageStep())
    assert len(drawn) > _UNLAID_LIMIT, rows  # enough texts drawn for the bound to matter
