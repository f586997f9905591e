"""When the background refresh runs, and when its news may be announced. Qt-free.

The schedule follows `policy.REFRESH`: the seller's interval after a good sync; after a sync
that found no network, was slowed down (429) or met a struggling server (5xx), the wait
doubles up to the cap, and is never shorter than the server's own `Retry-After`. While the
connection is known to be down a due refresh sends nothing: it only waits longer (the
connectivity probe watches the network, and its comeback refreshes at once).

`BackgroundRefresh` keeps that time on the event loop (an asyncio timer: no Qt) and calls
the front end's `refresh` when it is due; the front end runs the sync its own way (the
window with progress in its status bar) and reports how it went. Quiet hours hold back
announcements, never the refresh itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import msgspec

from sellerdesk.api.errors import Offline, RateLimited, ServerError
from sellerdesk.policy import REFRESH, Backoff

log = logging.getLogger("sellerdesk.sync")

MIN_INTERVAL = 30.0  # seconds: a shorter interval the seller set is read as this


def backs_off(error: BaseException) -> bool:
    """Whether a failed refresh should wait longer next time (network gone, slowed down,
    server struggling); any other failure keeps the current wait."""
    return isinstance(error, Offline | RateLimited | ServerError)


class RefreshSchedule:
    """Seconds until the next background refresh (see the module docstring)."""

    def __init__(self, interval: float, policy: Backoff = REFRESH) -> None:
        self._policy = policy
        self.interval = max(MIN_INTERVAL, interval)
        self.failures = 0  # refreshes in a row that backed off
        self._server_wait = 0.0  # the last Retry-After, while backing off
        self.delay = self.interval

    def _compute(self) -> float:
        if not self.failures:
            return self.interval
        own = self._policy.with_first(self.interval).ceiling(self.failures + 1)
        return max(own, self._server_wait)  # at least what the server said

    def set_interval(self, interval: float) -> float:
        """The seller chose another interval; a backoff under way carries on from it."""
        self.interval = max(MIN_INTERVAL, interval)
        self.delay = self._compute()
        return self.delay

    def after_success(self) -> float:
        self.failures, self._server_wait = 0, 0.0
        self.delay = self._compute()
        return self.delay

    def after_failure(self, error: BaseException | None = None) -> float:
        """After a failed refresh (or, with no error, a due one skipped while offline)."""
        if error is None or backs_off(error):
            self.failures += 1
            retry_after = error.retry_after if isinstance(error, RateLimited) else None
            self._server_wait = float(retry_after or 0.0)
            self.delay = self._compute()
        return self.delay


class BackgroundRefresh:
    """Calls `refresh()` when the schedule says; `done(error)` reports how it went.

    `online()` tells whether the connection is known to be up: a due refresh while it is
    down backs off without calling `refresh`.
    """

    def __init__(self, schedule: RefreshSchedule, refresh: Callable[[], object],
                 online: Callable[[], bool]) -> None:
        self.schedule = schedule
        self._refresh = refresh
        self._online = online
        self._timer: asyncio.Handle | None = None  # qasync's loop hands out plain Handles
        self._due_at = 0.0  # the loop's time of the planned refresh
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def scheduled(self) -> float | None:
        """Seconds from now to the next refresh, or None when none is planned."""
        if self._timer is None or self._timer.cancelled() or self._loop is None:
            return None
        return max(0.0, self._due_at - self._loop.time())

    def start(self) -> None:
        """Plan the first refresh after the current delay."""
        self._plan(self.schedule.delay)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def pause(self) -> None:
        """A refresh started now (the seller asked, or it came due): nothing is planned
        until `done` says how it went."""
        self.stop()

    def done(self, error: BaseException | None = None) -> float:
        """A refresh ended; plans the next one and returns its delay."""
        delay = (self.schedule.after_success() if error is None
                 else self.schedule.after_failure(error))
        self._plan(delay)
        return delay

    def set_interval(self, interval: float) -> None:
        delay = self.schedule.set_interval(interval)
        if self._timer is not None:
            self._plan(delay)

    def _plan(self, delay: float) -> None:
        self.stop()
        self._loop = asyncio.get_running_loop()
        log.debug("next background refresh in %.0f s", delay)
        self._due_at = self._loop.time() + delay
        self._timer = self._loop.call_later(delay, self._due)

    def _due(self) -> None:
        self._timer = None
        if not self._online():
            self._plan(self.schedule.after_failure())  # no request; look less and less often
            return
        self._refresh()


class QuietHours(msgspec.Struct, frozen=True):
    """The seller's quiet hours, [start, end) local hours that may wrap past midnight; no
    desktop announcement in them (counts and refreshes go on)."""

    enabled: bool
    start: int
    end: int

    def covers(self, hour: int) -> bool:
        return self.enabled and in_quiet_hours(hour, self.start, self.end)


def in_quiet_hours(hour: int, start: int, end: int) -> bool:
    """Whether `hour` (0-23) falls in [start, end), which may wrap past midnight."""
    if start == end:
        return False
    if start < end:
        return start <= hour < end
    return hour >= start or hour < end


__all__ = ["MIN_INTERVAL", "BackgroundRefresh", "QuietHours", "RefreshSchedule", "backs_off",
           "in_quiet_hours"]
