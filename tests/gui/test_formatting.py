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
    ("ARS", "$ 1.234,56"),
    ("BRL", "R$ 1.234,56"),
    ("CLP", "$ 1.235"),
    ("COP", "$ 1.235"),
    ("MXN", "$ 1,234.56"),
    ("UYU", "$ 1.234,56"),
    ("VEF", "Bs. 1.234,56"),
])
def test_money_in_the_currency_s_own_conventions(currency: str, expected: str) -> None:
    assert format_money(Decimal("1234.56"), currency).replace(NBSP, " ") == expected


def test_money_never_breaks_between_symbol_and_amount() -> None:
    assert format_money(Decimal("10"), "BRL") == f"R${NBSP}10,00"


def test_money_rounds_half_up_and_keeps_the_sign() -> None:
    assert format_money(Decimal("0.125"), "ARS").replace(NBSP, " ") == "$ 0,13"
    assert format_money(Decimal("-1500.5"), "CLP").replace(NBSP, " ") == "-$ 1.501"


def test_money_accepts_numbers_and_text_and_says_nothing_for_none() -> None:
    assert format_money(99, "BRL").replace(NBSP, " ") == "R$ 99,00"
    assert format_money("5.5", "ARS").replace(NBSP, " ") == "$ 5,50"
    assert format_money(None, "ARS") == "—"
    with pytest.raises(ValueError):
        format_money("lots", "ARS")


def test_money_in_another_locale_names_the_currency() -> None:
    assert format_money(Decimal("1234.56"), "ARS", locale="pt_BR").replace(NBSP, " ") == \
        "ARS 1.234,56"


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
