"""Invoice and shipping updates: responses, stored effects, last-updated ordering, errors."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import (
    ORDER_FILTER_VALUES,
    SHIPPING_STATUSES,
    assert_marketplace_error,
    facets,
    get_json,
    is_kind,
    order_matches_all,
    request,
    total,
    walk,
)

SEARCH = "/orders/search"
INVOICE = {"invoice": {"invoiced": True, "number": "0001-00001234", "type": "A"}}


def pick(sb: Sandbox, **params: Any) -> dict[str, Any]:
    """The oldest order matching `params`, so a write visibly moves it in last-updated order."""
    results = get_json(sb, SEARCH, orders="creation_date_asc", limit=50, **params)["results"]
    assert results, params
    order: dict[str, Any] = results[0]
    return order


def uninvoiced(sb: Sandbox) -> dict[str, Any]:
    for order in get_json(sb, SEARCH, orders="creation_date_asc", limit=50)["results"]:
        if not order["invoice"]["invoiced"]:
            return order
    raise AssertionError("no uninvoiced order among the oldest 50")


def ids_in(sb: Sandbox, ordering: str, **params: Any) -> list[str]:
    return [o["id"] for o in get_json(sb, SEARCH, orders=ordering, limit=5, **params)["results"]]


# -- invoice ---------------------------------------------------------------------------------
def test_invoice_update_returns_and_stores_the_order(fresh_spec_sandbox: Sandbox) -> None:
    order = uninvoiced(fresh_spec_sandbox)
    path = f"/orders/{order['id']}"
    r = request(fresh_spec_sandbox, "PUT", path, body=INVOICE)
    assert r.status_code == 200, r.text[:300]
    updated = r.json()
    assert updated["id"] == order["id"]
    inv = updated["invoice"]
    assert {k: inv[k] for k in INVOICE["invoice"]} == INVOICE["invoice"]
    assert is_kind(inv["invoiced_date"], "date"), inv
    assert get_json(fresh_spec_sandbox, path) == updated
    rest = {k: v for k, v in updated.items() if k != "invoice"}
    assert rest == {k: v for k, v in order.items() if k != "invoice"}


def test_invoice_can_be_turned_off(fresh_spec_sandbox: Sandbox) -> None:
    order = uninvoiced(fresh_spec_sandbox)
    path = f"/orders/{order['id']}"
    assert request(fresh_spec_sandbox, "PUT", path, body=INVOICE).status_code == 200
    off = {"invoice": {"invoiced": False, "number": "", "type": ""}}
    r = request(fresh_spec_sandbox, "PUT", path, body=off)
    assert r.status_code == 200, r.text[:300]
    inv = get_json(fresh_spec_sandbox, path)["invoice"]
    assert inv["invoiced"] is False and inv["number"] == "" and inv["type"] == ""


@pytest.mark.parametrize("ordering", ["total_last_updated_desc", "total_last_updated_sasc"])
def test_last_updated_ordering_follows_the_writes(fresh_spec_sandbox: Sandbox,
                                                  ordering: str) -> None:
    sb = fresh_spec_sandbox
    first = uninvoiced(sb)
    second, ship = next((o, o["shippings"][0]) for o in get_json(
        sb, SEARCH, orders="creation_date_asc", limit=50)["results"]
        if o["shippings"] and o["id"] != first["id"])
    assert first["id"] not in ids_in(sb, ordering)[:2]
    assert request(sb, "PUT", f"/orders/{first['id']}", body=INVOICE).status_code == 200
    assert ids_in(sb, ordering)[0] == first["id"]
    r = request(sb, "PUT", f"/orders/{second['id']}/shippings/{ship['id']}",
                body={"status": "on_route", "tracking_code": "LU-2"})
    assert r.status_code == 200, r.text[:300]
    assert ids_in(sb, ordering)[:2] == [second["id"], first["id"]]
    n = total(sb, SEARCH)
    tail = get_json(sb, SEARCH, orders="total_last_updated_asc", limit=2, offset=n - 2)
    assert [o["id"] for o in tail["results"]] == [first["id"], second["id"]]


@pytest.mark.parametrize("body", [
    pytest.param({"invoice": {"invoiced": "yes", "number": "1", "type": "A"}}, id="invoiced-str"),
    pytest.param({"invoice": {"invoiced": True, "number": 1234, "type": "A"}}, id="number-int"),
    pytest.param({"invoice": {"invoiced": True, "number": "1", "type": 7}}, id="type-int"),
    pytest.param({"invoice": "A-1"}, id="invoice-str"),
    pytest.param({"invoiced": True}, id="no-invoice-key"),
    pytest.param({"invoice": {"invoiced": True, "number": "", "type": "A"}},
                 id="invoiced-without-number"),
    pytest.param(b'{"invoice": {"invoiced": true', id="malformed"),
])
def test_invalid_invoice_body_is_400_and_changes_nothing(fresh_spec_sandbox: Sandbox,
                                                         body: Any) -> None:
    order = uninvoiced(fresh_spec_sandbox)
    path = f"/orders/{order['id']}"
    if isinstance(body, bytes):
        r = request(fresh_spec_sandbox, "PUT", path, raw=body)
    else:
        r = request(fresh_spec_sandbox, "PUT", path, body=body)
    assert_marketplace_error(r, 400)
    assert get_json(fresh_spec_sandbox, path) == order


def test_invoice_of_a_missing_order_is_404(spec_sandbox: Sandbox) -> None:
    assert_marketplace_error(request(spec_sandbox, "PUT", "/orders/9999999999", body=INVOICE), 404)


# -- shipping --------------------------------------------------------------------------------
def shipped_order(sb: Sandbox, not_status: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An old order with a shipping whose status is not `not_status`."""
    for order in get_json(sb, SEARCH, orders="creation_date_asc", limit=50)["results"]:
        for ship in order["shippings"]:
            if ship["status"] != not_status:
                return order, ship
    raise AssertionError("no shipping to update")


@pytest.mark.parametrize("status", SHIPPING_STATUSES)
def test_shipping_update_stores_status_and_tracking_code(fresh_spec_sandbox: Sandbox,
                                                         status: str) -> None:
    sb = fresh_spec_sandbox
    order, ship = shipped_order(sb, status)
    before = total(sb, SEARCH, shipping=status)
    had = any(s["status"] == status for s in order["shippings"])
    path = f"/orders/{order['id']}/shippings/{ship['id']}"
    r = request(sb, "PUT", path, body={"status": status, "tracking_code": f"TRK-{status}"})
    assert r.status_code == 200, r.text[:300]
    body = r.json()
    assert body["id"] == ship["id"]
    assert body["status"] == status and body["tracking_code"] == f"TRK-{status}"
    stored = get_json(sb, f"/orders/{order['id']}")
    mine = next(s for s in stored["shippings"] if s["id"] == ship["id"])
    assert mine == body
    # channel_status is the channel's own word for the state (values not shown), so it may follow
    changed = ("status", "tracking_code", "channel_status")
    assert {k: v for k, v in mine.items() if k not in changed} == \
        {k: v for k, v in ship.items() if k not in changed}
    assert total(sb, SEARCH, shipping=status) == before + (0 if had else 1)
    assert ids_in(sb, "total_last_updated_desc", shipping=status)[0] == order["id"]


def test_facets_after_shipping_updates_equal_a_fresh_count(fresh_spec_sandbox: Sandbox) -> None:
    """The server keeps its facet counts as it writes (order_index): after updates that move
    orders between facet values, every count equals one over the orders read afresh."""
    sb = fresh_spec_sandbox
    for status in ("delivered", "on_route", "pending"):
        order, ship = shipped_order(sb, status)
        path = f"/orders/{order['id']}/shippings/{ship['id']}"
        assert request(sb, "PUT", path, body={"status": status}).status_code == 200
    every = walk(sb, SEARCH)[0]
    for base in ({}, {"closed": "false"}, {"processed": "true", "shipping": "pending"}):
        env = get_json(sb, SEARCH, limit=1, **base)
        assert env["paging"]["total"] == sum(order_matches_all(o, base) for o in every)
        for key, counts in facets(env).items():
            if key not in ORDER_FILTER_VALUES:
                continue  # summaries: test_orders_search
            rest = {k: v for k, v in base.items() if k != key}
            for value, count in counts.items():
                query = {**rest, key: value}
                assert count == sum(order_matches_all(o, query) for o in every), query


def test_shipping_update_without_tracking_code_keeps_the_old_one(
        fresh_spec_sandbox: Sandbox) -> None:
    order, ship = shipped_order(fresh_spec_sandbox, "on_route")
    path = f"/orders/{order['id']}/shippings/{ship['id']}"
    first = request(fresh_spec_sandbox, "PUT", path, body={"status": "pickup",
                                                           "tracking_code": "AB1"})
    assert first.status_code == 200, first.text[:300]
    r = request(fresh_spec_sandbox, "PUT", path, body={"status": "on_route"})
    assert r.status_code == 200, r.text[:300]
    assert r.json()["status"] == "on_route" and r.json()["tracking_code"] == "AB1"
    mine = next(s for s in get_json(fresh_spec_sandbox, f"/orders/{order['id']}")["shippings"]
                if s["id"] == ship["id"])
    assert mine["status"] == "on_route" and mine["tracking_code"] == "AB1"


@pytest.mark.parametrize("body", [
    pytest.param({"status": "lost", "tracking_code": "X"}, id="unknown-status"),
    pytest.param({"status": "print_tag"}, id="filter-only-value"),
    pytest.param({"tracking_code": "X"}, id="no-status"),
    pytest.param({"status": 3}, id="status-int"),
    pytest.param({"status": "pending", "tracking_code": 123}, id="tracking-int"),
    pytest.param(b'{"status": ', id="malformed"),
])
def test_invalid_shipping_body_is_400_and_changes_nothing(fresh_spec_sandbox: Sandbox,
                                                          body: Any) -> None:
    order, ship = shipped_order(fresh_spec_sandbox, "pending")
    path = f"/orders/{order['id']}/shippings/{ship['id']}"
    if isinstance(body, bytes):
        r = request(fresh_spec_sandbox, "PUT", path, raw=body)
    else:
        r = request(fresh_spec_sandbox, "PUT", path, body=body)
    assert_marketplace_error(r, 400)
    assert get_json(fresh_spec_sandbox, f"/orders/{order['id']}") == order


def test_shipping_of_a_missing_order_or_shipping_is_404(fresh_spec_sandbox: Sandbox,
                                                        all_orders: list[dict[str, Any]]
                                                        ) -> None:
    spec_sandbox = fresh_spec_sandbox
    body = {"status": "pending", "tracking_code": "X"}
    order = next(o for o in all_orders if o["shippings"])
    ship_id = order["shippings"][0]["id"]
    r = request(spec_sandbox, "PUT", f"/orders/9999999999/shippings/{ship_id}", body=body)
    assert_marketplace_error(r, 404)
    other_ids = {s["id"] for o in all_orders for s in o["shippings"]}
    missing = max(other_ids) + 10_000
    r = request(spec_sandbox, "PUT", f"/orders/{order['id']}/shippings/{missing}", body=body)
    assert_marketplace_error(r, 404)
    foreign = next(s["id"] for o in all_orders for s in o["shippings"] if o["id"] != order["id"])
    r = request(spec_sandbox, "PUT", f"/orders/{order['id']}/shippings/{foreign}", body=body)
    assert_marketplace_error(r, 404)
