"""The sync converts pages to store rows on the store's thread, with their write: the event
loop (the window's GUI thread) only awaits."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from sellerdesk.services import sync as sync_module
from sellerdesk.services.session import Session
from tests.support.sandbox import Sandbox


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
        assert {n.rsplit("_", 1)[0] for n in names} == {"sellerdesk-store"}


async def test_a_sync_touches_the_store_on_its_thread_only(
        session: Session, fresh_sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    # Read on the event loop, a query waits there (on the GUI thread) for the store's lock
    # while the store's thread writes: an incremental sync checked the outbox for our own
    # writes that way before each page of orders it stored.
    from sellerdesk.store.db import Database

    await session.sync.sync(full=True)
    fresh_sandbox.sell(currency="ARS")  # an incremental sync with an order to store
    used: list[str] = []

    def recording(plain: Any) -> Any:
        def use(self: Database, *args: Any, **kwargs: Any) -> Any:
            used.append(threading.current_thread().name)
            return plain(self, *args, **kwargs)
        return use

    monkeypatch.setattr(Database, "read", recording(Database.read))
    monkeypatch.setattr(Database, "transaction", recording(Database.transaction))
    report = await session.sync.sync()
    assert report.orders > 0 and used
    assert {n.rsplit("_", 1)[0] for n in used} == {"sellerdesk-store"}
