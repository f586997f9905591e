"""When the background refresh runs: the seller's interval, policy.REFRESH's backoff after a
refresh that found no network, was slowed down or met a struggling server, the server's own
wait, quiet hours. Counted in refreshes and schedule steps, never in seconds waited."""

from __future__ import annotations

import asyncio

import pytest

from sellerdesk.policy import REFRESH
from sellerdesk.services.refresh import (
    MIN_INTERVAL,
    BackgroundRefresh,
    QuietHours,
    RefreshSchedule,
    in_quiet_hours,
)
from sellerdesk.services.types import AuthError, BadRequest, Offline, RateLimited, ServerError


def test_the_schedule_backs_off_and_comes_back() -> None:
    s = RefreshSchedule(120)
    assert s.delay == 120
    assert s.after_failure(Offline()) == 240
    assert s.after_failure(ServerError()) == 480
    for _ in range(10):
        s.after_failure(Offline())
    assert s.delay == REFRESH.cap
    assert s.after_failure(RateLimited(retry_after=3 * REFRESH.cap)) == 3 * REFRESH.cap
    assert s.after_success() == 120
    s.set_interval(300)
    assert s.delay == 300


def test_only_network_and_server_trouble_backs_off() -> None:
    s = RefreshSchedule(120)
    assert s.after_failure(AuthError()) == 120  # waiting longer would not help
    assert s.after_failure(BadRequest()) == 120
    assert s.failures == 0
    assert s.after_failure(RateLimited(retry_after=1)) == 240  # at least the backoff


def test_a_new_interval_carries_a_backoff_under_way_and_has_a_floor() -> None:
    s = RefreshSchedule(60)
    s.after_failure(Offline())
    assert s.set_interval(100) == 200  # still backing off, from the new interval
    assert RefreshSchedule(1).interval == MIN_INTERVAL


@pytest.mark.parametrize(("hour", "start", "end", "quiet"), [
    (23, 22, 8, True), (3, 22, 8, True), (8, 22, 8, False), (12, 22, 8, False),
    (13, 13, 15, True), (15, 13, 15, False), (10, 9, 9, False),
])
def test_quiet_hours_wrap_past_midnight(hour: int, start: int, end: int, quiet: bool) -> None:
    assert in_quiet_hours(hour, start, end) is quiet
    assert QuietHours(True, start, end).covers(hour) is quiet
    assert not QuietHours(False, start, end).covers(hour)


async def test_a_due_refresh_runs_online_and_waits_longer_offline() -> None:
    runs: list[int] = []
    online = [True]
    refresher = BackgroundRefresh(RefreshSchedule(120), lambda: runs.append(1),
                                  lambda: online[0])
    refresher.start()
    assert refresher.scheduled is not None
    refresher._due()  # the timer fired
    assert runs == [1] and refresher.scheduled is None  # nothing planned while it runs
    assert refresher.done(Offline()) == 240 and refresher.scheduled is not None
    online[0] = False
    refresher._due()  # due while the connection is down: no request, a longer wait
    assert runs == [1] and refresher.schedule.delay == 480
    assert refresher.done() == 120  # a refresh (the connection came back) went well
    refresher.set_interval(300)
    assert refresher.schedule.delay == 300 and refresher.scheduled is not None
    refresher.stop()
    assert refresher.scheduled is None


async def test_the_timer_calls_refresh_when_due() -> None:
    fired = asyncio.Event()
    schedule = RefreshSchedule(120)
    schedule.delay = 0.0  # due at once: the test waits for the call, not for a time
    refresher = BackgroundRefresh(schedule, fired.set, lambda: True)
    refresher.start()
    await asyncio.wait_for(fired.wait(), 30)
