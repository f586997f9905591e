"""A pause of the service's longer than a request may hold its turn: a sync given a deadline
waits it out and completes; without one, the stages that met it fail at once (the window's
refresh reschedules itself: test_slow_down.py). The pacer's hold is made short here so the
pause is seconds, not minutes."""

from __future__ import annotations

import time

from sellerdesk.api.errors import RateLimited
from sellerdesk.services.session import Session
from sellerdesk.services.sync import StageState
from tests.support.field import RequestLog
from tests.support.sandbox import Sandbox

PAUSE = 2  # seconds of the 429's Retry-After
HOLD = 0.5  # seconds a request may wait for its turn, here


async def test_a_sync_with_a_deadline_waits_out_a_long_pause(synced_paced: Session,
                                                              limited: Sandbox) -> None:
    sb, session = limited, synced_paced
    session.client.pacer.hold_max = HOLD
    log = RequestLog(sb)
    sb.set_faults(rate_limit_next=1, retry_after=PAUSE)
    report = await session.sync.sync(deadline=time.monotonic() + 120)
    assert report.ok and not report.failed, report.results
    assert log.faults("rate_limit") == 1
    assert all(r.state in (StageState.OK, StageState.NOT_DUE) for r in report.results.values())


async def test_without_a_deadline_the_stage_that_met_it_fails(synced_paced: Session,
                                                               limited: Sandbox) -> None:
    sb, session = limited, synced_paced
    session.client.pacer.hold_max = HOLD
    sb.set_faults(rate_limit_next=1, retry_after=PAUSE)
    try:
        report = await session.sync.sync()
    except RateLimited:  # every stage met the pause
        return
    assert report.failed and isinstance(report.backoff_error(), RateLimited)
