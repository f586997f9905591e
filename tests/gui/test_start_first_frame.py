"""The start's first frame: the inbox's rows are read while the window is built, and the
window is shown with them (ui/inbox/first_read.py, ui/windows.py `run_windows`)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.services.inbox_list import InboxFilters, InboxList
from sellerdesk.services.shops import Shops
from sellerdesk.services.types import Profile
from sellerdesk.ui import settings as keys
from sellerdesk.ui import windows
from sellerdesk.ui.context import GuiOptions, UiContext
from sellerdesk.ui.inbox import first_read
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notifier
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
from sellerdesk.ui.windows import run_windows
from tests.support.keyring import memory_credentials
from tests.support.sandbox import Sandbox
from tests.support.sessions import sync_into


class _Shown(QObject):
    """Records the inbox's rows each time a main window is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[int] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Show and isinstance(watched, MainWindow)
                and watched.current_view() == "inbox"):
            panel = watched.panel("inbox")
            assert isinstance(panel, InboxPanel)
            self.rows.append(panel.model.rowCount())
        return False


def test_the_window_is_shown_with_the_inbox_rows_read_while_it_was_built(
        sandbox: Sandbox, tmp_path: Path, settings: Settings,
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        qapp: QApplication) -> None:
    data = tmp_path / "data"
    sync_into(sandbox, data, profile="alpha")
    creds = memory_credentials(data)
    creds.add_profile(Profile(name="alpha", base_url=sandbox.base_url, shop_id=sandbox.shop_id))
    creds.set_token("alpha", sandbox.token)
    # Each list read of the inbox, with how many inboxes had been built when it started.
    built = [0]
    reads: list[int] = []
    plain_init, plain_read = InboxPanel.__init__, first_read.read_threads

    def init(self: InboxPanel, *args: Any, **kwargs: Any) -> None:
        built[0] += 1
        plain_init(self, *args, **kwargs)

    def counted(*args: Any) -> Any:
        reads.append(built[0])
        return plain_read(*args)

    monkeypatch.setattr(InboxPanel, "__init__", init)
    monkeypatch.setattr(first_read, "read_threads", counted)
    # The window waits a moment for the rows, then shows without them: what this test checks
    # is that the read starts before the inbox is built and its rows are what is first shown,
    # not how fast a loaded machine reads them (0.1 s was missed at load 19).
    monkeypatch.setattr(windows, "FIRST_VIEW_WAIT", 600.0)
    shown = _Shown()
    qapp.installEventFilter(shown)
    options = GuiOptions(profile="alpha", data_dir=data)
    ctx = UiContext(settings=settings, runner=TaskRunner(loop=qloop), options=options)
    connector = ShopConnector(ctx, Shops(data, credentials=creds),
                              notifier=Notifier(settings, tray_available=False))
    task = qloop.create_task(run_windows(ctx, options, connector))
    try:
        qtbot.waitUntil(lambda: bool(shown.rows), timeout=30_000)
        # One read, started before the inbox existed, and its rows in the window's first
        # shown state (no frame without them before).
        assert reads[:1] == [0]
        assert shown.rows[0] > 0
        assert reads == [0] and built == [1]  # the inbox took that read, it did not read again
    finally:
        qapp.removeEventFilter(shown)
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow) and widget.isVisible():
                widget.close()  # run_windows returns with it
        qtbot.waitUntil(task.done, timeout=30_000)
        shutdown = qloop.create_task(ctx.runner.shutdown())
        qtbot.waitUntil(shutdown.done, timeout=30_000)
        closing = qloop.create_task(connector.aclose())
        qtbot.waitUntil(closing.done, timeout=30_000)


class _Inbox:
    def __init__(self) -> None:
        self.reads = 0
        self.cancelled = 0

    async def list(self, _filters: InboxFilters, *, slow_minutes: int) -> InboxList:
        self.reads += 1
        try:
            await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        return InboxList([], 0, set())


class _Services:
    def __init__(self) -> None:
        self.inbox = _Inbox()


def _run(qloop: asyncio.AbstractEventLoop, qtbot: QtBot, work: Any) -> Any:
    task = qloop.create_task(work)
    qtbot.waitUntil(task.done, timeout=10_000)
    return task.result()


def test_an_early_read_nobody_takes_is_cancelled_and_a_different_one_is_not_given(
        settings: Settings, qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    services: Any = _Services()
    minutes = settings.slow_answer_minutes()

    async def scenario() -> tuple[bool, bool, bool]:
        async with first_read.offered(services, settings):
            other = first_read.take(services, InboxFilters(words="x"), minutes)
            another_shop = first_read.take(_Services(), first_read.saved_filters(settings),
                                           minutes)
        await asyncio.sleep(0.01)  # the cancelled read unwinds
        after = first_read.take(services, first_read.saved_filters(settings), minutes)
        return other is None, another_shop is None, after is None

    assert _run(qloop, qtbot, scenario()) == (True, True, True)
    assert services.inbox.reads == 1 and services.inbox.cancelled == 1


def test_a_taken_early_read_gives_the_rows_once(
        settings: Settings, qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    services: Any = _Services()
    minutes = settings.slow_answer_minutes()

    async def scenario() -> tuple[object, object]:
        async with first_read.offered(services, settings):
            work = first_read.take(services, first_read.saved_filters(settings), minutes)
            again = first_read.take(services, first_read.saved_filters(settings), minutes)
        assert work is not None
        return await work, again

    result, again = _run(qloop, qtbot, scenario())
    assert result == InboxList([], 0, set()) and again is None
    assert services.inbox.reads == 1 and services.inbox.cancelled == 0


def test_no_early_read_for_a_window_that_opens_on_another_view(
        settings: Settings, qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    services: Any = _Services()
    settings.set(keys.LAST_VIEW, "orders")

    async def scenario() -> object:
        async with first_read.offered(services, settings):
            return first_read.take(services, first_read.saved_filters(settings),
                                   settings.slow_answer_minutes())

    assert _run(qloop, qtbot, scenario()) is None
    assert services.inbox.reads == 0
