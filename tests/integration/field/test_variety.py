"""The field-variety switch end to end through the services: a shop first synced without the
field's odd records, then with them. Every readable one is stored and shown as it came (the
lists the views show, the badge, counts, notifications, the dashboard's figures, the command
line's CSV); the unreadable ones are skipped alone and named in the sync report."""

from __future__ import annotations

import csv
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from sellerdesk.services.session import Session
from sellerdesk.services.sync import RecordKind
from sellerdesk.store.rows import OrderFilter, QuestionFilter, Resource
from tests.support import http
from tests.support.cli import run_cli
from tests.support.field import open_paced
from tests.support.sandbox import Sandbox

NOW = datetime(2026, 11, 16, tzinfo=UTC)  # the demo data ends on 2026-11-15
KINDS = {"orders": RecordKind.ORDER, "threads": RecordKind.THREAD,
         "questions": RecordKind.QUESTION, "tracking_codes": RecordKind.TRACKING_CODE}


def _switch(sb: Sandbox, on: bool) -> None:
    r = http.put(f"{sb.base_url}/_sandbox/variety", params={"access_token": sb.token},
                  json={"on": on}, timeout=60)
    r.raise_for_status()


def _variety_ids(sb: Sandbox) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(readable ids, unreadable ids) of the field-variety records, by table."""
    readable: dict[str, set[str]] = {}
    unreadable: dict[str, set[str]] = {}
    for table, variants in sb.variety().items():
        every = {i for ids in variants.values() for i in ids}
        unreadable[table] = set(variants.get("unreadable", []))
        readable[table] = every - unreadable[table]
    # The one question of the unreadable thread is out of reach with it (its thread id null).
    readable["questions"] -= set(sb.variety()["questions"].get("plain", []))
    return readable, unreadable


@pytest.mark.early  # long: started first (tests/conftest.py)
async def test_field_variety_end_to_end(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    _switch(sb, False)
    session = await open_paced(sb, data, rate=0)
    try:
        await session.sync.sync()
        assert await session.notifications.check(now=NOW) == []  # the baseline, said nothing
        _switch(sb, True)
        report = await session.sync.sync(full=True)
        readable, unreadable = _variety_ids(sb)
        read, shown = await _read_and_shown(session, readable)
        items = await session.notifications.check(now=NOW)
        badge = await session.inbox.unanswered_count()
        glance = await session.dashboard.glance(days=90, tz=UTC, now=NOW)
    finally:
        await session.aclose()

    # Skipped alone, named in the report; everything else of the shop still read.
    assert report.ok
    for table, kind in KINDS.items():
        named = {i for i in report.skipped_ids(kind) if i}
        assert named <= unreadable[table]
        assert len(report.skipped_ids(kind)) == len(unreadable[table]), (table, report.skipped)
    assert read == readable, "every readable variety record is in the store"
    assert shown == readable, "and in the lists the views show"

    # The upper-case UNANSWERED question counts as unanswered: badge, counts, notifications.
    upper = sb.variety()["questions"]["status_UNANSWERED"][0]
    server = sb.get("/questions/threads/search", limit=1).json()
    assert badge == server["unanswered_quantity"]
    assert glance.unanswered == len([q for q in _pages(sb, "/questions/search",
                                                        status="unanswered")
                                     if q["id"] is not None])
    assert upper in {i.id for i in items if i.kind == "question"}
    recent = {o["id"] for o in _pages(sb, "/orders/search")
              if str(o["id"]) in readable["orders"]
              and datetime.fromisoformat(o["creation_date"]) >= NOW - timedelta(days=7)}
    assert {str(i) for i in recent} <= {i.id for i in items if i.kind == "order"}

    # Money in a currency the spec does not list stays exact, in its own currency, never
    # added to another.
    by_currency = {d.currency for d in glance.stats.per_day}
    assert {"VES", "USD", "PEN"} & by_currency
    for figure in glance.stats.per_day:
        assert figure.currency in by_currency and isinstance(figure.revenue, Decimal)

    # The command line's CSV: the same orders, their currency and totals as they came.
    out = tmp_path / "orders.csv"
    r = run_cli(sb, data, "--profile", "field", "export", "orders", "--csv", str(out))
    assert r.returncode == 0, r.stderr
    with out.open(encoding="utf-8-sig", newline="") as fh:
        rows = {row["id"]: row for row in csv.DictReader(fh)}
    assert len(rows) == sb.readable_orders()
    assert not (set(rows) & unreadable["orders"])
    noisy = sb.variety()["orders"]["money_float_noise"][0]
    assert rows[noisy]["currency"] == "USD"
    assert "14.290000000000001" in sb.get(f"/orders/{noisy}").text
    ves = sb.variety()["orders"]["currency_VES"][0]
    assert rows[ves]["currency"] == "VES"
    assert Decimal(rows[ves]["grand_total"]) == Decimal(
        str(sb.get(f"/orders/{ves}").json()["grand_total"]))
    assert sb.variety()["orders"]["order_id_16_digits"][0] in rows
    print(f"\nfield variety: {sum(map(len, readable.values()))} records read and shown, "
          f"{sum(map(len, unreadable.values()))} skipped and named "
          f"({', '.join(f'{t} {len(i)}/{len(unreadable[t])}' for t, i in readable.items())})")


def _pages(sb: Sandbox, path: str, **params: str) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    while True:
        page = sb.get(path, limit=50, offset=len(out), **params).json()
        out += page["results"]
        if len(page["results"]) < 50:
            return out


async def _read_and_shown(session: Session, readable: dict[str, set[str]]
                          ) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Which variety records the store holds (read), and which the lists the views show
    hold, as the services hand them out (shown)."""
    store = session.store
    read: dict[str, set[str]] = {}
    for table in readable:
        rows = await store.run(store.cache.get_many, _resource(table),
                               [int(i) if table in ("questions", "tracking_codes") else i
                                for i in readable[table]])
        read[table] = {str(r.id) for r in rows}
    orders = await session.orders.orders(OrderFilter(), limit=100_000)
    threads = await session.inbox.threads()
    questions = [q for t in threads for q in await session.inbox.conversation(t.id)]
    codes = await session.tracking.rows()
    shown = {
        "orders": {o.id for o in orders} & readable["orders"],
        "threads": {t.id for t in threads} & readable["threads"],
        "questions": {str(q.id) for q in questions} & readable["questions"],
        "tracking_codes": {str(r.code.id) for r in codes} & readable["tracking_codes"],
    }
    # Shown as they came: unknown values kept, not replaced by a known one.
    by_id = {str(r.code.id): r.code for r in codes}
    assert by_id["4"].provider is not None and by_id["4"].provider.value == "PROVIDER_TAG_MANAGER"
    assert by_id["8"].event is not None and by_id["8"].event.value == "SEARCH_RESULTS"
    odd = {o.id: o for o in orders}
    assert odd["3000005"].status is not None
    assert odd["3000005"].status.order_status == "partially_paid"
    assert {odd[i].currency.value for i in ("3000000", "3000001", "3000002")
            if odd[i].currency is not None} == {"VES", "USD", "PEN"}
    banned = await session.inbox.question(12399990003)
    assert banned is not None and banned.status is not None
    unanswered = await store.run(store.cache.questions, QuestionFilter(status="unanswered"))
    assert 12399990001 in {r.id for r in unanswered}
    return read, shown


def _resource(table: str) -> Resource:
    return {"orders": Resource.ORDERS, "threads": Resource.THREADS,
            "questions": Resource.QUESTIONS, "tracking_codes": Resource.TRACKING_CODES}[table]
