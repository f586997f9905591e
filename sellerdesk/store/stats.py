"""Figures for the seller's dashboard, computed from the local copy only (works offline).

Documents are read through small msgspec structs that name only the fields a figure needs,
so even a 100,000-order store is summed in well under a second, on the store's thread.
Money is summed as Decimal per currency: different currencies are never added together.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime, timedelta, tzinfo
from decimal import Decimal

import msgspec

from sellerdesk.store.db import Database, decode_optional_time, encode_time


class _Money(msgspec.Struct):
    grand_total: Decimal | None = None


class _Ship(msgspec.Struct):
    status: str | None = None


class _Shippings(msgspec.Struct):
    shippings: list[_Ship] | None = None


class _When(msgspec.Struct):
    date: datetime | None = None


class _Answered(msgspec.Struct):
    creation_date: datetime | None = None
    answer: _When | None = None
    question: _When | None = None


_money = msgspec.json.Decoder(_Money, strict=False)
_ships = msgspec.json.Decoder(_Shippings, strict=False)
_answered = msgspec.json.Decoder(_Answered, strict=False)


class DayFigure(msgspec.Struct, frozen=True):
    day: date
    currency: str
    orders: int
    revenue: Decimal


class WeekAnswerTime(msgspec.Struct, frozen=True):
    week_start: date  # the Monday
    answered: int
    median_minutes: float
    p90_minutes: float


class Stats(msgspec.Struct):
    unanswered: int = 0
    oldest_unanswered: datetime | None = None
    per_day: list[DayFigure] = msgspec.field(default_factory=list)
    by_channel: dict[str, int] = msgspec.field(default_factory=dict)
    shipping_status: dict[str, int] = msgspec.field(default_factory=dict)
    answer_times: list[WeekAnswerTime] = msgspec.field(default_factory=list)


def _quantile(sorted_values: list[float], q: float) -> float:
    """Linear-interpolated quantile of an already sorted, non-empty list."""
    pos = (len(sorted_values) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


class StatsReader:
    """Dashboard figures; every method is a plain call for the store's thread."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def unanswered(self) -> tuple[int, datetime | None]:
        row = self._db.query_one("SELECT COUNT(*), MIN(creation_date) FROM questions "
                                 "WHERE status = 'unanswered'")
        if row is None:
            return 0, None
        return int(row[0]), decode_optional_time(row[1])

    def unanswered_questions(self) -> list[tuple[int, str | None, str | None]]:
        """(id, thread id, creation date as stored) of every unanswered question."""
        return [(int(r[0]), None if r[1] is None else str(r[1]), r[2]) for r in self._db.query(
            "SELECT id, thread_id, creation_date FROM questions WHERE status = 'unanswered'")]

    def unanswered_older_than(self, now: datetime, minutes: int) -> int:
        """Unanswered questions asked more than `minutes` before `now`."""
        row = self._db.query_one("SELECT COUNT(*) FROM questions WHERE status = 'unanswered' "
                                 "AND creation_date < ?",
                                 (encode_time(now - timedelta(minutes=minutes)),))
        return int(row[0]) if row else 0

    def late_threads(self, now: datetime, minutes: int) -> set[str]:
        """Threads holding an unanswered question asked more than `minutes` before `now`."""
        rows = self._db.query("SELECT DISTINCT thread_id FROM questions WHERE status = "
                              "'unanswered' AND creation_date < ? AND thread_id IS NOT NULL",
                              (encode_time(now - timedelta(minutes=minutes)),))
        return {str(t) for (t,) in rows}

    def orders_per_day(self, since: datetime, tz: tzinfo) -> list[DayFigure]:
        """Orders and revenue per local day and currency, from `since` on."""
        counts: Counter[tuple[date, str]] = Counter()
        revenue: dict[tuple[date, str], Decimal] = {}
        rows = self._db.query("SELECT creation_date, currency, doc FROM orders "
                              "WHERE creation_date >= ?", (encode_time(since),))
        for created, currency, doc in rows:
            when = decode_optional_time(created)
            if when is None:
                continue
            key = (when.astimezone(tz).date(), currency or "?")
            counts[key] += 1
            total = _money.decode(doc).grand_total
            revenue[key] = revenue.get(key, Decimal(0)) + (total or Decimal(0))
        return [DayFigure(day, cur, n, revenue[(day, cur)])
                for (day, cur), n in sorted(counts.items())]

    def orders_by_channel(self) -> dict[str, int]:
        rows = self._db.query("SELECT COALESCE(channel, '?'), COUNT(*) FROM orders "
                              "GROUP BY 1 ORDER BY 2 DESC")
        return {str(c): int(n) for c, n in rows}

    def shipping_status(self) -> dict[str, int]:
        """How many shippings (not orders) are in each status."""
        out: Counter[str] = Counter()
        for (doc,) in self._db.query("SELECT doc FROM orders"):
            for ship in _ships.decode(doc).shippings or []:
                out[ship.status or "?"] += 1
        return dict(out.most_common())

    def answer_times(self, since: datetime, tz: tzinfo) -> list[WeekAnswerTime]:
        """Median and 90th percentile of the time to answer, per week the question came in."""
        weeks: dict[date, list[float]] = {}
        rows = self._db.query("SELECT doc FROM questions WHERE status = 'answered' AND "
                              "creation_date >= ?", (encode_time(since),))
        for (doc,) in rows:
            q = _answered.decode(doc)
            asked = q.creation_date or (q.question.date if q.question else None)
            answered = q.answer.date if q.answer else None
            if asked is None or answered is None or answered < asked:
                continue
            local = asked.astimezone(tz).date()
            monday = local - timedelta(days=local.weekday())
            weeks.setdefault(monday, []).append((answered - asked).total_seconds() / 60)
        out = []
        for monday in sorted(weeks):
            values = sorted(weeks[monday])
            out.append(WeekAnswerTime(monday, len(values), _quantile(values, 0.5),
                                      _quantile(values, 0.9)))
        return out

    def all(self, now: datetime, tz: tzinfo, days: int = 90) -> Stats:
        since = now - timedelta(days=days)
        count, oldest = self.unanswered()
        return Stats(unanswered=count, oldest_unanswered=oldest,
                     per_day=self.orders_per_day(since, tz),
                     by_channel=self.orders_by_channel(),
                     shipping_status=self.shipping_status(),
                     answer_times=self.answer_times(since, tz))
