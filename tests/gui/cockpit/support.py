"""Counts computed from the sandbox's own answers, independently of the app's store."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sellerdesk.store.rows import OrderSummary
from tests.support.sandbox import Sandbox

# The wire filters of each summary facet (docs/decisions.md, "order facets").
SUMMARY_FILTERS: dict[OrderSummary, dict[str, str]] = {
    OrderSummary.PENDING_PROCESS: {"paid": "true", "processed": "false", "closed": "false"},
    # The server's wider facet (processed, not delivered); "To ship" is narrower:
    # `to_ship_total` below.
    OrderSummary.PENDING_SHIPMENT: {"processed": "true", "delivered": "false",
                                    "closed": "false"},
    OrderSummary.PENDING_FEEDBACK: {"delivered": "true", "seller_feedback": "false",
                                    "closed": "false"},
}


def _table(path: str) -> str:
    return "threads" if "/threads" in path else "questions" if "/questions" in path else "orders"


def all_pages(sb: Sandbox, path: str, **params: Any) -> list[dict[str, Any]]:
    """Every record of a search the client can read: the field-variety records made for it
    not to read (no id, a total in words) are left out, as the client leaves them out."""
    out: list[dict[str, Any]] = []
    while True:
        page = sb.get(path, limit=50, offset=len(out), **params).json()
        out += page["results"]
        if len(page["results"]) < 50:
            break
    unreadable = sb.unreadable(_table(path))
    return [r for r in out if r.get("id") is not None and str(r["id"]) not in unreadable]


def order_total(sb: Sandbox, **filters: str) -> int:
    return len(all_pages(sb, "/orders/search", **filters))


def _flag(value: Any) -> bool:
    return value is True or str(value).lower() == "true"


def to_ship_total(sb: Sandbox) -> int:
    """"To ship" as the seller means it (docs/decisions.md, "Orders view"): paid and
    processed, not delivered or closed, a shipping not yet handed to the carrier; counted over
    the orders a client can read."""
    unreadable = sb.unreadable("orders")
    count = 0
    for o in all_pages(sb, "/orders/search"):
        st = o["status"]
        shipping = {str(s["status"]).lower() for s in o["shippings"] or []}
        if (str(o["id"]) not in unreadable and _flag(st["paid"]) and _flag(st["processed"])
                and not _flag(st["delivered"]) and not _flag(st["closed"])
                and shipping & {"pending", "in_progress", "pickup"}):
            count += 1
    return count


def summary_total(sb: Sandbox, summary: OrderSummary) -> int:
    """The orders a dashboard card and its summary in the orders view count."""
    if summary is OrderSummary.PENDING_SHIPMENT:
        return to_ship_total(sb)
    return order_total(sb, **SUMMARY_FILTERS[summary])


def when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def unanswered_questions(sb: Sandbox) -> list[dict[str, Any]]:
    """Thread ids as text, as the client reads them (the field sends some as numbers)."""
    return [{**q, "thread_id": None if q["thread_id"] is None else str(q["thread_id"])}
            for q in all_pages(sb, "/questions/search", status="unanswered")]


def threads_waiting(sb: Sandbox) -> int:
    """Conversations with at least one unanswered question."""
    return len({q["thread_id"] for q in unanswered_questions(sb)})
