"""Money, dates and relative times for people, per currency and locale, with Babel.

Money uses the house style of the currency's own country (ARS `$ 1.234,56`, BRL
`R$ 1.234,56`, CLP and COP without decimals): a shop sells in one currency and its seller
reads prices the way that country writes them. Dates and relative times ("hace 5 minutos")
follow the UI language. Qt-free on purpose, so anything may call it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from babel import Locale, UnknownLocaleError
from babel.dates import format_date as _babel_date
from babel.dates import format_datetime as _babel_datetime
from babel.dates import format_timedelta
from babel.numbers import format_currency, format_decimal, get_currency_precision

# The spec's currencies and the locale whose conventions their sellers read.
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
    """Set the UI locale used for dates and numbers ("es", "pt_BR", "en_US"...); returns it."""
    global _ui_locale
    _ui_locale = _known_locale(name) or "en"
    return _ui_locale


def current_locale() -> str:
    return _ui_locale


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


def _decimal(amount: Decimal | int | float | str) -> Decimal:
    if isinstance(amount, Decimal):
        return amount
    try:
        return Decimal(str(amount))
    except InvalidOperation as exc:
        raise ValueError(f"not an amount: {amount!r}") from exc


def format_money(amount: Decimal | int | float | str | None, currency: str | None,
                 locale: str | None = None) -> str:
    """`$ 1.234,56` for ARS; the currency's home conventions unless `locale` is given."""
    if amount is None:
        return "—"
    value = _decimal(amount)
    if not currency:
        return format_decimal(value, locale=_known_locale(locale) or _ui_locale)
    code = currency.upper()
    loc = _known_locale(locale) or CURRENCY_LOCALES.get(code) or _ui_locale
    digits = currency_digits(code)
    value = value.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    pattern = f"¤{NBSP}#,##0" + ("." + "0" * digits if digits else "")
    return format_currency(value, code, format=pattern, locale=loc, currency_digits=False)


def format_number(value: int | Decimal | float, locale: str | None = None) -> str:
    return format_decimal(value, locale=_known_locale(locale) or _ui_locale)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def format_datetime(moment: datetime | None, style: str = "medium",
                    locale: str | None = None) -> str:
    """A date and time in the seller's time zone and language ("short", "medium", "long")."""
    if moment is None:
        return "—"
    local = _aware(moment).astimezone()
    return _babel_datetime(local, style, tzinfo=local.tzinfo,
                           locale=_known_locale(locale) or _ui_locale)


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
