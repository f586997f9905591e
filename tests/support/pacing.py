"""A shop's requests through a `Pacer` against the sandbox's own token bucket, in virtual
time: no sleeping, no sockets, the same numbers on every machine. For the pacer's learning
rule (how many 429s, how long against `requests / rate`)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from dataclasses import dataclass

from sellerdesk.policy import READ_RETRY, Pacer
from sellerdesk.sandbox.clock import Clock
from sellerdesk.sandbox.limits import Limits, RateLimiter

LATENCY = 0.02  # seconds a request takes, in virtual time


class VirtualTime:
    """A clock and a sleep for the pacer: `run` moves time to the next timer whenever
    every task is waiting for one."""

    def __init__(self) -> None:
        self.now = 0.0
        self._timers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._seq = itertools.count()

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._timers, (self.now + seconds, next(self._seq), future))
        await future

    async def run(self, work: asyncio.Future[object] | asyncio.Task[object]) -> None:
        while not work.done():
            for _ in range(50):  # let every task that can run, run
                await asyncio.sleep(0)
            if work.done():
                break
            if not self._timers:
                raise RuntimeError("every task waits, and no timer is set")
            when, _, future = heapq.heappop(self._timers)
            self.now = max(self.now, when)
            future.set_result(None)


@dataclass
class Outcome:
    accepted: int
    refused: int
    seconds: float

    @property
    def refused_share(self) -> float:
        return self.refused / (self.accepted + self.refused)


class _SandboxClock(Clock):
    def __init__(self, time: VirtualTime) -> None:
        super().__init__()
        self._time = time

    def monotonic(self) -> float:
        return self._time.now


def run_against_limit(requests: int, limit: float, burst: int, *, pacer_rate: float = 5.0,
                      start: float | None = None, concurrency: int = 4,
                      retry_after_omit_every: int = 2) -> tuple[Outcome, Pacer]:
    """`requests` reads by `concurrency` workers through a fresh pacer (its max
    `pacer_rate`, starting at `start`), each retried on 429 as the transport does, against
    a token bucket of `limit`/s and `burst` (Retry-After left out on every
    `retry_after_omit_every`th refusal)."""
    time = VirtualTime()
    limiter = RateLimiter(_SandboxClock(time),
                          Limits(rate_limit=limit, rate_burst=burst,
                                 retry_after_omit_every=retry_after_omit_every))
    pacer = Pacer(pacer_rate, start=start, clock=time.clock, sleep=time.sleep)
    left = iter(range(requests))
    accepted = refused = 0

    async def worker() -> None:
        nonlocal accepted, refused
        for _ in left:
            refusals = 0
            while True:
                epoch = await pacer.acquire()
                await time.sleep(LATENCY)
                refusal = limiter.take("token")
                if refusal is None:
                    accepted += 1
                    pacer.accepted(epoch)
                    break
                refused += 1
                refusals += 1
                wait = refusal.retry_after
                pacer.refused(READ_RETRY.delay(refusals, rng=lambda: 0.5)
                              if wait is None else float(wait), epoch)

    async def main() -> None:
        await asyncio.gather(*(worker() for _ in range(concurrency)))

    async def drive() -> None:
        task = asyncio.ensure_future(main())
        await time.run(task)
        await task

    asyncio.run(drive())
    return Outcome(accepted, refused, time.now), pacer
