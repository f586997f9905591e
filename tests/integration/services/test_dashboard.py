"""The dashboard's figures equal counts computed independently from the sandbox's own data."""

from __future__ import annotations

import statistics
from collections import Counter
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from sellerdesk.services.session import Session
from tests.support.sandbox import Sandbox

NOW = datetime(2026, 11, 16, tzinfo=UTC)  # the demo data ends on 2026-11-15


def _all(sb: Sandbox, path: str, **params: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = sb.get(path, limit=50, offset=len(out), **params).json()
        out += page["results"]
        if len(page["results"]) < 50:
            return out


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@pytest.mark.early  # long: started first (tests/conftest.py)
async def test_glance_matches_the_server(synced: Session, fresh_sandbox: Sandbox) -> None:
    sb = fresh_sandbox
    g = await synced.dashboard.glance(days=90, tz=UTC, now=NOW)
    # The field-variety records made for the client not to read are in no figure (the sync
    # names them); every other record of the server is.
    unreadable = sb.unreadable("orders")

    unanswered = _all(sb, "/questions/search", status="unanswered")
    assert g.unanswered == len(unanswered)
    assert g.oldest_unanswered == min(_when(q["creation_date"]) for q in unanswered)
    assert g.waiting_too_long == sum(
        1 for q in unanswered if _when(q["creation_date"]) < NOW - timedelta(hours=1))

    def total(**f: Any) -> int:
        return sum(1 for o in _all(sb, "/orders/search", **f) if str(o["id"]) not in unreadable)

    assert g.pending_process == total(paid="true", processed="false", closed="false")
    # "To ship" is the seller's meaning (docs/decisions.md): paid and processed, not delivered
    # or closed, and a shipping not yet handed to the carrier; the server's wider
    # `pending_shipment` (processed, not delivered) is not it.
    def flag(value: Any) -> bool:
        return value is True or str(value).lower() == "true"

    def to_ship(o: dict[str, Any]) -> bool:
        st = o["status"]
        statuses = {str(s["status"]).lower() for s in o["shippings"] or []}
        return (flag(st["paid"]) and flag(st["processed"]) and not flag(st["delivered"])
                and not flag(st["closed"]) and bool(statuses & {"pending", "in_progress",
                                                                "pickup"}))

    readable = [o for o in _all(sb, "/orders/search") if str(o["id"]) not in unreadable]
    assert g.pending_shipment == sum(1 for o in readable if to_ship(o))
    assert 0 < g.pending_shipment < total(processed="true", delivered="false", closed="false")
    assert g.pending_feedback == total(delivered="true", seller_feedback="false",
                                       closed="false")
    assert g.closed == total(closed="true")

    orders = [o for o in _all(sb, "/orders/search") if str(o["id"]) not in unreadable]
    channels = Counter("marketplace" if o["channel"].startswith("marketplace") else "shopfront"
                       for o in orders)
    assert g.stats.by_channel == dict(channels)
    ships = Counter(s["status"] for o in orders for s in o["shippings"] or [])
    assert g.stats.shipping_status == dict(ships)

    since = NOW - timedelta(days=90)
    recent = [o for o in orders if _when(o["creation_date"]) >= since]
    per_currency: dict[str, Decimal] = {}
    for o in recent:
        per_currency[o["currency"]] = (per_currency.get(o["currency"], Decimal(0))
                                       + Decimal(str(o["grand_total"])))
    got: dict[str, Decimal] = {}
    for d in g.stats.per_day:
        got[d.currency] = got.get(d.currency, Decimal(0)) + d.revenue
    assert sum(d.orders for d in g.stats.per_day) == len(recent)
    assert got == per_currency  # per currency, never summed across currencies

    # Answer time per week, from each thread's questions as the server holds them.
    weeks: dict[Any, list[float]] = {}
    # Records without an id cannot be read (field variety); statuses count without regard to
    # case (the field's ANSWERED is answered).
    for t in _all(sb, "/questions/threads/search"):
        if t["id"] is None:
            continue
        thread = sb.get(f"/questions/threads/{t['id']}", limit=50).json()["results"][0]
        for q in thread["questions"]:
            if q["id"] is None or q["status"].lower() != "answered" or not q.get("answer"):
                continue
            asked = _when(q["creation_date"])
            if asked < since:
                continue
            day = asked.astimezone(UTC).date()  # the dashboard was asked for UTC weeks
            monday = day - timedelta(days=day.weekday())
            minutes = (_when(q["answer"]["date"]) - asked).total_seconds() / 60
            weeks.setdefault(monday, []).append(minutes)
    assert [w.week_start for w in g.stats.answer_times] == sorted(weeks)
    for w in g.stats.answer_times:
        values = weeks[w.week_start]
        assert w.answered == len(values)
        assert abs(w.median_minutes - statistics.median(values)) < 1e-6
        if len(values) > 1:
            p90 = statistics.quantiles(values, n=10, method="inclusive")[8]
            assert abs(w.p90_minutes - p90) < 1e-6
