"""Syncs under the field's rate limit (5 requests/s, burst 10), the client paced at 5: every
run completes, and a sync with nothing changed costs at most 5 requests (counted from the
sandbox's request log, never timed)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sellerdesk.services.session import Session
from sellerdesk.services.sync import RecordKind, StageState, SyncReport
from sellerdesk.store.rows import Resource
from tests.support import http
from tests.support.field import RequestLog, open_paced
from tests.support.sandbox import Sandbox

RUNS = 10
INCREMENTAL_MAX = 5  # the target for a sync with nothing changed


def assert_complete(report: SyncReport) -> None:
    """Every stage ran to the end (shop and categories may not be due)."""
    states = {r.stage: r.state for r in report.results.values()}
    assert set(states) == {"shop", "categories", "tracking", "threads", "orders"}
    assert all(s in (StageState.OK, StageState.NOT_DUE) for s in states.values()), states
    assert states["threads"] is StageState.OK and states["orders"] is StageState.OK


@pytest.mark.early  # long: started first (tests/conftest.py)
async def test_ten_full_syncs_complete_under_the_limit(small_limited: Sandbox,
                                                       tmp_path: Path) -> None:
    """Ten first syncs of the 300-order shop, one token each: the limiter counts per token,
    so each run faces the limit on its own; all ten complete, with the same records."""
    sb = small_limited
    log = RequestLog(sb)
    tokens = [sb.new_tokens()["access_token"] for _ in range(RUNS)]
    sessions = [await open_paced(sb, tmp_path / f"run{n}", token=t, profile=f"run{n}")
                for n, t in enumerate(tokens)]
    try:
        reports = await asyncio.gather(*(s.sync.sync() for s in sessions))
    finally:
        for s in sessions:
            await s.aclose()
    for report in reports:
        assert_complete(report)
        assert report.full is False and report.stages == list(
            ("shop", "categories", "tracking", "threads", "orders"))
        assert set(report.skipped_ids(RecordKind.ORDER)) == sb.unreadable("orders")
    assert len({(r.orders, r.threads, r.questions, r.tracking_codes) for r in reports}) == 1
    total = sb.get("/orders/search", limit=1).json()["paging"]["total"]
    assert reports[0].orders == total - len(sb.unreadable("orders"))
    sent = log.count()
    print(f"\n{RUNS} full syncs of the {total}-order shop under 5 requests/s: all complete; "
          f"{sent / RUNS:.0f} requests each, {log.limited()} answered 429 by the limiter")


@pytest.mark.slow  # 35 s at 5 requests/s; the small shop's ten syncs run by default
async def test_full_size_sync_then_incremental_ones(paced: Session, limited: Sandbox) -> None:
    """The demo shop, full size: one first sync, then ten with nothing changed, each at most
    five requests."""
    log = RequestLog(limited)
    first = await paced.sync.sync()
    assert_complete(first)
    full_requests = log.count()
    counts = []
    for _ in range(RUNS):
        log.mark()
        report = await paced.sync.sync()
        assert_complete(report)
        counts.append(log.count())
        assert report.results["shop"].state is StageState.NOT_DUE
    assert max(counts) <= INCREMENTAL_MAX, counts
    print(f"\nfull-size shop under 5 requests/s: first sync {full_requests} requests, "
          f"incremental {counts}")
    assert await paced.sync.synced_at(Resource.ORDERS) is not None


async def test_a_new_session_syncs_in_few_requests(synced_paced: Session,
                                                   limited: Sandbox) -> None:
    log = RequestLog(limited)
    assert_complete(await synced_paced.sync.sync())
    # It does not know yet which records the server lists but cannot be read: the thread
    # list is read whole once (3 pages), the rest stops at their first page.
    assert log.count() <= INCREMENTAL_MAX


async def test_incremental_syncs_find_what_changed(synced_paced: Session,
                                                   limited: Sandbox) -> None:
    sb, paced = limited, synced_paced
    await paced.sync.sync()
    log = RequestLog(sb)
    # A buyer asks, another buys, and the seller answers an old question elsewhere (its thread
    # keeps its date, so it stays deep in the newest-first list).
    asked = sb.ask()
    sold = sb.sell(currency="PEN")
    deep = sb.get("/questions/search", status="unanswered", orders="question_date_asc",
                  limit=1).json()["results"][0]
    r = http.put(f"{sb.api}/questions/{deep['id']}", params={"access_token": sb.token},
                  json={"answer": "Respondida desde el teléfono."}, timeout=30)
    r.raise_for_status()
    log.mark()
    report = await paced.sync.sync()
    assert_complete(report)
    assert (await paced.inbox.question(int(asked["id"]))) is not None
    order = await paced.orders.order(str(sold["id"]))
    assert order is not None and order.currency is not None and order.currency.value == "PEN"
    answered = await paced.inbox.question(int(deep["id"]))
    assert answered is not None and answered.status == "answered"
    # The deep change is found by the shop's totals (one whole thread list), not by
    # reading every conversation.
    assert log.count(path_end="/questions/threads/search") <= 4
    assert log.count() < 20
