"""Every view outside the inbox hears a committed change once, from the session's change feed,
and only when the change touches it: a write queued (answer, shipping, tracking code), the
categories or the shop read again. A burst of values in one turn of the loop is one reload.
Real sandbox, real store; reloads are counted, nothing is timed."""

from __future__ import annotations

import asyncio
import shutil
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Event, Provider, ShippingStatus, ThreadStatus
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.changes import Changes
from sellerdesk.services.session import Session
from sellerdesk.services.shops import Shops
from sellerdesk.store.rows import OrderFilter
from sellerdesk.ui.categories.panel import CategoriesPanel
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dashboard.panel import DashboardPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.outbox import OutboxPanel
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop import ShopPanel
from sellerdesk.ui.shop_connector import ShopConnector
from sellerdesk.ui.tracking.panel import TrackingPanel
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session

T = TypeVar("T")
VIEWS = ("dashboard", "orders", "outbox", "tracking", "categories", "shop", "badge")


@pytest.fixture
def still_session(qloop: asyncio.AbstractEventLoop, qtbot: QtBot, fresh_sandbox: Sandbox,
                  synced_data_dir: Path, tmp_path: Path) -> Iterator[Session]:
    """A synced session whose outbox sender is not started: a queued write is one commit."""
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    opening = asyncio.ensure_future(open_session(fresh_sandbox, data), loop=qloop)
    qtbot.waitUntil(opening.done, timeout=60_000)
    session = opening.result()
    yield session
    closing = asyncio.ensure_future(session.aclose(), loop=qloop)
    qtbot.waitUntil(closing.done, timeout=60_000)


class Views:
    """The views outside the inbox, each shown, with a count of its reloads."""

    def __init__(self, ctx: UiContext, session: Session, qtbot: QtBot,
                 monkeypatch: pytest.MonkeyPatch, data: Path) -> None:
        self.reloads: Counter[str] = Counter()
        self.session = session
        self.panels: dict[str, Panel] = {
            "dashboard": DashboardPanel(ctx), "orders": OrdersPanel(ctx),
            "outbox": OutboxPanel(ctx), "tracking": TrackingPanel(ctx),
            "categories": CategoriesPanel(ctx), "shop": ShopPanel(ctx)}
        for name, panel in self.panels.items():
            qtbot.addWidget(panel)
            panel.show()
            with qtbot.waitSignal(panel.loaded, timeout=30_000, raising=False) as shown:
                panel.activate()
            # Which view, and what it still waited for: a rare run saw one never load.
            assert shown.signal_triggered, (
                f"the {name} view never said it had loaded; still running: "
                f"{[(h.label, h.key) for h in ctx.runner.running()]}")
        orders = self.panels["orders"]
        assert isinstance(orders, OrdersPanel)
        qtbot.waitUntil(lambda: orders.model.rowCount() > 0, timeout=30_000)
        self.connector = ShopConnector(ctx, Shops(data))
        self.connector.use(session)
        self.window = MainWindow(ctx)
        qtbot.addWidget(self.window)
        # What each view does when the feed tells it something changed, counted.
        self._count(monkeypatch, "dashboard", self.panels["dashboard"], "_reload")
        self._count(monkeypatch, "orders", orders.model, "follow_changes")
        self._count(monkeypatch, "outbox", self.panels["outbox"], "reload")
        for name in ("tracking", "categories", "shop"):
            self._count(monkeypatch, name, self.panels[name], "reread_when_seen")
        self._count(monkeypatch, "badge", self.connector, "_update_badge")
        monkeypatch.setattr(session, "start", lambda: None)  # no sender: one commit a write
        self.connector.bind(self.window, shop_label="Tienda")
        assert self.connector.refresher is not None
        self.connector.refresher.stop()  # no background sync either

    def _count(self, monkeypatch: pytest.MonkeyPatch, name: str, owner: object,
               method: str) -> None:
        real: Callable[..., Any] = getattr(owner, method)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.reloads[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, method, counted)

    def close(self) -> None:
        self.connector.unbind()


@pytest.fixture
def views(settings: Settings, runner: TaskRunner, still_session: Session,
          qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Views]:
    live = UiContext(settings=settings, runner=runner, services=still_session)
    v = Views(live, still_session, qtbot, monkeypatch, tmp_path / "data")
    idle(qtbot, runner)
    v.reloads.clear()
    yield v
    v.close()


def idle(qtbot: QtBot, runner: TaskRunner) -> None:
    """Until nothing the views started is running and the loop has turned a few times."""
    qtbot.waitUntil(lambda: not runner.is_busy(), timeout=30_000)
    for _ in range(5):
        QApplication.processEvents()
    qtbot.waitUntil(lambda: not runner.is_busy(), timeout=30_000)


def run(qtbot: QtBot, loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T]) -> T:
    task = asyncio.ensure_future(coro, loop=loop)
    qtbot.waitUntil(task.done, timeout=30_000)
    return task.result()


def heard(views: Views, qtbot: QtBot, runner: TaskRunner, *touched: str) -> None:
    """Each view in `touched` reloaded exactly once; every other view not at all."""
    expected = {name: 1 for name in touched}
    qtbot.waitUntil(lambda: all(views.reloads[n] >= 1 for n in touched), timeout=30_000)
    idle(qtbot, runner)
    assert {n: views.reloads[n] for n in VIEWS if views.reloads[n]} == expected
    views.reloads.clear()


async def _answer(session: Session) -> None:
    for thread in await session.inbox.threads(status=ThreadStatus.UNANSWERED):
        for q in await session.inbox.conversation(thread.id):
            if q.status == "unanswered":
                await session.inbox.answer(q.id, "Sí, hay stock.")
                return
    raise AssertionError("no unanswered question in the demo shop")


async def _ship(session: Session) -> None:
    order = (await session.orders.orders(OrderFilter(shipping="pending"), limit=1))[0]
    ship = next(s for s in order.shippings or [] if s.status == "pending")
    assert ship.id is not None
    await session.orders.update_shipping(order, ship.id, status=ShippingStatus.PICKUP)


async def _code(session: Session) -> None:
    await session.tracking.create(TrackingCodeDraft(
        name="Píxel", code="p-1", provider=Provider.ADS, event=Event.CONGRAT_PAGE))


def test_each_view_reloads_once_per_change_that_touches_it(
        views: Views, qtbot: QtBot, qloop: asyncio.AbstractEventLoop,
        runner: TaskRunner) -> None:
    session = views.session
    run(qtbot, qloop, _answer(session))  # one commit: an answer queued
    heard(views, qtbot, runner, "dashboard", "outbox", "badge")
    run(qtbot, qloop, _ship(session))  # one commit: a shipping queued
    heard(views, qtbot, runner, "dashboard", "orders", "outbox", "badge")
    run(qtbot, qloop, _code(session))  # one commit: a tracking code queued
    heard(views, qtbot, runner, "dashboard", "tracking", "outbox", "badge")
    # Read again from the shop: the view of it, and the dashboard (its "last synced" line).
    run(qtbot, qloop, session.catalogue.refresh_categories())
    heard(views, qtbot, runner, "categories", "dashboard")
    run(qtbot, qloop, session.catalogue.refresh_shop())
    heard(views, qtbot, runner, "shop", "dashboard")
    run(qtbot, qloop, session.tracking.refresh())
    heard(views, qtbot, runner, "tracking", "dashboard")


def test_a_burst_in_one_turn_is_one_reload(views: Views, qtbot: QtBot,
                                           runner: TaskRunner) -> None:
    session = views.session
    orders = views.panels["orders"]
    assert isinstance(orders, OrdersPanel)
    ids = [orders.model.line(i).id for i in range(min(20, orders.model.rowCount()))]
    for order_id in ids * 50:  # a thousand values, as a drain or a sync would publish them
        session.changes.publish(Changes.of_orders([order_id]))
    heard(views, qtbot, runner, "orders", "dashboard", "badge")
