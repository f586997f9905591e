"""Dates, numbers and money's digits follow the UI language; money names its currency.

tests/gui/test_formatting.py covers money per currency and relative times; these add the
calendar dates and digit grouping of each UI language, and that the language chosen at
start-up (install_translations) is the one formatting uses.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QLocale

from sellerdesk.ui.widgets import formatting
from sellerdesk.ui.widgets.formatting import (
    format_date,
    format_money,
    format_number,
    format_relative,
)

NBSP = "\u00a0"
NOON = datetime(2026, 11, 15, 12, 0, tzinfo=UTC)  # the same calendar day in any time zone


@pytest.mark.parametrize(("locale", "medium", "short"), [
    ("es", "15 nov 2026", "15/11/26"),
    ("pt_BR", "15 de nov. de 2026", "15/11/2026"),
    ("en", "Nov 15, 2026", "11/15/26"),
])
def test_dates_are_written_the_way_each_language_writes_them(
        locale: str, medium: str, short: str) -> None:
    assert format_date(NOON, locale=locale) == medium
    assert format_date(NOON, "short", locale=locale) == short


@pytest.mark.parametrize(("locale", "expected"), [
    ("es", "1.234.567,5"), ("pt_BR", "1.234.567,5"), ("en", "1,234,567.5")])
def test_numbers_group_digits_per_language(locale: str, expected: str) -> None:
    assert format_number(Decimal("1234567.5"), locale=locale) == expected


@pytest.mark.parametrize(("ui", "ars", "clp"), [
    ("es", "AR$ 1.234,56", "CLP$ 1.235"), ("pt_BR", "AR$ 1.234,56", "CLP$ 1.235"),
    ("en", "AR$ 1,234.56", "CLP$ 1,235")])
def test_a_price_is_written_as_the_ui_language_writes_numbers(ui: str, ars: str,
                                                              clp: str) -> None:
    before = formatting.current_locale()
    formatting.set_locale(ui)
    try:
        assert format_money(Decimal("1234.56"), "ARS").replace(NBSP, " ") == ars
        assert format_money(Decimal("1234.56"), "CLP").replace(NBSP, " ") == clp
    finally:
        formatting.set_locale(before)


@pytest.mark.parametrize(("lang", "ago"), [("es", "hace 3 horas"), ("pt_BR", "há 3 horas")])
def test_the_start_up_language_drives_dates(lang: str, ago: str,
                                            use_language: Callable[[str], str]) -> None:
    assert use_language(lang).startswith(lang.split("_")[0])
    assert format_relative(NOON - timedelta(hours=3), NOON) == ago
    assert QLocale().name().startswith(lang.split("_")[0])
