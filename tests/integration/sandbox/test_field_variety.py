"""Field variety over loopback: every variant served where decisions.md says, and searches,
filters, counts and writes still working over those records."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.sandbox import Sandbox
from tests.support.sandbox_copies import start_copy

from ._helpers import control, get_json, request, walk

VES, USD, PARTIAL, STRINGS = "3000000", "3000001", "3000006", "3000007"
NUMERIC_THREAD = "4607182418800017"


@pytest.fixture(scope="module")
def listing(variety_sandbox: Sandbox) -> dict[str, Any]:
    found: dict[str, Any] = control(variety_sandbox, "GET", "variety")
    return found


def ids(listing: dict[str, Any], table: str, variant: str) -> list[str]:
    found: list[str] = listing["records"][table][variant]
    return found


@pytest.fixture
def own(seeded_db: Path, tmp_path: Path) -> Iterator[Sandbox]:
    sb = start_copy(seeded_db, tmp_path, ["--field-variety", "--rate-limit", "0"])
    yield sb
    sb.stop()


def test_listing_names_every_documented_variant(listing: dict[str, Any]) -> None:
    assert listing["on"] is True
    records = listing["records"]
    assert {"currency_VES", "currency_USD", "currency_PEN", "offset_minus_04",
            "fractional_9_digits", "money_float_noise", "order_id_number",
            "order_id_16_digits", "order_status_unknown", "partial_content",
            "numeric_ids_as_strings", "unreadable"} <= set(records["orders"])
    assert {"status_UNANSWERED", "status_ANSWERED", "status_BANNED", "status_under_review",
            "answer_empty", "question_id_string", "unreadable"} <= set(records["questions"])
    assert {"thread_id_number", "status_upper", "unreadable"} <= set(records["threads"])
    assert {"provider_unknown", "event_unknown", "id_string",
            "unreadable"} <= set(records["tracking_codes"])
    assert {(e["search"], e["offset"], e["variant"]) for e in listing["envelopes"]} == {
        ("orders", 50, "paging_without_offset"), ("orders", 100, "filters_object"),
        ("threads", 50, "facet_values_strings"), ("threads", 100, "paging_null")}


def test_odd_orders_are_served_as_stored(variety_sandbox: Sandbox,
                                         listing: dict[str, Any]) -> None:
    sb = variety_sandbox
    ves = get_json(sb, f"/orders/{VES}")
    assert ves["currency"] == "VES" and ves["creation_date"].endswith("-04:00")
    assert len(ves["creation_date"].split(".")[1]) == len("123456789-04:00")
    raw = request(sb, "GET", f"/orders/{USD}").text
    assert '"grand_total":14.290000000000001' in raw.replace(" ", "")
    number = ids(listing, "orders", "order_id_number")[0]
    assert get_json(sb, f"/orders/{number}")["id"] == int(number)
    assert get_json(sb, "/orders/2000004512345678")["id"] == "2000004512345678"
    unknown = ids(listing, "orders", "order_status_unknown")[0]
    assert get_json(sb, f"/orders/{unknown}")["status"]["order_status"] == "partially_paid"
    unreadable = ids(listing, "orders", "unreadable")[0]
    assert get_json(sb, f"/orders/{unreadable}")["grand_total"] == "no disponible"
    strings = get_json(sb, f"/orders/{STRINGS}")
    assert strings["store_id"] == str(sb.shop_id) and isinstance(strings["shippings"][0]["id"],
                                                                 str)


def test_partial_content_on_the_single_read_only(variety_sandbox: Sandbox) -> None:
    r = request(variety_sandbox, "GET", f"/orders/{PARTIAL}")
    assert r.status_code == 206
    body = r.json()
    assert body["buyer"] == {} and body["feedback"] == {}
    every, _ = walk(variety_sandbox, "/orders/search",
                    {"orders": "creation_date_asc"})
    listed = next(o for o in every if str(o["id"]) == PARTIAL)
    assert listed["buyer"]["name"] and "buyer" in listed["feedback"]


def test_odd_orders_are_in_searches_filters_and_counts(variety_sandbox: Sandbox,
                                                       listing: dict[str, Any]) -> None:
    sb = variety_sandbox
    every, envelopes = walk(sb, "/orders/search", {"orders": "creation_date_asc"})
    assert len(every) == 2030
    found = {str(o["id"]) for o in every}
    assert {i for variants in listing["records"]["orders"].values() for i in variants} <= found
    ves = get_json(sb, f"/orders/{VES}")
    by_channel, _ = walk(sb, "/orders/search", {"channel": ves["channel"]})
    assert VES in {str(o["id"]) for o in by_channel}
    channel_facet = next(f for f in envelopes[0]["available_filters"] if f["id"] == "channel")
    assert sum(v["results"] for v in channel_facet["values"]) == 2030


def test_odd_envelopes_on_their_pages(variety_sandbox: Sandbox) -> None:
    sb = variety_sandbox
    assert "offset" not in get_json(sb, "/orders/search", offset=50, limit=5)["paging"]
    assert get_json(sb, "/orders/search", offset=0, limit=5)["paging"]["offset"] == 0
    objects = get_json(sb, "/orders/search", offset=100, limit=5, paid="true")["filters"]
    assert objects == {"paid": "true"}
    strings = get_json(sb, "/questions/threads/search", offset=50)
    assert all(isinstance(v, str) for f in strings["available_filters"] for v in f["values"])
    assert get_json(sb, "/questions/threads/search", offset=100)["paging"] is None
    assert get_json(sb, "/questions/threads/search", offset=0)["paging"]["total"] == 124


def test_odd_threads_and_their_counts(variety_sandbox: Sandbox) -> None:
    sb = variety_sandbox
    first = get_json(sb, "/questions/threads/search", limit=50)
    numeric = next(t for t in first["results"] if t["id"] == int(NUMERIC_THREAD))
    assert numeric["status"] == "UNANSWERED" and numeric["unanswered_quantity"] == 1
    assert numeric["main_question"]["thread_id"] == int(NUMERIC_THREAD)
    by_id = get_json(sb, f"/questions/threads/{NUMERIC_THREAD}")
    assert {q["status"] for q in by_id["results"][0]["questions"]} == {"ANSWERED", "UNANSWERED"}
    assert by_id["unanswered_quantity"] == 1
    unanswered = get_json(sb, "/questions/threads/search", status="unanswered", limit=50)
    assert int(NUMERIC_THREAD) in [t["id"] for t in unanswered["results"]]
    every, _ = walk(sb, "/questions/threads/search", {"orders": "last_question_date_asc"},
                    limit=40)
    assert sum(t["id"] is None for t in every) == 1
    assert first["unanswered_quantity"] == sum(t["unanswered_quantity"] for t in every)


def test_odd_questions(variety_sandbox: Sandbox, listing: dict[str, Any]) -> None:
    sb = variety_sandbox
    every, _ = walk(sb, "/questions/search", {"orders": "question_date_asc"})
    statuses = {q["status"] for q in every}
    assert {"UNANSWERED", "ANSWERED", "BANNED", "under_review"} <= statuses
    assert sum(q["id"] is None for q in every) == 1
    string_id = ids(listing, "questions", "question_id_string")[0]
    assert string_id in [q["id"] for q in every]
    assert get_json(sb, f"/questions/{string_id}")["id"] == string_id
    empty = get_json(sb, f"/questions/{ids(listing, 'questions', 'answer_empty')[0]}")
    assert empty["answer"]["text"] == ""
    shouting = ids(listing, "questions", "status_UNANSWERED")[0]
    pending, envelopes = walk(sb, "/questions/search", {"status": "unanswered"})
    assert int(shouting) in [q["id"] for q in pending]
    counts = {v["id"]: v["results"] for f in envelopes[0]["available_filters"]
              if f["id"] == "status" for v in f["values"]}
    assert counts["unanswered"] == len(pending)


def test_odd_tracking_codes(variety_sandbox: Sandbox) -> None:
    codes = get_json(variety_sandbox, "/metrics")
    by_name = {c["name"]: c for c in codes}
    assert by_name["Administrador de etiquetas"]["provider"] == "PROVIDER_TAG_MANAGER"
    assert by_name["Analytics búsquedas internas"]["id"] == "8"
    assert by_name["Analytics búsquedas internas"]["event"] == "SEARCH_RESULTS"
    assert by_name["Píxel sin id"]["id"] is None
    assert get_json(variety_sandbox, "/metrics/8")["id"] == "8"
    assert get_json(variety_sandbox, "/metrics/12")["id"] is None


def test_writes_over_odd_records(own: Sandbox) -> None:
    found = control(own, "GET", "variety")["records"]
    shouting = found["questions"]["status_UNANSWERED"][0]
    r = request(own, "PUT", f"/questions/{shouting}", body={"answer": "Hola, sí."})
    assert r.status_code == 200, r.text
    assert get_json(own, f"/questions/{shouting}")["status"] == "answered"
    assert get_json(own, f"/questions/threads/{NUMERIC_THREAD}")["unanswered_quantity"] == 0
    for closed in ("status_BANNED", "status_under_review", "status_ANSWERED"):
        qid = found["questions"][closed][0]
        assert request(own, "PUT", f"/questions/{qid}", body={"answer": "x"}).status_code == 400
    order = get_json(own, f"/orders/{STRINGS}")
    ship = order["shippings"][0]
    r = request(own, "PUT", f"/orders/{STRINGS}/shippings/{int(ship['id'])}",
                body={"status": "delivered", "tracking_code": "VAR-1"})
    assert r.status_code == 200, r.text
    assert get_json(own, f"/orders/{STRINGS}")["shippings"][0]["tracking_code"] == "VAR-1"


def test_switching_off_and_on_at_run_time(own: Sandbox) -> None:
    before = get_json(own, "/orders/search", limit=1)["paging"]["total"]
    off = control(own, "PUT", "variety", {"on": False})
    assert off == {"on": False, "records": {}, "envelopes": off["envelopes"]}
    assert request(own, "GET", f"/orders/{VES}").status_code == 404
    assert get_json(own, "/orders/search", limit=1)["paging"]["total"] == before - 30
    assert "offset" in get_json(own, "/orders/search", offset=50, limit=1)["paging"]
    assert all(isinstance(c["id"], int) for c in get_json(own, "/metrics"))
    on = control(own, "PUT", "variety", {"on": True})
    assert on["on"] is True and request(own, "GET", f"/orders/{VES}").status_code == 200


def test_the_gentle_sandbox_serves_none_of_it(spec_sandbox: Sandbox) -> None:
    assert control(spec_sandbox, "GET", "variety")["on"] is False
    assert request(spec_sandbox, "GET", f"/orders/{VES}").status_code == 404
    assert request(spec_sandbox, "GET", f"/questions/threads/{NUMERIC_THREAD}").status_code == 404
    raw = request(spec_sandbox, "GET", "/metrics").json()
    assert all(isinstance(c["id"], int) for c in raw)
    assert json.dumps(raw).count("PROVIDER_TAG_MANAGER") == 0


def test_a_buyer_may_pay_in_a_field_currency(fresh_spec_sandbox: Sandbox) -> None:
    order = fresh_spec_sandbox.sell(currency="VES")
    assert order["currency"] == "VES" and order["buyer"]["doc_type"] == "CI"
    newest = get_json(fresh_spec_sandbox, "/orders/search", limit=1)["results"][0]
    assert newest["id"] == order["id"]
