"""Online / offline / reconnecting, derived from the outcomes of real requests plus a probe.

Every service reports each request's outcome here; a light probe (the shop record) runs only
while offline, with backoff, so a seller on a poor connection is not charged for polling.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import random
from collections.abc import Awaitable, Callable

from sellerdesk.api.errors import ApiError, AuthError, Offline, RateLimited, ServerError
from sellerdesk.services.events import Event

log = logging.getLogger("sellerdesk.connectivity")


class Connection(enum.StrEnum):
    ONLINE = "online"
    OFFLINE = "offline"
    RECONNECTING = "reconnecting"


class Connectivity:
    """Tracks the connection state; `changed` fires with the new state."""

    def __init__(self, probe: Callable[[], Awaitable[object]], *,
                 min_delay: float = 1.0, max_delay: float = 60.0) -> None:
        self._probe = probe
        self._min_delay = min_delay
        self._max_delay = max_delay
        self.state = Connection.ONLINE
        self.changed: Event[Connection] = Event("connectivity.changed")
        self.came_back: Event[None] = Event("connectivity.came_back")
        self._probe_task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()

    @property
    def online(self) -> bool:
        return self.state is Connection.ONLINE

    def _set(self, state: Connection) -> None:
        if state is self.state:
            return
        was_offline = self.state is not Connection.ONLINE
        self.state = state
        log.info("connection is now %s", state.value)
        self.changed.emit(state)
        if was_offline and state is Connection.ONLINE:
            self.came_back.emit(None)

    def report_success(self) -> None:
        self._set(Connection.ONLINE)

    def report_failure(self, error: BaseException) -> None:
        """A request failed: only a failure of the network itself makes us offline."""
        if isinstance(error, Offline):
            self._set(Connection.OFFLINE)
            self._start_probe()
        elif isinstance(error, ApiError) and not isinstance(
                error, (ServerError, RateLimited, AuthError)):
            # The server answered (even if with a refusal): the network is there.
            self._set(Connection.ONLINE)

    def nudge(self) -> None:
        """Probe now rather than at the next backoff step (e.g. the seller clicked retry)."""
        self._wake.set()

    def _start_probe(self) -> None:
        if self._probe_task is None or self._probe_task.done():
            self._probe_task = asyncio.get_running_loop().create_task(self._probe_loop())

    async def _probe_loop(self) -> None:
        delay = self._min_delay
        while self.state is not Connection.ONLINE:
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=delay * random.uniform(0.8, 1.2))
            except TimeoutError:
                pass
            if self.online:  # a real request succeeded meanwhile
                return
            self._set(Connection.RECONNECTING)
            try:
                await self._probe()
            except Offline:
                self._set(Connection.OFFLINE)
                delay = min(delay * 2, self._max_delay)
                continue
            except ApiError:
                pass  # an answer of any kind means the network is back
            self._set(Connection.ONLINE)

    async def aclose(self) -> None:
        if self._probe_task is not None:
            self._probe_task.cancel()
            try:
                await self._probe_task
            except (asyncio.CancelledError, Exception):
                pass
