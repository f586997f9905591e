"""The order filter as the seller sees it: facet names and values in words, and the filter
as JSON for settings and saved views.

`OrderFilter` holds one value per facet (the wire's filters are single-valued), so checking
a second value of the same facet replaces the first; different facets combine with AND.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QCoreApplication

from sellerdesk.store.rows import OrderFilter, OrderSort, OrderSummary

_BOOL_FACETS = ("paid", "processed", "delivered", "closed", "feedback", "buyer_feedback",
                "seller_feedback")
_TEXT_FACETS = ("status", "shipping", "channel", "currency")
# Sidebar order: what a seller filters by most first.
FACETS = ("paid", "processed", "shipping", "delivered", "closed", "status", "channel",
          "currency", "feedback", "buyer_feedback", "seller_feedback")
SUMMARIES = tuple(OrderSummary)
_SHIPPING_ORDER = ("pending", "print_tag", "to_be_agreed", "in_progress", "pickup", "on_route",
                   "delivered")
_STATUS_ORDER = ("new", "first_contact", "confirmed_data")


def _tr(text: str) -> str:
    return QCoreApplication.translate("OrderFilters", text)


def facet_title(facet: str) -> str:
    titles = {
        "paid": _tr("Payment"),
        "processed": _tr("Processing"),
        "shipping": _tr("Shipping"),
        "delivered": _tr("Delivery"),
        "closed": _tr("Open or closed"),
        "status": _tr("Buyer contact"),
        "channel": _tr("Channel"),
        "currency": _tr("Currency"),
        "feedback": _tr("Feedback"),
        "buyer_feedback": _tr("Buyer's feedback"),
        "seller_feedback": _tr("Your feedback"),
    }
    return titles.get(facet, facet)


def value_label(facet: str, value: str) -> str:
    """A facet value in words ("true" of `paid` is "Paid"); unknown values show as they are."""
    booleans: dict[str, tuple[str, str]] = {
        "paid": (_tr("Paid"), _tr("Not paid")),
        "processed": (_tr("Processed"), _tr("Not processed")),
        "delivered": (_tr("Delivered"), _tr("Not delivered")),
        "closed": (_tr("Closed"), _tr("Open")),
        "feedback": (_tr("Both given"), _tr("Both pending")),
        "buyer_feedback": (_tr("Given"), _tr("Pending")),
        "seller_feedback": (_tr("Given"), _tr("Pending")),
    }
    if facet in booleans and value in ("true", "false"):
        return booleans[facet][0 if value == "true" else 1]
    if facet == "shipping":
        return shipping_label(value)
    if facet == "status":
        return {"new": _tr("Not contacted yet"), "first_contact": _tr("First contact made"),
                "confirmed_data": _tr("Details confirmed")}.get(value, value)
    if facet == "channel":
        return channel_label(value)
    return value


def shipping_label(value: str) -> str:
    return {
        "pending": _tr("Pending"),
        "pickup": _tr("Ready for pick-up"),
        "on_route": _tr("On route"),
        "print_tag": _tr("Label to print"),
        "to_be_agreed": _tr("To be agreed"),
        "in_progress": _tr("Being prepared"),
        "delivered": _tr("Delivered"),
    }.get(value, value.replace("_", " "))


def channel_label(value: str) -> str:
    return {"shopfront": _tr("Shop"), "marketplace": _tr("Marketplace")}.get(value, value)


def summary_label(summary: OrderSummary) -> str:
    return {
        OrderSummary.PENDING_PROCESS: _tr("To process"),
        OrderSummary.PENDING_SHIPMENT: _tr("To ship"),
        OrderSummary.PENDING_FEEDBACK: _tr("To rate"),
        OrderSummary.CLOSED_ORDERS: _tr("Closed"),
    }[summary]


def summary_hint(summary: OrderSummary) -> str:
    return {
        OrderSummary.PENDING_PROCESS: _tr("Paid orders not processed yet"),
        OrderSummary.PENDING_SHIPMENT: _tr("Processed orders not delivered yet"),
        OrderSummary.PENDING_FEEDBACK: _tr("Delivered orders waiting for your feedback"),
        OrderSummary.CLOSED_ORDERS: _tr("Orders that are closed"),
    }[summary]


def sort_label(sort: OrderSort) -> str:
    return {
        OrderSort.CREATION_DATE_DESC: _tr("Newest first"),
        OrderSort.CREATION_DATE_ASC: _tr("Oldest first"),
        OrderSort.LAST_UPDATED_DESC: _tr("Recently updated first"),
        OrderSort.LAST_UPDATED_ASC: _tr("Least recently updated first"),
        OrderSort.NAME_ASC: _tr("Buyer name, A to Z"),
        OrderSort.NAME_DESC: _tr("Buyer name, Z to A"),
        OrderSort.CLIENT_ID_ASC: _tr("Client number, ascending"),
        OrderSort.CLIENT_ID_DESC: _tr("Client number, descending"),
    }[sort]


def value_order(facet: str, values: list[str]) -> list[str]:
    """Values in the order a seller reads them (yes before no, shipping by its progress)."""
    if facet in _BOOL_FACETS:
        known: tuple[str, ...] = ("true", "false")
    elif facet == "shipping":
        known = _SHIPPING_ORDER
    elif facet == "status":
        known = _STATUS_ORDER
    else:
        known = ()
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
        return dataclasses.replace(f, summary=OrderSummary(value) if value else None)
    changes: dict[str, Any]
    if facet in _BOOL_FACETS:
        changes = {facet: None if value is None else value == "true"}
    elif facet in _TEXT_FACETS:
        changes = {facet: value}
    else:
        raise ValueError(f"unknown facet {facet!r}")
    return dataclasses.replace(f, **changes)


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
    for field in dataclasses.fields(f):
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
