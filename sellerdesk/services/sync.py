"""Bring the local store up to date with the server: stages that fail alone, few requests.

Stages: `shop`, `categories`, `tracking` (codes), `threads` (with the conversations of the
threads that moved) and `orders`. They run together: every request still takes its turn from
the session's one pacer, so side by side they only keep its slots full. A shop's first sync
runs them in parts instead, what the seller acts on first, and goes on where an interrupted
one stopped (services/first_sync.py). Each stage fails alone: a stage whose requests fail is
reported failed with the error's words, the others carry on, and only a resource whose stage
succeeded gets a new "last synced" time in the store. A record a
stage cannot read is skipped, logged by id and listed in the report (`SyncReport.skipped`).
A slow service never fails a stage: its 429s slow the pacer and the reads wait (api/
transport.py). Only a pause longer than a request may hold its turn (`policy.HOLD_MAX`)
ends a stage, and only when the caller set no `deadline` it would end before: with one, the
stage waits the pause out and runs again.

Few requests (docs/decisions.md, "Sync"):
- shop and categories: on a full sync, the first time, or when their copy is older than
  `CATALOGUE_EVERY`;
- tracking codes: the list every time; by id only the codes whose list fields changed, new
  ones, and the cached codes the list does not show (`TrackingService.refresh`);
- threads: newest question first, stopping at the first page with nothing new, unless the
  shop's totals (`paging.total`, `unanswered_quantity`) moved in a way the pages read do not
  explain: then the whole list, which also finds threads gone. Conversations are read only
  for threads that moved (every one on a full sync);
- orders: newest-changed first (`total_last_updated_desc`), stopping at the first page with
  nothing new.
A sync with nothing changed costs the code list, one thread page and one order page.
Reads do not wait for writes: the order pages and conversations read while the store's
thread writes go to it together (a few pages, or the conversations read meanwhile, in one
trip and one transaction); a question or order whose document is unchanged is not written.
Cancelling the task that awaits `sync()` stops every stage cleanly: what was stored stays.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import functools
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from sellerdesk.api.enums import OrderOrder, QuestionOrder, ThreadOrder, ThreadStatus
from sellerdesk.api.errors import ApiError, AuthError, NotFound, RateLimited
from sellerdesk.api.models import Order, Question, SearchEnvelope, Skipped, Thread
from sellerdesk.api.paging import Fetch, paginate, paginate_thread
from sellerdesk.services.access import Access
from sellerdesk.services.catalogue import CatalogueService
from sellerdesk.services.changes import ChangeFeed, Changes
from sellerdesk.services.convert import conversation_rows, order_row, thread_row
from sellerdesk.services.events import Event
from sellerdesk.services.first_sync import (
    ORDERS_TO_DO,
    ORDERS_WALK,
    THREADS_WALK,
    FirstSync,
    Parts,
    SyncPart,
)
from sellerdesk.services.fresh_writes import Written
from sellerdesk.services.inbox import InboxService
from sellerdesk.services.orders import OrdersService
from sellerdesk.services.refresh import backs_off
from sellerdesk.services.tracking import TrackingService
from sellerdesk.store import Store, StoreError, StoreFullError
from sellerdesk.store.cache import Cache
from sellerdesk.store.db import utc_now
from sellerdesk.store.rows import QuestionRow, Resource

# A conversation as read: its thread, and its questions (None: the thread is gone).
Conversation = tuple[Thread, list[Question] | None]

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient

log = logging.getLogger("sellerdesk.sync")

T = TypeVar("T")
PAGE = 50
CATALOGUE_EVERY = timedelta(hours=6)  # shop record and categories change rarely
# A full sync's writes: at most this many order pages or conversations per trip to the
# store's thread (a trip holds the store from the window's reads for its whole write), and
# order pages read ahead of the writes.
ORDER_PAGES_PER_WRITE = 4
CONVERSATIONS_PER_WRITE = 32
WRITE_AHEAD = 4
STAGES = ("shop", "categories", "tracking", "threads", "orders")
# Where each stage's "last synced" time is kept (the conversations share the threads').
STAGE_RESOURCES: dict[str, tuple[Resource, ...]] = {
    "shop": (Resource.SHOP,), "categories": (Resource.CATEGORIES,),
    "tracking": (Resource.TRACKING_CODES,),
    "threads": (Resource.THREADS, Resource.QUESTIONS), "orders": (Resource.ORDERS,)}


class SyncProgress(msgspec.Struct, frozen=True):
    stage: str  # "shop", "categories", "tracking", "threads", "questions", "orders"
    done: int
    total: int | None
    # A first sync's part under way and the parts still coming (services/first_sync.py);
    # None and () for any other sync.
    part: SyncPart | None = None
    coming: tuple[SyncPart, ...] = ()


class StageState(enum.StrEnum):
    OK = "ok"
    FAILED = "failed"
    NOT_DUE = "not_due"  # shop and categories between their readings


class RecordKind(enum.StrEnum):
    """What a skipped record was (the words of "2 orders could not be read")."""

    ORDER = "order"
    THREAD = "thread"
    QUESTION = "question"
    TRACKING_CODE = "tracking_code"


class SkippedRecord(msgspec.Struct, frozen=True):
    """A record a sync could not read: its id when that much was readable, and why."""

    kind: RecordKind
    id: str | None
    reason: str


class StageResult(msgspec.Struct, frozen=True):
    stage: str
    state: StageState
    count: int = 0  # records read
    error: ApiError | StoreError | None = None

    @property
    def message(self) -> str:
        """Why the stage failed, in the error's words ("" when it did not)."""
        return self.error.message if self.error is not None else ""


class SyncReport(msgspec.Struct):
    full: bool = False
    orders: int = 0
    threads: int = 0
    questions: int = 0
    tracking_codes: int = 0
    categories: int = 0
    results: dict[str, StageResult] = msgspec.field(default_factory=dict)
    skipped: list[SkippedRecord] = msgspec.field(default_factory=list)
    # How the sync ended when it did not return this report: the error it raised (offline,
    # the token refused, a full disk, a bug), or cancelled. `finished` carries both.
    error: BaseException | None = None
    cancelled: bool = False

    @property
    def stages(self) -> list[str]:
        """The stages that ran to the end."""
        return [s for s in STAGES if self.results.get(s, _NOT_RUN).state is StageState.OK]

    @property
    def failed(self) -> list[StageResult]:
        return [r for s in STAGES if (r := self.results.get(s, _NOT_RUN)).state
                is StageState.FAILED]

    @property
    def ok(self) -> bool:
        """Every stage that was due ran to the end (skipped records aside)."""
        return not self.failed

    def skipped_ids(self, kind: RecordKind) -> list[str | None]:
        return [r.id for r in self.skipped if r.kind is kind]

    def backoff_error(self) -> ApiError | None:
        """The failure the background schedule should back off for (offline, slowed down,
        a struggling server), if a stage met one."""
        for result in self.failed:
            if isinstance(result.error, ApiError) and backs_off(result.error):
                return result.error
        return None


_NOT_RUN = StageResult("", StageState.NOT_DUE)


def skipped_text(kind: RecordKind, ids: Sequence[str | None], *, shown: int = 5) -> str:
    """English words for skipped records (the command line): "2 orders could not be read
    (ids 3000008, 3000011)". The window says the same in the seller's language."""
    n = len(ids)
    noun = {RecordKind.ORDER: "order", RecordKind.THREAD: "conversation",
            RecordKind.QUESTION: "question", RecordKind.TRACKING_CODE: "tracking code"}[kind]
    return f"{n} {noun}{'' if n == 1 else 's'} could not be read ({ids_text(ids, shown)})"


def ids_text(ids: Sequence[str | None], shown: int = 5) -> str:
    """ "ids 1, 2, 3, …" of skipped records; a record without a readable id is "no id"."""
    named = [i for i in ids if i]
    parts = named[:shown]
    if len(named) > shown:
        parts.append("…")
    unnamed = len(ids) - len(named)
    if unnamed:
        parts.append("no id" if unnamed == 1 else f"{unnamed} without id")
    word = "id" if len(named) == 1 else "ids"
    return f"{word} {', '.join(parts)}" if named else ", ".join(parts)


# Words of the client's errors that promise what a one-shot process will not do: the
# command line says itself when something is tried again (architecture rule 11).
_PROMISES = ("; retrying shortly.", " Your work is kept and sent later.")


def without_promise(message: str) -> str:
    """`message` without the words that promise a retry ("retrying shortly")."""
    for words in _PROMISES:
        message = message.replace(words, ".")
    return message


def report_lines(report: SyncReport) -> list[str]:
    """The report in English lines (the command line's `sync` output): the counts and the
    skipped records, then one line per failed stage (`report.failed`, in that order; the
    command line prints those on stderr)."""
    lines = [f"synced: {report.orders} orders, {report.threads} threads, "
             f"{report.questions} questions, {report.tracking_codes} tracking codes, "
             f"{report.categories} categories"]
    for kind in RecordKind:
        ids = report.skipped_ids(kind)
        if ids:
            lines.append(skipped_text(kind, ids))
    lines += [f"{r.stage} not synced: {without_promise(r.message)} The next sync tries it "
              "again." for r in report.failed]
    return lines


def _thread_key(t: Thread) -> tuple[object, ...]:
    return (t.status, t.unanswered_quantity, t.answered_quantity, t.last_question_date)


class _PageEnds:
    """Wraps a search so a consumer of `paginate` knows where each page ends: with one page
    in flight at a time, pages arrive in order and their sizes queue up here."""

    def __init__(self, fetch: Callable[..., Awaitable[SearchEnvelope[Any]]]) -> None:
        self._fetch = fetch
        self.sizes: deque[int] = deque()
        self.pages: list[SearchEnvelope[Any]] = []

    async def __call__(self, *, limit: int, offset: int) -> SearchEnvelope[Any]:
        page = await self._fetch(limit=limit, offset=offset)
        self.sizes.append(len(page.items))
        self.pages.append(page)
        return page

    def page_ended(self, taken: int) -> bool:
        """Whether `taken` items end the current page (empty pages are passed over)."""
        while self.sizes and self.sizes[0] == 0:
            self.sizes.popleft()
        if self.sizes and taken >= self.sizes[0]:
            self.sizes.popleft()
            return True
        return False


async def walk_until_unchanged(fetch: Fetch[SearchEnvelope[T]],
                               take: Callable[[list[T]], Awaitable[bool]], *,
                               on_skipped: Callable[[Sequence[Skipped]], object],
                               on_progress: Callable[[int, int | None], object]
                               ) -> list[SearchEnvelope[Any]]:
    """Walk a newest-first search page by page, one in flight, handing each page's records
    to `take` (which stores them and says whether any was new); stops after the first page
    with nothing new. Returns the pages read."""
    ends = _PageEnds(fetch)
    batch: list[T] = []
    walker = paginate(ends, limit=PAGE, concurrency=1, on_skipped=on_skipped,
                      on_progress=on_progress)
    async with contextlib.aclosing(walker) as items:
        async for item in items:
            batch.append(item)
            if ends.page_ended(len(batch)):
                page, batch = batch, []
                if not await take(page):
                    break  # newest first: a page with nothing new ends the walk
    if batch:
        await take(batch)
    return ends.pages


class SyncService:
    def __init__(self, client: ShopClient, store: Store, catalogue: CatalogueService,
                 tracking: TrackingService, inbox: InboxService,
                 orders: OrdersService | None = None, *, parallel: int = 4,
                 access: Access | None = None, feed: ChangeFeed | None = None,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self._client = client
        self._feed = feed if feed is not None else ChangeFeed()  # the stages' changes
        self._store = store
        self._catalogue = catalogue
        self._tracking = tracking
        self._inbox = inbox
        self._orders = orders
        self._parallel = parallel
        self._access = access
        self._clock = clock
        self._monotonic: Callable[[], float] = time.monotonic
        self._sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
        self._lock = asyncio.Lock()
        # (server's thread total - cached threads, server's unanswered - cached unanswered)
        # after the last whole walk: records the server lists but we cannot read keep it
        # constant, so a change to it means something moved beyond the pages read.
        self._thread_gap: tuple[int, int] | None = None
        # When the sync under way began reading: what it stores leaves out the records a
        # write of ours reached since (services/fresh_writes.py).
        self._began: datetime | None = None
        self.progressed: Event[SyncProgress] = Event("sync.progressed")
        self.finished: Event[SyncReport] = Event("sync.finished")

    @property
    def running(self) -> bool:
        return self._lock.locked()

    async def synced_at(self, what: Resource) -> datetime | None:
        """When `what` was last brought up to date from the server (None: never)."""
        return await self._store.run(self._store.cache.last_sync, what)

    async def synced_times(self) -> dict[Resource, datetime | None]:
        """When each resource was last brought up to date (None: never), for the status
        bar's tooltip and the dashboard."""
        times = await self._store.run(self._store.cache.sync_times)
        return {r: times.get(r.value) for r in Resource}

    async def sync(self, *, full: bool = False,
                   on_progress: Callable[[SyncProgress], object] | None = None,
                   deadline: float | None = None) -> SyncReport:
        """Refresh everything; only one sync runs at a time (a second call waits for it).

        Returns the report of every stage. Raises the first stage's error only when no
        stage succeeded (offline, the token refused...) or when the disk is full (after
        every stage had its chance), and at once, without a request, while the shop
        refuses our token. `deadline` (a `time.monotonic()` instant): a stage that meets a
        pause of the service's ending before it waits and runs again; without one such a
        stage fails at once (the window's refresh reschedules itself for the pause's end)."""
        refused = self._access.refusal() if self._access is not None else None
        if refused is not None:
            raise refused
        async with self._lock:
            report = SyncReport(full=full)
            try:
                return await self._sync_all(report, full, on_progress, deadline)
            except asyncio.CancelledError:
                report.cancelled = True
                raise
            except BaseException as exc:
                report.error = exc
                raise
            finally:
                # Always, with its outcome: a view waiting for the end of a sync never polls.
                self.finished.emit(report)
                self._feed.publish(_last_value(report))

    async def _sync_all(self, report: SyncReport, full: bool,
                        on_progress: Callable[[SyncProgress], object] | None,
                        deadline: float | None = None) -> SyncReport:

        self._began = utc_now()  # the outbox's clock, not the injectable one
        first = FirstSync(
            threads=await self._store.run(self._store.cache.last_sync, Resource.THREADS) is None,
            orders=await self._store.run(self._store.cache.last_sync, Resource.ORDERS) is None)
        parts = Parts(first)

        def progress(stage: str, done: int, total: int | None) -> None:
            p = SyncProgress(stage, done, total, *parts.now())
            self.progressed.emit(p)
            if on_progress is not None:
                on_progress(p)

        def skipped(kind: RecordKind) -> Callable[[Sequence[Skipped]], None]:
            def note(records: Sequence[Skipped]) -> None:
                report.skipped.extend(SkippedRecord(kind, r.id, r.reason) for r in records)
            return note

        # A first sync's parts go one after the other (services/first_sync.py): the shop
        # record, categories and codes wait for what the seller acts on.
        async def shop() -> int:
            await parts.to_do_read.wait()
            progress("shop", 0, 1)
            await self._catalogue.refresh_shop()
            progress("shop", 1, 1)
            return 1

        async def categories() -> int:
            await parts.to_do_read.wait()
            progress("categories", 0, None)
            report.categories = _count_tree(await self._catalogue.refresh_categories())
            # Done, said: the status bar names the first stage still under way.
            progress("categories", report.categories, report.categories)
            return report.categories

        async def tracking() -> int:
            await parts.to_do_read.wait()
            progress("tracking", 0, None)
            codes = await self._tracking.refresh(full=full,
                                                 on_skipped=skipped(RecordKind.TRACKING_CODE))
            report.tracking_codes = len(codes)
            progress("tracking", report.tracking_codes, report.tracking_codes)
            return report.tracking_codes

        async def threads() -> int:
            if not first.threads:
                await parts.to_do_read.wait()
            report.threads, report.questions = await self._sync_threads(
                full, progress, skipped(RecordKind.THREAD), skipped(RecordKind.QUESTION),
                parts=parts if first.threads else None)
            return report.threads

        async def orders() -> int:
            try:
                await parts.unanswered_read.wait()
                if first.orders:
                    await self._orders_to_do(progress, skipped(RecordKind.ORDER))
            finally:
                parts.to_do_read.set()  # failed or not, the rest goes on
            report.orders = await self._sync_orders(full or first.orders, progress,
                                                    skipped(RecordKind.ORDER),
                                                    walk=ORDERS_WALK if first.orders else None)
            return report.orders

        work: dict[str, Callable[[], Awaitable[int]]] = {
            "shop": shop, "categories": categories, "tracking": tracking,
            "threads": threads, "orders": orders}
        due = {stage: await self._due(stage, full) for stage in STAGES}
        for stage in STAGES:
            if not due[stage]:
                report.results[stage] = StageResult(stage, StageState.NOT_DUE)
        try:
            async with asyncio.TaskGroup() as group:
                for stage in STAGES:
                    if due[stage]:
                        group.create_task(self._stage(stage, work[stage], report, deadline),
                                          name=f"sync-{stage}")
        except BaseExceptionGroup as group_error:  # a bug in a stage: raised as itself
            raise group_error.exceptions[0] from None
        for record in report.skipped:
            log.warning("sync: %s %s could not be read: %s", record.kind.value,
                        record.id or "without id", record.reason)
        auth = next((r.error for r in report.failed if isinstance(r.error, AuthError)), None)
        if auth is not None and self._access is not None:
            await self._access.report(auth)  # pauses sync and sending, tells the seller
        full_disk = next((r.error for r in report.failed
                          if isinstance(r.error, StoreFullError)), None)
        if full_disk is not None:
            raise full_disk  # the computer's trouble, not one stage's: said as an error
        ran = [r for r in report.results.values() if r.state is not StageState.NOT_DUE]
        if ran and all(r.state is StageState.FAILED for r in ran):
            error = report.failed[0].error
            assert error is not None
            raise error
        return report

    async def _due(self, stage: str, full: bool) -> bool:
        if full or stage not in ("shop", "categories"):
            return True
        resource = STAGE_RESOURCES[stage][0]
        last = await self._store.run(self._store.cache.last_sync, resource)
        return last is None or self._clock() - last >= CATALOGUE_EVERY

    async def _stage(self, stage: str, run: Callable[[], Awaitable[int]],
                     report: SyncReport, deadline: float | None = None) -> None:
        """Run one stage; a known failure (the service's, the disk's) is its result alone.
        A pause of the service's that ends before `deadline` is waited out, and the stage
        runs again (what it stored stays; it reads from the start)."""
        while True:
            try:
                count = await run()
            except RateLimited as exc:
                wait = exc.retry_after
                if deadline is None or wait is None or self._monotonic() + wait >= deadline:
                    self._stage_failed(stage, exc, report)
                    return
                log.info("sync: stage %s waits %.0f s for the service's pause", stage, wait)
                await self._sleep(wait)
                continue
            except (ApiError, StoreError) as exc:
                self._stage_failed(stage, exc, report)
                return
            report.results[stage] = StageResult(stage, StageState.OK, count)
            return

    @staticmethod
    def _stage_failed(stage: str, error: ApiError | StoreError, report: SyncReport) -> None:
        log.warning("sync: stage %s failed: %r", stage, error)
        report.results[stage] = StageResult(stage, StageState.FAILED, error=error)

    # -- threads and their conversations ---------------------------------------------------

    async def _thread_gap_now(self, total: int | None, unanswered: int | None
                              ) -> tuple[int, int] | None:
        if total is None or unanswered is None:
            return None
        cache = self._store.cache
        count = await self._store.run(cache.count, Resource.THREADS)
        cached_unanswered = await self._store.run(cache.unanswered_quantity)
        return total - count, unanswered - cached_unanswered

    async def _sync_threads(self, full: bool, progress: Callable[[str, int, int | None], None],
                            skipped_threads: Callable[[Sequence[Skipped]], None],
                            skipped_questions: Callable[[Sequence[Skipped]], None],
                            parts: Parts | None = None) -> tuple[int, int]:
        """Threads and their conversations; `parts`: a first sync's (the unanswered
        conversations first, the rest once the orders to do are read)."""
        cache = self._store.cache
        if parts is not None:
            seen, questions = await self._first_threads(parts, progress, skipped_threads,
                                                        skipped_questions)
        else:
            seen, questions = await self._known_threads(full, progress, skipped_threads,
                                                        skipped_questions)
        await self._store.run(cache.mark_synced, Resource.THREADS)
        await self._store.run(cache.mark_synced, Resource.QUESTIONS)
        self._feed.publish(Changes.reread("inbox"))
        return seen, questions

    async def _known_threads(self, full: bool, progress: Callable[[str, int, int | None], None],
                             skipped_threads: Callable[[Sequence[Skipped]], None],
                             skipped_questions: Callable[[Sequence[Skipped]], None]
                             ) -> tuple[int, int]:
        """Threads of a shop synced before: newest first until nothing is new, or the whole
        list when the totals moved (see the module docstring)."""
        cache = self._store.cache
        known = {t.id: _thread_key(t) for t in await self._inbox.threads()}
        had_questions = set(await self._store.run(cache.question_thread_ids))
        fetch = functools.partial(self._client.search_threads,
                                  order=ThreadOrder.LAST_QUESTION_DATE_DESC)
        stale: dict[str, Thread] = {}
        seen = 0

        def moved(t: Thread) -> bool:
            return full or t.id not in had_questions or known.get(t.id) != _thread_key(t)

        async def take(page: list[Thread]) -> bool:
            nonlocal seen
            seen += len(page)
            news = [t for t in page if moved(t)]
            if news:
                await self._store.run(_write_threads, self._store, news, self._began)
                stale.update((t.id, t) for t in news)
            return bool(news)

        def on_progress(done: int, total: int | None) -> None:
            progress("threads", done, total)

        whole = full or self._thread_gap is None or not known
        if not whole:
            pages = await walk_until_unchanged(fetch, take, on_skipped=skipped_threads,
                                               on_progress=on_progress)
            first = pages[0] if pages else None
            gap = (await self._thread_gap_now(first.paging.total, first.unanswered_quantity)
                   if first is not None else None)
            whole = gap != self._thread_gap
            if whole:
                log.info("sync: thread totals moved beyond the pages read (%s, was %s): "
                         "reading the whole list", gap, self._thread_gap)
        if whole:
            seen = 0
            server: dict[str, Thread] = {}
            unreadable: set[str] = set()

            def note_skipped(records: Sequence[Skipped]) -> None:
                unreadable.update(r.id for r in records if r.id)
                skipped_threads(records)

            pages_read: list[SearchEnvelope[Any]] = []

            async def fetch_all(*, limit: int, offset: int) -> SearchEnvelope[Thread]:
                page = await fetch(limit=limit, offset=offset)
                pages_read.append(page)
                return page

            async for t in paginate(fetch_all, limit=PAGE, on_progress=on_progress,
                                    on_skipped=note_skipped):
                server[t.id] = t
            seen = len(server)
            news = [t for t in server.values() if moved(t)]
            await self._store.run(_write_threads, self._store, news, self._began)
            stale.update((t.id, t) for t in news)
            gone = set(known) - set(server) - unreadable
            if gone:
                await self._store.run(cache.delete, Resource.THREADS, list(gone))
            first_page = next((p for p in pages_read if p.paging.total is not None),
                              pages_read[0] if pages_read else None)
            self._thread_gap = (await self._thread_gap_now(
                first_page.paging.total, first_page.unanswered_quantity)
                if first_page is not None else None)
        progress("threads", seen, seen)  # listed (a page's total may be missing)
        questions = await self._sync_conversations(list(stale.values()), progress,
                                                   skipped_questions)
        return seen, questions

    async def _first_threads(self, parts: Parts,
                             progress: Callable[[str, int, int | None], None],
                             skipped_threads: Callable[[Sequence[Skipped]], None],
                             skipped_questions: Callable[[Sequence[Skipped]], None]
                             ) -> tuple[int, int]:
        """A first sync's threads: the unanswered conversations, then, once the orders to
        do are read, every thread from where an interrupted walk stopped."""
        try:
            questions = await self._unanswered_first(progress, skipped_threads,
                                                     skipped_questions)
        finally:
            parts.unanswered_read.set()  # failed or not, the orders' turn
        await parts.to_do_read.wait()
        seen, more = await self._thread_history(progress, skipped_threads, skipped_questions)
        return seen, questions + more

    async def _moved(self) -> Callable[[Thread], bool]:
        """Whether a listed thread's conversation is to be read: not read yet, or its
        counts or date differ from the cached thread's."""
        known = {t.id: _thread_key(t) for t in await self._inbox.threads()}
        had_questions = set(await self._store.run(self._store.cache.question_thread_ids))
        return lambda t: t.id not in had_questions or known.get(t.id) != _thread_key(t)

    async def _unanswered_first(self, progress: Callable[[str, int, int | None], None],
                                skipped_threads: Callable[[Sequence[Skipped]], None],
                                skipped_questions: Callable[[Sequence[Skipped]], None]) -> int:
        """The threads waiting for an answer and their conversations, each stored with its
        questions; the inbox is told once, when all are in (their final order)."""
        moved = await self._moved()
        fetch = functools.partial(self._client.search_threads, status=ThreadStatus.UNANSWERED,
                                  order=ThreadOrder.LAST_QUESTION_DATE_DESC)

        def on_progress(done: int, total: int | None) -> None:
            progress("threads", done, total)

        waiting = [t async for t in paginate(fetch, limit=PAGE, on_progress=on_progress,
                                             on_skipped=skipped_threads)]
        questions = await self._sync_conversations([t for t in waiting if moved(t)], progress,
                                                   skipped_questions, with_threads=True)
        # A first sync: the inbox lists the conversations waiting for an answer now, read
        # whole, in their final order; the rest of the history comes below them.
        self._feed.publish(Changes.reread("inbox"))
        return questions

    async def _thread_history(self, progress: Callable[[str, int, int | None], None],
                              skipped_threads: Callable[[Sequence[Skipped]], None],
                              skipped_questions: Callable[[Sequence[Skipped]], None]
                              ) -> tuple[int, int]:
        """Every thread, newest first, from the position an interrupted walk kept: page by
        page, the conversations not read yet, then the position after the page."""
        plan = self._store.plan
        start = await self._store.run(plan.position, THREADS_WALK)
        moved = await self._moved()
        search = functools.partial(self._client.search_threads,
                                   order=ThreadOrder.LAST_QUESTION_DATE_DESC)
        last: list[SearchEnvelope[Thread]] = []  # the last page: the shop's totals

        async def fetch(*, limit: int, offset: int) -> SearchEnvelope[Thread]:
            page = await search(limit=limit, offset=offset)
            last[:] = [page]
            return page

        seen = questions = read = 0  # read: conversations, over the pages

        def conversations(stage: str, done: int, _total: int | None) -> None:
            progress(stage, read + done, None)  # how many are still to read is not known

        async def take(page: list[Thread], after: int) -> None:
            nonlocal seen, questions, read
            seen += len(page)
            stale = [t for t in page if moved(t)]
            questions += await self._sync_conversations(stale, conversations,
                                                        skipped_questions, with_threads=True)
            read += len(stale)
            await self._store.run(plan.advance, THREADS_WALK, after)

        async for page, after in _pages(fetch, start, concurrency=1, on_skipped=skipped_threads,
                                        on_progress=lambda done, total: progress(
                                            "threads", done, total)):
            await take(page, after)
        self._thread_gap = (await self._thread_gap_now(last[0].paging.total,
                                                       last[0].unanswered_quantity)
                            if last else None)
        await self._store.run(plan.finish, THREADS_WALK)
        progress("threads", start + seen, start + seen)
        progress("questions", read, read)
        return start + seen, questions

    async def _sync_conversations(self, stale: list[Thread],
                                  progress: Callable[[str, int, int | None], None],
                                  skipped: Callable[[Sequence[Skipped]], None], *,
                                  with_threads: bool = False) -> int:
        """Read the conversations of `stale` and store them (`with_threads`: each with its
        thread's row, in the same transaction: the thread is listed only with its
        questions); returns how many questions they hold."""
        write_batch = _write_threads_and_conversations if with_threads else _write_conversations
        gate = asyncio.Semaphore(self._parallel)
        read: asyncio.Queue[tuple[Thread, list[Question] | None]] = asyncio.Queue()
        vanished: list[str] = []
        questions = 0

        async def one(thread: Thread) -> None:
            async with gate:
                fetch = functools.partial(self._client.thread, thread.id,
                                          order=QuestionOrder.DATE_ASC)
                qs: list[Question] | None
                try:
                    qs = [q async for q in paginate_thread(fetch, limit=PAGE,
                                                           on_skipped=skipped)]
                except NotFound:  # gone since the list was read (its last question deleted)
                    qs = None
            read.put_nowait((thread, qs))

        async def write() -> None:
            # The conversations read while the last batch was written go in one trip to
            # the store's thread and one transaction (not three trips and one each).
            nonlocal questions
            done = 0
            while done < len(stale):
                batch = await _take_ready(read, CONVERSATIONS_PER_WRITE)
                await self._store.run(_write_fresh, write_batch, self._store, batch,
                                      self._began)
                vanished.extend(t.id for t, qs in batch if qs is None)
                done += len(batch)
                questions += sum(len(qs) for _, qs in batch if qs)
                progress("questions", done, len(stale))

        await _together(write(), *(one(t) for t in stale))
        if vanished:
            await self._store.run(self._store.cache.delete, Resource.THREADS, vanished)
        return questions

    # -- orders ----------------------------------------------------------------------------

    async def _orders_to_do(self, progress: Callable[[str, int, int | None], None],
                            skipped: Callable[[Sequence[Skipped]], None]) -> int:
        """A first sync's orders to process and to ship (`ORDERS_TO_DO`), the searches side
        by side; the order list is told when they are in. Returns how many were read."""
        counts: dict[int, tuple[int, int | None]] = {}

        def on_progress(search: int, done: int, total: int | None) -> None:
            counts[search] = (done, total)
            totals = [t for _, t in counts.values()]
            progress("orders", sum(d for d, _ in counts.values()),
                     None if None in totals else sum(t or 0 for t in totals))

        async def one(search: int, filters: dict[str, Any]) -> None:
            fetch = functools.partial(self._client.search_orders, **filters,
                                      order=OrderOrder.TOTAL_LAST_UPDATED_DESC)
            # One page in flight each: the searches side by side keep the pacer's slots
            # full, and a server slow to count a big shop's facets is not asked twice as much.
            walker = _pages(fetch, 0, concurrency=1, on_skipped=skipped,
                            on_progress=functools.partial(on_progress, search))
            async for page, _after in walker:
                if page:
                    await self._store_orders(page)

        await _together(*(one(n, f) for n, f in enumerate(ORDERS_TO_DO)))
        # A first sync: the orders to process and to ship are listed now; the rest of the
        # history follows in the background.
        self._feed.publish(Changes.reread("orders"))
        return sum(d for d, _ in counts.values())

    async def _sync_orders(self, full: bool, progress: Callable[[str, int, int | None], None],
                           skipped: Callable[[Sequence[Skipped]], None], *,
                           walk: str | None = None) -> int:
        """Orders, newest-changed first: until nothing is new, or (`full`) every page;
        `walk`: a first sync's walk, kept in the store's plan page by page and taken up
        where an interrupted one stopped."""
        cache = self._store.cache
        last = await self._store.run(cache.last_sync, Resource.ORDERS)
        fetch = functools.partial(self._client.search_orders,
                                  order=OrderOrder.TOTAL_LAST_UPDATED_DESC)
        seen = 0

        def on_progress(done: int, total: int | None) -> None:
            progress("orders", done, total)

        async def take(page: list[Order]) -> bool:
            nonlocal seen
            seen += len(page)
            return bool(await self._store_orders(page))

        if not full and last is not None:
            await walk_until_unchanged(fetch, take, on_skipped=skipped,
                                       on_progress=on_progress)
        else:
            # The walk goes on fetching while pages are written: a writer takes what came
            # meanwhile (a few pages: one trip, one transaction), and the queue's bound
            # holds the walk back when the store falls behind.
            start = await self._store.run(self._store.plan.position, walk) if walk else 0
            pages: asyncio.Queue[tuple[list[Order], int] | None] = asyncio.Queue(
                maxsize=WRITE_AHEAD)

            async def read() -> None:
                async for page in _pages(fetch, start, concurrency=3, on_skipped=skipped,
                                         on_progress=on_progress):
                    await pages.put(page)
                await pages.put(None)  # the end

            async def write() -> None:
                nonlocal seen
                while True:
                    ready = await _take_ready(pages, ORDER_PAGES_PER_WRITE)
                    done = [page for page in ready if page is not None]
                    orders = [o for page, _ in done for o in page]
                    if walk is not None and done:
                        # The pages and the walk's position after them, together.
                        await self._store.run(_write_orders_walked, self._store, orders,
                                              walk, done[-1][1], self._began)
                        seen += len(orders)
                    elif orders:
                        await take(orders)
                    if None in ready:
                        return

            await _together(read(), write())
            if walk is not None:
                await self._store.run(self._store.plan.finish, walk)
                seen += start
        await self._store.run(cache.mark_synced, Resource.ORDERS)
        self._feed.publish(Changes.reread("orders"))
        return seen

    async def _store_orders(self, orders: list[Order]) -> int:
        """Upsert a page; returns how many differ from what the cache held."""
        return await self._store.run(_write_fresh_orders, self._store, orders, self._began)


# On the store's thread, the rows made with their write: one trip, and the conversion
# (about 3 ms for a 50-order page) off the event loop, i.e. the GUI thread.

def _write_threads(store: Store, threads: list[Thread], began: datetime | None) -> None:
    written = Written.since(store, began)
    store.cache.upsert_threads(written.threads_kept(thread_row(t) for t in threads))


def _write_fresh(write: Callable[[Cache, list[Conversation], Written], None], store: Store,
                 conversations: list[Conversation], began: datetime | None) -> None:
    """`write` the conversations read, leaving out what a write of ours reached since the
    read `began` (services/fresh_writes.py)."""
    write(store.cache, conversations, Written.since(store, began))


def _write_fresh_orders(store: Store, orders: list[Order], began: datetime | None) -> int:
    """`_write_orders`, leaving out what a write of ours reached since the read `began`. The
    outbox is read here, on the store's thread: read on the event loop it waited there, i.e.
    on the GUI thread, for the store's lock while the previous page was written."""
    return _write_orders(store.cache, orders, Written.since(store, began))


def _write_orders(cache: Cache, orders: list[Order], written: Written = Written()) -> int:
    rows = written.orders_kept(order_row(o) for o in orders)
    old = {c.id: c.doc for c in cache.get_many(Resource.ORDERS, [r.id for r in rows])}
    changed = [r for r in rows if old.get(r.id) != r.doc]
    if changed:
        cache.upsert_orders(changed)
    return len(changed)


def _write_threads_and_conversations(cache: Cache, conversations: list[Conversation],
                                     written: Written = Written()) -> None:
    """Conversations read for the first time, each with its thread's row, in one
    transaction: a thread is never listed without its questions."""
    with cache.transaction():
        cache.upsert_threads(written.threads_kept(
            thread_row(t) for t, qs in conversations if qs is not None))
        _write_conversations(cache, conversations, written)


def _write_orders_walked(store: Store, orders: list[Order], walk: str, after: int,
                         began: datetime | None = None) -> int:
    """A first sync's order pages and the walk's position after them, in one transaction."""
    with store.db.transaction():
        changed = _write_orders(store.cache, orders, Written.since(store, began))
        store.plan.advance(walk, after)
    return changed


def _write_conversations(cache: Cache, conversations: list[Conversation],
                         written: Written = Written()) -> None:
    """Conversations read again (None: the thread is gone): their questions replace the
    cached ones, in one transaction; a question whose document is unchanged is not
    written again."""
    old = cache.question_docs_by_thread([t.id for t, _ in conversations])
    rows: list[QuestionRow] = []
    gone: list[int] = []
    for thread, questions in conversations:
        had = old.get(thread.id, {})
        rows += [r for r in written.questions_kept(conversation_rows(thread, questions or []))
                 if had.get(r.id) != r.doc]
        gone += had.keys() - {q.id for q in questions or []}
    if rows or gone:
        cache.replace_conversations(rows, gone)


async def _pages(fetch: Fetch[SearchEnvelope[T]], start: int, *, concurrency: int,
                 on_skipped: Callable[[Sequence[Skipped]], object],
                 on_progress: Callable[[int, int | None], object]
                 ) -> AsyncIterator[tuple[list[T], int]]:
    """A search walked from offset `start`, page by page: each page's readable records and
    the offset the walk goes on from after it (its unreadable records counted). `paginate`
    tells the end of a page (`on_progress`) before it yields the next page's first record;
    `on_progress` here gets offsets from the search's start."""
    after = start
    ended = [start]

    def note(done: int, total: int | None) -> None:
        ended[0] = start + done
        on_progress(start + done, total)

    batch: list[T] = []
    walker = paginate(fetch, limit=PAGE, offset=start, concurrency=concurrency,
                      on_progress=note, on_skipped=on_skipped)
    async with contextlib.aclosing(walker) as records:
        async for record in records:
            if ended[0] != after:  # the page before ended: hand it over
                yield batch, ended[0]
                batch, after = [], ended[0]
            batch.append(record)
    if batch or ended[0] != after:
        yield batch, ended[0]


async def _take_ready(queue: asyncio.Queue[T], limit: int) -> list[T]:
    """The next item, and up to `limit` in all of those already waiting behind it."""
    items = [await queue.get()]
    while len(items) < limit and not queue.empty():
        items.append(queue.get_nowait())
    return items


async def _together(*work: Coroutine[Any, Any, object]) -> None:
    """Run `work` side by side; the first failure cancels the rest and is raised as itself
    (a stage's `ApiError` or `StoreError`)."""
    try:
        async with asyncio.TaskGroup() as group:
            for job in work:
                group.create_task(job)
    except BaseExceptionGroup as failed:
        raise failed.exceptions[0] from None


_AREAS = {"shop": "shop", "categories": "categories", "tracking": "tracking",
          "threads": "inbox", "orders": "orders"}  # a stage's records: the views' area


def _last_value(report: SyncReport) -> Changes:
    """A sync's last value on the feed. A stage that did not finish (failed, cancelled) may
    have stored part of what it read without saying so: its area is read again whole."""
    unfinished = [_AREAS[stage] for stage in STAGES
                  if (result := report.results.get(stage)) is None
                  or result.state is StageState.FAILED]
    return msgspec.structs.replace(Changes.reread(*unfinished), finished_sync=True)


def _count_tree(tree: Sequence[object]) -> int:
    n = 0
    stack = list(tree)
    while stack:
        node = stack.pop()
        n += 1
        stack.extend(getattr(node, "children", None) or [])
    return n


__all__ = ["CATALOGUE_EVERY", "STAGES", "STAGE_RESOURCES", "RecordKind", "SkippedRecord",
           "StageResult", "StageState", "SyncProgress", "SyncReport", "SyncService",
           "ids_text", "report_lines", "skipped_text", "walk_until_unchanged",
           "without_promise"]
