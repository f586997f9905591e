"""sellerdesk/store/facet_table.py: one table of facets, read by the store's SQL and counts."""

from __future__ import annotations

import msgspec

from sellerdesk.store import Store
from sellerdesk.store.facet_table import ORDER_FACETS, STATUS_FACETS, FacetKind
from sellerdesk.store.rows import OrderFilter, QuestionFilter, ThreadFilter

from .factories import order


def test_every_filter_field_but_the_words_client_and_summary_is_a_facet() -> None:
    fields = {f.name for f in msgspec.structs.fields(OrderFilter)}
    assert {f.name for f in ORDER_FACETS} == fields - {"client_id", "summary", "query"}
    for cls in (QuestionFilter, ThreadFilter):
        assert {f.name for f in STATUS_FACETS} <= {f.name for f in msgspec.structs.fields(cls)}


def test_the_counts_hold_every_facet_and_its_known_values(store: Store) -> None:
    store.cache.upsert_orders([order(1, paid=True, contact_status="new",
                                     shipping_tags=frozenset({"on_route"}))])
    facets = store.cache.order_facets()
    assert list(facets) == [*(f.name for f in ORDER_FACETS), "summary"]
    for facet in ORDER_FACETS:
        if facet.kind is not FacetKind.WORD:
            assert list(facets[facet.name]) == list(facet.known), facet.name
    assert facets["currency"] == {"ARS": 1}
    # Each count is what the facet's own filter finds.
    for facet in ORDER_FACETS:
        for value, n in facets[facet.name].items():
            word: object = value == "true" if facet.kind in (
                FacetKind.YES_NO, FacetKind.BOTH) else value
            f = msgspec.structs.replace(OrderFilter(), **{facet.name: word})
            assert store.cache.count_orders(f) == n, (facet.name, value)
