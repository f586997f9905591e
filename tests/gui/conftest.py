"""GUI fixtures: one qasync loop over pytest-qt's QApplication, throw-away settings, a window.

The loop is created with `already_running=True`: pytest-qt drives Qt's event loop
(`qtbot.waitUntil`, `waitSignal`), and the qasync loop's callbacks run as Qt timer events
inside it, so coroutines advance while a test waits, without `run_until_complete`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.services.session import Session
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.qt_loop import QtLoop
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from tests.support.gui_settings import make_settings
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def no_window_left_open(qapp: QApplication) -> Iterator[None]:
    """A test leaves no main window shown behind it: the next test in this worker would find
    it and act on it instead of its own (tests look their window up among the shown ones)."""
    yield
    left = [w for w in QApplication.topLevelWidgets()
            if isinstance(w, MainWindow) and w.isVisible()]
    for window in left:
        window.close()
        window.deleteLater()
    if left:
        pytest.fail(f"{len(left)} main window(s) still shown after the test", pytrace=False)


@pytest.fixture
def qloop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    loop = QtLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    # qasync's default executor (getaddrinfo runs there on every request) makes QThreads that
    # outlive the loop and abort the process at exit; a plain pool, shut down after the test,
    # does not.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="test-loop")
    loop.set_default_executor(pool)
    yield loop
    pool.shutdown(wait=False, cancel_futures=True)
    # `already_running` marks the loop as this thread's running loop; undo that, or every
    # later asyncio.run() / pytest-asyncio test in this worker believes a loop is running.
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(None)


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    return tmp_path / "settings.ini"


@pytest.fixture
def settings(settings_path: Path, qapp: QApplication) -> Iterator[Settings]:
    made = make_settings(settings_path)
    yield made
    # Qt destroys it here, on the GUI thread: the test's closed window still names it from
    # reference cycles, and the cyclic collector may run on any thread (docs/decisions.md).
    made.deleteLater()


@pytest.fixture
def runner(qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> Iterator[TaskRunner]:
    task_runner = TaskRunner(loop=qloop)
    yield task_runner
    task_runner.cancel_all()
    qtbot.waitUntil(lambda: not task_runner.is_busy(), timeout=5000)
    task_runner.deleteLater()  # as `settings` above


@pytest.fixture
def ctx(settings: Settings, runner: TaskRunner) -> UiContext:
    return UiContext(settings=settings, runner=runner)


@pytest.fixture
def window(ctx: UiContext, qtbot: QtBot) -> MainWindow:
    main = MainWindow(ctx)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    return main


@pytest.fixture
def gui_session(qloop: asyncio.AbstractEventLoop, qtbot: QtBot, fresh_sandbox: Sandbox,
                synced_data_dir: Path, tmp_path: Path) -> Iterator[Session]:
    """A live Session on the qasync loop over a fresh sandbox, its store already synced with
    the demo shop, its outbox sender running."""
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    opening = asyncio.ensure_future(open_session(fresh_sandbox, data), loop=qloop)
    qtbot.waitUntil(opening.done, timeout=60_000)
    session = opening.result()
    session.start()
    yield session
    closing = asyncio.ensure_future(session.aclose(), loop=qloop)
    qtbot.waitUntil(closing.done, timeout=60_000)


@pytest.fixture
def live_ctx(settings: Settings, runner: TaskRunner, gui_session: Session) -> UiContext:
    """A UiContext whose `services` is a live, synced Session."""
    return UiContext(settings=settings, runner=runner, services=gui_session)
