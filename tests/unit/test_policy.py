"""The retry/backoff table and the request pacer, with a fake clock (no real waiting)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from sellerdesk.policy import (
    PROBE,
    READ_RETRY,
    WRITE_RETRY,
    Backoff,
    HoldTooLong,
    Pacer,
    renew_due,
    retry_after_hold,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds

    def wall(self) -> datetime:
        return datetime(2026, 11, 23, 12, 0, tzinfo=UTC).fromtimestamp(self.now, UTC)


def test_backoff_doubles_to_its_cap_with_jitter_below_the_ceiling() -> None:
    policy = Backoff(first=2.0, cap=20.0)
    assert [policy.ceiling(n) for n in range(1, 6)] == [2.0, 4.0, 8.0, 16.0, 20.0]
    assert policy.delay(3, rng=lambda: 0.0) == 8.0
    assert policy.delay(3, rng=lambda: 1.0) == 4.0  # 50 % jitter: never below half


def test_retry_after_replaces_the_computed_wait_but_not_past_the_cap() -> None:
    assert WRITE_RETRY.delay(1, retry_after=42.0) == 42.0
    assert WRITE_RETRY.delay(1, retry_after=10_000.0) == WRITE_RETRY.cap
    assert READ_RETRY.delay(1, retry_after=-3.0) == 0.0


def test_table_values_are_the_documented_ones() -> None:
    assert (READ_RETRY.first, READ_RETRY.cap) == (0.5, 10.0)
    assert (WRITE_RETRY.first, WRITE_RETRY.cap) == (2.0, 300.0)
    assert PROBE.delay(1, rng=lambda: 1.0) == pytest.approx(0.8)
    assert retry_after_hold(None) and retry_after_hold(60.0) and not retry_after_hold(61.0)


def make_pacer(rate: float = 5.0, burst: int = 5, hold_max: float = 60.0) -> tuple[Pacer,
                                                                                  FakeClock]:
    clock = FakeClock()
    return Pacer(rate, burst, hold_max=hold_max, clock=clock, sleep=clock.sleep,
                 wall=clock.wall), clock


def test_pacer_lets_a_burst_through_then_spaces_requests_at_the_rate() -> None:
    pacer, _clock = make_pacer(rate=5.0, burst=3)
    waits = [pacer.reserve() for _ in range(6)]
    assert waits[:3] == pytest.approx([0.0, 0.0, 0.0], abs=1e-9)
    assert waits[3:] == pytest.approx([0.2, 0.4, 0.6])


def test_pacer_never_exceeds_rate_over_any_window() -> None:
    pacer, clock = make_pacer(rate=5.0, burst=5)

    async def go() -> list[float]:
        sent: list[float] = []
        for _ in range(40):
            await pacer.acquire()
            sent.append(clock.now)
        return sent

    sent = asyncio.run(go())
    for i, start in enumerate(sent):
        in_window = [t for t in sent[i:] if t < start + 1.0]
        assert len(in_window) <= 5 + 5  # a token bucket: burst + rate x window
    assert sent[-1] - sent[0] == pytest.approx((40 - 5) / 5.0)


def test_pause_holds_everyone_then_resumes_without_a_burst() -> None:
    pacer, _clock = make_pacer(rate=5.0, burst=5)
    seen: list[datetime | None] = []
    pacer.listeners.append(seen.append)
    pacer.pause(10.0)
    assert pacer.resume_at() is not None
    assert seen and seen[0] is not None
    waits = [pacer.reserve() for _ in range(3)]
    assert waits == pytest.approx([10.0, 10.2, 10.4])


def test_a_wait_past_hold_max_raises_and_takes_no_slot() -> None:
    pacer, clock = make_pacer(hold_max=60.0)
    pacer.pause(120.0)
    with pytest.raises(HoldTooLong) as caught:
        pacer.reserve()
    assert caught.value.wait == pytest.approx(120.0)
    clock.now += 119.0
    assert pacer.reserve() == pytest.approx(1.0)


def test_pause_end_is_announced_once_a_request_goes_after_it() -> None:
    pacer, _clock = make_pacer()
    seen: list[datetime | None] = []
    pacer.listeners.append(seen.append)
    pacer.pause(2.0)
    asyncio.run(pacer.acquire())
    assert seen[-1] is None and pacer.resume_at() is None


def test_tokens_are_renewed_at_five_minutes_or_ten_percent_whichever_is_less() -> None:
    six_hours = 6 * 3600.0
    assert not renew_due(301.0, six_hours) and renew_due(299.0, six_hours)
    assert not renew_due(7.0, 60.0) and renew_due(5.9, 60.0)  # a short-lived test token
    assert renew_due(-1.0, six_hours)
    assert renew_due(299.0, None) and not renew_due(301.0, None)  # lifetime unknown: 6 h
