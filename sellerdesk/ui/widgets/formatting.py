"""Money, dates and relative times for people, per currency and UI locale, from CLDR (Babel).

Money has one format across the app (docs/decisions.md, "Money"): the digits are written as
the UI language writes numbers (separators, always grouped), and the currency by a symbol no
other currency of the list shares: `AR$`, `R$`, `CLP$`, `COL$`, `MX$`, `$U`, `US$`, `S/`,
`Bs.`. A bare "$" never appears: five of the marketplace's currencies write one. A currency
SellerDesk does not know (the field's `VES`) shows its ISO code and every digit it came with.
Dates and relative times ("hace 5 minutos") follow the UI language. Qt-free on purpose.

The formats are built once per currency and locale from CLDR's data and then applied with
plain string work: a list repainting hundreds of amounts and dates cannot pay Babel's full
pattern machinery (50-90 µs) for each.
"""

from __future__ import annotations

import functools
from datetime import UTC, date, datetime, time
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Literal

import msgspec
from babel import Locale, UnknownLocaleError
from babel.dates import format_date as _babel_date
from babel.dates import format_datetime as _babel_datetime
from babel.dates import format_time as _babel_time
from babel.dates import format_timedelta, get_datetime_format
from babel.numbers import format_decimal, get_currency_precision

# The marketplace's currencies (and the field's USD and PEN) and their symbols. R$, MX$,
# US$, S/ and Bs. are CLDR's own; for the pesos CLDR has only "$" (at home) or the ISO code,
# so each gets the form its own country uses to tell it from the others.
CURRENCY_SYMBOLS: dict[str, str] = {
    "ARS": "AR$",
    "BRL": "R$",
    "CLP": "CLP$",
    "COP": "COL$",
    "MXN": "MX$",
    "UYU": "$U",
    "USD": "US$",
    "PEN": "S/",
    "VEF": "Bs.",
}
# The locale whose conventions each currency's sellers read at home (charts' short axes).
CURRENCY_LOCALES: dict[str, str] = {
    "ARS": "es_AR",
    "BRL": "pt_BR",
    "CLP": "es_CL",
    "COP": "es_CO",
    "MXN": "es_MX",
    "UYU": "es_UY",
    "VEF": "es_VE",
}
# Fraction digits shown, where everyday use differs from ISO 4217 (COP prices carry none).
_DISPLAY_DIGITS: dict[str, int] = {"CLP": 0, "COP": 0}
NBSP = "\u00a0"

_ui_locale = "en"


def set_locale(name: str | None) -> str:
    """Set the UI locale used for money, dates and numbers ("es", "pt_BR"...); returns it."""
    global _ui_locale
    _ui_locale = _known_locale(name) or "en"
    return _ui_locale


def current_locale() -> str:
    return _ui_locale


@functools.lru_cache(maxsize=64)
def _known_locale(name: str | None) -> str | None:
    if not name or name in ("C", "POSIX"):
        return None
    try:
        return str(Locale.parse(name.replace("-", "_")))
    except (UnknownLocaleError, ValueError):
        return None


def currency_digits(currency: str) -> int:
    code = currency.upper()
    return _DISPLAY_DIGITS.get(code, get_currency_precision(code))


def currency_symbol(currency: str) -> str:
    """The symbol an amount in `currency` is written with (its ISO code when unknown)."""
    code = currency.upper()
    return CURRENCY_SYMBOLS.get(code, code)


def _decimal(amount: Decimal | int | float | str) -> Decimal:
    if isinstance(amount, Decimal):
        value = amount
    else:
        try:
            value = Decimal(str(amount))
        except InvalidOperation as exc:
            raise ValueError(f"not an amount: {amount!r}") from exc
    if not value.is_finite():
        raise ValueError(f"not an amount: {amount!r}")
    return value


class _Digits(msgspec.Struct, frozen=True):
    """A locale's decimal and grouping separators (CLDR), for fast formatting."""

    decimal: str
    group: str


@functools.lru_cache(maxsize=32)
def _digits(locale: str) -> _Digits:
    symbols = Locale.parse(locale).number_symbols
    # Babel ≥ 2.14 keys symbols by numbering system; older versions keep a flat mapping.
    latn = symbols.get("latn", symbols)
    return _Digits(decimal=str(latn.get("decimal", ".")), group=str(latn.get("group", ",")))


def _grouped(digits: str, group: str) -> str:
    head = len(digits) % 3 or 3
    parts = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return group.join(parts)


def format_money(amount: Decimal | int | float | str | None, currency: str | None,
                 locale: str | None = None) -> str:
    """`AR$ 1.234,56` (Spanish UI) / `AR$ 1,234.56` (English UI): one format for money.

    The currency's usual decimals (none for CLP and COP), rounded half up; an unknown currency
    shows its code and the amount exactly, never rounded to a guessed precision.
    """
    if amount is None:
        return "—"
    value = _decimal(amount)
    loc = _known_locale(locale) or _ui_locale
    if not currency:
        return format_decimal(value, locale=loc)
    code = currency.upper()
    if code in CURRENCY_SYMBOLS:
        places = currency_digits(code)
        value = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    else:  # exact: at least the ISO decimals, every digit the amount came with
        exponent = value.as_tuple().exponent
        given = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        places = max(given, get_currency_precision(code))
        value = value.quantize(Decimal(1).scaleb(-places))
    sep = _digits(loc)
    sign = "-" if value < 0 else ""
    whole, _, fraction = f"{abs(value):f}".partition(".")
    text = _grouped(whole, sep.group)
    if places:
        text += sep.decimal + fraction.ljust(places, "0")[:places]
    return f"{sign}{currency_symbol(code)}{NBSP}{text}"


def format_number(value: int | Decimal | float, locale: str | None = None) -> str:
    return format_decimal(value, locale=_known_locale(locale) or _ui_locale)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@functools.lru_cache(maxsize=4096)
def _date_text(day: date, style: str, locale: str) -> str:
    return _babel_date(day, style, locale=locale)


@functools.lru_cache(maxsize=4096)
def _time_text(clock: time, style: str, locale: str) -> str:
    # Short and medium times show no zone: the wall-clock time alone decides the text.
    return _babel_time(datetime.combine(date(2000, 1, 1), clock, UTC), style, tzinfo=UTC,
                       locale=locale)


@functools.lru_cache(maxsize=32)
def _glue(style: Literal["short", "medium"], locale: str) -> str:
    return str(get_datetime_format(style, locale=locale)).replace("'", "")


def format_datetime(moment: datetime | None, style: str = "medium",
                    locale: str | None = None) -> str:
    """A date and time in the seller's time zone and language ("short", "medium", "long").

    "short" and "medium" are Babel's own text, put together from a date part and a time part
    that are each remembered (a list shows a few hundred days and minutes, over and over).
    """
    if moment is None:
        return "—"
    local = _aware(moment).astimezone()
    loc = _known_locale(locale) or _ui_locale
    if style != "short" and style != "medium":
        return _babel_datetime(local, style, tzinfo=local.tzinfo, locale=loc)
    # Babel's own composition (`format_datetime`): the locale's glue around both parts.
    clock = time(local.hour, local.minute, local.second if style == "medium" else 0)
    return (_glue(style, loc).replace("{0}", _time_text(clock, style, loc))
            .replace("{1}", _date_text(local.date(), style, loc)))


def format_date(moment: datetime | None, style: str = "medium",
                locale: str | None = None) -> str:
    if moment is None:
        return "—"
    return _babel_date(_aware(moment).astimezone(), style,
                       locale=_known_locale(locale) or _ui_locale)


def format_relative(moment: datetime, now: datetime | None = None,
                    locale: str | None = None) -> str:
    """How long ago (or until) `moment`: "hace 5 minutos", "há 2 horas", "in 3 days"."""
    now = _aware(now) if now is not None else datetime.now(UTC)
    delta = _aware(moment) - now
    return format_timedelta(delta, add_direction=True, threshold=0.9,
                            locale=_known_locale(locale) or _ui_locale)
