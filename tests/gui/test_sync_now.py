"""Issue 25, B20: View → Sync now (F5) fetches what changed in the shop, with progress and
Cancel in the status bar, and says how it ended there; Ctrl+R keeps the old F5's meaning
(this view shows its data again). Both are in the shortcuts sheet."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot

from sellerdesk.services.session import Session
from sellerdesk.services.shops import Shops
from sellerdesk.services.sync import SyncReport
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.shop_connector import ShopConnector
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session


@pytest.fixture
def bound(qloop: asyncio.AbstractEventLoop, qtbot: QtBot, ctx: UiContext,
          fresh_sandbox: Sandbox, synced_data_dir: Path,
          tmp_path: Path) -> Iterator[tuple[MainWindow, Session]]:
    """A window bound to a synced shop over the sandbox, as the app shows it."""
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    opening = asyncio.ensure_future(open_session(fresh_sandbox, data), loop=qloop)
    qtbot.waitUntil(opening.done, timeout=60_000)
    session = opening.result()
    connector = ShopConnector(ctx, Shops(data))
    connector.use(session)
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    connector.bind(window, shop_label="Tienda")
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    yield window, session
    connector.unbind()
    window.close()
    closing = asyncio.ensure_future(connector.close_session(), loop=qloop)
    qtbot.waitUntil(closing.done, timeout=60_000)


def _ask(qtbot: QtBot, session: Session, question_id: int) -> object:
    future = asyncio.ensure_future(session.inbox.question(question_id))
    qtbot.waitUntil(future.done, timeout=20_000)
    return future.result()


def test_f5_syncs_now_and_says_how_it_went(bound: tuple[MainWindow, Session], qtbot: QtBot,
                                           fresh_sandbox: Sandbox) -> None:
    window, session = bound
    thread = fresh_sandbox.get("/questions/threads/search", limit=1).json()["results"][0]
    asked = int(fresh_sandbox.ask(thread_id=thread["id"], text="¿Tienen factura A?")["id"])
    assert _ask(qtbot, session, asked) is None  # changed on the web: not here yet
    finished: list[SyncReport] = []
    session.sync.finished.connect(finished.append)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: window.status.currentMessage().startswith("Synced"),
                    timeout=90_000)
    assert finished and not finished[-1].cancelled and finished[-1].error is None
    assert _ask(qtbot, session, asked) is not None
    # The sandbox serves a few unreadable records (as the field does): said, with words.
    message = window.status.currentMessage()
    assert message == "Synced: the local copy is up to date." or "could not be read" in message


def test_a_sync_asked_for_can_be_cancelled(bound: tuple[MainWindow, Session], qtbot: QtBot,
                                           fresh_sandbox: Sandbox) -> None:
    window, session = bound
    qtbot.waitUntil(lambda: not session.sync.running, timeout=60_000)
    # Each request answered after 15 s (this session's client gives up after 10 s and tries
    # once more): the sync is still on its first requests when Cancel is pressed, however
    # loaded the machine. With 3 s a fresh clone's run beside `stress --cpu 2` once reached
    # the button after the whole incremental sync had ended ("Synced, except: ...").
    fresh_sandbox.set_faults(latency_ms=15_000)
    # Every message said, not only the one standing when the wait looks: under load a
    # later one (the slow service's) can take its place within one turn of the loop.
    said: list[str] = []
    window.status.messageChanged.connect(said.append)
    try:
        qtbot.keyClick(window, Qt.Key.Key_F5)
        progress = window.status.progress
        qtbot.waitUntil(lambda: progress.isVisible() and progress.current() is not None,
                        timeout=30_000)
        handle = progress.current()
        assert handle is not None and handle.label.startswith("Syncing")
        cancel = next(b for b in progress.findChildren(QToolButton)
                      if b.accessibleName() == "Cancel the running task")
        assert handle.task is not None and not handle.task.done(), "the sync ended first"
        cancel.setFocus()
        qtbot.keyClick(cancel, Qt.Key.Key_Space)
        try:
            qtbot.waitUntil(lambda: "Sync cancelled. What it had fetched is kept." in said,
                            timeout=30_000)
        except qtbot.TimeoutError:  # once in CI under load: say what stood instead
            raise AssertionError(
                f"said {said!r}; the cancelled handle "
                f"{handle.label!r} done {handle.task is not None and handle.task.done()}; "
                f"sync running {session.sync.running}; running "
                f"{[h.label for h in window.ctx.runner.running()]}; the button "
                f"enabled {cancel.isEnabled()} visible {cancel.isVisible()}") from None
    finally:
        fresh_sandbox.clear_faults()


def test_the_shortcuts_sheet_says_which_key_syncs(bound: tuple[MainWindow, Session],
                                                  qtbot: QtBot) -> None:
    window, _ = bound
    dialog = window.show_shortcuts()
    qtbot.addWidget(dialog)
    rows = dict(dialog.rows())
    assert rows["Sync now"] == "F5"
    assert rows["Refresh this view"] == "Ctrl+R"
