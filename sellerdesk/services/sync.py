"""Bring the local store up to date with the server, with progress and cancellation.

A first sync reads everything; later ones are incremental where the service allows it:
orders are walked newest-changed first (`total_last_updated_desc`) and the walk stops at the
first page that holds nothing new; only threads whose counts or dates moved are re-read.
Cancelling the task that awaits `sync()` stops it cleanly: what was stored stays stored.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import OrderOrder, QuestionOrder
from sellerdesk.api.errors import NotFound
from sellerdesk.api.models import Order, Question, Thread
from sellerdesk.api.paging import paginate, paginate_thread
from sellerdesk.services.catalogue import CatalogueService
from sellerdesk.services.convert import order_row, thread_row
from sellerdesk.services.events import Event
from sellerdesk.services.inbox import InboxService
from sellerdesk.services.orders import OrdersService
from sellerdesk.services.tracking import TrackingService
from sellerdesk.store import Store
from sellerdesk.store.rows import QuestionFilter, Resource

log = logging.getLogger("sellerdesk.sync")

PAGE = 50


@dataclass(frozen=True)
class SyncProgress:
    stage: str  # "shop", "categories", "tracking", "threads", "questions", "orders"
    done: int
    total: int | None


@dataclass
class SyncReport:
    orders: int = 0
    threads: int = 0
    questions: int = 0
    tracking_codes: int = 0
    categories: int = 0
    stages: list[str] = field(default_factory=list)


def _thread_key(t: Thread) -> tuple[object, ...]:
    return (t.status, t.unanswered_quantity, t.answered_quantity, t.last_question_date)


class SyncService:
    def __init__(self, client: ShopClient, store: Store, catalogue: CatalogueService,
                 tracking: TrackingService, inbox: InboxService,
                 orders: OrdersService | None = None, *, parallel: int = 4) -> None:
        self._client = client
        self._store = store
        self._catalogue = catalogue
        self._tracking = tracking
        self._inbox = inbox
        self._orders = orders
        self._parallel = parallel
        self._lock = asyncio.Lock()
        self.progressed: Event[SyncProgress] = Event("sync.progressed")
        self.finished: Event[SyncReport] = Event("sync.finished")

    @property
    def running(self) -> bool:
        return self._lock.locked()

    async def synced_at(self, what: Resource) -> datetime | None:
        """When `what` was last brought up to date from the server (None: never)."""
        return await self._store.run(self._store.cache.last_sync, what)

    async def sync(self, *, full: bool = False,
                   on_progress: Callable[[SyncProgress], object] | None = None) -> SyncReport:
        """Refresh everything; only one sync runs at a time (a second call waits for it)."""
        async with self._lock:
            return await self._sync_all(full, on_progress)

    async def _sync_all(self, full: bool,
                        on_progress: Callable[[SyncProgress], object] | None) -> SyncReport:
        report = SyncReport()

        def progress(stage: str, done: int, total: int | None) -> None:
            p = SyncProgress(stage, done, total)
            self.progressed.emit(p)
            if on_progress is not None:
                on_progress(p)

        progress("shop", 0, 1)
        await self._catalogue.refresh_shop()
        progress("categories", 0, None)
        tree = await self._catalogue.refresh_categories()
        report.categories = _count_tree(tree)
        progress("tracking", 0, None)
        report.tracking_codes = len(await self._tracking.refresh())
        report.threads, report.questions = await self._sync_threads(full, progress)
        report.orders = await self._sync_orders(full, progress)
        report.stages = ["shop", "categories", "tracking", "threads", "orders"]
        self.finished.emit(report)
        return report

    async def _sync_threads(self, full: bool,
                            progress: Callable[[str, int, int | None], None]) -> tuple[int, int]:
        cache = self._store.cache
        known = {t.id: _thread_key(t) for t in await self._inbox.threads()}
        had_questions = set(await self._store.run(cache.question_thread_ids))
        server: list[Thread] = []
        async for t in paginate(functools.partial(self._client.search_threads), limit=PAGE,
                                on_progress=lambda d, n: progress("threads", d, n)):
            server.append(t)
        await self._store.run(cache.upsert_threads, [thread_row(t) for t in server])
        gone = set(known) - {t.id for t in server}
        if gone:
            await self._store.run(cache.delete, Resource.THREADS, list(gone))
        stale = [t for t in server if full or t.id not in had_questions
                 or known.get(t.id) != _thread_key(t)]
        gate = asyncio.Semaphore(self._parallel)
        done = 0
        questions = 0

        vanished: list[str] = []

        async def one(thread: Thread) -> None:
            nonlocal done, questions
            async with gate:
                fetch = functools.partial(self._client.thread, thread.id,
                                          order=QuestionOrder.DATE_ASC)
                try:
                    qs: list[Question] = [q async for q in paginate_thread(fetch, limit=PAGE)]
                except NotFound:  # gone since the list was read (its last question deleted)
                    vanished.append(thread.id)
                    qs = []
            await self._replace_conversation(thread.id, qs)
            done += 1
            questions += len(qs)
            progress("questions", done, len(stale))

        await asyncio.gather(*(one(t) for t in stale))
        if vanished:
            await self._store.run(cache.delete, Resource.THREADS, vanished)
        await self._store.run(cache.mark_synced, Resource.THREADS)
        await self._store.run(cache.mark_synced, Resource.QUESTIONS)
        self._inbox.changed.emit(None)
        return len(server), questions

    async def _replace_conversation(self, thread_id: str, questions: list[Question]) -> None:
        cache = self._store.cache
        old = await self._store.run(cache.questions, QuestionFilter(thread_id=thread_id))
        gone = {c.id for c in old} - {q.id for q in questions}
        if gone:
            await self._store.run(cache.delete, Resource.QUESTIONS, list(gone))
        await self._inbox.store_conversation(thread_id, questions)

    async def _sync_orders(self, full: bool,
                           progress: Callable[[str, int, int | None], None]) -> int:
        cache = self._store.cache
        last = await self._store.run(cache.last_sync, Resource.ORDERS)
        incremental = not full and last is not None
        fetch = functools.partial(self._client.search_orders,
                                  order=OrderOrder.TOTAL_LAST_UPDATED_DESC)
        batch: list[Order] = []
        seen = 0
        async for order in paginate(fetch, limit=PAGE, concurrency=1 if incremental else 3,
                                    on_progress=lambda d, n: progress("orders", d, n)):
            batch.append(order)
            seen += 1
            if len(batch) == PAGE:
                changed = await self._store_orders(batch)
                batch = []
                if incremental and not changed:
                    break  # newest-changed first: a page with nothing new ends the walk
        if batch:
            await self._store_orders(batch)
        await self._store.run(cache.mark_synced, Resource.ORDERS)
        if self._orders is not None:
            self._orders.changed.emit(None)
        return seen

    async def _store_orders(self, orders: list[Order]) -> int:
        """Upsert a page; returns how many differ from what the cache held."""
        cache = self._store.cache
        rows = [order_row(o) for o in orders]
        before = await self._store.run(cache.get_many, Resource.ORDERS, [r.id for r in rows])
        old = {c.id: c.doc for c in before}
        changed = [r for r in rows if old.get(r.id) != r.doc]
        if changed:
            await self._store.run(cache.upsert_orders, changed)
        return len(changed)


def _count_tree(tree: Sequence[object]) -> int:
    n = 0
    stack = list(tree)
    while stack:
        node = stack.pop()
        n += 1
        stack.extend(getattr(node, "children", None) or [])
    return n


__all__ = ["SyncProgress", "SyncReport", "SyncService"]
