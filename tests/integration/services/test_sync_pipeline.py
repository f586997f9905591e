"""A full sync goes on reading while the store writes: order pages are fetched while a page
is written, and conversations read meanwhile go to the store together."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.services import sync as sync_module
from sellerdesk.services.first_sync import ORDERS_TO_DO
from sellerdesk.services.session import Session

WAIT = 20.0  # seconds a held write waits for the reads it expects (a hang is a failure)


def _counting(monkeypatch: pytest.MonkeyPatch, method: str) -> Callable[[], int]:
    """Counts the client's finished calls of `method`."""
    plain = getattr(ShopClient, method)
    done = [0]

    async def counted(self: ShopClient, *args: Any, **kwargs: Any) -> Any:
        result = await plain(self, *args, **kwargs)
        done[0] += 1
        return result

    monkeypatch.setattr(ShopClient, method, counted)
    return lambda: done[0]


def _hold_first(monkeypatch: pytest.MonkeyPatch, name: str, until: Callable[[], bool]
                ) -> tuple[list[int], list[bool]]:
    """Holds the first call of the store-thread function `name` until `until()` (at most
    WAIT s); returns each call's batch size and whether the held one saw `until()`."""
    plain = getattr(sync_module, name)
    sizes: list[int] = []
    released: list[bool] = []

    def held(*args: Any) -> Any:
        batch: list[Any] = args[1]  # (cache or store, batch, ...)
        if not released:
            deadline = time.monotonic() + WAIT
            while not until() and time.monotonic() < deadline:
                time.sleep(0.005)
            released.append(until())
        sizes.append(len(batch))
        return plain(*args)

    monkeypatch.setattr(sync_module, name, held)
    return sizes, released


async def test_order_pages_are_fetched_while_one_is_written(
        session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    pages = _counting(monkeypatch, "search_orders")
    # A first sync: after the searches of the orders to do (a page each here), the walk of
    # every order. Its first write waits until three more pages came: the walk did not
    # wait for it.
    to_do = len(ORDERS_TO_DO)
    sizes, released = _hold_first(monkeypatch, "_write_orders_walked",
                                  lambda: pages() >= to_do + 4)
    report = await session.sync.sync(full=True)
    assert released == [True]
    assert sum(sizes) == report.orders  # each order written once
    assert max(sizes) <= sync_module.ORDER_PAGES_PER_WRITE * sync_module.PAGE


async def test_conversations_read_meanwhile_are_written_together(
        session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    read = _counting(monkeypatch, "thread")
    sizes, released = _hold_first(monkeypatch, "_write_conversations", lambda: read() >= 6)
    report = await session.sync.sync(full=True)
    assert released == [True]
    assert sum(sizes) == report.threads  # every conversation written once
    assert sizes[1] > 1  # those read while the first was held went in one trip
    assert max(sizes) <= sync_module.CONVERSATIONS_PER_WRITE


async def test_every_stage_says_it_is_done_and_a_first_sync_tells_its_parts(
        session: Session) -> None:
    """The window names the first stage still under way: each stage's last word is done ==
    total. A first sync goes in parts, each event naming the part under way and those still
    coming; the inbox is told once the unanswered conversations are read (in their final
    order), before the rest's conversations are read."""
    from sellerdesk.services.first_sync import SyncPart
    from sellerdesk.services.sync import SyncProgress

    events: list[tuple[str, object]] = []
    parts: list[tuple[SyncPart | None, tuple[SyncPart, ...]]] = []
    session.changes.published.connect(
        lambda changes: events.append(("inbox", None)) if changes.touches("inbox") else None)

    def seen(p: SyncProgress) -> None:
        events.append((p.stage, (p.done, p.total)))
        parts.append((p.part, p.coming))

    await session.sync.sync(on_progress=seen)
    last: dict[str, object] = {}
    for stage, value in events:
        last[stage] = value
    for stage in ("shop", "categories", "tracking", "threads", "questions", "orders"):
        done, total = last[stage]  # type: ignore[misc]
        assert done == total, (stage, done, total)
    first_inbox = events.index(("inbox", None))
    assert {stage for stage, _ in events[:first_inbox]} == {"threads", "questions"}
    assert any(stage == "questions" for stage, _ in events[first_inbox:])
    # The parts in their order, never back; each says what is still coming.
    order = [SyncPart.UNANSWERED, SyncPart.ORDERS_TO_DO, SyncPart.REST]
    said = [p for p, _ in parts]
    assert said[0] is SyncPart.UNANSWERED and said[-1] is SyncPart.REST
    assert [order.index(p) for p in said if p] == sorted(order.index(p) for p in said if p)
    assert set(said) == set(order)
    for part, coming in parts:
        assert part is not None and coming == tuple(order[order.index(part) + 1:])
    # The next sync is not a first one: no parts.
    parts.clear()
    await session.sync.sync(on_progress=seen)
    assert parts and all(p == (None, ()) for p in parts)
