"""The dashboard's numbers, shaped for charts and words: per-currency day series, durations.

Money stays `Decimal` here: totals are summed per currency, never across currencies, and the
floats a chart needs are made only at the very last step (`as_floats`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from babel.dates import format_skeleton
from babel.numbers import format_compact_decimal, format_decimal, format_percent
from PySide6.QtCore import QCoreApplication

from sellerdesk.services.types import DayFigure, WeekAnswerTime
from sellerdesk.ui.widgets import formatting

SPANS = (30, 90)  # the chart windows a seller can pick, in days


@dataclass(frozen=True)
class DaySeries:
    """One currency's orders and revenue for every day of a window (days without sales: 0)."""

    currency: str
    days: list[date]
    orders: list[int]
    revenue: list[Decimal]

    @property
    def total_orders(self) -> int:
        return sum(self.orders)

    @property
    def total_revenue(self) -> Decimal:
        return sum(self.revenue, Decimal(0))

    def as_floats(self) -> list[float]:
        """Revenue as floats, for drawing only (labels are made from the Decimals)."""
        return [float(v) for v in self.revenue]


def window(today: date, days: int) -> list[date]:
    """The `days` calendar days ending with `today`."""
    return [today - timedelta(days=days - 1 - i) for i in range(days)]


def currencies(per_day: Iterable[DayFigure], since: date) -> list[str]:
    """Currencies sold in from `since` on, the one with the most orders first."""
    counts: dict[str, int] = {}
    for figure in per_day:
        if figure.day >= since:
            counts[figure.currency] = counts.get(figure.currency, 0) + figure.orders
    return sorted(counts, key=lambda c: (-counts[c], c))


def day_series(per_day: Iterable[DayFigure], currency: str, days: Sequence[date]) -> DaySeries:
    index = {d: i for i, d in enumerate(days)}
    orders = [0] * len(days)
    revenue = [Decimal(0)] * len(days)
    for figure in per_day:
        i = index.get(figure.day)
        if i is not None and figure.currency == currency:
            orders[i] += figure.orders
            revenue[i] += figure.revenue
    return DaySeries(currency, list(days), orders, revenue)


def weeks_since(answer_times: Iterable[WeekAnswerTime], since: date) -> list[WeekAnswerTime]:
    """The weeks that overlap the window starting `since`."""
    return [w for w in answer_times if w.week_start + timedelta(days=6) >= since]


# ---- Words and labels. ------------------------------------------------------------------------


def duration_text(minutes: float) -> str:
    """A wait in words a seller reads at a glance: "45 min", "2 h 10 min", "3 d 4 h"; the
    spaces do not break, so a card never leaves "h" alone on a line."""
    return _duration_words(minutes).replace(" ", NBSP)


NBSP = "\u00a0"


def _duration_words(minutes: float) -> str:
    total = max(0, round(minutes))
    if total < 60:
        return QCoreApplication.translate("Dashboard", "{m} min").format(m=total)
    hours, mins = divmod(total, 60)
    if hours < 24:
        if mins and hours < 10:
            return QCoreApplication.translate("Dashboard", "{h} h {m} min").format(h=hours,
                                                                                  m=mins)
        return QCoreApplication.translate("Dashboard", "{h} h").format(h=hours)
    days, hours = divmod(hours, 24)
    if hours:
        return QCoreApplication.translate("Dashboard", "{d} d {h} h").format(d=days, h=hours)
    return QCoreApplication.translate("Dashboard", "{d} d").format(d=days)


def axis_duration(minutes: float) -> str:
    """A tick of the answer-time axis: minutes below two hours, then hours."""
    locale = formatting.current_locale()
    if minutes < 120:
        return QCoreApplication.translate("Dashboard", "{m} min").format(
            m=format_decimal(round(minutes), locale=locale))
    hours = Decimal(str(round(minutes / 60, 1))).normalize()
    return QCoreApplication.translate("Dashboard", "{h} h").format(
        h=format_decimal(hours, locale=locale))


def format_count(value: float) -> str:
    """A tick of a count axis: whole numbers only (no "2.5 orders")."""
    if abs(value - round(value)) > 1e-6:
        return ""
    return str(format_decimal(round(value), locale=formatting.current_locale()))


def axis_amount(value: float, currency: str) -> str:
    """A tick of the revenue axis, short ("2,5 M"): the axis title names the currency."""
    amount = Decimal(str(value)).quantize(Decimal(1))
    locale = formatting.CURRENCY_LOCALES.get(currency.upper(), formatting.current_locale())
    return str(format_compact_decimal(amount, locale=locale, fraction_digits=1))


def day_label(day: date) -> str:
    """"12 nov" / "Nov 12", in the UI language."""
    return str(format_skeleton("MMMd", day, locale=formatting.current_locale()))


def week_label(day: date) -> str:
    return day_label(day)


def percent(part: int, whole: int) -> str:
    """A share as the UI language writes it ("12 %", "12%"), rounded to a whole percent;
    a small share is "<1 %", never a misleading "0 %"."""
    locale = formatting.current_locale()
    share = Decimal(part) / Decimal(whole) if whole > 0 else Decimal(0)
    if 0 < share < Decimal("0.005"):
        return "<" + str(format_percent(Decimal("0.01"), locale=locale))
    return str(format_percent(share.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP),
                              locale=locale))


def count_and_share(part: int, whole: int) -> str:
    """ "1.230 · 62 %": a bar's note."""
    return f"{format_count(part)} · {percent(part, whole)}"
