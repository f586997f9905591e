"""The Errors table and decisions.md's error lines: auth on every endpoint, wrong shop ids."""

from __future__ import annotations

from typing import Any

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

BAD_TOKENS = pytest.mark.parametrize("token", [None, "", "sandbox-token-x", "Bearer nope"],
                                     ids=["missing", "empty", "wrong", "garbage"])


@pytest.fixture(scope="module")
def known(spec_sandbox: Sandbox, all_orders: list[dict[str, Any]],
          all_threads: list[dict[str, Any]],
          active_codes: list[dict[str, Any]]) -> dict[str, Any]:
    """Ids of real records, so an auth error cannot be a not-found in disguise."""
    order = next(o for o in all_orders if o["shippings"])
    unanswered = get_json(spec_sandbox, "/questions/search", status="unanswered", limit=1)
    return {"order": order["id"], "shipping": order["shippings"][0]["id"],
            "question": unanswered["results"][0]["id"], "thread": all_threads[0]["id"],
            "code": active_codes[0]["id"]}


# (method, path template, JSON body, error kind) for every token-bearing endpoint
READS = [
    ("GET", "", None, "text403"),
    ("GET", "/metrics", None, "tc401"),
    ("GET", "/metrics/{code}", None, "tc401"),
    ("GET", "/questions/{question}", None, "text403"),
    ("GET", "/questions/search", None, "text403"),
    ("GET", "/questions/search/q", None, "text403"),
    ("GET", "/questions/threads/search", None, "text403"),
    ("GET", "/questions/threads/{thread}", None, "text403"),
    ("GET", "/orders/{order}", None, "text403"),
    ("GET", "/orders/search", None, "text403"),
]
WRITES = [
    ("POST", "/metrics", {"name": "n", "code": "c", "provider": "OTHER", "event": "NAVIGATION"},
     "tc401"),
    ("PUT", "/metrics/{code}", {"name": "hijacked"}, "tc401"),
    ("DELETE", "/metrics/{code}", None, "tc401"),
    ("PUT", "/questions/{question}", {"answer": "hijacked"}, "text403"),
    ("DELETE", "/questions/{question}", None, "text403"),
    ("PUT", "/orders/{order}", {"invoice": {"invoiced": True, "number": "9", "type": "A"}},
     "text403"),
    ("PUT", "/orders/{order}/shippings/{shipping}", {"status": "delivered",
                                                     "tracking_code": "HIJACK"}, "text403"),
]


def send(sb: Sandbox, known: dict[str, Any], method: str, path: str, body: Any,
         **kw: Any) -> Any:
    extra = {"body": body} if body is not None else {}
    return request(sb, method, path.format(**known), **extra, **kw)


def check(r: Any, kind: str) -> None:
    if kind == "tc401":
        assert_tc_error(r, 401)
    else:
        assert_text_error(r, 403)


@BAD_TOKENS
@pytest.mark.parametrize(("method", "path", "body", "kind"), READS,
                         ids=[f"{m} {p or '/'}" for m, p, _, _ in READS])
def test_reads_with_a_bad_token(spec_sandbox: Sandbox, known: dict[str, Any], method: str,
                                path: str, body: Any, kind: str, token: str | None) -> None:
    check(send(spec_sandbox, known, method, path, body, token=token), kind)


@pytest.mark.parametrize(("method", "path", "body", "kind"), WRITES,
                         ids=[f"{m} {p}" for m, p, _, _ in WRITES])
def test_writes_with_a_bad_token_are_refused_and_not_applied(
        fresh_spec_sandbox: Sandbox, known: dict[str, Any], method: str, path: str, body: Any,
        kind: str) -> None:
    sb = fresh_spec_sandbox
    state = [get_json(sb, p.format(**known)) for p in (
        "/metrics", "/metrics/{code}", "/questions/{question}", "/orders/{order}")]
    for token in (None, "wrong-token"):
        check(send(sb, known, method, path, body, token=token), kind)
    assert [get_json(sb, p.format(**known)) for p in (
        "/metrics", "/metrics/{code}", "/questions/{question}", "/orders/{order}")] == state


@pytest.mark.parametrize(("path", "kind"), [("", "text403"), ("/metrics", "tc401"),
                                            ("/orders/search", "text403")])
def test_token_in_another_header_is_not_the_token(spec_sandbox: Sandbox, path: str,
                                                  kind: str) -> None:
    """The token counts as the `access_token` parameter or an `Authorization: Bearer`
    header (decisions.md), not as a header of that name nor under another scheme."""
    r = http.get(f"{spec_sandbox.api}{path}", timeout=30,
                  headers={"Authorization": f"Basic {spec_sandbox.token}",
                           "access_token": spec_sandbox.token})
    check(r, kind)


@pytest.mark.parametrize("path", ["", "/questions/search", "/questions/threads/search",
                                  "/orders/search"], ids=["shop", "questions", "threads",
                                                          "orders"])
@pytest.mark.parametrize("delta", [1, 100_000])
def test_wrong_shop_id_is_403_text(spec_sandbox: Sandbox, path: str, delta: int) -> None:
    assert_text_error(request(spec_sandbox, "GET", path, shop_id=spec_sandbox.shop_id + delta), 403)


@pytest.mark.parametrize("path", ["/metrics", "/metrics/{code}"])
def test_wrong_shop_id_on_tracking_codes_is_an_error_object(
        spec_sandbox: Sandbox, known: dict[str, Any], path: str) -> None:
    r = request(spec_sandbox, "GET", path.format(**known), shop_id=spec_sandbox.shop_id + 1)
    assert r.status_code in (401, 403, 404), r.status_code
    assert_tc_error(r, r.status_code)


@pytest.mark.parametrize("path", ["/questions/{question}", "/orders/{order}",
                                  "/questions/threads/{thread}"])
def test_other_shops_records_are_not_served(spec_sandbox: Sandbox, known: dict[str, Any],
                                            path: str) -> None:
    r = request(spec_sandbox, "GET", path.format(**known), shop_id=spec_sandbox.shop_id + 1)
    assert r.status_code in (403, 404), r.status_code
    if r.status_code == 403:
        assert_text_error(r, 403)
    else:
        assert_marketplace_error(r, 404)


def test_non_numeric_shop_id_is_a_wrong_shop_id(spec_sandbox: Sandbox) -> None:
    assert_text_error(request(spec_sandbox, "GET", "", shop_id="abc"), 403)
