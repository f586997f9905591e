"""Walk a search to its end, page by page (offset/limit), with progress and prefetching.

Service notes: page with 50 and never trust `paging.total` alone (a client that stopped when
`total == limit` imported only 50 orders). A full page always asks for the next one. A short
page ends the walk unless `paging.total` says there is more (a server that caps pages below
the limit without saying so): then the walk goes on from where the short page ended, with
that page's size. An empty page always ends it. `total` also serves progress and how far
ahead to prefetch.

Records a page could not read (`SearchEnvelope.skipped`) count for the page's size and are
reported through `on_skipped(page_skipped)` once per page that had any; they never end the
walk. A server that ignores `offset` (the same first record on two pages in a row, or an
echoed `paging.offset` other than the one asked) ends the walk with `BadResponse`
(`errors.OFFSET_IGNORED`) instead of looping.

Cancelling the consuming task, or leaving the loop and closing the iterator
(`contextlib.aclosing`), cancels the pages still in flight.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

from sellerdesk.api.envelope import Skipped
from sellerdesk.api.errors import OFFSET_IGNORED, BadResponse
from sellerdesk.api.models import Question, SearchEnvelope, Thread

T = TypeVar("T")
E = TypeVar("E", bound=SearchEnvelope[Any])
E_co = TypeVar("E_co", covariant=True)

log = logging.getLogger("sellerdesk.api")

Progress = Callable[[int, int | None], object]
OnSkipped = Callable[[Sequence[Skipped]], object]


class Fetch(Protocol[E_co]):
    """A search with everything but the window fixed, e.g. `partial(client.search_orders, ...)`."""

    def __call__(self, *, limit: int, offset: int) -> Awaitable[E_co]: ...


def _key(item: object) -> object:
    """What identifies a record across pages (its id; the item itself for plain values)."""
    return getattr(item, "id", item)


async def walk(fetch: Fetch[E], items_of: Callable[[E], Sequence[T]], *, limit: int = 50,
               offset: int = 0, concurrency: int = 2, on_progress: Progress | None = None,
               on_skipped: OnSkipped | None = None) -> AsyncGenerator[T, None]:
    """Yield `items_of(page)` for every page from `offset` on, in order.

    At most `concurrency` pages are in flight, and more than one only while `paging.total`
    says there is more; `on_progress(done, total)` runs after each page (`total` may be
    None; `done` counts skipped records too); `on_skipped(skipped)` after each page that had
    unreadable records.
    """
    pending: deque[tuple[int, asyncio.Task[E]]] = deque()
    next_offset, step, done = offset, limit, 0
    total: int | None = None
    first_seen: object = _NOTHING
    try:
        while True:
            cap = 1 if total is None else max(1, concurrency)
            while not pending or (len(pending) < cap and total is not None
                                  and next_offset < total):
                task = asyncio.ensure_future(fetch(limit=limit, offset=next_offset))
                pending.append((next_offset, task))
                next_offset += step
            at, task = pending.popleft()
            page = await task
            items = items_of(page)
            skipped = page.skipped
            if page.paging.offset is not None and page.paging.offset != at:
                raise BadResponse(OFFSET_IGNORED,
                                  detail=f"asked offset {at}, got {page.paging.offset}")
            if items:
                first = _key(items[0])
                if at != offset and first == first_seen:
                    raise BadResponse(OFFSET_IGNORED, detail=f"offset {at} began with the "
                                      f"same record ({first!r}) as the page before")
                first_seen = first
            count = len(items) + len(skipped)
            applied = page.paging.limit or limit
            total = page.paging.total
            for item in items:
                yield item
            done += count
            if skipped and on_skipped is not None:
                on_skipped(skipped)
            if on_progress is not None:
                on_progress(done, None if total is None else max(total, done))
            if count == 0:
                return
            if count < applied:
                if total is None or at + count >= total:
                    return
                # A short page while `total` says more: the server caps pages silently.
                log.info("page at offset %d held %d of %d; total %d: going on", at, count,
                         applied, total)
                await _cancel(pending)
                step, next_offset = count, at + count
            elif applied != step:
                # The server clamped `limit`: pages already asked for skip items; redo them.
                await _cancel(pending)
                step, next_offset = applied, at + count
    finally:
        await _cancel(pending)


_NOTHING = object()


async def _cancel(pending: deque[tuple[int, asyncio.Task[Any]]]) -> None:
    tasks = [task for _, task in pending]
    pending.clear()
    for task in tasks:
        task.cancel()
    if tasks:  # retrieve their outcomes so none is reported as "never retrieved"
        await asyncio.gather(*tasks, return_exceptions=True)


def _results(page: SearchEnvelope[T]) -> Sequence[T]:
    return page.items


def paginate(fetch: Fetch[SearchEnvelope[T]], *, limit: int = 50, offset: int = 0,
             concurrency: int = 2, on_progress: Progress | None = None,
             on_skipped: OnSkipped | None = None) -> AsyncGenerator[T, None]:
    """Every readable result of a question, thread or order search, e.g.
    `async for o in paginate(partial(client.search_orders, paid=True)): ...`;
    `on_skipped` hears of the unreadable ones, page by page."""
    return walk(fetch, _results, limit=limit, offset=offset, concurrency=concurrency,
                on_progress=on_progress, on_skipped=on_skipped)


def _thread_questions(page: SearchEnvelope[Thread]) -> Sequence[Question]:
    threads = page.items
    return (threads[0].questions or []) if threads else []


def paginate_thread(fetch: Fetch[SearchEnvelope[Thread]], *, limit: int = 50,
                    offset: int = 0, concurrency: int = 2,
                    on_progress: Progress | None = None,
                    on_skipped: OnSkipped | None = None) -> AsyncGenerator[Question, None]:
    """Every readable question of one thread, e.g. `paginate_thread(partial(client.thread,
    tid))`; `on_skipped` hears of the questions that could not be read."""
    return walk(fetch, _thread_questions, limit=limit, offset=offset,
                concurrency=concurrency, on_progress=on_progress, on_skipped=on_skipped)
