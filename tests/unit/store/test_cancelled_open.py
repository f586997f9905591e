"""A store whose opening is cancelled (the window that asked closed meanwhile) does not stay
open: the file lock is freed once the opening thread is done, so another window can open it."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from sellerdesk.store.db import Database, StoreBusyError


async def test_a_cancelled_open_frees_the_file(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite3"
    started, release = threading.Event(), threading.Event()

    def slow_step(conn: sqlite3.Connection) -> None:  # a migration that waits for the test
        started.set()
        release.wait(30)
        conn.execute("CREATE TABLE t (x)")

    opening = asyncio.create_task(Database.open_async(path, migrations=[slow_step]))
    while not started.is_set():
        await asyncio.sleep(0.01)
    opening.cancel()
    with pytest.raises(asyncio.CancelledError):
        await opening
    with pytest.raises(StoreBusyError):  # still opening in its thread: the lock is held
        Database(path, migrations=[lambda c: c.execute("CREATE TABLE t (x)")])
    release.set()
    for _ in range(500):  # the opened database is closed when its thread returns
        try:
            again = Database(path, migrations=[lambda c: c.execute("CREATE TABLE t (x)")])
        except StoreBusyError:
            await asyncio.sleep(0.01)
            continue
        assert again.user_version == 1
        again.close()
        return
    raise AssertionError("the cancelled open kept the file locked")


async def test_a_cancelled_close_still_frees_the_file(tmp_path: Path) -> None:
    """Closing waits for the calls queued on the writer thread; cancelled meanwhile (the
    window closing the shop is itself cancelled), the store still closes after them."""
    path = tmp_path / "shop.sqlite3"
    db = await Database.open_async(path)
    started, release = threading.Event(), threading.Event()

    def busy() -> None:  # a long write under way when the shop is closed
        started.set()
        release.wait(30)

    write = asyncio.ensure_future(db.run(busy))
    while not started.is_set():
        await asyncio.sleep(0.01)
    closing = asyncio.create_task(db.aclose())
    await asyncio.sleep(0)
    closing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await closing
    assert not db.closed  # the write still runs: it is never cut short
    release.set()
    await write
    for _ in range(500):  # closed by the writer thread, after the write
        try:
            again = Database(path)
        except StoreBusyError:
            await asyncio.sleep(0.01)
            continue
        assert db.closed
        again.close()
        return
    raise AssertionError("the cancelled close kept the file locked")
