"""Every kind of write survives a restart of the sandbox (graceful and kill -9)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import assert_marketplace_error, assert_tc_error, get_json, request, walk

TC = {"name": "Persisted pixel", "code": "<script>/*p*/</script>", "options": {"k": "v"},
      "provider": "PROVIDER_ADS", "event": "BUY_BUTTON"}


def ok(r: Any, status: int = 200) -> Any:
    assert r.status_code == status, (r.request.method, r.request.url.path, r.status_code,
                                     r.text[:300])
    return r.json() if r.content else None


def apply_every_write(sb: Sandbox) -> dict[str, Any]:
    """One write of each kind; returns what to look for afterwards."""
    unanswered = walk(sb, "/questions/search", {"status": "unanswered"})[0]
    answered_q, deleted_q = unanswered[0], unanswered[-1]
    ok(request(sb, "PUT", f"/questions/{answered_q['id']}", body={"answer": "Persistido"}))
    ok(request(sb, "DELETE", f"/questions/{deleted_q['id']}"), 204)

    orders = get_json(sb, "/orders/search", orders="creation_date_asc", limit=50)["results"]
    invoiced = next(o for o in orders if not o["invoice"]["invoiced"])
    shipped = next(o for o in orders if o["shippings"] and o["id"] != invoiced["id"])
    ship = shipped["shippings"][0]
    new_status = "delivered" if ship["status"] != "delivered" else "pickup"
    ok(request(sb, "PUT", f"/orders/{invoiced['id']}",
               body={"invoice": {"invoiced": True, "number": "P-77", "type": "B"}}))
    ok(request(sb, "PUT", f"/orders/{shipped['id']}/shippings/{ship['id']}",
               body={"status": new_status, "tracking_code": "PERSIST-1"}))

    seeded = get_json(sb, "/metrics")
    modified, deleted_code = seeded[0], seeded[-1]
    active = ok(request(sb, "POST", "/metrics", body=TC), 201)
    inactive = ok(request(sb, "POST", "/metrics", body={**TC, "name": "Off",
                                                         "status": "INACTIVE"}), 201)
    ok(request(sb, "PUT", f"/metrics/{modified['id']}", body={"name": "Renamed for restart"}))
    ok(request(sb, "DELETE", f"/metrics/{deleted_code['id']}"), 204)
    return {
        "answered": answered_q["id"], "deleted": deleted_q["id"],
        "invoiced": get_json(sb, f"/orders/{invoiced['id']}"),
        "shipped": get_json(sb, f"/orders/{shipped['id']}"),
        "ship": (ship["id"], new_status),
        "codes": get_json(sb, "/metrics"), "active": active, "inactive": inactive,
        "modified": modified["id"], "deleted_code": deleted_code["id"],
        "threads": get_json(sb, "/questions/threads/search", thread_id=answered_q["thread_id"]),
        "questions_total": get_json(sb, "/questions/search", limit=1)["paging"]["total"],
    }


def check_every_write(sb: Sandbox, seen: dict[str, Any]) -> None:
    q = get_json(sb, f"/questions/{seen['answered']}")
    assert q["status"] == "answered" and q["answer"]["text"] == "Persistido"
    assert_marketplace_error(request(sb, "GET", f"/questions/{seen['deleted']}"), 404)
    assert get_json(sb, "/questions/search", limit=1)["paging"]["total"] == \
        seen["questions_total"]
    thread_id = q["thread_id"]
    assert get_json(sb, "/questions/threads/search", thread_id=thread_id) == seen["threads"]

    assert get_json(sb, f"/orders/{seen['invoiced']['id']}") == seen["invoiced"]
    inv = seen["invoiced"]["invoice"]
    assert inv["invoiced"] is True and inv["number"] == "P-77" and inv["type"] == "B"
    shipped = get_json(sb, f"/orders/{seen['shipped']['id']}")
    assert shipped == seen["shipped"]
    ship_id, status = seen["ship"]
    ship = next(s for s in shipped["shippings"] if s["id"] == ship_id)
    assert ship["status"] == status and ship["tracking_code"] == "PERSIST-1"
    first = get_json(sb, "/orders/search", orders="total_last_updated_desc", limit=2)["results"]
    assert {o["id"] for o in first} == {seen["invoiced"]["id"], seen["shipped"]["id"]}

    assert get_json(sb, "/metrics") == seen["codes"]
    assert get_json(sb, f"/metrics/{seen['active']['id']}") == seen["active"]
    assert get_json(sb, f"/metrics/{seen['inactive']['id']}") == seen["inactive"]
    assert get_json(sb, f"/metrics/{seen['modified']}")["name"] == "Renamed for restart"
    assert_tc_error(request(sb, "GET", f"/metrics/{seen['deleted_code']}"), 404)


@pytest.mark.parametrize("how", ["graceful", "kill"])
def test_every_write_survives_a_restart(fresh_spec_sandbox: Sandbox, how: str) -> None:
    sb = fresh_spec_sandbox
    seen = apply_every_write(sb)
    check_every_write(sb, seen)
    port = sb.port
    if how == "graceful":
        sb.restart()
    else:
        sb.stop(kill=True)
        sb.start()
    assert sb.port == port
    check_every_write(sb, seen)
    again = ok(request(sb, "POST", "/metrics", body={**TC, "name": "After restart"}), 201)
    assert again["id"] not in {seen["active"]["id"], seen["inactive"]["id"]}
