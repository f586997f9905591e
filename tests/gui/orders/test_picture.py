"""The Orders view with live data, rendered to PNG (look at it: tests cannot judge looks)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.snapshot import take_snapshots
from sellerdesk.ui.views import default_views
from tests.support.orders_view import wait_settled


def _out_dir(tmp_path: Path) -> Path:
    # SELLERDESK_PICTURES keeps the pictures somewhere a person can open them.
    folder = Path(os.environ.get("SELLERDESK_PICTURES") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_snapshot_state_shows_an_order_with_payments_and_shipping(
        panel: OrdersPanel, qtbot: QtBot, qloop: asyncio.AbstractEventLoop,
        tmp_path: Path) -> None:
    preparing = asyncio.ensure_future(panel.prepare_snapshot(), loop=qloop)
    qtbot.waitUntil(preparing.done, timeout=30_000)
    preparing.result()
    order = panel.detail.order()
    assert order is not None and order.payments and order.shippings
    assert panel.table.selected_ids() == [order.id]
    target = _out_dir(tmp_path) / "orders-view.png"
    assert panel.grab().save(str(target), "PNG")
    assert target.stat().st_size > 10_000


def test_the_window_snapshot_of_orders_shows_a_detail(
        live_ctx: UiContext, qtbot: QtBot, qloop: asyncio.AbstractEventLoop,
        tmp_path: Path) -> None:
    """What `sellerdesk --snapshot` saves as orders.png, from the main window."""
    window = MainWindow(live_ctx, [spec for spec in default_views()
                                   if spec.view_id == "orders"])
    qtbot.addWidget(window)
    out = _out_dir(tmp_path)
    taking = asyncio.ensure_future(take_snapshots(window, out, views=["orders"]), loop=qloop)
    qtbot.waitUntil(taking.done, timeout=60_000)
    report = taking.result()
    assert report.ok, report.failures
    panel = window.panel("orders")
    assert isinstance(panel, OrdersPanel)
    assert panel.detail.order() is not None
    assert (out / "orders.png").stat().st_size > 10_000


def test_the_bulk_dialog_and_the_empty_states_render(panel: OrdersPanel, ctx: UiContext,
                                                     qtbot: QtBot, tmp_path: Path) -> None:
    out = _out_dir(tmp_path)
    selection = panel.table.selectionModel()
    for row in range(5):
        selection.select(panel.model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)
    dialog = panel.open_bulk_shipping()
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    dialog.paste_codes("OCA-0001\nOCA-0002\nOCA-0003")
    assert dialog.grab().save(str(out / "orders-bulk.png"), "PNG")
    dialog.close()

    panel.search.setText("nadie-compra-esto")
    panel.search.settle_now()
    wait_settled(panel, qtbot)
    assert panel.grab().save(str(out / "orders-no-results.png"), "PNG")

    offline = OrdersPanel(ctx)
    qtbot.addWidget(offline)
    offline.resize(1000, 640)
    offline.show()
    offline.activate()
    assert offline.grab().save(str(out / "orders-no-shop.png"), "PNG")
