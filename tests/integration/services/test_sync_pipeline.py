"""A full sync goes on reading while the store writes: order pages are fetched while a page
is written, and conversations read meanwhile go to the store together."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.services import sync as sync_module
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

    def held(cache: Any, batch: list[Any]) -> Any:
        if not released:
            deadline = time.monotonic() + WAIT
            while not until() and time.monotonic() < deadline:
                time.sleep(0.005)
            released.append(until())
        sizes.append(len(batch))
        return plain(cache, batch)

    monkeypatch.setattr(sync_module, name, held)
    return sizes, released


async def test_order_pages_are_fetched_while_one_is_written(
        session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    pages = _counting(monkeypatch, "search_orders")
    # The first write waits until three more pages came: the walk did not wait for it.
    sizes, released = _hold_first(monkeypatch, "_write_orders", lambda: pages() >= 4)
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


async def test_every_stage_says_it_is_done_and_a_first_sync_lists_conversations_early(
        session: Session) -> None:
    """The window names the first stage still under way: each stage's last word is done ==
    total. A first sync tells the inbox once the conversations are listed, before their
    questions are read (the inbox shows them meanwhile)."""
    from sellerdesk.services.sync import SyncProgress

    events: list[tuple[str, object]] = []
    session.changes.published.connect(
        lambda changes: events.append(("inbox", None)) if changes.touches("inbox") else None)

    def seen(p: SyncProgress) -> None:
        events.append((p.stage, (p.done, p.total)))

    await session.sync.sync(on_progress=seen)
    last: dict[str, object] = {}
    for stage, value in events:
        last[stage] = value
    for stage in ("shop", "categories", "tracking", "threads", "questions", "orders"):
        done, total = last[stage]  # type: ignore[misc]
        assert done == total, (stage, done, total)
    first_inbox = events.index(("inbox", None))
    assert any(stage == "questions" for stage, _ in events[first_inbox:])
