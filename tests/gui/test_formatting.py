"""Money, dates and relative times per currency and locale (Babel)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from sellerdesk.ui.widgets import formatting
from sellerdesk.ui.widgets.formatting import format_money, format_relative

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def _english_ui() -> Iterator[None]:
    before = formatting.current_locale()
    formatting.set_locale("en")
    yield
    formatting.set_locale(before)


@pytest.mark.parametrize(("currency", "expected"), [
    ("ARS", "AR$ 1,234.56"),
    ("BRL", "R$ 1,234.56"),
    ("CLP", "CLP$ 1,235"),
    ("COP", "COL$ 1,235"),
    ("MXN", "MX$ 1,234.56"),
    ("UYU", "$U 1,234.56"),
    ("USD", "US$ 1,234.56"),
    ("PEN", "S/ 1,234.56"),
    ("VEF", "Bs. 1,234.56"),
])
def test_money_names_its_currency_unambiguously(currency: str, expected: str) -> None:
    assert format_money(Decimal("1234.56"), currency).replace(NBSP, " ") == expected


def test_no_two_currencies_share_a_symbol_and_none_is_a_bare_dollar() -> None:
    symbols = [formatting.currency_symbol(c) for c in formatting.CURRENCY_SYMBOLS]
    assert len(set(symbols)) == len(symbols)
    assert "$" not in symbols


def test_one_format_per_ui_language_whatever_the_currency() -> None:
    """A column mixing currencies writes every amount with the same separators (issue 15,
    item 8: "$ 12.130,78 UYU" beside "$ 7,953.88 MXN")."""
    formatting.set_locale("es")
    column = [format_money(Decimal("12130.78"), "UYU"), format_money(Decimal("7953.88"), "MXN"),
              format_money(Decimal("98.84"), "BRL"), format_money(Decimal("1000"), "ARS")]
    assert [c.replace(NBSP, " ") for c in column] == [
        "$U 12.130,78", "MX$ 7.953,88", "R$ 98,84", "AR$ 1.000,00"]  # grouped from 1,000 on
    formatting.set_locale("en")
    assert format_money(Decimal("12130.78"), "UYU").replace(NBSP, " ") == "$U 12,130.78"


def test_an_unknown_currency_shows_its_code_and_every_digit() -> None:
    assert format_money(Decimal("1234567.891"), "VES").replace(NBSP, " ") == \
        "VES 1,234,567.891"
    assert format_money(Decimal("12"), "VES").replace(NBSP, " ") == "VES 12.00"
    assert format_money(Decimal("14.290000000000001"), "USD").replace(NBSP, " ") == \
        "US$ 14.29"  # a known currency: its usual two decimals


def test_money_never_breaks_between_symbol_and_amount() -> None:
    assert format_money(Decimal("10"), "BRL") == f"R${NBSP}10.00"


def test_money_rounds_half_up_and_keeps_the_sign() -> None:
    assert format_money(Decimal("0.125"), "ARS").replace(NBSP, " ") == "AR$ 0.13"
    assert format_money(Decimal("-1500.5"), "CLP").replace(NBSP, " ") == "-CLP$ 1,501"
    assert format_money(Decimal("-0.4"), "CLP").replace(NBSP, " ") == "CLP$ 0"  # never "-0"


def test_money_accepts_numbers_and_text_and_says_nothing_for_none() -> None:
    assert format_money(99, "BRL").replace(NBSP, " ") == "R$ 99.00"
    assert format_money("5.5", "ARS").replace(NBSP, " ") == "AR$ 5.50"
    assert format_money(None, "ARS") == "—"
    for bad in ("lots", "NaN", float("inf")):
        with pytest.raises(ValueError):
            format_money(bad, "ARS")


def test_money_in_another_locale_keeps_its_symbol() -> None:
    assert format_money(Decimal("1234.56"), "ARS", locale="pt_BR").replace(NBSP, " ") == \
        "AR$ 1.234,56"


def test_dates_in_a_list_are_babel_s_own_text() -> None:
    """The remembered parts give exactly what Babel's format_datetime gives."""
    from babel.dates import format_datetime as babel_datetime
    moment = datetime(2026, 3, 8, 23, 59, 30, tzinfo=UTC)
    for locale in ("en", "es", "pt_BR", "es_AR"):
        for step in range(0, 400 * 24, 7):
            when = moment + timedelta(hours=step, minutes=step % 60)
            local = when.astimezone()
            for style in ("short", "medium"):
                assert formatting.format_datetime(when, style, locale=locale) == \
                    babel_datetime(local, style, tzinfo=local.tzinfo, locale=locale)


def test_relative_times_in_each_language() -> None:
    now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
    five_min_ago = now - timedelta(minutes=5)
    assert format_relative(five_min_ago, now, locale="es") == "hace 5 minutos"
    assert format_relative(five_min_ago, now, locale="pt_BR") == "há 5 minutos"
    assert format_relative(five_min_ago, now, locale="en") == "5 minutes ago"
    assert format_relative(now + timedelta(days=2), now, locale="es") == "dentro de 2 días"


def test_the_ui_locale_is_used_by_default_and_bad_names_fall_back() -> None:
    now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
    assert formatting.set_locale("pt-BR") == "pt_BR"
    assert format_relative(now - timedelta(hours=3), now) == "há 3 horas"
    assert formatting.set_locale("C") == "en"
    assert formatting.set_locale("xx_NOPE") == "en"
