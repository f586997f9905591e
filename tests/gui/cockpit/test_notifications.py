"""Desktop notifications: once per new item after a sync (not again after a restart), never in
quiet hours (the tray's count still updates), a click opens the item; the background refresh
backs off while offline and after a 429."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QSystemTrayIcon
from pytestqt.qtbot import QtBot

from sellerdesk.api.errors import Offline, RateLimited
from sellerdesk.services.connectivity import Connection
from sellerdesk.services.notifications import NewItem
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.session import Session
from sellerdesk.services.shops import Shops
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notice, Notifier, compose, safe_text
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session

QUESTION = NewItem("question", "77", "Lucía <b>F</b>", "¿Tienen talle M?\n<img src=x>", "t-1")
ORDER = NewItem("order", "2000123", "Pedro", "Zapatillas urbanas")


# ---- Pure rules. -----------------------------------------------------------------------------

def test_a_notice_says_who_and_what_without_markup() -> None:
    one = compose([QUESTION], shop="Mi tienda")
    assert one.title == "\u2068Mi tienda\u2069: New question from \u2068Lucía ‹b›F‹/b›\u2069"
    assert one.body == "\u2068¿Tienen talle M? ‹img src=x›\u2069"
    assert one.target is QUESTION
    both = compose([ORDER, QUESTION])
    assert both.title == "1 new question(s), 1 new order(s)"
    assert both.target is QUESTION  # a click opens the question first
    assert len(safe_text("x" * 500)) <= 180


def _notifier(settings: Settings, hour: int) -> Notifier:
    clock = lambda: datetime(2026, 11, 20, hour, 30).astimezone()  # noqa: E731
    return Notifier(settings, clock=clock, tray_available=False)


def test_quiet_hours_hold_back_popups_but_not_the_count(settings: Settings,
                                                        qtbot: QtBot) -> None:
    settings.set(keys.QUIET_HOURS, True)
    settings.set(keys.QUIET_FROM_HOUR, 22)
    settings.set(keys.QUIET_TO_HOUR, 8)
    night, day = _notifier(settings, 23), _notifier(settings, 11)
    with qtbot.assertNotEmitted(night.shown):
        assert night.announce([QUESTION]) is None
    night.set_unanswered(4, "Mi tienda")
    assert night.unanswered == 4 and "4 unanswered" in night.tooltip()
    assert night.last_item is QUESTION  # a click on the tray still opens it...
    with qtbot.waitSignal(night.activated, timeout=1000) as clicked:
        night._on_tray_message_clicked()
    assert clicked.args == [QUESTION]
    with qtbot.waitSignal(night.activated, timeout=1000) as clicked:
        night._on_tray_activated(QSystemTrayIcon.ActivationReason.Trigger)
    assert clicked.args == [None]  # ...once; then the tray only brings the window back
    assert len(night.suppressed) == 1
    with qtbot.waitSignal(day.shown, timeout=1000) as shown:
        day.announce([QUESTION])
    assert isinstance(shown.args[0], Notice)
    settings.set(keys.NOTIFY_DESKTOP, False)
    with qtbot.assertNotEmitted(day.shown):
        day.announce([ORDER])


# ---- Live: a window over a session, a connector, a sandbox. -----------------------------------

class Rig:
    """A window bound to a session through a connector, as app.py does it."""

    def __init__(self, ctx: UiContext, session: Session, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.notifier = Notifier(ctx.settings, tray_available=False)
        self.heard: list[Notice] = []
        self.notifier.shown.connect(self.heard.append)
        self.connector = ShopConnector(ctx, Shops(), notifier=self.notifier)
        self.connector.use(session)
        self.window = MainWindow(ctx)
        qtbot.addWidget(self.window)
        self.connector.bind(self.window, shop_label="Tienda de prueba")
        self.window.show()

    def sync(self) -> None:
        done: list[object] = []
        session = self.connector.session
        assert session is not None
        session.sync.finished.connect(done.append)
        self.connector.sync_now(quiet=True)
        self.qtbot.waitUntil(lambda: bool(done), timeout=60_000)
        # The check runs after the sync, on the runner: let it finish.
        self.qtbot.waitUntil(lambda: not any(h.key == "notifications"
                                             for h in self.connector._ctx.runner.running()),
                             timeout=10_000)

    def close(self, qloop: asyncio.AbstractEventLoop) -> None:
        self.connector.unbind()
        self.window.close()
        task = qloop.create_task(self.connector.close_session())
        self.qtbot.waitUntil(task.done, timeout=30_000)



@pytest.fixture
def synced_copy(synced_data_dir: Path, tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    return data


def _open(sb: Sandbox, data: Path, qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> Session:
    task = qloop.create_task(open_session(sb, data))
    qtbot.waitUntil(task.done, timeout=30_000)
    return task.result()


@pytest.fixture
def fresh_ctx(settings: Settings, qloop: asyncio.AbstractEventLoop,
              qtbot: QtBot) -> Iterator[UiContext]:
    ctx = UiContext(settings=settings, runner=TaskRunner(loop=qloop))
    yield ctx
    ctx.runner.cancel_all()
    qtbot.waitUntil(lambda: not ctx.runner.is_busy(), timeout=10_000)


def test_each_new_item_pops_up_once_even_after_a_restart(
        fresh_sandbox: Sandbox, synced_copy: Path, settings: Settings,
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    sb = fresh_sandbox
    ctx = UiContext(settings=settings, runner=TaskRunner(loop=qloop))
    rig = Rig(ctx, _open(sb, synced_copy, qloop, qtbot), qtbot)
    rig.sync()
    assert rig.heard == []  # the first look at a shop is not news
    question = sb.ask(text="¿Tienen talle M en azul?", buyer="Lucía Fernández")
    rig.sync()
    assert [n.title for n in rig.heard] == [
        "\u2068Tienda de prueba\u2069: New question from \u2068Lucía Fernández\u2069"]
    assert rig.heard[0].body == "\u2068¿Tienen talle M en azul?\u2069"
    assert rig.heard[0].target is not None and rig.heard[0].target.id == str(question["id"])
    rig.sync()
    assert len(rig.heard) == 1  # not twice
    rig.close(qloop)
    ctx.runner.cancel_all()

    # A restart: a new runner, session, connector and window over the same data folder.
    ctx2 = UiContext(settings=settings, runner=TaskRunner(loop=qloop))
    again = Rig(ctx2, _open(sb, synced_copy, qloop, qtbot), qtbot)
    try:
        again.sync()
        assert again.heard == []
        order = sb.sell(currency="ARS")
        again.sync()
        assert [n.target.id for n in again.heard if n.target] == [order["id"]]
        assert again.heard[0].title.startswith("\u2068Tienda de prueba\u2069: New order from ")
        assert again.notifier.unanswered >= 1
    finally:
        again.close(qloop)
        ctx2.runner.cancel_all()
        qtbot.waitUntil(lambda: not ctx2.runner.is_busy(), timeout=10_000)


def test_a_click_on_a_notice_opens_its_thread_or_order(
        fresh_sandbox: Sandbox, synced_copy: Path, fresh_ctx: UiContext,
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    rig = Rig(fresh_ctx, _open(fresh_sandbox, synced_copy, qloop, qtbot), qtbot)
    try:
        rig.sync()
        fresh_sandbox.ask(text="¿Envían hoy?", buyer="Ana")
        order = fresh_sandbox.sell(currency="BRL")
        rig.sync()
        notice = rig.heard[-1]
        assert notice.target is not None and notice.target.kind == "question"
        rig.notifier.activated.emit(notice.target)
        inbox = rig.window.panel("inbox")
        assert isinstance(inbox, InboxPanel) and rig.window.current_view() == "inbox"
        qtbot.waitUntil(lambda: inbox.thread_view.thread_id() == notice.target.thread_id,
                        timeout=10_000)
        item = next(i for i in notice.items if i.kind == "order")
        assert item.id == order["id"]
        rig.notifier.activated.emit(item)
        orders = rig.window.panel("orders")
        assert isinstance(orders, OrdersPanel) and rig.window.current_view() == "orders"
        qtbot.waitUntil(lambda: (orders.detail.order() is not None
                                 and orders.detail.order().id == order["id"]),
                        timeout=10_000)
    finally:
        rig.close(qloop)


def test_the_refresh_backs_off_offline_and_after_a_429(
        fresh_sandbox: Sandbox, synced_copy: Path, fresh_ctx: UiContext,
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    fresh_ctx.settings.set(keys.REFRESH_INTERVAL_S, 60)
    rig = Rig(fresh_ctx, _open(fresh_sandbox, synced_copy, qloop, qtbot), qtbot)
    connector = rig.connector
    session = connector.session
    assert session is not None
    failures: list[Exception] = []
    try:
        fresh_sandbox.set_faults(rate_limit_rate=1.0, retry_after=1)
        original = session.sync.sync

        async def watched(**kwargs: object) -> object:
            try:
                return await original(**kwargs)  # type: ignore[arg-type]
            except Exception as exc:
                failures.append(exc)
                raise

        session.sync.sync = watched  # type: ignore[method-assign]
        connector.sync_now(quiet=True)
        qtbot.waitUntil(lambda: bool(failures), timeout=60_000)
        assert isinstance(failures[0], RateLimited)
        refresher = connector.refresher
        assert refresher is not None
        qtbot.waitUntil(lambda: refresher.schedule.delay == 120, timeout=5_000)
        assert refresher.scheduled is not None  # the next one is planned

        fresh_sandbox.clear_faults()
        fresh_sandbox.stop()  # the network is gone
        connector.sync_now(quiet=True)
        qtbot.waitUntil(lambda: len(failures) == 2, timeout=60_000)
        assert isinstance(failures[1], Offline)
        qtbot.waitUntil(lambda: refresher.schedule.delay == 240, timeout=5_000)
        assert session.connectivity.state is not Connection.ONLINE  # the status bar says so
        refresher._due()  # due while offline: no request, a longer wait
        assert refresher.schedule.delay == 480 and len(failures) == 2
    finally:
        rig.close(qloop)


def test_the_tray_shows_the_count_as_a_badge(settings: Settings, qtbot: QtBot) -> None:
    """The tray code path itself (offscreen draws nothing, but it must run cleanly)."""
    notifier = Notifier(settings, tray_available=True)
    try:
        notifier.set_unanswered(12, "Mi tienda")
        assert notifier.tray is not None
        # The shop's name is untrusted text: isolated as one line (services/safe_text).
        assert notifier.tray.toolTip() == (
            f"SellerDesk · {one_line('Mi tienda')} · 12 unanswered question(s)")
        assert not notifier.tray.icon().isNull()
        with qtbot.waitSignal(notifier.shown, timeout=1000):
            notifier.announce([ORDER])
        assert notifier.tray.contextMenu() is not None
        assert [a.text() for a in notifier.tray.contextMenu().actions()] == ["Open SellerDesk"]
    finally:
        notifier.close()
    assert notifier.tray is None
