"""The pacer learns the shop's limit: a 429 lowers its rate (to `DECREASE`, or by half when
refused again at once), each success adds a step, never past the configured rate. Injected
clocks only: nothing here sleeps. The last tests run a shop's requests against the
sandbox's own token bucket in virtual time and count what the issue counts: 429s, and the
time against `requests / rate`."""

from __future__ import annotations

import asyncio

import pytest

from sellerdesk.policy import (
    DECREASE,
    DECREASE_FAST,
    FAST_BELOW,
    FAST_MOST,
    MIN_RATE,
    RECOVER,
    NoPacer,
    Pacer,
    pacer_for,
)
from tests.support.pacing import VirtualTime, run_against_limit

from .test_policy import FakeClock


def make(rate: float = 5.0, burst: int = 5, start: float | None = None) -> tuple[Pacer,
                                                                                  FakeClock]:
    clock = FakeClock()
    return Pacer(rate, burst, start=start, clock=clock, sleep=clock.sleep,
                 wall=clock.wall), clock


def test_a_429_lowers_the_rate_and_ends_the_burst() -> None:
    pacer, _ = make()
    assert pacer.burst == 5 and pacer.learned is None
    pacer.refused(1.0, pacer.epoch)
    assert pacer.rate == pytest.approx(5.0 * DECREASE)
    assert pacer.burst == 1 and pacer.learned == pytest.approx(5.0 * DECREASE)
    assert pacer.epoch == 1 and pacer.refusals == 1


def test_the_same_with_or_without_retry_after_and_the_pause_is_the_wait_given() -> None:
    with_wait, _clock = make()
    with_wait.refused(3.0)
    assert with_wait.reserve() == pytest.approx(3.0)  # Retry-After honoured as a pause
    without, _ = make()
    without.refused(0.4)  # the transport's backoff when the service said nothing
    assert without.rate == with_wait.rate == pytest.approx(5.0 * DECREASE)
    assert without.reserve() == pytest.approx(0.4)


def test_429s_of_requests_sent_at_the_old_pace_lower_it_once() -> None:
    pacer, _ = make()
    sent_in = pacer.epoch  # four requests in flight together
    for _ in range(4):
        pacer.refused(1.0, sent_in)
    assert pacer.rate == pytest.approx(5.0 * DECREASE) and pacer.epoch == 1
    assert pacer.refusals == 4


def test_refused_again_at_once_halves_then_a_run_of_successes_softens_it() -> None:
    pacer, _ = make()
    pacer.refused(1.0, pacer.epoch)
    for _ in range(FAST_BELOW - 1):
        pacer.accepted(pacer.epoch)
    first = pacer.rate
    pacer.refused(1.0, pacer.epoch)  # the lower rate still too fast: far above the limit
    assert pacer.rate == pytest.approx(first * DECREASE_FAST)
    second = pacer.rate
    for _ in range(FAST_BELOW):
        pacer.accepted(pacer.epoch)
    climbed = pacer.rate
    assert climbed > second
    pacer.refused(1.0, pacer.epoch)  # after a run of successes: just above the limit
    assert pacer.rate == pytest.approx(climbed * DECREASE)


def test_successes_climb_additively_back_in_recover_steps_and_never_past_the_max() -> None:
    pacer, _ = make(rate=2.0)
    pacer.refused(1.0, pacer.epoch)
    low = pacer.rate
    rates = []
    for _ in range(RECOVER):
        pacer.accepted(pacer.epoch)
        rates.append(pacer.rate)
    steps = {round(b - a, 9) for a, b in zip([low, *rates], rates, strict=False)}
    assert len(steps) == 1  # the same step each time: additive
    assert rates[-1] == pytest.approx(2.0)  # one decrease undone in RECOVER successes
    for _ in range(1000):
        pacer.accepted(pacer.epoch)
    assert pacer.rate == 2.0 and pacer.learned is None
    assert pacer.burst == 1  # refused once: no burst, even at the max


def test_the_rate_kept_for_the_next_run_is_the_one_the_last_429_left() -> None:
    """Between 429s the rate climbs past the limit (that is how it finds it again): the
    next run starts below, where the last 429 left it."""
    pacer, _ = make(rate=5.0)
    pacer.refused(1.0, pacer.epoch)
    after = pacer.rate
    for _ in range(10):
        pacer.accepted(pacer.epoch)
    assert pacer.rate > after and pacer.learned == pytest.approx(after)


def test_successes_of_requests_sent_before_a_decrease_do_not_raise_it() -> None:
    pacer, _ = make()
    old = pacer.epoch
    pacer.refused(1.0, old)
    low = pacer.rate
    pacer.accepted(old)
    assert pacer.rate == low


def test_halvings_in_a_row_stop_at_fast_most() -> None:
    """A service refusing whatever the pace (a storm of 429s) is not helped by an ever
    slower pace: after FAST_MOST halvings in a row, a quick 429 only pauses."""
    pacer, _ = make(rate=10.0)
    pacer.refused(1.0, pacer.epoch)
    first = pacer.rate
    for _ in range(FAST_MOST + 3):
        pacer.refused(1.0, pacer.epoch)
    assert pacer.rate == pytest.approx(first * DECREASE_FAST ** FAST_MOST)
    for _ in range(FAST_BELOW):
        pacer.accepted(pacer.epoch)
    before = pacer.rate
    pacer.refused(1.0, pacer.epoch)  # after a run of successes: the limit again
    assert pacer.rate == pytest.approx(before * DECREASE)


def test_the_rate_has_a_floor() -> None:
    pacer, _ = make(rate=1.0)
    for _ in range(40):
        pacer.refused(1.0, pacer.epoch)
    assert pacer.rate == pytest.approx(MIN_RATE)


def test_a_pacer_starts_at_a_rate_learned_before_never_above_its_max() -> None:
    learned, _ = make(rate=5.0, start=1.5)
    assert learned.rate == 1.5 and learned.burst == 1 and learned.learned == 1.5
    assert [learned.reserve() for _ in range(3)] == pytest.approx([0.0, 1 / 1.5, 2 / 1.5])
    capped, _ = make(rate=5.0, start=9.0)
    assert capped.rate == 5.0 and capped.burst == 5 and capped.learned is None
    assert pacer_for(5.0, 2.0).rate == 2.0
    assert pacer_for(0.0, 2.0).unlimited


def test_no_pacer_learns_nothing() -> None:
    pacer = NoPacer()
    pacer.refused(0.0, pacer.epoch)
    pacer.accepted(pacer.epoch)
    assert pacer.unlimited and pacer.learned is None and pacer.refusals == 1


def test_a_request_waiting_for_a_slot_of_the_old_pace_goes_after_the_pause() -> None:
    """Slots handed out before a 429 were of the old pace: their requests take new ones
    after the pause, instead of going into the limit at the old rate."""
    time = VirtualTime()
    pacer = Pacer(5.0, 1, clock=time.clock, sleep=time.sleep)
    sent: list[float] = []

    async def request() -> None:
        await pacer.acquire()
        sent.append(time.now)

    async def main() -> None:
        waiting = [asyncio.ensure_future(request()) for _ in range(4)]
        await asyncio.sleep(0)  # all four hold slots: 0, 0.2, 0.4, 0.6
        await time.sleep(0.1)
        pacer.refused(2.0, pacer.epoch)  # the first was refused at 0.1
        await asyncio.gather(*waiting)

    async def drive() -> None:
        task = asyncio.ensure_future(main())
        await time.run(task)
        await task

    asyncio.run(drive())
    interval = 1 / (5.0 * DECREASE)
    assert sent[0] == 0.0
    assert sent[1:] == pytest.approx([2.1, 2.1 + interval, 2.1 + 2 * interval])


@pytest.mark.parametrize("limit", [1.0, 2.0])
def test_a_shop_at_a_low_limit_loses_little_time_and_few_requests(limit: float) -> None:
    """The demo shop's full sync (180 reads, 4 at a time) through a token bucket of 1 or 2
    requests/s, burst 2, Retry-After on half the refusals, with a pacer that starts at the
    field's 5/s: at most 5 % of the requests refused, the time within 10 % of
    `requests / rate`."""
    outcome, pacer = run_against_limit(180, limit, 2)
    assert outcome.accepted == 180
    assert outcome.refused_share <= 0.05, outcome
    assert outcome.seconds <= 1.10 * 180 / limit, outcome
    assert pacer.rate < 1.25 * limit  # learned: close to the limit


def test_a_rate_learned_before_costs_fewer_refusals() -> None:
    cold, pacer = run_against_limit(180, 1.0, 2)
    warm, _ = run_against_limit(180, 1.0, 2, start=pacer.learned)
    assert warm.refused < cold.refused and warm.refused_share <= 0.03, (cold, warm)


def test_at_the_fields_limit_nothing_changes() -> None:
    """5 requests/s with a burst of 10 (the field): never refused, the rate never moves,
    the time is what pacing at 5/s after a burst of 5 takes."""
    outcome, pacer = run_against_limit(180, 5.0, 10)
    assert outcome.refused == 0 and pacer.rate == 5.0 and pacer.epoch == 0
    assert outcome.seconds == pytest.approx((180 - 5) / 5.0, abs=0.1)
