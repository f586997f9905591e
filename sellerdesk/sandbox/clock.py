"""Timestamps on the wire: ISO 8601 with milliseconds and an offset or Z (spec conventions);
and `Clock`, the sandbox's own controllable "now" for limits and token lifetimes."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta, timezone

ART = timezone(timedelta(hours=-3))
# Demo data ends here, not "now", so a seed gives the same database on every machine.
DEMO_END = datetime(2026, 11, 15, 18, 0, 0, tzinfo=ART)


def iso(dt: datetime, zulu: bool = False) -> str:
    """`2026-11-15T18:00:00.000-03:00`, or the same instant in UTC with `Z`."""
    if zulu:
        return dt.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return dt.isoformat(timespec="milliseconds")


def millis(dt: datetime) -> int:
    return int(dt.timestamp() * 1000)


def from_millis(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, ART)


def write_millis(last: int) -> int:
    """Time of a write: wall clock, but never before the demo data ends nor before `last`.

    Keeps `total_last_updated_desc` putting the newest write first whatever the machine's date.
    """
    wall = int(datetime.now(ART).timestamp() * 1000)
    return max(wall, millis(DEMO_END) + 60_000, last + 1)


class Clock:
    """The sandbox's own sense of "now" for token lifetimes, codes and the rate limiter.

    Real time by default; tests freeze it and move it on (`/_sandbox/clock`) so what they
    check depends on events counted, never on how fast the machine is.
    """

    def __init__(self) -> None:
        self._offset = 0.0
        self._frozen: tuple[float, float] | None = None  # (monotonic, wall) when frozen

    def _base(self) -> tuple[float, float]:
        return self._frozen or (time.monotonic(), time.time())

    def monotonic(self) -> float:
        """Seconds for intervals (the rate limiter's refill)."""
        return self._base()[0] + self._offset

    def wall(self) -> float:
        """Epoch seconds for expiry times that outlive a restart (tokens, codes)."""
        return self._base()[1] + self._offset

    @property
    def frozen(self) -> bool:
        return self._frozen is not None

    @property
    def offset(self) -> float:
        return self._offset

    def freeze(self) -> None:
        if self._frozen is None:
            self._frozen = (time.monotonic(), time.time())

    def thaw(self) -> None:
        """Run again from the frozen instant (no jump forward by the time spent frozen)."""
        if self._frozen is not None:
            self._offset -= time.monotonic() - self._frozen[0]
            self._frozen = None

    def advance(self, seconds: float) -> None:
        self._offset += seconds
