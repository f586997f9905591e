"""Fixtures of the Orders view tests: the panel over a live synced session, and helpers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.services.session import Session
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.orders.panel import OrdersPanel

LOAD_TIMEOUT = 20_000


def fetch_all(panel: OrdersPanel, qtbot: QtBot) -> int:
    """Page in every row of the current filter; returns the row count."""
    model = panel.model
    qtbot.waitUntil(lambda: not model.is_fetching(), timeout=LOAD_TIMEOUT)
    while model.canFetchMore():
        model.fetchMore()
        qtbot.waitUntil(lambda: not model.is_fetching(), timeout=LOAD_TIMEOUT)
    return model.rowCount()


def wait_settled(panel: OrdersPanel, qtbot: QtBot) -> None:
    """The first page and the count of the current filter are in."""
    qtbot.waitUntil(lambda: not panel.model.is_fetching()
                    and panel.model.total() is not None, timeout=LOAD_TIMEOUT)


def session_of(panel: OrdersPanel) -> Session:
    session = panel.ctx.services
    assert isinstance(session, Session)
    return session


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
