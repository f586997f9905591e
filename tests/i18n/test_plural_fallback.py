"""A language SellerDesk has no translation for (French, the "C" locale of a bare system)
still gets English plural forms: "1 order could not be read", never "order(s)"."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sellerdesk.services.sync import RecordKind
from sellerdesk.ui.shop_connector import SyncWords


@pytest.mark.parametrize("lang", ["fr", "C", "en"])
def test_untranslated_languages_read_english_plurals(
        lang: str, use_language: Callable[[str], str]) -> None:
    use_language(lang)
    words = SyncWords()
    assert words.skipped(RecordKind.ORDER, ["3000008"]) == \
        "1 order could not be read (id 3000008)"
    assert words.skipped(RecordKind.QUESTION, ["7", "8"]) == \
        "2 questions could not be read (ids 7, 8)"


def test_a_translated_language_keeps_its_own(use_language: Callable[[str], str]) -> None:
    use_language("es")
    assert "order" not in SyncWords().skipped(RecordKind.ORDER, ["3000008"])
