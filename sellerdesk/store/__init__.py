"""Local SQLite store of one profile: cache, offline search, the outbox and the learned
request pace. Imports no Qt.

    store = await Store.open_async("main")          # GUI: opened on the writer thread
    rows = await store.run(store.cache.orders, OrderFilter(paid=True), limit=200)
    entry = await store.run(store.outbox.enqueue, IntentKind.ANSWER, "question:1", payload)

    with Store.open("main") as store:               # command line and tests: plain calls
        store.cache.upsert_orders(rows)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import ParamSpec, TypeVar

from sellerdesk.store.cache import Cache
from sellerdesk.store.db import (
    Database,
    StoreBugError,
    StoreBusyError,
    StoreClosedError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreReadOnlyError,
    StoreVersionError,
    default_data_dir,
    profile_db_path,
)
from sellerdesk.store.notified import Notified
from sellerdesk.store.outbox import Observer, Outbox, OutboxChange
from sellerdesk.store.pace import PaceMemory
from sellerdesk.store.search import Search
from sellerdesk.store.stats import StatsReader
from sellerdesk.store.sync_plan import SyncPlan

__all__ = [
    "Cache", "Database", "Outbox", "Search", "Store", "StoreBugError", "StoreBusyError",
    "StoreClosedError", "StoreCorruptError", "StoreError", "StoreFullError",
    "StoreReadOnlyError", "StoreVersionError",
    "default_data_dir", "profile_db_path",
]

log = logging.getLogger("sellerdesk.outbox")
P = ParamSpec("P")
T = TypeVar("T")


class Store:
    """One profile's database with its cache, search and outbox over the same connection."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.cache = Cache(db)
        self.search = Search(db)
        self.outbox = Outbox(db)
        self.stats = StatsReader(db)
        self.notified = Notified(db)
        self.pace = PaceMemory(db)
        self.plan = SyncPlan(db)  # where an interrupted first sync goes on

    @classmethod
    def open(cls, profile: str, *, data_dir: Path | None = None) -> Store:
        """Open (create, migrate) the profile's file and flag unsettled sends as uncertain."""
        store = cls(Database(profile_db_path(profile, data_dir)))
        store.outbox.recover_after_restart()
        return store

    @classmethod
    async def open_async(cls, profile: str, *, data_dir: Path | None = None) -> Store:
        """Like `open`, with all disk work on the store's writer thread."""
        store = cls(await Database.open_async(profile_db_path(profile, data_dir)))
        try:
            await store.run(store.outbox.recover_after_restart)
        except BaseException:
            store.close()  # never left open (and locked) by a failed or cancelled open
            raise
        return store

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call on the writer thread: `await store.run(store.cache.get, ...)`."""
        return await self.db.run(fn, *args, **kwargs)

    def observe_outbox(self, callback: Observer,
                       loop: asyncio.AbstractEventLoop | None = None) -> Callable[[], None]:
        """Like `outbox.add_observer`, but `callback` runs on `loop` (default: the running
        one), not on the writer thread; returns the function that stops it."""
        target = loop or asyncio.get_running_loop()

        def deliver(changes: Sequence[OutboxChange]) -> None:
            for change in changes:
                try:
                    callback(change)
                except Exception:  # one broken observer call must not drop the others
                    log.exception("outbox observer failed on %s", change)

        def forward(changes: Sequence[OutboxChange]) -> None:
            try:  # one hop to the loop per commit, however many entries it changed
                target.call_soon_threadsafe(deliver, changes)
            except RuntimeError:  # the loop is closed: the app is shutting down
                pass
        return self.outbox.add_batch_observer(forward)

    def close(self) -> None:
        self.db.close()

    async def aclose(self) -> None:
        await self.db.aclose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
