"""The one retry, backoff and request-pacing policy of SellerDesk. Pure: no I/O, no Qt.

Every wait the app makes before trying again comes from this table, and every request to
a shop passes one `Pacer` (one per open shop, shared by sync, the outbox, thumbnails and the
window's reads), so the field's rate limit (about 5 requests/s per app, `service-notes.md`)
is met before the service has to say 429.

| who                     | first | growth | cap    | jitter | server's Retry-After          |
|-------------------------|-------|--------|--------|--------|-------------------------------|
| `READ_RETRY` (GETs)     | 0.5 s | x2     | 10 s   | 50 %   | honoured up to `HOLD_MAX`     |
| `WRITE_RETRY` (outbox)  | 2 s   | x2     | 5 min  | 50 %   | wins, up to the cap           |
| `PROBE` (offline check) | 1 s   | x2     | 30 s   | 20 %   | -                             |
| `REFRESH` (background)  | 5 min | x2     | 30 min | none   | at least what the server said |

`first` of `REFRESH` is the seller's interval. `Pacer`: every request of a shop, at most 5
requests/s after a burst of 5, and it learns the rate the service allows: a 429 lowers the rate
(to `DECREASE`, halved when refused again within `FAST_BELOW` successes; burst 1 from then
on) and pauses every request of that shop for the server's wait (or, without `Retry-After`,
for `READ_RETRY`'s backoff); each success adds a step (`RECOVER` successes undo a
decrease), never past the configured rate. The rate learned is kept per shop between runs
(`store/pace.py`). An OAuth access token is renewed when less than
`TOKEN_RENEW_AHEAD` (5 min) or `TOKEN_RENEW_SHARE` (10 %) of its lifetime is left, whichever
is less (`renew_due`), so a short-lived token is not renewed on every request.

A wait longer than `HOLD_MAX` is never slept through by a request in flight: the pacer raises
`HoldTooLong` and the caller reschedules its work (the outbox entry, the next refresh) for
the time the service gave, so no task sits for minutes holding a connection slot.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import msgspec
from msgspec.structs import replace

HOLD_MAX = 60.0  # seconds a request may wait in line before its work is rescheduled instead
DEFAULT_RATE = 5.0  # requests per second per shop (service-notes: 5-7 then 429)
DEFAULT_BURST = 5
# The pacer's learning (docs/decisions.md, "Pacing to the limit the service keeps"):
DECREASE = 0.85  # a 429 after a run of successes: the limit is just below the rate
DECREASE_FAST = 0.5  # a 429 within `FAST_BELOW` successes of the last one: far above it
FAST_BELOW = 4
FAST_MOST = 3  # halvings in a row at most: a service refusing at any pace is not helped by less
RECOVER = 60  # successes that bring the rate back to where the last 429 came (then on up)
MIN_RATE = 0.5  # requests/s the pacer never goes below, however often refused (decisions.md)


class Backoff(msgspec.Struct, frozen=True):
    """Exponential backoff: `first * factor**(attempt-1)` capped at `cap`, of which the
    `jitter` fraction is drawn at random (so many clients do not retry in step)."""

    first: float
    cap: float
    factor: float = 2.0
    jitter: float = 0.5

    def ceiling(self, attempt: int) -> float:
        """The longest wait before try number `attempt + 1` (attempt counts from 1)."""
        step = self.first * self.factor ** max(attempt - 1, 0)
        return min(step, self.cap)

    def delay(self, attempt: int, *, retry_after: float | None = None,
              rng: Callable[[], float] = random.random) -> float:
        """Seconds to wait after failed attempt number `attempt` (1 = the first try).

        A server's `Retry-After` replaces the computed wait, capped at `cap`."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.cap)
        ceiling = self.ceiling(attempt)
        return ceiling * (1.0 - self.jitter * rng())

    def with_first(self, first: float) -> Backoff:
        return replace(self, first=first)


READ_RETRY = Backoff(first=0.5, cap=10.0)
WRITE_RETRY = Backoff(first=2.0, cap=300.0)
PROBE = Backoff(first=1.0, cap=30.0, jitter=0.2)
# The heartbeat (services/heartbeat.py): one idle TCP connection to the service, no request on
# it. Its loss (closed, reset, or TCP keep-alive unanswered) is followed by a cheap probe: a
# new connection, made or refused. Offline is noticed within `OFFLINE_NOTICED_WITHIN` of the
# service going away, idle or not: keep-alive silence + the wait for requests in flight + the
# probe's connect, or the gap between two connections + that connect (test_policy checks).
OFFLINE_NOTICED_WITHIN = 10.0
HEARTBEAT_KEEPIDLE = 3  # seconds of silence before the kernel's first keep-alive packet
HEARTBEAT_KEEPINTVL = 1  # seconds between unanswered keep-alive packets ...
HEARTBEAT_KEEPCNT = 2  # ... and how many go unanswered before the connection is dead
HEARTBEAT_DEFER = 2.0  # seconds a lost heartbeat waits for requests in flight to speak first
HEARTBEAT_CONNECT = 2.0  # seconds the probe's connect may take
HEARTBEAT_GAP = 5.0  # seconds at least between two heartbeat connections (a server that
# closes idle connections soon is not connected to again and again)
REFRESH = Backoff(first=300.0, cap=30 * 60.0, jitter=0.0)
READ_ATTEMPTS = 4  # a GET is tried at most this many times before its error is raised
UNREACHABLE_TRIES = 2  # ... but only this many when no connection could be made at all
TOKEN_RENEW_AHEAD = 300.0  # seconds before expiry an OAuth access token is renewed, at most
TOKEN_RENEW_SHARE = 0.1  # ... and at most this share of its lifetime
TOKEN_LIFETIME = 6 * 3600.0  # the field's access tokens, when the server does not say
FLUSH_IDLE = 5.0  # a flush takes no new round once this long passed without settling an entry

# What one answer of the service may cost (architecture rule 10). A page of 50 orders is
# about 0.2 MB and the whole category tree a few MB: the cap is generous, yet a body that
# inflates without end or never ends is cut long before it weighs on the seller's machine.
MAX_RESPONSE_BYTES = 16 * 1024 * 1024  # an API answer's body, counted after decompression
ERROR_BODY_BYTES = 64 * 1024  # of a refusal's (4xx/5xx) body: only its first words are read
REQUEST_DEADLINE = 60.0  # seconds for a whole request, headers and all of the body


def failed_tries(sends: int, failed_reads: int) -> int:
    """The number of an outbox entry's last failed try, for `WRITE_RETRY.delay`: its sends
    (each may have failed) and its failed reads of the server before a send both count, so
    an entry that cannot even be checked waits 2, 4, 8 s ... like one that cannot be sent."""
    return max(1, sends + failed_reads)


def renew_due(seconds_left: float, lifetime: float | None) -> bool:
    """Whether an access token with `seconds_left` (of `lifetime`) is to be renewed now."""
    span = TOKEN_LIFETIME if lifetime is None or lifetime <= 0 else lifetime
    return seconds_left < min(TOKEN_RENEW_AHEAD, TOKEN_RENEW_SHARE * span)


def retry_after_hold(retry_after: float | None) -> bool:
    """Whether a request may wait out this `Retry-After` itself (else: reschedule)."""
    return retry_after is None or retry_after <= HOLD_MAX


class HoldTooLong(Exception):
    """The pacer would make this request wait longer than `HOLD_MAX`: reschedule the work.

    `wait` is the seconds until the shop accepts requests again; `resume_at` the wall time."""

    def __init__(self, wait: float, resume_at: datetime) -> None:
        super().__init__(f"requests paused for {wait:.0f} s")
        self.wait = wait
        self.resume_at = resume_at


class Pacer:
    """Spaces the requests of one shop: at most `rate` per second after a `burst`, and
    learns the rate the shop's service allows (additive increase, multiplicative decrease).

    The generic cell-rate algorithm: each request reserves the next free slot in FIFO order,
    so waiting requests never race each other. A 429 (`refused`) lowers the rate and pauses
    every later request; a request that was waiting for a slot taken before the 429 takes a
    new one at the new pace. Each success (`accepted`) raises the rate by a small fixed step,
    never above `max_rate` (the configured rate). Once refused (or started below `max_rate`,
    at a rate learned before) the burst is 1: a service that refused us gets an even pace.
    `epoch` counts the decreases: a request tells which epoch it was sent in, so the 429s of
    requests sent at the old pace lower the rate once, not once each. Time functions are
    injectable for tests.
    """

    def __init__(self, rate: float = DEFAULT_RATE, burst: int = DEFAULT_BURST, *,
                 start: float | None = None, floor: float = MIN_RATE,
                 hold_max: float = HOLD_MAX,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
                 wall: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.max_rate = rate
        self.max_burst = burst
        self.floor = min(floor, rate)
        self.hold_max = hold_max
        self._clock = clock
        self._sleep = sleep
        self._wall = wall
        self.epoch = 0  # decreases so far
        self.refusals = 0  # 429s told (`refused`), for logs and tests
        self._successes = 0  # since the last decrease
        self._fast = 0  # halvings in a row
        self._safe: float | None = None  # the rate the last decrease after successes set
        # Once refused (now or in a run before), an even pace: no burst into a small bucket.
        self._even = start is not None and start < rate
        self._set_rate(rate if start is None else min(max(start, self.floor), rate))
        self._step = self._climb_step(self.rate)
        self._tat = clock()  # theoretical arrival time of the next request
        self._paused_until = 0.0
        self._moved = 0  # pauses so far: a waiting request whose slot predates one re-reserves
        self.listeners: list[Callable[[datetime | None], object]] = []

    @property
    def unlimited(self) -> bool:
        return False

    @property
    def learned(self) -> float | None:
        """The rate to start the next run at, when below the configured one, else None:
        the rate the last 429 after a run of successes left (the rate climbs past the limit
        between 429s, and a storm of quick 429s drives it below), else the rate now."""
        rate = self.rate if self._safe is None else self._safe
        return rate if rate < self.max_rate else None

    def _set_rate(self, rate: float) -> None:
        self.rate = rate
        self.burst = 1 if self._even else self.max_burst
        self._interval = 1.0 / rate
        # Up to `burst` requests may go at once: a slot may lie that far ahead of now.
        self._tolerance = (self.burst - 1) * self._interval

    @staticmethod
    def _climb_step(rate: float) -> float:
        """The increase per success after a decrease to `rate`: `RECOVER` successes undo
        one `DECREASE`."""
        return rate * (1.0 / DECREASE - 1.0) / RECOVER

    def resume_at(self) -> datetime | None:
        """When a pause the service asked for ends (wall time), or None when not paused."""
        left = self._paused_until - self._clock()
        return self._wall() + timedelta(seconds=left) if left > 0 else None

    def accepted(self, epoch: int | None = None) -> None:
        """A request sent in `epoch` (default: now) succeeded: one step up, to the max."""
        if epoch is not None and epoch != self.epoch:
            return  # sent at an older, higher pace: says nothing about this one
        self._successes += 1
        if self.rate < self.max_rate:
            self._set_rate(min(self.max_rate, self.rate + self._step))
            if self.rate >= self.max_rate:
                self._safe = None  # the whole configured pace, let through: nothing to keep

    def refused(self, pause: float, epoch: int | None = None) -> None:
        """A request sent in `epoch` (default: now) was refused (429): lower the rate (once
        per epoch), and nobody sends before `pause` seconds from now."""
        self.refusals += 1
        if epoch is None or epoch == self.epoch:
            # A 429 right after the last decrease: still far above the limit.
            quick = self.epoch > 0 and self._successes < FAST_BELOW
            self._even = True
            if quick and self._fast >= FAST_MOST:
                factor = 1.0  # refused at every pace tried: waiting (the pause) is all
            else:
                self._fast = self._fast + 1 if quick else 0
                factor = DECREASE_FAST if quick else DECREASE
            self._set_rate(max(self.floor, self.rate * factor))
            if not quick:  # the limit's signal; quick 429s (a storm) leave step and memory
                self._safe = self.rate
                self._step = self._climb_step(self.rate)
            self._successes = 0
            self.epoch += 1
        self.pause(pause)

    def pause(self, seconds: float) -> None:
        """Nobody of this shop sends before `seconds` from now, and after that the requests
        resume at the steady rate (no burst into a fresh limit)."""
        now = self._clock()
        until = now + max(seconds, 0.0)
        self._moved += 1
        if until > self._paused_until:
            self._paused_until = until
        # Slots taken before this were at the old pace: the next goes when the pause ends.
        self._tat = max(self._paused_until, now) + self._tolerance
        if until >= self._paused_until and seconds > 0:
            self._notify(self.resume_at())

    def _notify(self, when: datetime | None) -> None:
        for listener in list(self.listeners):
            listener(when)

    def reserve(self) -> float:
        """Take the next slot; returns how long to wait for it. Raises `HoldTooLong` (and
        takes no slot) when that would be longer than `hold_max`."""
        now = self._clock()
        tat = max(self._tat, now)
        go = max(tat - self._tolerance, now, self._paused_until)
        wait = go - now
        if wait > self.hold_max:
            raise HoldTooLong(wait, self._wall() + timedelta(seconds=wait))
        self._tat = max(tat, go) + self._interval
        return wait

    async def acquire(self) -> int:
        """Wait for this request's turn; returns the epoch it goes in (for `accepted` and
        `refused`)."""
        while True:
            moved = self._moved
            wait = self.reserve()
            if wait > 0:
                await self._sleep(wait)
            if self._moved == moved:
                break
            # A 429 came while this request waited: its slot was of the old pace.
        if self._paused_until and self._clock() >= self._paused_until:
            self._paused_until = 0.0
            self._notify(None)
        return self.epoch


class NoPacer(Pacer):
    """No pacing (benchmarks' unpaced baseline, tests that measure something else): a 429
    still pauses, but nothing is learned."""

    def __init__(self) -> None:
        super().__init__(rate=1e9, burst=1_000_000)

    @property
    def unlimited(self) -> bool:
        return True

    def accepted(self, epoch: int | None = None) -> None:
        pass

    def refused(self, pause: float, epoch: int | None = None) -> None:
        self.refusals += 1
        self.pause(pause)


def pacer_for(rate: float, start: float | None = None) -> Pacer:
    """The pacer for `rate` requests/s at most, starting at `start` (a rate learned
    before) when given; 0 (or less) means no pacing."""
    return Pacer(rate, start=start) if rate > 0 else NoPacer()


__all__ = [
    "DECREASE",
    "DECREASE_FAST",
    "DEFAULT_BURST",
    "DEFAULT_RATE",
    "ERROR_BODY_BYTES",
    "FAST_BELOW",
    "FAST_MOST",
    "FLUSH_IDLE",
    "HEARTBEAT_CONNECT",
    "HEARTBEAT_DEFER",
    "HEARTBEAT_GAP",
    "HEARTBEAT_KEEPCNT",
    "HEARTBEAT_KEEPIDLE",
    "HEARTBEAT_KEEPINTVL",
    "HOLD_MAX",
    "MAX_RESPONSE_BYTES",
    "MIN_RATE",
    "OFFLINE_NOTICED_WITHIN",
    "PROBE",
    "READ_ATTEMPTS",
    "READ_RETRY",
    "RECOVER",
    "REFRESH",
    "REQUEST_DEADLINE",
    "TOKEN_LIFETIME",
    "TOKEN_RENEW_AHEAD",
    "TOKEN_RENEW_SHARE",
    "UNREACHABLE_TRIES",
    "WRITE_RETRY",
    "Backoff",
    "HoldTooLong",
    "NoPacer",
    "Pacer",
    "failed_tries",
    "pacer_for",
    "renew_due",
    "retry_after_hold",
]
