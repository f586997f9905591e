"""Field variety in the database: every variant present, a small deterministic share, and a
switch that takes it all out again."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.sandbox.order_doc import INDEX_COLUMNS, index_columns
from sellerdesk.sandbox.variety import Variety
from sellerdesk.sandbox.variety_records import switch

SHOP = 1001
ORDER_VARIANTS = {"currency_VES", "currency_USD", "currency_PEN", "offset_minus_04",
                  "fractional_9_digits", "money_float_noise", "order_id_number",
                  "order_id_16_digits", "order_status_unknown", "partial_content",
                  "numeric_ids_as_strings", "unreadable"}
QUESTION_VARIANTS = {"status_UNANSWERED", "status_ANSWERED", "status_BANNED",
                     "status_under_review", "answer_empty", "question_id_string", "unreadable",
                     "offset_minus_04", "fractional_9_digits"}
THREAD_VARIANTS = {"thread_id_number", "status_upper", "unreadable"}
CODE_VARIANTS = {"provider_unknown", "event_unknown", "id_string", "unreadable"}
TABLES = ("shops", "categories", "tracking_codes", "threads", "questions", "orders")


def dump(conn: sqlite3.Connection) -> list[Any]:
    return [[tuple(r) for r in conn.execute(f"SELECT * FROM {t} ORDER BY 1")] for t in TABLES]


@pytest.fixture
def template(seeded_file: Path) -> Path:
    return seeded_file


@pytest.fixture
def conn(seeded_conn: sqlite3.Connection) -> sqlite3.Connection:
    return seeded_conn


def listing(conn: sqlite3.Connection) -> dict[str, dict[str, list[str]]]:
    variety = Variety()
    variety.load(conn)
    records: dict[str, dict[str, list[str]]] = variety.listing()["records"]
    return records


def docs(conn: sqlite3.Connection, table: str, ids: list[str]) -> list[dict[str, Any]]:
    marks = ",".join("?" * len(ids))
    return [json.loads(r[0]) for r in conn.execute(
        f"SELECT doc FROM {table} WHERE id IN ({marks}) ORDER BY id", ids)]


def test_every_variant_is_there_in_a_small_share(conn: sqlite3.Connection) -> None:
    assert switch(conn, SHOP, 1, on=True)
    found = listing(conn)
    assert set(found["orders"]) >= ORDER_VARIANTS
    assert set(found["questions"]) >= QUESTION_VARIANTS
    assert set(found["threads"]) >= THREAD_VARIANTS
    assert set(found["tracking_codes"]) >= CODE_VARIANTS
    orders = {i for ids in found["orders"].values() for i in ids}
    assert len(orders) == 30  # 1.5 % of the 2,000 seeded
    assert len({i for ids in found["threads"].values() for i in ids}) == 4
    questions = conn.execute("SELECT COUNT(*) FROM questions").fetchone()[0]
    assert len({i for ids in found["questions"].values() for i in ids}) / questions < 0.03
    assert all(len(ids) == 1 for v, ids in found["orders"].items()
               if v not in ("currency_VES", "currency_USD", "currency_PEN", "offset_minus_04"))


def test_switch_is_idempotent_and_off_restores_the_demo(conn: sqlite3.Connection) -> None:
    before = dump(conn)
    assert not switch(conn, SHOP, 1, on=False)
    assert switch(conn, SHOP, 1, on=True)
    with_variety = dump(conn)
    assert not switch(conn, SHOP, 1, on=True)
    assert switch(conn, SHOP, 1, on=False)
    assert dump(conn) == before
    assert conn.execute("SELECT COUNT(*) FROM variety").fetchone()[0] == 0
    assert switch(conn, SHOP, 1, on=True)
    assert dump(conn) == with_variety  # the same seed rebuilds the same records


def test_orders_carry_their_variants(conn: sqlite3.Connection) -> None:
    switch(conn, SHOP, 1, on=True)
    found = listing(conn)["orders"]

    def one(variant: str) -> dict[str, Any]:
        return docs(conn, "orders", found[variant])[0]

    for doc in docs(conn, "orders", found["currency_VES"]):
        assert doc["currency"] == "VES" and doc["buyer"]["doc_type"] == "CI"
        stamps = re.findall(r'"(\d{4}-\d\d-\d\dT[^"]+)"', json.dumps(doc))
        assert stamps and all(s.endswith("-04:00") for s in stamps)
    assert {d["currency"] for d in docs(conn, "orders", found["currency_USD"])} == {"USD"}
    assert {d["currency"] for d in docs(conn, "orders", found["currency_PEN"])} == {"PEN"}
    assert re.fullmatch(r".*T\d\d:\d\d:\d\d\.\d{9}-04:00",
                        one("fractional_9_digits")["creation_date"])
    noisy = one("money_float_noise")
    assert '"grand_total":14.290000000000001' in json.dumps(noisy, separators=(",", ":"))
    assert one("order_id_number")["id"] == int(found["order_id_number"][0])
    assert found["order_id_16_digits"] == ["2000004512345678"]
    assert one("order_id_16_digits")["id"] == "2000004512345678"
    assert one("order_status_unknown")["status"]["order_status"] == "partially_paid"
    strings = one("numeric_ids_as_strings")
    assert isinstance(strings["store_id"], str) and isinstance(strings["buyer"]["client_id"], str)
    assert all(isinstance(s["id"], str) for s in strings["shippings"])
    assert one("unreadable")["grand_total"] == "no disponible"


def test_order_index_columns_follow_the_stored_documents(conn: sqlite3.Connection) -> None:
    switch(conn, SHOP, 1, on=True)
    ids = [i for ids in listing(conn)["orders"].values() for i in ids]
    rows = conn.execute(f"SELECT {', '.join(INDEX_COLUMNS)}, doc FROM orders WHERE id IN "
                        f"({','.join('?' * len(ids))})", ids).fetchall()
    for row in rows:
        assert tuple(row)[:-1] == index_columns(json.loads(row[-1]))


def test_questions_and_threads_carry_their_variants(conn: sqlite3.Connection) -> None:
    switch(conn, SHOP, 1, on=True)
    found = listing(conn)

    def one(variant: str) -> dict[str, Any]:
        return docs(conn, "questions", found["questions"][variant])[0]

    assert one("status_UNANSWERED")["status"] == "UNANSWERED"
    assert one("status_ANSWERED")["thread_id"] == 4607182418800017
    assert one("status_BANNED")["status"] == "BANNED"
    assert one("status_under_review")["status"] == "under_review"
    empty = one("answer_empty")
    assert empty["status"] == "answered" and empty["answer"]["text"] == ""
    assert one("question_id_string")["id"] == found["questions"]["question_id_string"][0]
    assert one("unreadable")["id"] is None
    assert found["threads"]["thread_id_number"] == ["4607182418800017"]
    assert found["threads"]["unreadable"] == ["variety-no-id"]
    # The stress helpers pick a template with status 'unanswered': never a variety one.
    assert conn.execute("SELECT COUNT(*) FROM questions WHERE status='unanswered' AND id IN "
                        "(SELECT CAST(id AS INTEGER) FROM variety WHERE tbl='questions')"
                        ).fetchone()[0] == 0


def test_tracking_code_ids_leave_room_for_the_variety_codes(conn: sqlite3.Connection) -> None:
    demo = [r[0] for r in conn.execute("SELECT id FROM tracking_codes ORDER BY id")]
    assert demo == [1, 2, 3, 5, 6, 7, 9, 10, 11, 13]
    switch(conn, SHOP, 1, on=True)
    codes = {r[0]: (r[1], r[2]) for r in conn.execute(
        "SELECT id, provider, event FROM tracking_codes WHERE id IN (4, 8, 12)")}
    assert codes[4][0] == "PROVIDER_TAG_MANAGER" and codes[8][1] == "SEARCH_RESULTS"
    assert max(r[0] for r in conn.execute("SELECT id FROM tracking_codes")) == 13
