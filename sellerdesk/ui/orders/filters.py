"""The order filter as the seller sees it: facet names and values in words, and the filter
as JSON for settings and saved views.

`OrderFilter` holds one value per facet (the wire's filters are single-valued), so checking
a second value of the same facet replaces the first; different facets combine with AND.
"""

from __future__ import annotations

from typing import Any

import msgspec
from PySide6.QtCore import QCoreApplication

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import (
    ORDER_FACETS,
    FacetKind,
    OrderFilter,
    OrderSort,
    OrderSummary,
)
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP
from sellerdesk.ui.vocabulary import (
    CHANNELS,
    channel_label,
    contact_label,
    shipping_label,
)

# Derived from the store's facet table (its order is the sidebar's); only words are added here.
_BOOL_FACETS = tuple(f.name for f in ORDER_FACETS
                     if f.kind in (FacetKind.YES_NO, FacetKind.BOTH))
_TEXT_FACETS = tuple(f.name for f in ORDER_FACETS if f.kind in (FacetKind.WORD, FacetKind.TAG))
FACETS = tuple(f.name for f in ORDER_FACETS)
_KNOWN = {f.name: f.known for f in ORDER_FACETS}
SUMMARIES = (OrderSummary.PENDING_PROCESS, OrderSummary.PENDING_SHIPMENT,
             OrderSummary.ON_THE_WAY, OrderSummary.PENDING_FEEDBACK, OrderSummary.CLOSED_ORDERS)

# Words for facets and values, translated where they are shown (`_words`).
_FACET_TITLES = {
    "paid": QT_TRANSLATE_NOOP("OrderFilters", "Payment"),
    "processed": QT_TRANSLATE_NOOP("OrderFilters", "Processing"),
    "shipping": QT_TRANSLATE_NOOP("OrderFilters", "Shipping"),
    "delivered": QT_TRANSLATE_NOOP("OrderFilters", "Delivery"),
    "closed": QT_TRANSLATE_NOOP("OrderFilters", "Open or closed"),
    "status": QT_TRANSLATE_NOOP("OrderFilters", "Buyer contact"),
    "channel": QT_TRANSLATE_NOOP("OrderFilters", "Channel"),
    "currency": QT_TRANSLATE_NOOP("OrderFilters", "Currency"),
    "feedback": QT_TRANSLATE_NOOP("OrderFilters", "Feedback"),
    "buyer_feedback": QT_TRANSLATE_NOOP("OrderFilters", "Buyer's feedback"),
    "seller_feedback": QT_TRANSLATE_NOOP("OrderFilters", "Your feedback"),
}
_BOOLEAN_VALUES = {  # (true, false)
    "paid": (QT_TRANSLATE_NOOP("OrderFilters", "Paid"),
             QT_TRANSLATE_NOOP("OrderFilters", "Not paid")),
    "processed": (QT_TRANSLATE_NOOP("OrderFilters", "Processed"),
                  QT_TRANSLATE_NOOP("OrderFilters", "Not processed")),
    "delivered": (QT_TRANSLATE_NOOP("OrderFilters", "Delivered"),
                  QT_TRANSLATE_NOOP("OrderFilters", "Not delivered")),
    "closed": (QT_TRANSLATE_NOOP("OrderFilters", "Closed"),
               QT_TRANSLATE_NOOP("OrderFilters", "Open")),
    "feedback": (QT_TRANSLATE_NOOP("OrderFilters", "Both given"),
                 QT_TRANSLATE_NOOP("OrderFilters", "Both pending")),
    "buyer_feedback": (QT_TRANSLATE_NOOP("OrderFilters", "Given"),
                       QT_TRANSLATE_NOOP("OrderFilters", "Pending")),
    "seller_feedback": (QT_TRANSLATE_NOOP("OrderFilters", "Given"),
                        QT_TRANSLATE_NOOP("OrderFilters", "Pending")),
}
# The sort menu, in the order a seller looks for them.
SORT_CHOICES = (OrderSort.CREATION_DATE_DESC, OrderSort.CREATION_DATE_ASC,
                OrderSort.TOTAL_DESC, OrderSort.TOTAL_ASC, OrderSort.LAST_UPDATED_DESC,
                OrderSort.LAST_UPDATED_ASC, OrderSort.NAME_ASC, OrderSort.NAME_DESC,
                OrderSort.CLIENT_ID_ASC, OrderSort.CLIENT_ID_DESC)


def _words(text: str) -> str:
    """A text of the tables above in the seller's language."""
    return QCoreApplication.translate("OrderFilters", text)


def facet_title(facet: str) -> str:
    title = _FACET_TITLES.get(facet)
    return _words(title) if title else facet


def value_label(facet: str, value: str) -> str:
    """A facet value in words ("true" of `paid` is "Paid"); a value from the server that has
    no words (a new currency, a status) shows as it came, on one line."""
    if facet in _BOOLEAN_VALUES and value in ("true", "false"):
        return _words(_BOOLEAN_VALUES[facet][0 if value == "true" else 1])
    if facet == "shipping":
        return shipping_label(value)
    if facet == "status":
        return contact_label(value)
    if facet == "channel":
        return channel_label(value)
    return one_line(value)


def known_values(facet: str) -> tuple[str, ...]:
    """The values of a facet that have words (to size the sidebar)."""
    if facet == "channel":
        return tuple(CHANNELS)
    return _KNOWN.get(facet, ())


def value_order(facet: str, values: list[str]) -> list[str]:
    """Values in the order a seller reads them (yes before no, shipping by its progress)."""
    known = _KNOWN.get(facet, ())
    first = [v for v in known if v in values]
    return first + sorted(v for v in values if v not in known)


# ---- The filter's facet values as the facet counts name them ("true", "ARS"...). -----------

def facet_value(f: OrderFilter, facet: str) -> str | None:
    value = getattr(f, facet)
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def with_facet(f: OrderFilter, facet: str, value: str | None) -> OrderFilter:
    """`f` with `facet` set to `value` ("true"/"false" for yes/no facets) or cleared."""
    if facet == "summary":
        return msgspec.structs.replace(f, summary=OrderSummary(value) if value else None)
    changes: dict[str, Any]
    if facet in _BOOL_FACETS:
        changes = {facet: None if value is None else value == "true"}
    elif facet in _TEXT_FACETS:
        changes = {facet: value}
    else:
        raise ValueError(f"unknown facet {facet!r}")
    return msgspec.structs.replace(f, **changes)


def active_facets(f: OrderFilter) -> dict[str, str]:
    """The facets (not the words searched) this filter narrows by."""
    out = {}
    for facet in (*FACETS, "summary"):
        value = facet_value(f, facet)
        if value is not None:
            out[facet] = value
    return out


def without_facets(f: OrderFilter) -> OrderFilter:
    """Every facet cleared; the search words stay."""
    return OrderFilter(query=f.query)


# ---- JSON, for settings and saved views. -----------------------------------------------------

def filter_to_json(f: OrderFilter) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for field in msgspec.structs.fields(f):
        value = getattr(f, field.name)
        if value is None:
            continue
        out[field.name] = value.value if isinstance(value, OrderSummary) else value
    return out


def filter_from_json(data: object) -> OrderFilter:
    """The filter stored in `data`; anything unreadable (an old or hand-edited file) is
    dropped rather than failing."""
    if not isinstance(data, dict):
        return OrderFilter()
    kwargs: dict[str, Any] = {}
    for name in _BOOL_FACETS:
        if isinstance(data.get(name), bool):
            kwargs[name] = data[name]
    for name in (*_TEXT_FACETS, "query"):
        if isinstance(data.get(name), str) and data[name]:
            kwargs[name] = data[name]
    client = data.get("client_id")
    if isinstance(client, int) and not isinstance(client, bool):
        kwargs["client_id"] = client
    summary = data.get("summary")
    if summary in {s.value for s in OrderSummary}:
        kwargs["summary"] = OrderSummary(summary)
    return OrderFilter(**kwargs)


def sort_from_json(value: object) -> OrderSort:
    try:
        return OrderSort(str(value))
    except ValueError:
        return OrderSort.CREATION_DATE_DESC
