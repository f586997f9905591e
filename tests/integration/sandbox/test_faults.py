"""Fault switches at /_sandbox/faults and the request log at /_sandbox/requests."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from tests.support import http
from tests.support.sandbox import Sandbox

from ._helpers import (
    assert_marketplace_error,
    assert_tc_error,
    assert_text_error,
    get_json,
    request,
)

DROPPED = (httpx.RemoteProtocolError, httpx.ReadError)
DEFAULTS = {"latency_ms": 0, "error_rate": 0, "error_status": 503, "error_next": 0,
            "rate_limit_rate": 0, "rate_limit_next": 0, "drop_rate": 0, "drop_next": 0,
            "malformed_rate": 0, "malformed_next": 0, "token_revoked": False}


def faults(sb: Sandbox) -> dict[str, Any]:
    r = http.get(f"{sb.base_url}/_sandbox/faults", params={"access_token": sb.token},
                  timeout=30)
    assert r.status_code == 200, r.text[:200]
    state: dict[str, Any] = r.json()
    return state


def shop(sb: Sandbox) -> httpx.Response:
    return request(sb, "GET", "")


def test_faults_read_back_and_reset(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    assert {k: faults(sb)[k] for k in DEFAULTS} == DEFAULTS
    sb.set_faults(latency_ms=5, error_status=500, drop_rate=0.25, token_revoked=True)
    state = faults(sb)
    assert (state["latency_ms"], state["error_status"], state["drop_rate"],
            state["token_revoked"]) == (5, 500, 0.25, True)
    sb.clear_faults()
    assert {k: faults(sb)[k] for k in DEFAULTS} == DEFAULTS
    assert shop(sb).status_code == 200


def test_fault_switches_need_the_start_token(fresh_spec_sandbox: Sandbox) -> None:
    url = f"{fresh_spec_sandbox.base_url}/_sandbox/faults"
    for params in ({}, {"access_token": "wrong"}):
        r = http.put(url, params=params, json={"error_next": 5}, timeout=30)
        assert 400 <= r.status_code < 500, r.status_code
    assert faults(fresh_spec_sandbox)["error_next"] == 0
    assert shop(fresh_spec_sandbox).status_code == 200


@pytest.mark.parametrize("latency_ms", [150, 400])
def test_latency_is_a_lower_bound(fresh_spec_sandbox: Sandbox, latency_ms: int) -> None:
    fresh_spec_sandbox.set_faults(latency_ms=latency_ms)
    for path in ("", "/orders/search", "/metrics"):
        start = time.perf_counter()
        r = request(fresh_spec_sandbox, "GET", path)
        elapsed = time.perf_counter() - start
        assert r.status_code == 200
        assert elapsed >= latency_ms / 1000, (path, elapsed)


@pytest.mark.parametrize("status", [None, 500, 502])
def test_error_next_fails_the_next_requests_then_recovers(fresh_spec_sandbox: Sandbox,
                                                          status: int | None) -> None:
    extra = {} if status is None else {"error_status": status}
    fresh_spec_sandbox.set_faults(error_next=2, **extra)
    expected = status or 503
    assert request(fresh_spec_sandbox, "GET", "/orders/search").status_code == expected
    assert request(fresh_spec_sandbox, "GET", "/metrics").status_code == expected
    assert shop(fresh_spec_sandbox).status_code == 200
    assert faults(fresh_spec_sandbox)["error_next"] == 0


def test_error_rate_one_fails_everything_until_reset(fresh_spec_sandbox: Sandbox) -> None:
    fresh_spec_sandbox.set_faults(error_rate=1.0)
    assert [shop(fresh_spec_sandbox).status_code for _ in range(5)] == [503] * 5
    fresh_spec_sandbox.clear_faults()
    assert shop(fresh_spec_sandbox).status_code == 200


@pytest.mark.parametrize("retry_after", [None, 7])
def test_rate_limit_next_is_429_with_retry_after(fresh_spec_sandbox: Sandbox,
                                                 retry_after: int | None) -> None:
    extra = {} if retry_after is None else {"retry_after": retry_after}
    fresh_spec_sandbox.set_faults(rate_limit_next=1, **extra)
    r = request(fresh_spec_sandbox, "GET", "/questions/search")
    body = assert_marketplace_error(r, 429)
    assert body["error"] == "too_many_requests"
    assert r.headers["Retry-After"].isdigit()
    if retry_after is not None:
        assert int(r.headers["Retry-After"]) == retry_after
    assert request(fresh_spec_sandbox, "GET", "/questions/search").status_code == 200


def test_rate_limit_rate_one_limits_everything(fresh_spec_sandbox: Sandbox) -> None:
    fresh_spec_sandbox.set_faults(rate_limit_rate=1.0, retry_after=3)
    rs = [request(fresh_spec_sandbox, "GET", p) for p in ("", "/metrics", "/orders/search")]
    assert [(r.status_code, r.headers.get("Retry-After")) for r in rs] == [(429, "3")] * 3


def test_drop_next_breaks_the_connection_once(fresh_spec_sandbox: Sandbox) -> None:
    fresh_spec_sandbox.set_faults(drop_next=1)
    with pytest.raises(DROPPED):
        request(fresh_spec_sandbox, "GET", "/orders/search")
    assert request(fresh_spec_sandbox, "GET", "/orders/search").status_code == 200


def test_drop_rate_one_breaks_every_connection(fresh_spec_sandbox: Sandbox) -> None:
    fresh_spec_sandbox.set_faults(drop_rate=1.0)
    for path in ("", "/metrics"):
        with pytest.raises(DROPPED):
            request(fresh_spec_sandbox, "GET", path)
    fresh_spec_sandbox.clear_faults()
    assert shop(fresh_spec_sandbox).status_code == 200


def test_dropped_writes_are_applied(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    q = get_json(sb, "/questions/search", status="unanswered", limit=1)["results"][0]
    body = {"name": "Dropped create", "code": "<b>", "provider": "OTHER", "event": "NAVIGATION"}
    sb.set_faults(drop_next=2)
    with pytest.raises(DROPPED):
        request(sb, "PUT", f"/questions/{q['id']}", body={"answer": "lost reply"})
    with pytest.raises(DROPPED):
        request(sb, "POST", "/metrics", body=body)
    single = get_json(sb, f"/questions/{q['id']}")
    assert single["status"] == "answered" and single["answer"]["text"] == "lost reply"
    assert [c["code"] for c in get_json(sb, "/metrics") if c["name"] == body["name"]] == ["<b>"]


def _not_json(r: httpx.Response) -> bool:
    try:
        json.loads(r.content)
    except ValueError:
        return True
    return False


def test_malformed_next_garbles_one_body(fresh_spec_sandbox: Sandbox) -> None:
    fresh_spec_sandbox.set_faults(malformed_next=1)
    assert _not_json(request(fresh_spec_sandbox, "GET", "/orders/search"))
    r = request(fresh_spec_sandbox, "GET", "/orders/search")
    assert r.status_code == 200 and not _not_json(r)


def test_malformed_rate_one_garbles_every_body(fresh_spec_sandbox: Sandbox) -> None:
    fresh_spec_sandbox.set_faults(malformed_rate=1.0)
    assert all(_not_json(request(fresh_spec_sandbox, "GET", p))
               for p in ("", "/metrics", "/questions/search"))
    fresh_spec_sandbox.clear_faults()
    assert not _not_json(shop(fresh_spec_sandbox))


def test_malformed_write_is_applied(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    q = get_json(sb, "/questions/search", status="unanswered", limit=1)["results"][0]
    sb.set_faults(malformed_next=1)
    r = request(sb, "PUT", f"/questions/{q['id']}", body={"answer": "garbled reply"})
    assert _not_json(r)
    assert get_json(sb, f"/questions/{q['id']}")["answer"]["text"] == "garbled reply"


def test_revoked_token_gives_auth_errors_until_reset(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    order_id = get_json(sb, "/orders/search", limit=1)["results"][0]["id"]
    sb.set_faults(token_revoked=True)
    assert_text_error(shop(sb), 403)
    assert_tc_error(request(sb, "GET", "/metrics"), 401)
    assert_text_error(request(sb, "GET", "/questions/search"), 403)
    assert_text_error(request(sb, "GET", "/questions/threads/search"), 403)
    assert_text_error(request(sb, "GET", "/orders/search"), 403)
    assert_text_error(request(sb, "GET", f"/orders/{order_id}"), 403)
    assert request(sb, "GET", "/categories").status_code == 200
    assert faults(sb)["token_revoked"] is True
    sb.clear_faults()
    assert shop(sb).status_code == 200
    assert request(sb, "GET", "/metrics").status_code == 200


def test_faults_do_not_touch_the_switch_endpoints(fresh_spec_sandbox: Sandbox) -> None:
    fresh_spec_sandbox.set_faults(error_rate=1.0, drop_rate=0.0)
    assert faults(fresh_spec_sandbox)["error_rate"] == 1.0
    assert isinstance(fresh_spec_sandbox.requests_log(), list)
    fresh_spec_sandbox.clear_faults()
    assert shop(fresh_spec_sandbox).status_code == 200


def test_request_log_lists_v1_requests_without_the_token(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    shop(sb)
    request(sb, "GET", "/questions/9876543210")
    request(sb, "GET", "/orders/search", params={"paid": "true"})
    sb.set_faults(error_next=1)
    request(sb, "GET", "/metrics")
    log = sb.requests_log()
    assert isinstance(log, list) and log
    assert sb.token not in json.dumps(log)
    assert "access_token" not in json.dumps(log)
    for entry in log:
        assert {"method", "path", "status"} <= set(entry), entry
        assert entry["path"].startswith("/v1/"), entry
    base = f"/v1/shops/{sb.shop_id}"
    seen = {(e["method"], e["path"].split("?")[0], e["status"]) for e in log}
    assert {("GET", base, 200), ("GET", f"{base}/questions/9876543210", 404),
            ("GET", f"{base}/orders/search", 200), ("GET", f"{base}/metrics", 503)} <= seen
