"""The service says 429: every request of the shop waits (one pacer), with or without
`Retry-After`, and the sync completes; a `Retry-After` longer than a request may hold its turn
reschedules the work instead (no task sleeps through it), and the session says until when."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sellerdesk.api.errors import RateLimited
from sellerdesk.policy import HOLD_MAX
from sellerdesk.services.connectivity import SlowDown
from sellerdesk.services.refresh import RefreshSchedule
from sellerdesk.services.session import Session
from sellerdesk.services.sync import StageState, SyncReport
from tests.support.field import RequestLog
from tests.support.sandbox import Sandbox

# Two waves of 429s on the first requests of an incremental sync's three stages (tracking
# codes, threads, orders): each request is tried three times of the four it may be.
STORM = 6


@pytest.mark.parametrize("retry_after", [True, False], ids=["retry_after", "no_retry_after"])
async def test_a_storm_of_429s(synced_paced: Session, limited: Sandbox,
                               retry_after: bool) -> None:
    sb, session = limited, synced_paced
    slowed: list[SlowDown | None] = []
    session.pace.slowed.connect(slowed.append)
    log = RequestLog(sb)
    sb.set_faults(rate_limit_next=STORM, retry_after=5, omit_retry_after=not retry_after)
    report = await session.sync.sync()
    assert report.ok and not report.failed
    assert log.faults("rate_limit") == STORM
    assert log.limited() == 0  # paced at the limit: the limiter itself never had to say 429
    if retry_after:  # a pause of seconds is news; the backoff's sub-second ones are not
        assert slowed and slowed[0] is not None and not slowed[0].rescheduled
        assert slowed[-1] is None  # and it ended by itself
    else:
        assert all(s is None or not s.rescheduled for s in slowed)


async def test_a_long_retry_after_reschedules(synced_paced: Session, limited: Sandbox) -> None:
    sb, paced = limited, synced_paced
    slowed: list[SlowDown | None] = []
    paced.pace.slowed.connect(slowed.append)
    log = RequestLog(sb)
    sb.set_faults(rate_limit_next=1, retry_after=120)
    before = datetime.now(UTC)
    error: RateLimited | None
    try:
        report: SyncReport | None = await paced.sync.sync()
    except RateLimited as exc:  # every stage met the pause
        report, error = None, exc
    else:
        assert report is not None
        found = report.backoff_error()
        assert isinstance(found, RateLimited)
        error = found
        assert any(r.state is StageState.FAILED for r in report.results.values())
    # The 429's own 120 s, or what was left of that pause when a stage running beside the
    # one that met it asked for its turn (which stage is first depends on the loop's order).
    assert error is not None and error.retry_after is not None
    assert 119 <= error.retry_after <= 120
    # Nothing waited for the pause: the stages that met it gave up at once, the requests
    # already on their way were all that reached the server.
    assert log.faults("rate_limit") == 1
    assert log.count() <= 3
    # The session says until when, and that the work was rescheduled ...
    shown = [s for s in slowed if s is not None]
    assert shown and shown[0].rescheduled
    assert (shown[0].resume_at - before).total_seconds() >= 119
    assert paced.pace.current is not None and paced.pace.current.rescheduled
    # ... and the background refresh waits at least as long as the service asked.
    schedule = RefreshSchedule(60)
    assert schedule.after_failure(error) >= error.retry_after > HOLD_MAX
    # Until then every request of the shop is refused before it is sent.
    log.mark()
    with pytest.raises(RateLimited):
        await paced.catalogue.refresh_shop()
    assert log.count() == 0
