"""Outbox drain of 1,000 queued answers vs raw httpx PUTs of the same answers.

Target: ≥ 0.85 × the baseline's throughput. The demo shop has ~10 unanswered questions,
so 2,000 more are written into a copy of its database (`tests/stress/sandbox_db.py`): the
outbox answers one half, raw httpx the other (a question takes one answer), same texts, same
sandbox, as many requests in flight as the outbox sends (4). The raw PUTs run half before and
half after the drain, so a change in the machine's load weighs on both sides alike. Both sides
are unpaced: the suite runs sessions at SELLERDESK_RATE=0 and its sandboxes without the rate
limit (a paced drain would measure the pacer, 5 requests/s, on both sides).

The drain is the app's own: answers queued through `InboxService.answer` (durable commits,
questions and threads cached by a sync beforehand), then `OutboxService.flush()` until
nothing is queued; each entry's cache update (the inbox's cache writer) is part of it.

Also recorded: the client's CPU per answer, the drain's against the raw PUTs' (this process,
every thread: the drain's store thread too), in microseconds. The sandbox shares the cores,
so what the client spends per answer is what the drain can lose to the raw PUTs.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store.db import STORE_THREAD
from sellerdesk.store.outbox import OutboxState
from tests.benchmarks.figures import Figures, maybe_profile, ratio_at_least, stopwatch
from tests.stress.sandbox_db import add_unanswered_questions
from tests.support.sandbox import Sandbox

# As in the window: its thread switch interval (tests/benchmarks/conftest.py).
pytestmark = pytest.mark.usefixtures("window_switch_interval")

TARGET = 0.85
ANSWERS = 1_000
IN_FLIGHT = 4  # OutboxService's `parallel`


def _text(question_id: int) -> str:
    return f"¡Hola! Sí, tenemos stock y enviamos hoy mismo. Consulta {question_id}."


async def raw_answers(sb: Sandbox, question_ids: list[int]) -> None:
    pending = iter(question_ids)
    limits = httpx.Limits(max_connections=IN_FLIGHT, max_keepalive_connections=IN_FLIGHT)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        async def worker() -> None:
            for qid in pending:
                r = await http.put(f"{sb.api}/questions/{qid}",
                                   params={"access_token": sb.token},
                                   json={"answer": _text(qid)})
                assert r.status_code == 200, r.text
        await asyncio.gather(*(worker() for _ in range(IN_FLIGHT)))


async def test_outbox_drain_1000_answers_vs_raw_puts(seeded_db: Path, tmp_path: Path,
                                                     bench: Figures,
                                                     profile_dir: Path) -> None:
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    ids = add_unanswered_questions(db, 2 * ANSWERS, per_thread=250)
    ours, theirs = ids[:ANSWERS], ids[ANSWERS:]
    sb = Sandbox(db=db).start()
    address = ShopAddress(profile="bench", base_url=sb.base_url, shop_id=sb.shop_id)
    session = await Session.open(address, sb.token, data_dir=tmp_path / "data")
    try:
        await session.sync.sync()
        for qid in ours:
            await session.inbox.answer(qid, _text(qid))
        assert (await session.outbox.counts())[OutboxState.QUEUED] == ANSWERS

        cpu = time.process_time()
        with stopwatch() as raw_first:
            await raw_answers(sb, theirs[:ANSWERS // 2])
        raw_cpu = time.process_time() - cpu
        store_thread = thread_clock(STORE_THREAD)
        store_cpu = store_thread()
        cpu = time.process_time()
        with stopwatch() as drain, maybe_profile("outbox_drain", profile_dir):
            while True:
                counts = await session.outbox.flush()
                if not counts[OutboxState.QUEUED] and not counts[OutboxState.SENDING]:
                    break
        drain_cpu = time.process_time() - cpu
        store_cpu = store_thread() - store_cpu
        cpu = time.process_time()
        with stopwatch() as raw_second:
            await raw_answers(sb, theirs[ANSWERS // 2:])
        raw_cpu += time.process_time() - cpu

        assert counts[OutboxState.DONE] == ANSWERS, counts
        cached = await session.inbox.question(ours[-1])
        assert cached is not None and cached.status == "answered"
        left = sb.get("/questions/search", status="unanswered", limit=1).json()
        assert left["paging"]["total"] < 20  # only the demo's own remain
    finally:
        await session.aclose()
        sb.stop()
    raw = raw_first() + raw_second()
    drain_us, raw_us = drain_cpu * 1e6 / ANSWERS, raw_cpu * 1e6 / ANSWERS
    store_us = store_cpu * 1e6 / ANSWERS
    print(f"\noutbox drain: {ANSWERS} answers in {drain():.2f} s; raw PUTs {raw:.2f} s "
          f"({raw_first():.2f} + {raw_second():.2f}); client CPU per answer {drain_us:.0f} µs "
          f"(the store's thread {store_us:.0f}, the others {drain_us - store_us:.0f}) vs "
          f"{raw_us:.0f} µs (this process, all threads; the sandbox shares the cores)")
    bench.record("outbox drain, 1,000 queued answers", ANSWERS / drain(), "ans/s",
                 ANSWERS / raw, target=ratio_at_least(TARGET),
                 note=f"drain {drain():.2f} s vs raw PUTs {raw:.2f} s ({IN_FLIGHT} in flight, "
                      f"both unpaced); client CPU {drain_us:.0f} vs {raw_us:.0f} µs per answer")
    bench.record("outbox drain: client CPU per answer", drain_us, "µs", raw_us,
                 note=f"this process, every thread, per answer sent (the store's thread "
                      f"{store_us:.0f} µs); baseline: the raw PUTs' (lower is better)")


def thread_clock(prefix: str) -> Callable[[], float]:
    """The CPU seconds so far of the live thread whose name starts with `prefix` (0.0 where
    the platform has no per-thread clocks, or no such thread runs)."""
    found = next((t for t in threading.enumerate() if t.name.startswith(prefix)), None)
    getter = getattr(time, "pthread_getcpuclockid", None)
    if found is None or found.ident is None or getter is None:
        return lambda: 0.0
    clock = getter(found.ident)
    return lambda: time.clock_gettime(clock)
