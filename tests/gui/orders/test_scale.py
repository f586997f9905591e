"""A big shop opens at once: one page on screen, the rest paged in as the seller scrolls.

Not timed (the benchmarks time it): this checks the behaviour that makes it fast. 100,000
orders with --slow; 20,000 otherwise, which exercises the same paths in a few seconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.services.session import Session
from sellerdesk.store.rows import OrderFilter, OrderRow, shipping_tags
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.orders.table_model import PAGE_SIZE
from tests.support.orders_view import LOAD_TIMEOUT, wait_settled
from tests.support.sandbox import Sandbox

CURRENCIES = ("ARS", "BRL", "CLP", "COP", "MXN", "UYU", "VEF")
# After the demo shop's orders, so newest-first shows these first.
START = datetime(2027, 1, 1, tzinfo=UTC)


def synthetic_rows(count: int) -> Iterator[OrderRow]:
    """Small but complete orders, built as rows directly (decoding 100,000 models would
    dominate the test); each document decodes as an `Order`."""
    for i in range(count):
        currency = CURRENCIES[i % len(CURRENCIES)]
        created = START + timedelta(minutes=i)
        status = "delivered" if i % 3 == 0 else "pending"
        doc = {
            "id": str(9_000_000 + i), "channel": "marketplace" if i % 2 else "shopfront",
            "currency": currency, "grand_total": 1000 + i % 997,
            "creation_date": created.isoformat(),
            "status": {"paid": i % 4 != 0, "processed": i % 5 != 0,
                       "delivered": status == "delivered", "closed": i % 7 == 0},
            "buyer": {"name": f"Comprador {i}", "nickname": f"COMP{i}", "client_id": i},
            "products": [{"title": f"Producto {i % 500}", "quantity": 1 + i % 3}],
            "shippings": [{"id": 70_000_000 + i, "status": status}],
            "payments": [{"id": 80_000_000 + i, "amount": 1000 + i % 997}],
        }
        yield OrderRow(
            id=doc["id"], doc=msgspec.json.encode(doc), channel=doc["channel"],
            currency=currency, creation_date=created, paid=i % 4 != 0,
            processed=i % 5 != 0, delivered=status == "delivered", closed=i % 7 == 0,
            shipping_tags=shipping_tags([(status, None)]), client_id=i,
            buyer_name=f"Comprador {i}", buyer_nickname=f"COMP{i}",
            product_titles=(f"Producto {i % 500}",))


def run(qtbot: QtBot, loop: asyncio.AbstractEventLoop, coro: Any, timeout: int) -> Any:
    task = asyncio.ensure_future(coro, loop=loop)
    qtbot.waitUntil(task.done, timeout=timeout)
    return task.result()


@pytest.fixture
def big_shop(live_ctx: UiContext, qtbot: QtBot, qloop: asyncio.AbstractEventLoop,
             request: pytest.FixtureRequest) -> int:
    count = 100_000 if request.config.getoption("--slow") else 20_000
    session: Session = live_ctx.services
    rows = list(synthetic_rows(count))
    for first in range(0, count, 5000):
        run(qtbot, qloop, session.store.run(session.store.cache.upsert_orders,
                                            rows[first:first + 5000]), 120_000)
    return count


def test_a_big_shop_opens_with_one_page_and_pages_lazily(
        live_ctx: UiContext, big_shop: int, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    panel = OrdersPanel(live_ctx)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    panel.activate()
    qtbot.waitUntil(panel.is_loaded, timeout=LOAD_TIMEOUT)
    wait_settled(panel, qtbot)
    model = panel.model
    assert model.total() == big_shop + fresh_sandbox.readable_orders()
    assert model.rowCount() == PAGE_SIZE  # the rest stays in the store until scrolled to
    assert model.line(0).id == str(9_000_000 + big_shop - 1)  # newest first

    for pages in (2, 3):  # each time the seller reaches the end, one more page
        panel.table.scrollToBottom()
        qtbot.waitUntil(lambda pages=pages: model.rowCount() == pages * PAGE_SIZE,
                        timeout=LOAD_TIMEOUT)
    assert model.canFetchMore()

    # Filters and counts work over the whole store, still a page at a time.
    qtbot.waitUntil(lambda: bool(panel.sidebar.model.facets()), timeout=120_000)
    panel.show_filter(OrderFilter(currency="CLP", closed=False))
    wait_settled(panel, qtbot)
    assert model.rowCount() == PAGE_SIZE < (model.total() or 0)
    assert {line.currency for line in model.lines()} == {"CLP"}
