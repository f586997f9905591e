"""The token bucket and the sandbox clock, counted against a frozen clock (no timing)."""

from __future__ import annotations

import pytest

from sellerdesk.sandbox.clock import Clock
from sellerdesk.sandbox.limits import Limits, RateLimiter, check_limits, gentle


def frozen() -> Clock:
    clock = Clock()
    clock.freeze()
    return clock


def refusals(limiter: RateLimiter, count: int, key: str = "token:a") -> list[int | None]:
    """Retry-After of each refused request among `count` in a row (None = left out)."""
    out = []
    for _ in range(count):
        refusal = limiter.take(key)
        if refusal is not None:
            out.append(refusal.retry_after)
    return out


def test_burst_then_refusals_while_time_stands_still() -> None:
    limiter = RateLimiter(frozen(), Limits(rate_limit=5, rate_burst=10))
    assert len(refusals(limiter, 15)) == 5
    assert len(refusals(limiter, 7)) == 7  # nothing refills while the clock is frozen


def test_refill_follows_the_clock() -> None:
    clock = frozen()
    limiter = RateLimiter(clock, Limits(rate_limit=5, rate_burst=10))
    assert refusals(limiter, 10) == []
    clock.advance(1.0)  # 5 tokens back
    assert len(refusals(limiter, 8)) == 3
    clock.advance(100)  # never more than the burst
    assert len(refusals(limiter, 12)) == 2


def test_every_fourth_refusal_leaves_retry_after_out() -> None:
    limiter = RateLimiter(frozen(), Limits(rate_limit=5, rate_burst=1))
    answers = refusals(limiter, 13)
    assert len(answers) == 12
    assert [a is None for a in answers] == [False, False, False, True] * 3
    assert {a for a in answers if a is not None} == {1}


def test_retry_after_is_whole_seconds_until_a_token_is_back() -> None:
    limiter = RateLimiter(frozen(), Limits(rate_limit=0.25, rate_burst=1,
                                           retry_after_omit_every=0))
    assert refusals(limiter, 3) == [4, 4]


def test_each_caller_has_its_own_bucket() -> None:
    limiter = RateLimiter(frozen(), Limits(rate_limit=5, rate_burst=2))
    assert len(refusals(limiter, 3, "token:a")) == 1
    assert len(refusals(limiter, 3, "token:b")) == 1
    assert len(refusals(limiter, 3, "addr:127.0.0.1")) == 1


def test_rate_zero_is_no_limit_and_a_new_rate_starts_everyone_rested() -> None:
    limiter = RateLimiter(frozen(), gentle())
    assert refusals(limiter, 100) == []
    limiter.configure({"rate_limit": 5, "rate_burst": 3})
    assert len(refusals(limiter, 5)) == 2
    limiter.configure({"rate_burst": 4})
    assert len(refusals(limiter, 5)) == 1
    limiter.configure({"token_ttl": 60})  # not a bucket setting: buckets stay as they are
    assert len(refusals(limiter, 1)) == 1


def test_clock_freeze_advance_thaw() -> None:
    clock = Clock()
    clock.freeze()
    start_wall, start_mono = clock.wall(), clock.monotonic()
    assert clock.wall() == start_wall
    clock.advance(3600)
    assert clock.wall() == start_wall + 3600 and clock.monotonic() == start_mono + 3600
    clock.thaw()
    assert not clock.frozen
    assert clock.wall() >= start_wall + 3600  # runs on from where it stood, no jump back


def test_defaults_are_the_fields_and_gentle_turns_them_off() -> None:
    field = Limits()
    assert (field.rate_limit, field.rate_burst, field.retry_after_omit_every,
            field.token_ttl) == (5.0, 10, 4, 21600)
    calm = gentle()
    assert (calm.rate_limit, calm.token_ttl) == (0.0, 0)


@pytest.mark.parametrize(("values", "problem"), [
    ({"rate_limit": 2.5, "token_ttl": 0}, None),
    ({"rate_limt": 1}, "unknown limit"),
    ({"rate_limit": -1}, "non-negative"),
    ({"rate_burst": 0}, "at least 1"),
    ({"rate_burst": 1.5}, "whole number"),
    ({"token_ttl": True}, "must be a number"),
    ({"token_ttl": "60"}, "must be a number"),
])
def test_check_limits(values: dict[str, object], problem: str | None) -> None:
    found = check_limits(values)  # type: ignore[arg-type]
    assert (found is None) if problem is None else (found is not None and problem in found)
