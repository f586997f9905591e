"""Counts computed from the sandbox's own answers, independently of the app's store."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sellerdesk.store.rows import OrderSummary
from tests.support.sandbox import Sandbox

# The wire filters of each summary facet (docs/decisions.md, "order facets").
SUMMARY_FILTERS: dict[OrderSummary, dict[str, str]] = {
    OrderSummary.PENDING_PROCESS: {"paid": "true", "processed": "false", "closed": "false"},
    OrderSummary.PENDING_SHIPMENT: {"processed": "true", "delivered": "false",
                                    "closed": "false"},
    OrderSummary.PENDING_FEEDBACK: {"delivered": "true", "seller_feedback": "false",
                                    "closed": "false"},
}


def all_pages(sb: Sandbox, path: str, **params: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = sb.get(path, limit=50, offset=len(out), **params).json()
        out += page["results"]
        if len(page["results"]) < 50:
            return out


def order_total(sb: Sandbox, **filters: str) -> int:
    total: int = sb.get("/orders/search", limit=1, **filters).json()["paging"]["total"]
    return total


def when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def unanswered_questions(sb: Sandbox) -> list[dict[str, Any]]:
    return all_pages(sb, "/questions/search", status="unanswered")


def threads_waiting(sb: Sandbox) -> int:
    """Conversations with at least one unanswered question."""
    return len({q["thread_id"] for q in unanswered_questions(sb)})
