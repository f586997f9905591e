"""Waiting for the orders view: its loads and settling, as the orders view tests need."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from sellerdesk.services.session import Session
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
