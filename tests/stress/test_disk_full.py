"""The store on a full disk: a clear StoreFullError, the seller's unsent text still in the
caller's hands, nothing committed before lost, and everything working once space is back.

Two ways to fill it: SQLite's `PRAGMA max_page_count` (always runs, deterministic), and a
2 MiB tmpfs mounted for the test when running as root (skipped elsewhere).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from sellerdesk.services.changes import WriteEvent
from sellerdesk.services.convert import order_row
from sellerdesk.services.outbox.settle import Intent, dump
from sellerdesk.services.session import Session
from sellerdesk.store import Store, StoreFullError, profile_db_path
from sellerdesk.store.outbox import IntentKind, OutboxState
from sellerdesk.store.rows import Resource
from tests.stress.support import assert_for_a_person, drain, open_session
from tests.support.sandbox import Sandbox

FILLER_ENTITY = "question:99999999999"  # as long as a real question's key: same index needs


def assert_full_message(exc: StoreFullError, token: str) -> None:
    assert_for_a_person(exc.message, token)
    assert "disk is full" in exc.message and "saved before is safe" in exc.message
    assert str(exc) == exc.message


async def _unanswered(sb: Sandbox, count: int) -> list[int]:
    page = await asyncio.to_thread(sb.get, "/questions/search", status="unanswered", limit=50)
    ids = [int(q["id"]) for q in page.json()["results"]]
    assert len(ids) >= count
    return ids[:count]


async def _fill_outbox(store: Store, size: int = 200) -> list[str]:
    """Queue filler entries until the store refuses one; returns their ids."""
    payload = dump(Intent(question_id=99999999999, text="x" * size))
    ids: list[str] = []
    for _ in range(100_000):
        try:
            entry = await store.run(store.outbox.enqueue, IntentKind.ANSWER, FILLER_ENTITY,
                                    payload)
        except StoreFullError:
            return ids
        ids.append(entry.id)
    raise AssertionError("the store never filled up")


async def test_store_full_by_page_limit(fresh_sandbox: Sandbox, synced_copy: Path) -> None:
    session = await open_session(fresh_sandbox, synced_copy)
    store = session.store
    try:
        first, second = await _unanswered(fresh_sandbox, 2)
        queued = await session.inbox.answer(first, "Sí, hay stock.")  # committed, not sent
        orders_before = await session.orders.count()
        some_order = (await session.orders.orders(limit=1))[0]

        def cap() -> int:  # no page beyond those the file has now
            with store.db.read() as conn:
                pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
                return int(conn.execute(f"PRAGMA max_page_count = {pages}").fetchone()[0])

        def uncap() -> None:
            with store.db.read() as conn:
                conn.execute("PRAGMA max_page_count = 1073741823")

        await store.run(cap)
        fillers = await _fill_outbox(store)

        # The seller answers: the store refuses, in words; the composer keeps the text.
        text = "¡Hola! " + "Sí, lo tenemos en todos los talles y colores. " * 30
        with pytest.raises(StoreFullError) as refused:
            await session.inbox.answer(second, text)
        assert_full_message(refused.value, fresh_sandbox.token)
        assert not await session.outbox.entries(entity=f"question:{second}")

        # A sync's cache writes are refused the same way, and roll back whole.
        copies = [order_row(msgspec.structs.replace(some_order, id=f"9{n:09d}"))
                  for n in range(200)]
        with pytest.raises(StoreFullError) as cache_refused:
            await store.run(store.cache.upsert_orders, copies)
        assert_full_message(cache_refused.value, fresh_sandbox.token)

        # Nothing committed before is lost.
        assert await session.orders.count() == orders_before
        again = await session.orders.order(some_order.id)
        assert again is not None and again.buyer == some_order.buyer
        kept = await store.run(store.outbox.get, queued.id)
        assert kept is not None and kept.state is OutboxState.QUEUED
        assert kept.payload == queued.payload

        # Space comes back: the kept text goes out, and so does the answer queued before.
        for entry_id in fillers:
            await session.outbox.discard(entry_id)
        await store.run(uncap)
        entry = await session.inbox.answer(second, text)
        await drain(session)
        for qid, said in ((first, "Sí, hay stock."), (second, text.strip())):
            doc = (await asyncio.to_thread(fresh_sandbox.get, f"/questions/{qid}")).json()
            assert doc["answer"]["text"] == said
        done = await store.run(store.outbox.get, entry.id)
        assert done is not None and done.state is OutboxState.DONE
    finally:
        await session.aclose()


@contextlib.contextmanager
def small_tmpfs(path: Path, size: str = "2m") -> Iterator[Path]:
    if not sys.platform.startswith("linux") or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a tmpfs needs Linux and root")
    path.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield path
    finally:
        if subprocess.run(["umount", str(path)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(path)], capture_output=True)


async def test_store_on_a_full_filesystem(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "mnt") as mnt:
        filler = mnt / "other-program.bin"
        filler.write_bytes(b"\0" * 640 * 1024)  # someone else's file, deleted later
        data = mnt / "data"
        session: Session | None = await open_session(fresh_sandbox, data)
        assert session is not None
        try:
            with pytest.raises(StoreFullError) as refused:
                await session.sync.sync()  # ~5 MB of shop into 2 MiB
            assert_full_message(refused.value, fresh_sandbox.token)
            assert await session.catalogue.shop() is not None  # stored before the disk filled
            orders_kept = await session.orders.count()
            threads_kept = len(await session.inbox.threads())

            (qid,) = await _unanswered(fresh_sandbox, 1)
            text = "Sí, enviamos a todo el país."
            unsent: str | None = None
            try:
                await session.inbox.answer(qid, text)
            except StoreFullError as exc:  # the composer keeps the text
                assert_full_message(exc, fresh_sandbox.token)
                unsent = text

            filler.unlink()  # space comes back
            if unsent is not None:
                await session.inbox.answer(qid, unsent)
            await drain(session)
            doc = (await asyncio.to_thread(fresh_sandbox.get, f"/questions/{qid}")).json()
            assert doc["answer"]["text"] == text
        finally:
            await session.aclose()
            session = None

        # Reopened from the disk: everything committed is there, the file is sound.
        with Store.open("stress", data_dir=data) as store:
            assert store.cache.count(Resource.ORDERS) >= orders_kept
            assert store.cache.count(Resource.THREADS) >= threads_kept
            check = store.db.query("PRAGMA integrity_check")
            assert check == [("ok",)], check
            assert store.outbox.counts()[OutboxState.DONE] == 1
        assert profile_db_path("stress", data).exists()


async def test_background_sender_survives_a_full_disk(fresh_sandbox: Sandbox,
                                                      synced_copy: Path) -> None:
    session = await open_session(fresh_sandbox, synced_copy)
    store = session.store
    real_run = store.run
    refused = asyncio.Event()

    async def run_once_full(fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        # The first "about to send" commit meets a full disk.
        if getattr(fn, "__name__", "").startswith("mark_sending") and not refused.is_set():
            refused.set()
            raise StoreFullError()
        return await real_run(fn, *args, **kwargs)

    store.run = run_once_full  # type: ignore[method-assign]
    try:
        (qid,) = await _unanswered(fresh_sandbox, 1)
        entry = await session.inbox.answer(qid, "Sí, hay stock.")
        sent = asyncio.Event()
        # Sent, not merely settled: a refusal would settle it too.
        session.changes.published.connect(lambda c: sent.set() if any(
            w.entry_id == entry.id and w.event is WriteEvent.SENT for w in c.writes) else None)
        session.start()
        # The first attempt meets the full disk; space comes back; the seller retries.
        await asyncio.wait_for(refused.wait(), timeout=5)
        await session.outbox.retry(entry.id)
        await asyncio.wait_for(sent.wait(), timeout=5)
    finally:
        await session.aclose()
