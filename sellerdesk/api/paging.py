"""Walk a search to its end, page by page (offset/limit), with progress and prefetching.

Service notes: page with 50 and never trust `paging.total` alone (a client that stopped when
`total == limit` imported only 50 orders). We stop on a short or empty page only; `total`
serves progress and how far ahead to prefetch. Cancelling the consuming task, or leaving the
loop and closing the iterator (`contextlib.aclosing`), cancels the pages still in flight.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

from sellerdesk.api.errors import BadResponse
from sellerdesk.api.models import Question, SearchEnvelope, Thread

T = TypeVar("T")
E = TypeVar("E", bound=SearchEnvelope[Any])
E_co = TypeVar("E_co", covariant=True)

log = logging.getLogger("sellerdesk.api")

Progress = Callable[[int, int | None], object]


class Fetch(Protocol[E_co]):
    """A search with everything but the window fixed, e.g. `partial(client.search_orders, ...)`."""

    def __call__(self, *, limit: int, offset: int) -> Awaitable[E_co]: ...


async def walk(fetch: Fetch[E], items_of: Callable[[E], Sequence[T]], *, limit: int = 50,
               offset: int = 0, concurrency: int = 2,
               on_progress: Progress | None = None) -> AsyncGenerator[T, None]:
    """Yield `items_of(page)` for every page from `offset` on, in order.

    At most `concurrency` pages are in flight, and more than one only while `paging.total`
    says there is more; `on_progress(done, total)` runs after each page (`total` may be None).
    """
    pending: deque[tuple[int, asyncio.Task[E]]] = deque()
    next_offset, step, done = offset, limit, 0
    total: int | None = None
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
            if page.paging.offset is not None and page.paging.offset != at:
                # A server that ignores offset would make us loop on the first page forever.
                raise BadResponse(detail=f"asked offset {at}, got {page.paging.offset}")
            items = items_of(page)
            applied = page.paging.limit or limit
            total = page.paging.total
            for item in items:
                yield item
            done += len(items)
            if on_progress is not None:
                on_progress(done, None if total is None else max(total, done))
            if len(items) < applied:
                return
            if applied != step:
                # The server clamped `limit`: pages already asked for skip items; redo them.
                await _cancel(pending)
                step, next_offset = applied, at + len(items)
    finally:
        await _cancel(pending)


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
             concurrency: int = 2,
             on_progress: Progress | None = None) -> AsyncGenerator[T, None]:
    """Every result of a question, thread or order search, e.g.
    `async for o in paginate(partial(client.search_orders, paid=True)): ...`."""
    return walk(fetch, _results, limit=limit, offset=offset, concurrency=concurrency,
                on_progress=on_progress)


def _thread_questions(page: SearchEnvelope[Thread]) -> Sequence[Question]:
    threads = page.items
    return (threads[0].questions or []) if threads else []


def paginate_thread(fetch: Fetch[SearchEnvelope[Thread]], *, limit: int = 50,
                    offset: int = 0, concurrency: int = 2,
                    on_progress: Progress | None = None) -> AsyncGenerator[Question, None]:
    """Every question of one thread, e.g. `paginate_thread(partial(client.thread, tid))`."""
    return walk(fetch, _thread_questions, limit=limit, offset=offset,
                concurrency=concurrency, on_progress=on_progress)
