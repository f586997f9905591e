"""An order's JSON document and the indexed columns every search and facet reads from it."""

from __future__ import annotations

from typing import Any

from sellerdesk.sandbox.vocab import NO_CENTS

SHIPPING_VALUES = ("pending", "pickup", "in_progress", "on_route", "delivered")
# Columns of `orders` the search filters read: few values each (order_index counts orders
# per combination of them).
FACET_COLUMNS = ("channel_short", "contact_status", "processed", "paid", "delivered", "closed",
                 "buyer_fb", "seller_fb", "sp_pending", "sp_pickup", "sp_on_route",
                 "sp_print_tag", "sp_to_be_agreed", "sp_in_progress", "sp_delivered")
# Columns of `orders` derived from the document, in table order (see db.SCHEMA).
INDEX_COLUMNS = (*FACET_COLUMNS, "client_id", "buyer_name")

# Normalized shipping status -> what the channel itself reports (decisions: demo values).
CHANNEL_STATUS = {"pending": "ready_to_ship", "pickup": "ready_to_pickup",
                  "in_progress": "handling", "on_route": "shipped", "delivered": "delivered"}


def money(cents: int, currency: str) -> int | float:
    """Wire money: a JSON number, no decimals for CLP/COP, at most two otherwise."""
    if currency in NO_CENTS or cents % 100 == 0:
        return cents // 100
    return round(cents / 100, 2)


def short_channel(channel: str) -> str:
    """Both spellings of a channel (spec: Channel values) -> the short one."""
    return channel.removesuffix("_long")


def index_columns(doc: dict[str, Any]) -> tuple[Any, ...]:
    """Values of INDEX_COLUMNS for one order document; the single source of filter truth."""
    status = doc["status"]
    shippings = doc.get("shippings") or []
    states = {s["status"] for s in shippings}
    pending_types = {s["ship_type"] for s in shippings if s["status"] == "pending"}
    fb = doc.get("feedback") or {}
    buyer = doc.get("buyer") or {}
    return (
        short_channel(doc["channel"]), status["contact_data_status"],
        int(bool(status["processed"])), int(bool(status["paid"])),
        int(bool(status["delivered"])), int(bool(status["closed"])),
        int(fb.get("buyer") is not None), int(fb.get("seller") is not None),
        int("pending" in states), int("pickup" in states), int("on_route" in states),
        # decisions.md: print_tag / to_be_agreed are pending shippings of a given type.
        int("carrier_mode_2" in pending_types), int("not specified" in pending_types),
        int("in_progress" in states), int("delivered" in states),
        int(buyer.get("client_id") or 0), str(buyer.get("name") or ""),
    )


def order_delivered(doc: dict[str, Any]) -> bool:
    """The order's delivered flag follows its shippings: all of them delivered."""
    shippings = doc.get("shippings") or []
    return bool(shippings) and all(s["status"] == "delivered" for s in shippings)
