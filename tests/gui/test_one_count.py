"""One `Counts`, told the same everywhere: with an answer queued offline, the dashboard's
card, the sidebar's badge, the inbox's header and the tray's tooltip say the questions
waiting as `CountsService` counts them, and the next notice announces only questions that
count among them (not the one whose answer waits in the outbox).

Real sandbox over loopback, real store, a window bound by `ShopConnector` as the app binds
it. The outbox's sender is not started, so the answer stays queued; nothing is timed: each
surface is waited for until it says its figure."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.services.inbox_list import WAITING
from sellerdesk.services.session import Session
from sellerdesk.services.shops import Shops
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dashboard import DashboardPanel
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notice, Notifier
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
from sellerdesk.ui.widgets.formatting import format_number
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session

T = TypeVar("T")


@pytest.fixture
def session(qloop: asyncio.AbstractEventLoop, qtbot: QtBot, fresh_sandbox: Sandbox,
            synced_data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
            ) -> Iterator[Session]:
    """A synced session whose sender never starts: a queued answer stays queued."""
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    opened = _run(qtbot, qloop, open_session(fresh_sandbox, data))
    monkeypatch.setattr(opened, "start", lambda: None)
    yield opened
    if not fresh_sandbox.running:
        fresh_sandbox.start()
    _run(qtbot, qloop, opened.aclose())


def _run(qtbot: QtBot, loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T]) -> T:
    task = asyncio.ensure_future(coro, loop=loop)
    qtbot.waitUntil(task.done, timeout=60_000)
    return task.result()


def test_a_queued_answer_is_counted_alike_by_every_surface_and_never_announced(
        session: Session, fresh_sandbox: Sandbox, settings: Settings, runner: TaskRunner,
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    sb = fresh_sandbox

    def run(coro: Coroutine[Any, Any, T]) -> T:
        return _run(qtbot, qloop, coro)

    run(session.sync.sync())
    assert run(session.notifications.check()) == []  # the first look: recorded, not news
    before = run(session.counts.counts()).unanswered
    answered, other = sb.ask(text="¿Hay en rojo?"), sb.ask(text="¿Hacen envíos hoy?")
    run(session.sync.sync())  # the app closed before its check, say
    sb.stop()
    run(session.inbox.answer(answered["id"], "Sí, también en rojo."))  # offline: queued
    sb.start()

    ctx = UiContext(settings=settings, runner=runner)
    notifier = Notifier(settings, tray_available=False)
    heard: list[Notice] = []
    notifier.shown.connect(heard.append)
    connector = ShopConnector(ctx, Shops(), notifier=notifier)
    connector.use(session)
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    connector.bind(window, shop_label="Tienda")
    try:
        assert connector.refresher is not None
        connector.refresher.stop()  # the sync below is the only one
        waiting = run(session.counts.counts()).unanswered
        assert waiting == before + 1  # two arrived, one answered (queued)
        assert run(session.inbox.list(WAITING)).unanswered == waiting
        _every_surface_says(qtbot, window, connector, waiting)

        finished: list[object] = []
        session.sync.finished.connect(finished.append)
        with qtbot.waitSignal(notifier.shown, timeout=60_000):
            connector.sync_now(quiet=True)  # its check runs after it, as after every sync
        qtbot.waitUntil(lambda: bool(finished), timeout=60_000)
        # The notice names what arrived and still waits: the answered question is no news.
        assert [(i.kind, i.id) for n in heard for i in n.items] == [
            ("question", str(other["id"]))]
        # And every surface still counts it as the one `Counts` does: before, plus the news.
        news = sum(i.kind == "question" for n in heard for i in n.items)
        assert run(session.counts.counts()).unanswered == before + news == waiting
        _every_surface_says(qtbot, window, connector, before + news)
    finally:
        connector.unbind()
        window.close()
        runner.cancel_all()
        qtbot.waitUntil(lambda: not runner.is_busy(), timeout=30_000)


def _every_surface_says(qtbot: QtBot, window: MainWindow, connector: ShopConnector,
                        n: int) -> None:
    """Each surface, shown as the seller would see it, says `n` questions wait."""
    window.show_view("inbox")
    inbox = window.panel("inbox")
    assert isinstance(inbox, InboxPanel)
    qtbot.waitUntil(lambda: inbox.unanswered() == n, timeout=30_000)
    window.show_view("dashboard")
    dashboard = window.panel("dashboard")
    assert isinstance(dashboard, DashboardPanel)
    qtbot.waitUntil(lambda: dashboard.glance is not None
                    and dashboard.card_unanswered.value() == format_number(n), timeout=30_000)
    nav = window.sidebar.navigation
    qtbot.waitUntil(lambda: nav.badge("inbox") == n and connector.notifier.unanswered == n,
                    timeout=30_000)
    assert f"{n} unanswered question" in connector.notifier.tooltip()
    assert inbox.unanswered() == n  # still, with every other surface in step
