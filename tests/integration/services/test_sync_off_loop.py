"""The sync converts pages to store rows on the store's thread, with their write: the event
loop (the window's GUI thread) only awaits."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from sellerdesk.services import sync as sync_module
from sellerdesk.services.session import Session
from tests.support.sandbox import Sandbox
from tests.support.store_threads import STORE_THREAD, record_store_threads


async def test_rows_are_made_on_the_store_thread(session: Session, fresh_sandbox: Sandbox,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    made: dict[str, list[str]] = {"order": [], "thread": []}

    def recording(kind: str, plain: Any) -> Any:
        def convert(record: Any) -> Any:
            made[kind].append(threading.current_thread().name)
            return plain(record)
        return convert

    monkeypatch.setattr(sync_module, "order_row", recording("order", sync_module.order_row))
    monkeypatch.setattr(sync_module, "thread_row", recording("thread", sync_module.thread_row))
    report = await session.sync.sync(full=True)
    # Each order converted once, but the orders to process and ship: a first sync reads them
    # first and again in the history below them.
    assert report.orders <= len(made["order"]) < report.orders + 100 and report.orders > 0
    assert len(made["thread"]) == report.threads > 0
    for names in made.values():
        assert {n.rsplit("_", 1)[0] for n in names} == {STORE_THREAD}


async def test_a_sync_touches_the_store_on_its_thread_only(
        session: Session, fresh_sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    # An incremental sync checked the outbox for our own writes on the event loop before
    # each page of orders it stored, waiting there for the store's lock.
    await session.sync.sync(full=True)
    fresh_sandbox.sell(currency="ARS")  # an incremental sync with an order to store
    used = record_store_threads(monkeypatch)
    report = await session.sync.sync()
    assert report.orders > 0 and used
    assert set(used) == {STORE_THREAD}
