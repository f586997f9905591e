"""Timestamps on the wire: ISO 8601 with milliseconds and an offset or Z (spec conventions)."""

from __future__ import annotations

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
