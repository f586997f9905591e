"""A shop's first sync reads what the seller acts on first, and an interrupted one goes on
where it stopped (services/first_sync.py). Counted at the transport, never timed."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path
from typing import Any

import httpx

from sellerdesk.services.first_sync import ORDERS_TO_DO, ORDERS_WALK, THREADS_WALK
from sellerdesk.services.inbox_list import InboxFilters, arrange, unanswered
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store.rows import Resource
from tests.support.sandbox import Sandbox

PAGE = 50


class GatedTransport(httpx.AsyncBaseTransport):
    """Passes the first `allowed` requests to the shop; holds every later one until
    `release` (and says so: `held`). Remembers each request's path and query."""

    def __init__(self, allowed: int | None = None) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.allowed = allowed
        self.sent: list[httpx.URL] = []
        self.held = asyncio.Event()
        self.release = asyncio.Event()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if "/v1/shops/" in request.url.path:
            self.sent.append(request.url)
            if self.allowed is not None and len(self.sent) > self.allowed:
                self.held.set()
                await self.release.wait()
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()

    def paths(self, ending: str = "") -> list[str]:
        return [u.path for u in self.sent if u.path.endswith(ending)]


async def _open(sb: Sandbox, data: Path, transport: httpx.AsyncBaseTransport) -> Session:
    address = ShopAddress(profile="first", base_url=sb.base_url, shop_id=sb.shop_id)
    return await Session.open(address, sb.token, data_dir=data, transport=transport,
                              max_retries=1)


def _all(sb: Sandbox, path: str, **params: Any) -> list[dict[str, Any]]:
    """Every result of a search of the sandbox's, page by page."""
    found: list[dict[str, Any]] = []
    while True:
        page = sb.get(path, limit=PAGE, offset=len(found), **params).json()
        found += page["results"]
        if len(page["results"]) < PAGE:
            return found


def _waiting_order(session_threads: list[Any]) -> list[str]:
    """The inbox's rows waiting for an answer, in the order it shows them."""
    return [t.id for t in arrange(session_threads, InboxFilters()) if unanswered(t)]


async def test_the_first_requests_bring_every_unanswered_conversation(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    """After the list of unanswered threads and their conversations (N requests), every
    unanswered conversation is in the store, the inbox is told, and no other request was
    made; their rows are in the order they keep once everything is read."""
    sb = fresh_sandbox
    waiting = [t for t in _all(sb, "/questions/threads/search", status="unanswered")
               if t.get("id")]
    n = math.ceil(len(waiting) / PAGE) + len(waiting)
    gate = GatedTransport(allowed=n)
    session = await _open(sb, tmp_path / "data", gate)
    told = asyncio.Event()
    session.changes.published.connect(
        lambda changes: told.set() if changes.touches("inbox") else None)
    try:
        sync = asyncio.ensure_future(session.sync.sync())
        first = [asyncio.ensure_future(told.wait()), asyncio.ensure_future(gate.held.wait())]
        await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
        for waiter in first:
            waiter.cancel()
        assert told.is_set(), f"request {n + 1} came before the inbox was told: {gate.sent}"
        cache = session.store.cache
        with_questions = await session.store.run(cache.question_thread_ids)
        assert {str(t["id"]) for t in waiting} <= with_questions
        for q in _all(sb, "/questions/search", status="unanswered"):
            if isinstance(q.get("id"), int):
                assert await session.inbox.question(q["id"]) is not None, q["id"]
        shown = _waiting_order(await session.inbox.overview())
        assert len(shown) == len(waiting)
        gate.release.set()
        report = await sync
        assert report.ok
        # The history came below: the waiting rows kept their order.
        assert _waiting_order(await session.inbox.overview()) == shown
        assert report.threads > len(waiting)
    finally:
        gate.release.set()
        await session.aclose()


async def test_the_orders_to_do_come_next(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    """Right after the unanswered conversations, the searches of the orders to process and
    to ship (a page each in the demo shop), before any other request."""
    sb = fresh_sandbox
    waiting = [t for t in _all(sb, "/questions/threads/search", status="unanswered")
               if t.get("id")]
    n = math.ceil(len(waiting) / PAGE) + len(waiting)
    gate = GatedTransport()
    session = await _open(sb, tmp_path / "data", gate)
    try:
        report = await session.sync.sync()
    finally:
        await session.aclose()
    assert report.ok
    next_ones = gate.sent[n:n + len(ORDERS_TO_DO)]
    assert all(u.path.endswith("/orders/search") for u in next_ones), next_ones
    assert {u.params.get("closed") for u in next_ones} == {"false"}
    assert {(u.params.get("paid"), u.params.get("processed"), u.params.get("shipping"))
            for u in next_ones} == {("true", "false", None), (None, "true", "pending"),
                                    (None, "true", "in_progress"), (None, "true", "pickup")}


async def test_an_interrupted_first_sync_goes_on_where_it_stopped(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    """A first sync cancelled in its history (a quit) leaves its positions in the store; the
    next sync reads no conversation again and no order page before the kept position, and
    ends with the whole shop."""
    sb, data = fresh_sandbox, tmp_path / "data"
    waiting = [t for t in _all(sb, "/questions/threads/search", status="unanswered")
               if t.get("id")]
    # The unanswered part, the orders to do (a page each), then some of the history.
    allowed = math.ceil(len(waiting) / PAGE) + len(waiting) + len(ORDERS_TO_DO) + 40
    gate = GatedTransport(allowed=allowed)
    session = await _open(sb, data, gate)
    try:
        sync = asyncio.ensure_future(session.sync.sync())
        await gate.held.wait()
        sync.cancel()
        await asyncio.gather(sync, return_exceptions=True)
        positions = await session.store.run(session.store.plan.positions)
        read_before = await session.store.run(session.store.cache.question_thread_ids)
        cached_orders = await session.store.run(session.store.cache.count, Resource.ORDERS)
        assert await session.sync.synced_at(Resource.ORDERS) is None
        assert await session.sync.synced_at(Resource.THREADS) is None
    finally:
        gate.release.set()
        await session.aclose()
    assert positions.get(THREADS_WALK, 0) > 0 or positions.get(ORDERS_WALK, 0) > 0, positions
    passed = gate.sent[:allowed]  # the held ones never reached the shop

    again = GatedTransport()
    session = await _open(sb, data, again)
    try:
        report = await session.sync.sync()
        assert report.ok
        cache = session.store.cache
        assert await session.store.run(cache.count, Resource.ORDERS) == sb.readable_orders()
        every = [t for t in _all(sb, "/questions/threads/search") if t.get("id")]
        assert await session.store.run(cache.count, Resource.THREADS) == len(every)
        assert await session.sync.synced_at(Resource.ORDERS) is not None
        assert await session.store.run(session.store.plan.positions) == {}
    finally:
        await session.aclose()
    # What the second run read again of the first's: only what a first sync lists again
    # (the unanswered threads, the orders to do, the tracking codes' list), the walks'
    # pages from their kept positions and the conversations read but not stored when it
    # stopped; never a stored conversation, never a page before a kept position.
    repeated = {str(u) for u in passed} & {str(u) for u in again.sent}
    for url in map(httpx.URL, sorted(repeated)):
        params, path = url.params, url.path
        if path.endswith("/questions/threads/search"):
            assert params.get("status") == "unanswered" or int(
                params["offset"]) >= positions.get(THREADS_WALK, 0), url
        elif path.endswith("/orders/search"):
            assert "processed" in params or int(params["offset"]) >= positions.get(
                ORDERS_WALK, 0), url  # a search of the orders to do, or the walk
        elif "/questions/threads/" in path:
            assert path.rsplit("/", 1)[1] not in read_before, url
        else:
            assert path.endswith("/metrics"), url
    assert cached_orders >= positions.get(ORDERS_WALK, 0) - len(sb.unreadable("orders"))
    assert read_before, "no conversation was stored before the interruption"
