"""A child process for the crash trials: queue writes through the services, as a seller's
window or script would, report each one the moment it is saved, and send it.

Steps run in order; after each one the outbox is flushed once (like a command-line write),
so a later write can arrive while an earlier one is still unsettled. Every saved write is
reported as one JSON line in the report file: the worker's progress marks.

The worker can end itself with SIGKILL at an exact point of its own progress (`kill`): before
its n-th request leaves, after its n-th response arrived (the server applied it, the worker
has not read it), or after its n-th outbox commit. It can also switch a sandbox fault on just
before a given request goes out (`arm`), so a fault meets that request and no other.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path
from typing import Any

import httpx

KILL_POINTS = ("request", "response", "commit")


class _Tripwire(httpx.AsyncBaseTransport):
    """Counts requests and responses on their way; may arm a fault or end the process."""

    def __init__(self, inner: httpx.AsyncBaseTransport, base_url: str, token: str,
                 kill: dict[str, Any] | None, arms: list[dict[str, Any]]) -> None:
        self.inner = inner
        self.base_url = base_url
        self.token = token
        self.kill = kill
        self.arms = arms  # [{"method", "suffix", "faults"}], each used once, in order
        self.counts = dict.fromkeys(KILL_POINTS, 0)

    def tick(self, point: str) -> None:
        self.counts[point] += 1
        if self.kill and self.kill["on"] == point and self.counts[point] == self.kill["n"]:
            os.kill(os.getpid(), signal.SIGKILL)  # no cleanup, no flush, no goodbye

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.tick("request")
        for arm in list(self.arms):
            if request.method == arm["method"] and request.url.path.endswith(arm["suffix"]):
                self.arms.remove(arm)
                async with httpx.AsyncClient() as admin:
                    r = await admin.put(f"{self.base_url}/_sandbox/faults",
                                        params={"access_token": self.token},
                                        json=arm["faults"])
                    r.raise_for_status()
                break
        response = await self.inner.handle_async_request(request)
        self.tick("response")
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


async def _read_order(session: Any, order_id: str, tries: int = 5) -> Any:
    """The order as the server has it; reads may meet the trial's faults: try a few times."""
    from sellerdesk.api.errors import ApiError

    for attempt in range(tries):
        try:
            return await session.orders.refresh_order(order_id)
        except ApiError:
            if attempt == tries - 1:
                return None
    return None


async def _step(session: Any, step: dict[str, Any], saved: dict[int, Any]) -> Any:
    """Queue one write; returns its outbox entry, or None when it could not be queued."""
    from sellerdesk.api.enums import Event, Provider, ShippingStatus, TrackingStatus
    from sellerdesk.api.models import TrackingCodeDraft
    from sellerdesk.services.outbox.settle import Intent
    from sellerdesk.store.outbox import IntentKind

    kind = step["kind"]
    if kind == "answer":
        return await session.inbox.answer(step["question_id"], step["text"])
    if kind == "shipping":
        order = await _read_order(session, step["order_id"])
        if order is None:
            return None
        return await session.orders.update_shipping(
            order, step["shipping_id"], status=ShippingStatus(step["status"]),
            tracking_code=step["tracking"])
    if kind == "create":
        return await session.tracking.create(TrackingCodeDraft(
            name=step["name"], code=step["code"], provider=Provider(step["provider"]),
            event=Event(step["event"]), status=TrackingStatus(step["status"]),
            options=step.get("options") or {}))
    # A change to a code created by an earlier step: its key moves once the create is done.
    created = saved.get(step["ref"])
    if created is None:
        return None
    current = await session.store.run(session.store.outbox.get, created.id)
    entity = current.entity
    if kind == "modify":
        return await session.outbox.submit(
            IntentKind.TRACKING_MODIFY, entity,
            Intent(changes=step["changes"], base=step["base"]))
    return await session.outbox.submit(IntentKind.TRACKING_DELETE, entity, Intent())


async def _work(base_url: str, shop_id: int, token: str, data_dir: str,
                plan: list[dict[str, Any]], report: str, kill: dict[str, Any] | None,
                arms: list[dict[str, Any]], drain_rounds: int, sync: bool) -> None:
    from sellerdesk.api.client import ShopClient
    from sellerdesk.services.session import Session, ShopAddress
    from sellerdesk.store import Store
    from sellerdesk.store.outbox import OutboxState

    wire = _Tripwire(httpx.AsyncHTTPTransport(), base_url, token, kill, arms)
    store = await Store.open_async("crash", data_dir=Path(data_dir))
    if kill and kill["on"] == "commit":
        store.outbox.add_observer(lambda _change: wire.tick("commit"))
    client = ShopClient(base_url, shop_id, token, timeout=5.0, max_retries=1, transport=wire)
    session = Session(ShopAddress("crash", base_url, shop_id), client, store)
    try:
        if sync:
            await session.sync.sync()
        saved: dict[int, Any] = {}
        with open(report, "a", encoding="utf-8") as out:
            for index, step in enumerate(plan):
                entry = await _step(session, step, saved)
                if entry is None:
                    continue
                saved[index] = entry
                # Only now is the write "saved" as far as the seller is told.
                out.write(json.dumps({"saved": entry.id, "index": index, **step}) + "\n")
                out.flush()
                await session.outbox.flush()
                after = await store.run(store.outbox.get, entry.id)
                out.write(json.dumps({"outcome": entry.id, "index": index,
                                      "state": after.state.value if after else "gone"}) + "\n")
                out.flush()
        # Then like `sellerdesk outbox --flush`, as many rounds as asked.
        for _ in range(drain_rounds):
            await session.outbox.retry_all_waiting()
            counts = await session.outbox.flush()
            if counts[OutboxState.QUEUED] == counts[OutboxState.SENDING] == 0:
                break
    finally:
        await session.aclose()


def run(base_url: str, shop_id: int, token: str, data_dir: str, plan: list[dict[str, Any]],
        report: str, kill: dict[str, Any] | None = None,
        arms: list[dict[str, Any]] | None = None, drain_rounds: int = 0,
        sync: bool = False) -> None:
    asyncio.run(_work(base_url, shop_id, token, data_dir, plan, report, kill, arms or [],
                      drain_rounds, sync))
