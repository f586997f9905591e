"""Simulated buyers: POST /_sandbox/questions and /_sandbox/orders, seen through the /v1 reads."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest

from sellerdesk.sandbox import db, simulate
from sellerdesk.sandbox.context import Ctx
from sellerdesk.sandbox.errors import MetricsError
from sellerdesk.sandbox.faults import Faults
from tests.support import http
from tests.support.sandbox import Sandbox


def _post(sb: Sandbox, what: str, body: Any = None, *, token: str | None = None,
          content: bytes | None = None) -> httpx.Response:
    params = {"access_token": sb.token if token is None else token}
    url = f"{sb.base_url}/_sandbox/{what}"
    if content is not None:
        return http.post(url, params=params, content=content, timeout=30)
    return http.post(url, params=params, json=body, timeout=30)


def _json(r: httpx.Response) -> Any:
    assert r.status_code == 200, r.text
    return r.json()


def _facet(envelope: dict[str, Any], facet: str) -> dict[str, int]:
    found = [f for f in envelope["available_filters"] if f["id"] == facet]
    return {v["id"]: v["results"] for v in found[0]["values"]}


def _thread(sb: Sandbox, thread_id: str) -> dict[str, Any]:
    result: dict[str, Any] = _json(sb.get(f"/questions/threads/{thread_id}"))["results"][0]
    return result


def _dec(value: Any) -> Decimal:
    return Decimal(str(value))


def test_question_in_an_existing_thread(fresh_sandbox: Sandbox) -> None:
    sb = fresh_sandbox
    before_search = _json(sb.get("/questions/threads/search"))
    answered = _json(sb.get("/questions/threads/search", status="answered"))["results"][0]
    thread_id = answered["id"]
    before = _thread(sb, thread_id)
    newest = _json(sb.get("/questions/search", orders="question_date_desc"))["results"][0]

    r = _post(sb, "questions", {"thread_id": thread_id})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created == _json(sb.get(f"/questions/{created['id']}"))  # the single-read shape
    assert created["status"] == "unanswered" and "answer" not in created
    assert created["thread_id"] == thread_id and created["type"] == before["main_question"]["type"]
    assert created["channel"] == before["channel"]
    assert created["from"]["client_id"] == before["main_question"]["from"]["client_id"]
    assert created["question"]["text"] and created["question"]["date"] == created["creation_date"]
    assert created["creation_date"] > newest["creation_date"]  # same offset, so text order
    assert created["id"] > newest["id"]

    unanswered = _json(sb.get("/questions/search", status="unanswered"))["results"]
    assert unanswered[0]["id"] == created["id"]

    after = _thread(sb, thread_id)
    assert after["unanswered_quantity"] == before["unanswered_quantity"] + 1 == 1
    assert after["status"] == "unanswered"
    assert after["answered_quantity"] == before["answered_quantity"]
    assert after["last_question_date"] == created["creation_date"]
    assert after["main_question"]["id"] == before["main_question"]["id"]
    assert after["questions"][-1]["id"] == created["id"]
    assert [q["id"] for q in after["questions"][:-1]] == [q["id"] for q in before["questions"]]

    after_search = _json(sb.get("/questions/threads/search"))
    assert after_search["paging"]["total"] == before_search["paging"]["total"]
    assert after_search["unanswered_quantity"] == before_search["unanswered_quantity"] + 1
    assert after_search["results"][0]["id"] == thread_id  # last_question_date_desc
    counts, old = _facet(after_search, "status"), _facet(before_search, "status")
    assert counts["unanswered"] == old["unanswered"] + 1
    assert counts["answered"] == old["answered"] - 1

    # A second question in the same thread: later still, and counted again.
    again = _post(sb, "questions", {"thread_id": thread_id, "text": "¿Sigue disponible?"})
    assert again.status_code == 201, again.text
    assert again.json()["creation_date"] > created["creation_date"]
    assert again.json()["question"]["text"] == "¿Sigue disponible?"
    assert _thread(sb, thread_id)["unanswered_quantity"] == 2


def test_question_in_a_new_thread(fresh_sandbox: Sandbox) -> None:
    sb = fresh_sandbox
    before_search = _json(sb.get("/questions/threads/search"))
    known_pubs: set[str] = set()
    for offset in range(0, before_search["paging"]["total"], 50):
        for t in _json(sb.get("/questions/threads/search", offset=offset))["results"]:
            if t["main_question"]["publication"]:
                known_pubs.add(t["main_question"]["publication"]["id"])

    r = _post(sb, "questions")  # no body at all: every default
    assert r.status_code == 201, r.text
    created = r.json()
    assert created == _json(sb.get(f"/questions/{created['id']}"))
    assert created["type"] == "item" and created["publication"]["id"] in known_pubs
    assert isinstance(created["publication"]["price"], str)  # single-read spelling
    assert created["channel"] in ("shopfront", "marketplace")

    search = _json(sb.get("/questions/threads/search"))
    assert search["paging"]["total"] == before_search["paging"]["total"] + 1
    assert search["unanswered_quantity"] == before_search["unanswered_quantity"] + 1
    first = search["results"][0]
    assert first["id"] == created["thread_id"]
    assert first["status"] == "unanswered" and first["unanswered_quantity"] == 1
    assert first["answered_quantity"] == "0"
    assert first["last_question_date"] == created["creation_date"]
    assert first["main_question"]["id"] == created["id"]
    assert isinstance(first["main_question"]["publication"]["price"], (int, float))
    assert _facet(search, "status")["unanswered"] == \
        _facet(before_search, "status").get("unanswered", 0) + 1
    found = _json(sb.get("/questions/threads/search", thread_id=created["thread_id"]))
    assert found["paging"]["total"] == 1

    # Chosen text, buyer and channel; word search finds the question and its thread.
    r = _post(sb, "questions", {"text": "¿Tienen el modelo Zafiro?", "buyer": "Inés Quiroga",
                                "channel": "shopfront", "thread_id": None})
    assert r.status_code == 201, r.text
    mine = r.json()
    assert mine["from"]["name"] == "Inés Quiroga" and mine["channel"] == "shopfront"
    assert mine["from"]["email"].startswith("ines.quiroga")
    assert mine["thread_id"] != created["thread_id"]
    assert mine["from"]["client_id"] != created["from"]["client_id"]
    hits = _json(sb.get("/questions/search", q="zafiro quiroga"))["results"]
    assert [h["id"] for h in hits] == [mine["id"]]
    threads = _json(sb.get("/questions/threads/search", query="zafiro", channel="shopfront"))
    assert [t["id"] for t in threads["results"]] == [mine["thread_id"]]
    by_client = _json(sb.get("/questions/threads/search", client_id=mine["from"]["client_id"]))
    assert [t["id"] for t in by_client["results"]] == [mine["thread_id"]]


def test_new_order_is_paid_open_and_listed_first(fresh_sandbox: Sandbox) -> None:
    sb = fresh_sandbox
    before = _json(sb.get("/orders/search", limit=1))

    r = _post(sb, "orders", {"currency": "CLP", "channel": "marketplace"})
    assert r.status_code == 201, r.text
    order = r.json()
    assert order == _json(sb.get(f"/orders/{order['id']}"))
    assert order["currency"] == "CLP" and order["channel"] == "marketplace"
    status = order["status"]
    assert status["paid"] is True and status["processed"] is False
    assert status["closed"] is False and status["delivered"] is False
    assert status["order_status"] == "paid" and status["closed_reason"] is None
    assert all(s["status"] == "pending" for s in order["shippings"])
    assert order["feedback"] == {"buyer": None, "seller": None}
    assert order["creation_date"] > before["results"][0]["creation_date"]
    # Money adds up as in the seeded orders.
    assert _dec(order["products_total"]) == sum(_dec(p["amount"]) for p in order["products"])
    assert _dec(order["products_grand_total"]) == (_dec(order["products_total"])
                                                   - _dec(order["products_discounts_total"]))
    assert _dec(order["grand_total"]) == (_dec(order["products_grand_total"])
                                          - _dec(order["discounts_total"])
                                          + _dec(order["shipping_total"]))
    assert _dec(order["amount"]) == _dec(order["grand_total"])
    approved = [p for p in order["payments"] if p["status"] == "approved"]
    assert len(approved) == 1 and _dec(approved[0]["amount"]) == _dec(order["grand_total"])
    assert approved[0]["paid"] is True and approved[0]["paid_date"] is not None
    assert all(float(p["amount"]).is_integer() for p in order["products"])  # CLP: no cents

    for sort in ("creation_date_desc", "total_last_updated_desc"):
        first = _json(sb.get("/orders/search", orders=sort, limit=1))["results"][0]
        assert first["id"] == order["id"], sort
    after = _json(sb.get("/orders/search", limit=1))
    assert after["paging"]["total"] == before["paging"]["total"] + 1
    for facet, value in (("paid", "true"), ("processed", "false"), ("closed", "false"),
                         ("channel", "marketplace"), ("pending_process", "pending_process")):
        assert _facet(after, facet)[value] == _facet(before, facet)[value] + 1, facet
    hit = _json(sb.get("/orders/search", paid="true", processed="false", limit=1))
    assert hit["results"][0]["id"] == order["id"]

    # Defaults: a currency of the demo and a drawn channel; later again, another buyer.
    r = _post(sb, "orders", {})
    assert r.status_code == 201, r.text
    second = r.json()
    assert second["creation_date"] > order["creation_date"]
    assert int(second["id"]) == int(order["id"]) + 1
    assert second["buyer"]["client_id"] != order["buyer"]["client_id"]
    assert second["status"]["paid"] is True and second["status"]["processed"] is False
    first = _json(sb.get("/orders/search", orders="creation_date_desc", limit=1))["results"][0]
    assert first["id"] == second["id"]


def test_bodies_tokens_and_faults(fresh_sandbox: Sandbox) -> None:
    sb = fresh_sandbox
    bad: list[tuple[str, Any]] = [
        ("questions", [1, 2]), ("questions", {"nope": 1}), ("questions", {"text": 5}),
        ("questions", {"channel": "mail"}), ("questions", {"text": "   "}),
        ("questions", {"buyer": ""}), ("questions", {"thread_id": ""}),
        ("orders", {"currency": "EUR"}), ("orders", {"channel": "phone"}),
        ("orders", "CLP"), ("orders", {"currency": None, "extra": True}),
    ]
    for what, body in bad:
        r = _post(sb, what, body)
        assert r.status_code == 400, (what, body, r.text)
        assert r.json()["error"], (what, body)
    assert _post(sb, "orders", content=b"{not json").status_code == 400
    assert "currency" in _post(sb, "orders", {"currency": "EUR"}).json()["error"]

    r = _post(sb, "questions", {"thread_id": "f" * 24})
    assert r.status_code == 404 and "not found" in r.json()["error"]
    thread = _json(sb.get("/questions/threads/search", channel="marketplace"))["results"][0]
    r = _post(sb, "questions", {"thread_id": thread["id"], "channel": "shopfront"})
    assert r.status_code == 400 and "channel" in r.json()["error"]
    r = _post(sb, "questions", {"thread_id": thread["id"], "buyer": "Otra Persona"})
    assert r.status_code == 400 and "buyer" in r.json()["error"]
    for what in ("questions", "orders"):
        assert _post(sb, what, {}, token="wrong").status_code == 401

    # Not under /v1: the fault switches leave them alone (and keep their shots for /v1).
    sb.set_faults(error_next=1, token_revoked=True)
    assert _post(sb, "orders", content=b"").status_code == 201
    assert _post(sb, "questions", content=b"null").status_code == 201
    assert sb.get("/orders/search", limit=1).status_code == 503  # the error shot is still due
    sb.clear_faults()
    paths = _json(http.get(f"{sb.base_url}/openapi.json", timeout=30))["paths"]
    assert not [p for p in paths if p.startswith("/_sandbox")]


# --- Determinism, straight on the database (no server) -------------------------------------

@pytest.fixture
def two_copies(seeded_db: Path, tmp_path: Path) -> Iterator[tuple[Ctx, Ctx]]:
    ctxs = []
    for name in ("a.db", "b.db"):
        shutil.copy(seeded_db, tmp_path / name)
        conn = db.connect(tmp_path / name)
        ctxs.append(Ctx(conn=conn, shop_id=1001, token="t", faults=Faults(), seed=1))
    yield ctxs[0], ctxs[1]
    for ctx in ctxs:
        db.close(ctx.conn)


def _undated(doc: Any) -> str:
    return re.sub(r'"\d{4}-\d\d-\d\dT[^"]*"', '"<date>"', json.dumps(doc, sort_keys=True))


def test_same_seed_and_database_give_the_same_records(two_copies: tuple[Ctx, Ctx]) -> None:
    a, b = two_copies
    made = []
    for ctx in (a, b):
        q1 = simulate.new_question(ctx, None, None, None, None)
        q2 = simulate.new_question(ctx, q1["thread_id"], None, None, None)
        o1 = json.loads(simulate.new_order(ctx, None, None))
        made.append([_undated(x) for x in (q1, q2, o1)])
        assert q2["from"] == q1["from"] and q2["publication"] == q1["publication"]
        assert q1["creation_date"] < q2["creation_date"]
    assert made[0] == made[1]


def test_deleted_question_ids_are_not_reused(two_copies: tuple[Ctx, Ctx]) -> None:
    ctx = two_copies[0]
    first = simulate.new_question(ctx, None, None, None, None)
    ctx.conn.execute("DELETE FROM questions WHERE id=?", (first["id"],))
    second = simulate.new_question(ctx, None, None, None, None)
    assert second["id"] > first["id"]
    with pytest.raises(MetricsError, match="not found"):
        simulate.new_question(ctx, first["thread_id"], None, None, None)
    row = ctx.conn.execute("SELECT value FROM meta WHERE key='last_question'").fetchone()
    assert int(row[0]) == second["id"]
