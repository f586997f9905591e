"""The inbox's first list read, started before the window is built.

At start the inbox's rows come from one read on the store's thread (about 25 ms) while the
GUI thread builds the window and the inbox (about 50 ms of imports and widgets). Started
only once the inbox was built, the read ran while the window painted a frame without rows.
`offered` starts it first: the window is built meanwhile, and the inbox's first `load()`
takes the read under way (`take`) instead of starting its own, when it asks for the same
shop, filters and goal. It is the same read, made into rows by the same code; a read not
taken while the window is built is dropped (the inbox reads again when it is shown).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Coroutine
from typing import TYPE_CHECKING, Any

from sellerdesk.services.inbox_list import InboxFilters, InboxList
from sellerdesk.ui import settings as keys

if TYPE_CHECKING:
    from sellerdesk.services.session import Session
    from sellerdesk.ui.settings import Settings

async def read_threads(services: Session, filters: InboxFilters,
                       slow_minutes: int) -> InboxList:
    """The inbox's list as the services order and filter it (`InboxService.list`)."""
    return await services.inbox.list(filters, slow_minutes=slow_minutes)


def saved_filters(settings: Settings) -> InboxFilters:
    """The inbox's filters as the seller left them (`InboxPanel.restore_state`)."""
    return InboxFilters.from_json(settings.get(keys.VIEW_FILTERS.at("inbox")))


class _Early:
    def __init__(self, services: Session, filters: InboxFilters, minutes: int) -> None:
        self.key = (services, filters, minutes)
        self.task: asyncio.Task[InboxList] = asyncio.ensure_future(
            read_threads(services, filters, minutes))
        self.taken = False


_offered: _Early | None = None  # only while a window is being built (`offered`)


@contextlib.asynccontextmanager
async def offered(services: Session | None, settings: Settings) -> AsyncIterator[None]:
    """Start the inbox's first read now, for the window built inside the block: the inbox
    takes it if it loads meanwhile; else it is cancelled at the block's end. Only a plain
    read of the store is started early (a search with words may ask the service), and only
    when the window opens on the inbox."""
    global _offered
    filters = saved_filters(settings)
    # Not for a window that opens on another view: its own first read would wait behind it.
    other_view = settings.get(keys.LAST_VIEW) not in ("", "inbox")
    if services is None or filters.words or other_view or _offered is not None:
        yield
        return
    early = _offered = _Early(services, filters, settings.slow_answer_minutes())
    try:
        # A turn of the loop: the read's first step queues it on the store's thread before
        # the window is built (a second turn to spare).
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        yield
    finally:
        _offered = None
        if not early.taken:  # nobody will read it
            early.task.cancel()
            early.task.add_done_callback(_quiet)  # a failure is the inbox's own read's


def take(services: Session, filters: InboxFilters,
         minutes: int) -> Coroutine[Any, Any, InboxList] | None:
    """The read started by `offered` for exactly this shop, filters and goal, as a coroutine
    for the window's runner (once); None when there is none."""
    global _offered
    early = _offered
    if early is None or early.key != (services, filters, minutes):
        return None
    _offered = None
    early.taken = True
    return _await(early.task)


async def _await(task: asyncio.Task[InboxList]) -> InboxList:
    # Cancelling this (a newer read, the window closing) cancels the read too.
    return await task


def _quiet(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()
