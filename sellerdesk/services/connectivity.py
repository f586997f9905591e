"""Online or offline, from the outcomes of real requests, plus a probe while offline.

Every request of a shop passes `WatchedTransport` (the client's HTTP transport): an answer
from the server means the network is there, a connection that cannot be made or breaks means
it is not. So going offline shows at once, whichever request (a view's read, the sync, the
outbox) found out. While offline a light probe (the shop record) tries again after
`policy.PROBE`'s waits; the state stays `OFFLINE` through its tries (no flickering between
"offline" and "reconnecting"): `retry` says when the next try is, or that one is in flight.
While online and idle, the transport's heartbeat (services/heartbeat.py) notices a service
gone within `policy.OFFLINE_NOTICED_WITHIN` without sending a request.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.api.errors import ApiError, Offline
from sellerdesk.policy import PROBE, Backoff, Pacer
from sellerdesk.services.events import Event

if TYPE_CHECKING:
    pass

log = logging.getLogger("sellerdesk.connectivity")


class Connection(enum.StrEnum):
    ONLINE = "online"
    OFFLINE = "offline"


class Retry(msgspec.Struct, frozen=True):
    """While offline: a probe is in flight now, or the next one is due at `next_at`."""

    in_flight: bool
    next_at: datetime | None = None


class Connectivity:
    """Tracks the connection state; `changed` fires with each new state, `retry_changed`
    with each step of the probe (or None once online)."""

    def __init__(self, probe: Callable[[], Awaitable[object]], *,
                 policy: Backoff = PROBE) -> None:
        self._probe = probe
        self.policy = policy
        self.state = Connection.ONLINE
        self.retry: Retry | None = None
        self.changed: Event[Connection] = Event("connectivity.changed")
        self.came_back: Event[None] = Event("connectivity.came_back")
        self.retry_changed: Event[Retry | None] = Event("connectivity.retry_changed")
        self._probe_task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.closed = False

    @property
    def online(self) -> bool:
        return self.state is Connection.ONLINE

    def _set(self, state: Connection) -> None:
        if state is self.state:
            return
        self.state = state
        log.info("connection is now %s", state.value)
        self.changed.emit(state)
        if state is Connection.ONLINE:
            self._set_retry(None)
            self.came_back.emit(None)

    def _set_retry(self, retry: Retry | None) -> None:
        if retry != self.retry:
            self.retry = retry
            self.retry_changed.emit(retry)

    def report_success(self) -> None:
        """The server answered: the network is there."""
        self._set(Connection.ONLINE)

    def report_failure(self, error: BaseException) -> None:
        """A request failed: only a failure of the network itself makes us offline; an
        answer of any kind (even a refusal) says the network is there."""
        if isinstance(error, Offline):
            self._set(Connection.OFFLINE)
            self._start_probe()
        elif isinstance(error, ApiError) and error.status is not None and error.status < 500 \
                and error.status != 429:
            self._set(Connection.ONLINE)

    def nudge(self) -> None:
        """Probe now rather than at the next backoff step (e.g. the seller clicked retry)."""
        self._wake.set()

    def _start_probe(self) -> None:
        if self.closed:  # the shop is closing: nobody waits for the network any more
            return
        if self._probe_task is None or self._probe_task.done():
            self._probe_task = asyncio.get_running_loop().create_task(
                self._probe_loop(), name="connectivity-probe")

    async def _probe_loop(self) -> None:
        attempt = 0
        while not self.online:
            attempt += 1
            delay = self.policy.delay(attempt)
            self._set_retry(Retry(False, datetime.now(UTC) + timedelta(seconds=delay)))
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
            except TimeoutError:
                pass
            if self.online:  # a real request got an answer meanwhile
                return
            self._set_retry(Retry(True))
            try:
                await self._probe()
            except Offline:
                continue  # still offline: wait longer
            except ApiError:
                pass  # an answer of any kind means the network is back
            self._set(Connection.ONLINE)

    async def aclose(self) -> None:
        self.closed = True
        if self._probe_task is not None:
            self._probe_task.cancel()
            try:
                await self._probe_task
            except (asyncio.CancelledError, Exception):
                pass


class SlowDown(msgspec.Struct, frozen=True):
    """The shop service asked us to slow down (a 429): every request of the shop waits until
    `resume_at` (wall time). `rescheduled`: the wait is longer than a request may hold its
    turn (`policy.HOLD_MAX`), so work that cannot wait was rescheduled instead."""

    resume_at: datetime
    rescheduled: bool


class Pace:
    """The shop's pacer, told as events: `slowed(SlowDown)` when the service asks us to slow
    down for at least `min_seconds` (a pause of a second or less is routine pacing, not news),
    `slowed(None)` when the pause is over. The pacer says when a pause begins; its end is
    kept here on the loop's clock, since no request may come to say it."""

    def __init__(self, pacer: Pacer, *, min_seconds: float = 3.0) -> None:
        self._pacer = pacer
        self._min = min_seconds
        self.current: SlowDown | None = None
        self.slowed: Event[SlowDown | None] = Event("pace.slowed")
        self._end: asyncio.TimerHandle | None = None
        pacer.listeners.append(self._on_pacer)

    def _on_pacer(self, resume_at: datetime | None) -> None:
        if resume_at is None:
            self._set(None)
            return
        wait = (resume_at - datetime.now(UTC)).total_seconds()
        if wait < self._min and self.current is None:
            return
        self._set(SlowDown(resume_at, rescheduled=wait > self._pacer.hold_max))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # told outside a loop (a test pausing a pacer by hand)
            return
        if self._end is not None:
            self._end.cancel()
        self._end = loop.call_later(max(wait, 0.0), self._set, None)

    def _set(self, slowdown: SlowDown | None) -> None:
        if slowdown is None and self._end is not None:
            self._end.cancel()
            self._end = None
        if slowdown != self.current:
            self.current = slowdown
            if slowdown is not None:
                log.info("the shop service asked us to slow down until %s%s",
                         slowdown.resume_at.isoformat(timespec="seconds"),
                         "; work is rescheduled" if slowdown.rescheduled else "")
            self.slowed.emit(slowdown)

    def close(self) -> None:
        if self._on_pacer in self._pacer.listeners:
            self._pacer.listeners.remove(self._on_pacer)
        if self._end is not None:
            self._end.cancel()
            self._end = None


__all__ = ["Connection", "Connectivity", "Pace", "Retry", "SlowDown"]
