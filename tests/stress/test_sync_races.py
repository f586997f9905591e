"""A sync that runs while records go away on the server (the seller's own deletes leaving the
outbox meanwhile, or another device): a record listed, then gone when read one by one.

The fault matrix once saw a sync end with NotFound ("That record no longer exists on the
shop service.") because the outbox deleted a tracking code or the last question of a thread
between the sync's list and its per-record reads. Such a record is simply gone: the sync
drops it from the cache and goes on.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from sellerdesk.api.client import ShopClient
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store import Store
from sellerdesk.store.rows import Resource
from tests.support.sandbox import Sandbox


class DeleteAfterList(httpx.AsyncBaseTransport):
    """After the first GET whose path ends with `listing`, deletes `victim` on the server
    before the client sees the list (so the list still holds it)."""

    def __init__(self, sb: Sandbox, listing: str, victim: str) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.sb, self.listing, self.victim = sb, listing, victim
        self.done = False

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        if not self.done and request.method == "GET" and request.url.path.endswith(self.listing):
            self.done = True
            gone = await asyncio.to_thread(
                httpx.delete, f"{self.sb.api}{self.victim}",
                params={"access_token": self.sb.token},
                headers={"Content-Type": "application/json"}, timeout=10)
            assert gone.status_code == 204, gone.text
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


async def _session(sb: Sandbox, data: Path, transport: httpx.AsyncBaseTransport) -> Session:
    client = ShopClient(sb.base_url, sb.shop_id, sb.token, transport=transport, max_retries=1)
    store = await Store.open_async("race", data_dir=data)
    return Session(ShopAddress("race", sb.base_url, sb.shop_id), client, store)


async def test_sync_survives_a_tracking_code_deleted_meanwhile(fresh_sandbox: Sandbox,
                                                               tmp_path: Path) -> None:
    victim = fresh_sandbox.get("/metrics").json()[0]["id"]
    session = await _session(fresh_sandbox, tmp_path / "data",
                             DeleteAfterList(fresh_sandbox, "/metrics", f"/metrics/{victim}"))
    try:
        await session.sync.sync()
        assert await session.tracking.code(victim) is None
        assert await session.orders.count() == fresh_sandbox.readable_orders()
    finally:
        await session.aclose()


async def test_sync_survives_a_thread_gone_meanwhile(fresh_sandbox: Sandbox,
                                                     tmp_path: Path) -> None:
    threads = fresh_sandbox.get("/questions/threads/search", limit=50).json()["results"]
    lonely = next(t for t in threads
                  if int(t["answered_quantity"]) + t["unanswered_quantity"] == 1)
    question = lonely["main_question"]["id"]
    session = await _session(
        fresh_sandbox, tmp_path / "data",
        DeleteAfterList(fresh_sandbox, "/questions/threads/search", f"/questions/{question}"))
    try:
        await session.sync.sync()
        assert await session.inbox.thread(lonely["id"]) is None
        store = session.store
        assert await store.run(store.cache.get, Resource.QUESTIONS, question) is None
    finally:
        await session.aclose()
