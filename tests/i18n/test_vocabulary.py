"""One name per state, everywhere, in every language; values the spec does not list in words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sellerdesk.services.safe_text import FSI, PDI
from sellerdesk.services.types import CodeEvent, OrderSummary, Provider
from sellerdesk.ui import vocabulary
from sellerdesk.ui.orders.columns import state_text
from sellerdesk.ui.orders.filters import value_label
from tests.i18n.catalogue import LANGUAGES


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_shipping_state_has_one_name_in_the_facets_the_table_and_the_forms(
        use_language: Callable[[str], str], lang: str) -> None:
    use_language(lang)
    for value in vocabulary.SHIPPING_STATUSES:
        name = vocabulary.shipping_label(value)
        assert value_label("shipping", value) == name  # the facet sidebar
        if value != "delivered":  # the row's own "delivered" (its flag) says the same word
            assert state_text(value) == name  # the orders table's state column
    # "On the way": the summary shortcut and the shipping state name the same state alike.
    assert vocabulary.shipping_label("on_route") == vocabulary.summary_label(
        OrderSummary.ON_THE_WAY)


def _plain(text: str) -> str:
    return text.replace(FSI, "").replace(PDI, "")


def test_values_the_spec_does_not_list_are_said_in_words() -> None:
    # Words made from the server's value, isolated on one line like any text from outside.
    tag = vocabulary.provider_name(Provider("PROVIDER_TAG_MANAGER"))
    assert tag.startswith(FSI) and _plain(tag) == "Tag manager"
    assert _plain(vocabulary.event_name(CodeEvent("SEARCH_RESULTS"))) == "Search results"
    assert _plain(vocabulary.shipping_label("ready_to_ship")) == "Ready to ship"
    assert _plain(vocabulary.channel_label("MARKETPLACE_LONG")) == "Marketplace long"
    assert _plain(vocabulary.event_name(CodeEvent("\u202eEVIL\nTWO"))) == "Evil two"
    assert vocabulary.provider_name(Provider.ADS) == "Advertising"
