"""Demo data of the sandbox: deterministic per seed, and covering every value the spec lists."""

from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.sandbox import db, seed

SHOP = 1001
CURRENCIES = {"ARS", "BRL", "CLP", "COP", "MXN", "UYU", "VEF"}


def _seeded(path: Path, seed_value: int = 1, orders: int = 2000) -> sqlite3.Connection:
    conn = db.connect(path)
    seed.seed(conn, SHOP, seed_value, orders)
    return conn


def _dump(conn: sqlite3.Connection) -> list[Any]:
    tables = ("shops", "categories", "tracking_codes", "threads", "questions", "orders")
    return [[tuple(r) for r in conn.execute(f"SELECT * FROM {t} ORDER BY 1")] for t in tables]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    """The default demo shop (seed 1, 2,000 orders), as the sandbox makes it on first start."""
    conn = _seeded(tmp_path_factory.mktemp("seed") / "demo.db")
    yield conn
    db.close(conn)


@pytest.fixture(scope="module")
def orders(demo: sqlite3.Connection) -> list[dict[str, Any]]:
    return [json.loads(r[0]) for r in demo.execute("SELECT doc FROM orders")]


@pytest.fixture(scope="module")
def questions(demo: sqlite3.Connection) -> list[dict[str, Any]]:
    return [json.loads(r[0]) for r in demo.execute("SELECT doc FROM questions")]


def test_same_seed_gives_the_same_database(tmp_path: Path) -> None:
    a, b = _seeded(tmp_path / "a.db", 7, 300), _seeded(tmp_path / "b.db", 7, 300)
    c = _seeded(tmp_path / "c.db", 8, 300)
    assert _dump(a) == _dump(b)
    assert _dump(a) != _dump(c)


def test_seeding_only_fills_an_empty_shop(tmp_path: Path) -> None:
    conn = _seeded(tmp_path / "x.db", orders=50)
    assert seed.is_seeded(conn, SHOP)
    assert not seed.is_seeded(conn, SHOP + 1)


def test_category_tree_has_three_levels(demo: sqlite3.Connection) -> None:
    rows = demo.execute("SELECT id, parent_id, doc FROM categories").fetchall()
    assert 30 <= len(rows) <= 50
    parent = {r[0]: r[1] for r in rows}

    def depth(cid: int) -> int:
        return 1 if parent[cid] is None else 1 + depth(parent[cid])

    assert max(depth(cid) for cid in parent) == 3
    assert sum(json.loads(r[2])["default_category"] for r in rows) == 1


def test_tracking_codes_cover_statuses_and_hold_script_snippets(
        demo: sqlite3.Connection) -> None:
    rows = demo.execute("SELECT provider, event, status, code FROM tracking_codes").fetchall()
    assert 8 <= len(rows) <= 12
    assert {r[2] for r in rows} == {"ACTIVE", "INACTIVE"}
    assert len({r[0] for r in rows}) >= 6 and len({r[1] for r in rows}) == 5
    assert all("<script" in r[3] for r in rows if r[0] != "PROVIDER_STAMP")


def test_questions_and_threads(demo: sqlite3.Connection,
                               questions: list[dict[str, Any]]) -> None:
    assert 250 <= len(questions) <= 360
    per_thread = Counter(q["thread_id"] for q in questions)
    assert 100 <= len(per_thread) <= 130
    assert max(per_thread.values()) >= 5
    assert {q["status"] for q in questions} == {"answered", "unanswered", "closed_unanswered"}
    assert {q["channel"] for q in questions} == {"shopfront", "shopfront_long", "marketplace",
                                                 "marketplace_long"}
    assert {q["type"] for q in questions} == {"item", "shop"}
    for q in questions:
        assert ("answer" in q) == (q["status"] == "answered")
        if q["type"] == "item":
            assert set(q["publication"]) == {"id", "currency_id", "title", "price", "stock",
                                             "thumbnail", "permalink"}
            assert isinstance(q["publication"]["price"], str)
        assert q["creation_date"].endswith("-03:00") and q["creation_date"] <= "2026-11-15T18"


def test_orders_cover_every_filter_value(demo: sqlite3.Connection,
                                         orders: list[dict[str, Any]]) -> None:
    assert len(orders) == 2000

    def values(sql: str) -> set[Any]:
        return {r[0] for r in demo.execute(sql)}

    assert values("SELECT contact_status FROM orders") == {"new", "first_contact",
                                                           "confirmed_data"}
    for col in ("processed", "paid", "delivered", "closed", "buyer_fb", "seller_fb",
                "sp_pending", "sp_pickup", "sp_on_route", "sp_print_tag", "sp_to_be_agreed",
                "sp_in_progress", "sp_delivered"):
        assert values(f"SELECT {col} FROM orders") == {0, 1}, col
    assert values("SELECT channel_short FROM orders") == {"shopfront", "marketplace"}
    both = values("SELECT buyer_fb AND seller_fb FROM orders WHERE buyer_fb = seller_fb")
    assert both == {0, 1}
    for summary in ("paid=1 AND processed=0 AND closed=0",
                    "processed=1 AND delivered=0 AND closed=0",
                    "delivered=1 AND seller_fb=0 AND closed=0", "closed=1"):
        assert demo.execute(f"SELECT COUNT(*) FROM orders WHERE {summary}").fetchone()[0] > 0


def test_orders_cover_every_spec_value(orders: list[dict[str, Any]]) -> None:
    assert {o["currency"] for o in orders} == CURRENCIES
    assert {o["channel"] for o in orders} == {"shopfront", "shopfront_long", "marketplace",
                                              "marketplace_long"}
    payments = {p["status"] for o in orders for p in o["payments"]}
    assert payments == {"pending", "approved", "in_process", "rejected", "cancelled",
                        "refunded", "charged_back"}
    shippings = [s for o in orders for s in o["shippings"]]
    assert {s["ship_type"] for s in shippings} == {"not specified", "custom", "carrier_mode_1",
                                                   "carrier_mode_2"}
    assert {s["status"] for s in shippings} == {"pickup", "pending", "in_progress", "on_route",
                                                "delivered"}
    assert any(p["variations"] for o in orders for p in o["products"])
    assert any(o["notes"] for o in orders) and any(o["promotions"] for o in orders)
    assert any("mail2" in o["buyer"] for o in orders)
    dates = sorted(o["creation_date"] for o in orders)
    assert dates[0] < "2025-06" and dates[-1] < "2026-11-16"


def test_order_money_is_consistent(orders: list[dict[str, Any]]) -> None:
    for o in orders:
        m = {k: Decimal(str(o[k])) for k in ("products_total", "products_discounts_total",
                                             "products_grand_total", "discounts_total",
                                             "shipping_total", "grand_total", "amount")}
        assert m["products_grand_total"] == m["products_total"] - m["products_discounts_total"]
        assert m["grand_total"] == (m["products_grand_total"] - m["discounts_total"]
                                    + m["shipping_total"])
        assert m["amount"] == m["grand_total"]
        assert sum(Decimal(str(p["amount"])) for p in o["products"]) == m["products_total"]
        for value in m.values():
            assert value == value.quantize(Decimal("0.01"))
            if o["currency"] in ("CLP", "COP"):
                assert value == value.to_integral_value(), o["id"]


def test_order_flags_follow_the_documents(orders: list[dict[str, Any]]) -> None:
    for o in orders:
        st = o["status"]
        assert st["paid"] == any(p["status"] == "approved" for p in o["payments"])
        assert st["delivered"] == all(s["status"] == "delivered" for s in o["shippings"])
        assert st["closed"] == (st["closed_reason"] is not None)


@pytest.mark.parametrize("count", [5_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_seeding_time(tmp_path: Path, request: pytest.FixtureRequest, count: int) -> None:
    """Timed and printed, not asserted on wall clock (shared machines vary)."""
    if count > 5_000 and not request.config.getoption("--slow"):
        pytest.skip("100,000-order seeding runs with --slow")
    conn = db.connect(tmp_path / "big.db")
    start = time.perf_counter()
    seed.seed(conn, SHOP, 1, count)
    elapsed = time.perf_counter() - start
    print(f"\nseeded {count:,} orders in {elapsed:.1f} s")
    assert conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0] == count
    db.close(conn)
