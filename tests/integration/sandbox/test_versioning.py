"""Versioning: every endpoint lives under /v1 only; the start line and sandbox defaults."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support import http
from tests.support.sandbox import Sandbox

from ._helpers import get_json, request

ENDPOINTS = [
    ("GET", "/categories"), ("GET", "/categories/tree"), ("GET", "/categories/{category}"),
    ("GET", ""), ("GET", "/metrics"), ("GET", "/metrics/{code}"), ("POST", "/metrics"),
    ("PUT", "/metrics/{code}"), ("DELETE", "/metrics/{code}"),
    ("GET", "/questions/{question}"), ("GET", "/questions/search"),
    ("GET", "/questions/search/q"), ("PUT", "/questions/{question}"),
    ("DELETE", "/questions/{question}"), ("GET", "/questions/threads/search"),
    ("GET", "/questions/threads/{thread}"), ("GET", "/orders/{order}"),
    ("GET", "/orders/search"), ("PUT", "/orders/{order}"),
    ("PUT", "/orders/{order}/shippings/{shipping}"),
]
BODIES: dict[tuple[str, str], Any] = {
    ("POST", "/metrics"): {"name": "n", "code": "c", "provider": "OTHER", "event": "NAVIGATION"},
    ("PUT", "/metrics/{code}"): {"name": "renamed"},
    ("PUT", "/questions/{question}"): {"answer": "hello"},
    ("PUT", "/orders/{order}"): {"invoice": {"invoiced": True, "number": "1", "type": "A"}},
    ("PUT", "/orders/{order}/shippings/{shipping}"): {"status": "pending"},
}


@pytest.fixture(scope="module")
def ids(spec_sandbox: Sandbox, all_orders: list[dict[str, Any]], all_threads: list[dict[str, Any]],
        active_codes: list[dict[str, Any]],
        category_tree: list[dict[str, Any]]) -> dict[str, Any]:
    order = next(o for o in all_orders if o["shippings"])
    question = get_json(spec_sandbox, "/questions/search", status="unanswered", limit=1)
    return {"order": order["id"], "shipping": order["shippings"][0]["id"],
            "question": question["results"][0]["id"], "thread": all_threads[0]["id"],
            "code": active_codes[0]["id"], "category": category_tree[0]["id"]}


PREFIXES = ["", "/v2", "/v0", "/V1", "/api/v1"]
GETS = [(m, p) for m, p in ENDPOINTS if m == "GET"]
WRITES = [(m, p) for m, p in ENDPOINTS if m != "GET"]
STATE = ["/metrics", "/metrics/{code}", "/questions/{question}", "/orders/{order}",
         "/questions/search"]


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize(("method", "path"), GETS, ids=[p or "/" for _, p in GETS])
def test_reads_exist_only_under_v1(spec_sandbox: Sandbox, ids: dict[str, Any], method: str,
                                   path: str, prefix: str) -> None:
    r = request(spec_sandbox, method, path.format(**ids), prefix=prefix)
    assert r.status_code == 404, (r.status_code, r.text[:200])


def test_writes_exist_only_under_v1(fresh_spec_sandbox: Sandbox, ids: dict[str, Any]) -> None:
    state = [get_json(fresh_spec_sandbox, p.format(**ids)) for p in STATE]
    wrong = []
    for prefix in PREFIXES:
        for method, path in WRITES:
            extra = {"body": BODIES[(method, path)]} if (method, path) in BODIES else {}
            r = request(fresh_spec_sandbox, method, path.format(**ids), prefix=prefix, **extra)
            if r.status_code != 404:
                wrong.append((prefix, method, path, r.status_code))
    assert wrong == []
    assert [get_json(fresh_spec_sandbox, p.format(**ids)) for p in STATE] == state


def test_v1_prefix_serves_the_same_endpoints(spec_sandbox: Sandbox, ids: dict[str, Any]) -> None:
    for method, path in ENDPOINTS:
        if method == "GET":
            r = request(spec_sandbox, method, path.format(**ids))
            assert r.status_code == 200, (path, r.status_code)


def test_start_line_and_defaults(spec_sandbox: Sandbox) -> None:
    line = next(x for x in spec_sandbox.output if "SELLERDESK-SANDBOX" in x)
    assert re.fullmatch(r"SELLERDESK-SANDBOX base_url=http://127\.0\.0\.1:\d+ shop_id=\d+ "
                        r"token=\S+ client_id=\S+ client_secret=\S+ refresh_token=\S+\s*",
                        line), line
    assert not spec_sandbox.base_url.endswith("/v1")
    assert spec_sandbox.shop_id == 1001
    assert spec_sandbox.token == "sandbox-token"
    r = http.get(f"{spec_sandbox.base_url}/v1/shops/{spec_sandbox.shop_id}",
                  params={"access_token": spec_sandbox.token}, timeout=30)
    assert r.status_code == 200 and r.json()["id"] == 1001
