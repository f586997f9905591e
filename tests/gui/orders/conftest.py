"""Fixtures of the Orders view tests: the panel over a live synced session, and helpers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.orders.panel import OrdersPanel
from tests.support.orders_view import LOAD_TIMEOUT, wait_settled


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot) -> Iterator[OrdersPanel]:
    """The Orders view over the synced 2,000-order demo shop, shown and loaded."""
    view = OrdersPanel(live_ctx)
    qtbot.addWidget(view)
    view.restore_state()
    view.resize(1280, 800)
    view.show()
    view.activate()
    qtbot.waitUntil(view.is_loaded, timeout=LOAD_TIMEOUT)
    wait_settled(view, qtbot)
    qtbot.waitUntil(lambda: bool(view.sidebar.model.facets()), timeout=LOAD_TIMEOUT)
    yield view
