"""Tokens over loopback: the Bearer header, lifetimes, the field's expired-token body."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import http
from tests.support.sandbox import Sandbox
from tests.support.sandbox_copies import start_copy

from ._helpers import (
    EXPIRED_BODY,
    TIMEOUT,
    assert_tc_error,
    assert_text_error,
    bearer,
    control,
    request,
)

# Every token-checked endpoint, reads and writes (spec: Endpoints; decisions.md).
CHECKED = [
    ("GET", ""), ("GET", "/metrics"), ("GET", "/metrics/1"), ("POST", "/metrics"),
    ("PUT", "/metrics/1"), ("DELETE", "/metrics/1"), ("GET", "/questions/search"),
    ("GET", "/questions/search/q"), ("GET", "/questions/{question}"),
    ("PUT", "/questions/{question}"), ("DELETE", "/questions/{question}"),
    ("GET", "/questions/threads/search"), ("GET", "/questions/threads/{thread}"),
    ("GET", "/orders/search"), ("GET", "/orders/{order}"), ("PUT", "/orders/{order}"),
    ("PUT", "/orders/{order}/shippings/1"),
]
BODIES: dict[str, Any] = {"/metrics": {"name": "n", "code": "c", "provider": "OTHER",
                                       "event": "NAVIGATION"},
                          "/metrics/1": {"name": "renamed"},
                          "/questions/{question}": {"answer": "Hola"},
                          "/orders/{order}": {"invoice": {"invoiced": False}},
                          "/orders/{order}/shippings/1": {"status": "pending"}}


@pytest.fixture(scope="module")
def timed(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """Tokens that expire (1 h), no rate limit, no variety: one per module."""
    sb = start_copy(seeded_db, tmp_path_factory.mktemp("timed"), ["--token-ttl", "3600"])
    yield sb
    sb.stop()


@pytest.fixture(scope="module")
def known(timed: Sandbox) -> dict[str, str]:
    q = request(timed, "GET", "/questions/search", params={"limit": 1}).json()["results"][0]
    o = request(timed, "GET", "/orders/search", params={"limit": 1}).json()["results"][0]
    return {"question": str(q["id"]), "thread": q["thread_id"], "order": o["id"]}


def fresh_token(sb: Sandbox, ttl: float | None = None) -> str:
    token: str = control(sb, "POST", "tokens", {} if ttl is None else {"ttl": ttl})[
        "access_token"]
    return token


@pytest.mark.parametrize(("method", "path"), CHECKED)
def test_expired_token_gets_the_fields_body_everywhere(timed: Sandbox, known: dict[str, str],
                                                       method: str, path: str) -> None:
    token = fresh_token(timed)
    control(timed, "POST", "tokens/expire", {"token": token})
    for r in (bearer(timed, method, path.format(**known), token, body=BODIES.get(path)),
              request(timed, method, path.format(**known), token=token,
                      body=BODIES.get(path))):
        assert r.status_code == 401, (method, path, r.status_code, r.text[:200])
        assert r.headers["content-type"].startswith("application/json")
        assert r.content == EXPIRED_BODY


def test_a_wrong_token_keeps_the_areas_shape(timed: Sandbox) -> None:
    assert_text_error(bearer(timed, "GET", "", "not-a-token"), 403)
    assert_tc_error(bearer(timed, "GET", "/metrics", "not-a-token"), 401)
    token = fresh_token(timed)
    control(timed, "POST", "tokens/expire", {"token": token})
    # Expired wins over a wrong shop id: the token is looked at first.
    r = request(timed, "GET", "", token=token, shop_id=timed.shop_id + 1)
    assert r.status_code == 401 and r.content == EXPIRED_BODY


def test_bearer_header_works_and_wins_over_the_parameter(timed: Sandbox) -> None:
    good = fresh_token(timed)
    assert bearer(timed, "GET", "/orders/search", good, params={"limit": 1}).status_code == 200
    assert bearer(timed, "GET", "/metrics", good).status_code == 200
    # Header and parameter disagree: the header decides, either way round.
    r = bearer(timed, "GET", "", "not-a-token", params={"access_token": good})
    assert_text_error(r, 403)
    r = bearer(timed, "GET", "", good, params={"access_token": "not-a-token"})
    assert r.status_code == 200


def test_tokens_age_with_the_clock(timed: Sandbox) -> None:
    control(timed, "PUT", "clock", {"frozen": True})
    try:
        short, forever = fresh_token(timed, ttl=60), fresh_token(timed, ttl=0)
        control(timed, "PUT", "clock", {"advance": 59})
        assert bearer(timed, "GET", "", short).status_code == 200
        control(timed, "PUT", "clock", {"advance": 1})
        assert bearer(timed, "GET", "", short).content == EXPIRED_BODY
        control(timed, "PUT", "clock", {"advance": 10 * 365 * 86400})
        assert bearer(timed, "GET", "", forever).status_code == 200
    finally:
        control(timed, "PUT", "clock", {"frozen": False})


def test_token_ttl_switches_at_run_time_for_new_tokens(timed: Sandbox) -> None:
    control(timed, "PUT", "clock", {"frozen": True})
    try:
        before = fresh_token(timed)  # 3600 s, the start value
        control(timed, "PUT", "limits", {"token_ttl": 10})
        after = fresh_token(timed)
        control(timed, "PUT", "clock", {"advance": 10})
        assert bearer(timed, "GET", "", after).status_code == 401
        assert bearer(timed, "GET", "", before).status_code == 200
    finally:
        control(timed, "DELETE", "limits")
        control(timed, "PUT", "clock", {"frozen": False})


def test_expire_switch_and_the_start_token(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    assert request(sb, "GET", "").status_code == 200
    r = http.post(f"{sb.base_url}/_sandbox/tokens/expire", params={"access_token": sb.token},
                   json={"token": "never-issued"}, timeout=TIMEOUT)
    assert r.status_code == 404
    assert control(sb, "POST", "tokens/expire", {"token": sb.token}) == {"expired": 1}
    assert request(sb, "GET", "").content == EXPIRED_BODY
    # Categories check no token; the controls still take the expired start token.
    assert request(sb, "GET", "/categories").status_code == 200
    assert control(sb, "GET", "faults")["token_revoked"] is False
    other = fresh_token(sb)
    assert control(sb, "POST", "tokens/expire", {"all": True}) == {"expired": 1}
    assert bearer(sb, "GET", "", other).content == EXPIRED_BODY
    # A restart issues the start token again.
    sb.restart()
    assert request(sb, "GET", "").status_code == 200


def test_revoked_refuses_every_token_with_the_areas_shape(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    other = fresh_token(sb)
    sb.set_faults(token_revoked=True)
    assert_text_error(bearer(sb, "GET", "", other), 403)
    assert_tc_error(request(sb, "GET", "/metrics"), 401)
    sb.clear_faults()
    assert bearer(sb, "GET", "", other).status_code == 200


def test_gentle_tokens_never_expire(seeded_db: Path, tmp_path: Path) -> None:
    gentle = start_copy(seeded_db, tmp_path, ["--gentle"])
    try:
        assert control(gentle, "GET", "limits")["token_ttl"] == 0
    finally:
        gentle.stop()
