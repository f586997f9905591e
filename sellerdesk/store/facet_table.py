"""The facets of the lists, declared once: what each filters on, and its values.

The store builds its SQL and counts from this table (`facets.py`, `cache.py`); the window
builds its sidebar and reads filters back from it (through `services.types`). Words for
people are not here: they live in the window's vocabulary.
"""

from __future__ import annotations

from enum import Enum

import msgspec


class FacetKind(Enum):
    YES_NO = "yes_no"  # a 0/1 column of the same name; values "true" and "false"
    BOTH = "both"  # the two feedback columns together: "true" both given, "false" both pending
    WORD = "word"  # a text column; its values are whatever the records hold
    TAG = "tag"  # one of the tags of the `shipping_tags` column (",a,b,")


class Facet(msgspec.Struct, frozen=True):
    """One filter of a list and the counts beside it."""

    name: str  # the filter's field (OrderFilter, QuestionFilter...) and the facet's id
    kind: FacetKind
    column: str  # the column it reads
    known: tuple[str, ...] = ()  # values in the order a seller reads them; others follow


YES_NO = ("true", "false")

# Shipping tags in the order a shipping progresses (docs/decisions.md: `print_tag` and
# `to_be_agreed` are kinds of pending shipping).
SHIPPING_TAGS = ("pending", "print_tag", "to_be_agreed", "in_progress", "pickup", "on_route",
                 "delivered")

# The order list's facets, in the sidebar's order (what a seller filters by most first).
ORDER_FACETS: tuple[Facet, ...] = (
    Facet("paid", FacetKind.YES_NO, "paid", YES_NO),
    Facet("processed", FacetKind.YES_NO, "processed", YES_NO),
    Facet("shipping", FacetKind.TAG, "shipping_tags", SHIPPING_TAGS),
    Facet("delivered", FacetKind.YES_NO, "delivered", YES_NO),
    Facet("closed", FacetKind.YES_NO, "closed", YES_NO),
    Facet("status", FacetKind.WORD, "contact_status", ("new", "first_contact", "confirmed_data")),
    Facet("channel", FacetKind.WORD, "channel"),
    Facet("currency", FacetKind.WORD, "currency"),
    Facet("feedback", FacetKind.BOTH, "buyer_feedback, seller_feedback", YES_NO),
    Facet("buyer_feedback", FacetKind.YES_NO, "buyer_feedback", YES_NO),
    Facet("seller_feedback", FacetKind.YES_NO, "seller_feedback", YES_NO),
)
ORDER_FACET = {f.name: f for f in ORDER_FACETS}

# Questions and conversations: counted by status and channel.
STATUS_FACETS: tuple[Facet, ...] = (
    Facet("status", FacetKind.WORD, "status"),
    Facet("channel", FacetKind.WORD, "channel"),
)


def facet_names(facets: tuple[Facet, ...], *kinds: FacetKind) -> tuple[str, ...]:
    """The names of the facets of these kinds, in the table's order."""
    return tuple(f.name for f in facets if f.kind in kinds)
