"""The marketplace's OAuth over loopback: refresh rotation, authorization code with PKCE,
and the small authorization page."""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.support import http
from tests.support.sandbox import Sandbox
from tests.support.sandbox_copies import start_copy

from ._helpers import EXPIRED_BODY, TIMEOUT, bearer, control, ready_fields

REDIRECT = "http://127.0.0.1:53682/callback"
PASTE_REDIRECT = "https://sellerdesk.example.com/oauth/done"


@pytest.fixture(scope="module")
def oauth(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """Tokens that expire, no rate limit: OAuth is never limited, but /v1 checks are."""
    sb = start_copy(seeded_db, tmp_path_factory.mktemp("oauth"), ["--token-ttl", "21600"])
    yield sb
    sb.stop()


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode()).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def token_call(sb: Sandbox, as_json: bool = False, **fields: str) -> httpx.Response:
    data = {"client_id": "sellerdesk-demo", "client_secret": "sandbox-secret", **fields}
    if as_json:
        return http.post(f"{sb.base_url}/oauth/token", json=data, timeout=TIMEOUT)
    return http.post(f"{sb.base_url}/oauth/token", data=data, timeout=TIMEOUT)


def refresh(sb: Sandbox, refresh_token: str) -> httpx.Response:
    return token_call(sb, grant_type="refresh_token", refresh_token=refresh_token)


def granted(r: httpx.Response, sb: Sandbox) -> dict[str, Any]:
    assert r.status_code == 200, r.text
    assert r.headers["cache-control"] == "no-store"
    body: dict[str, Any] = r.json()
    assert set(body) == {"access_token", "token_type", "expires_in", "scope", "user_id",
                         "refresh_token"}
    assert body["token_type"] == "bearer" and body["scope"] == "offline_access read write"
    assert body["user_id"] == sb.shop_id and body["expires_in"] == 21600
    return body


def refused(r: httpx.Response, error: str, status: int = 400) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["error"] == error and body["status"] == status and body["message"]
    assert isinstance(body["cause"], list) and body["cause"]
    return str(body["cause"][0])


def approve(sb: Sandbox, challenge: str | None, method: str | None = "S256",
            redirect: str = REDIRECT, state: str = "st-42", **extra: str) -> str:
    """Allow on the authorization page without reading it; the code from the redirect."""
    fields = {"response_type": "code", "client_id": "sellerdesk-demo", "redirect_uri": redirect,
              "state": state, **extra}
    if challenge is not None:
        fields["code_challenge"] = challenge
    if method is not None:
        fields["code_challenge_method"] = method
    r = http.post(f"{sb.base_url}/authorization", data=fields, timeout=TIMEOUT)
    assert r.status_code == 302, r.text
    target = urlsplit(r.headers["location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == redirect
    query = parse_qs(target.query)
    assert query["state"] == [state]
    return query["code"][0]


def test_ready_line_names_the_app_and_a_refresh_token(oauth: Sandbox) -> None:
    fields = ready_fields(oauth)
    assert fields["client_id"] == "sellerdesk-demo"
    assert fields["client_secret"] == "sandbox-secret"
    assert re.fullmatch(r"TG-[0-9a-f]+-\d+", fields["refresh_token"])
    assert list(fields)[:3] == ["base_url", "shop_id", "token"]  # the prefix is unchanged


def test_refresh_tokens_rotate(oauth: Sandbox) -> None:
    first = control(oauth, "POST", "tokens")
    second = granted(refresh(oauth, first["refresh_token"]), oauth)
    assert "already used" in refused(refresh(oauth, first["refresh_token"]), "invalid_grant")
    third = granted(refresh(oauth, second["refresh_token"]), oauth)
    assert len({first["access_token"], second["access_token"], third["access_token"]}) == 3
    # Older access tokens are not revoked: each lives its own lifetime.
    for body in (first, second, third):
        assert bearer(oauth, "GET", "", body["access_token"]).status_code == 200


def test_the_start_refresh_token_works_once(fresh_spec_sandbox: Sandbox) -> None:
    start = ready_fields(fresh_spec_sandbox)["refresh_token"]
    body = granted(refresh(fresh_spec_sandbox, start), fresh_spec_sandbox)
    assert bearer(fresh_spec_sandbox, "GET", "/metrics", body["access_token"]).status_code == 200
    refused(refresh(fresh_spec_sandbox, start), "invalid_grant")


def test_a_refreshed_token_expires_with_the_fields_body(oauth: Sandbox) -> None:
    body = granted(refresh(oauth, control(oauth, "POST", "tokens")["refresh_token"]), oauth)
    control(oauth, "PUT", "clock", {"frozen": True})
    try:
        control(oauth, "PUT", "clock", {"advance": 21600})
        assert bearer(oauth, "GET", "", body["access_token"]).content == EXPIRED_BODY
        renewed = granted(refresh(oauth, body["refresh_token"]), oauth)
        assert bearer(oauth, "GET", "", renewed["access_token"]).status_code == 200
    finally:
        control(oauth, "PUT", "clock", {"frozen": False})


@pytest.mark.parametrize("method", ["S256", "plain"])
def test_authorization_code_with_pkce(oauth: Sandbox, method: str) -> None:
    verifier, challenge = pkce()
    code = approve(oauth, challenge if method == "S256" else verifier, method)
    body = granted(token_call(oauth, grant_type="authorization_code", code=code,
                              redirect_uri=REDIRECT, code_verifier=verifier), oauth)
    assert bearer(oauth, "GET", "/orders/search", body["access_token"]).status_code == 200
    granted(refresh(oauth, body["refresh_token"]), oauth)


def test_json_bodies_are_accepted(oauth: Sandbox) -> None:
    verifier, challenge = pkce()
    code = approve(oauth, challenge)
    granted(token_call(oauth, as_json=True, grant_type="authorization_code", code=code,
                       redirect_uri=REDIRECT, code_verifier=verifier), oauth)


@pytest.mark.parametrize(("change", "reason"), [
    ({"code_verifier": "w" * 50}, "does not match"),
    ({"code_verifier": ""}, "missing or malformed"),
    ({"redirect_uri": "http://127.0.0.1:9/other"}, "redirect_uri"),
])
def test_code_failures(oauth: Sandbox, change: dict[str, str], reason: str) -> None:
    verifier, challenge = pkce()
    code = approve(oauth, challenge)
    fields = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
              "code_verifier": verifier, **change}
    assert reason in refused(token_call(oauth, **fields), "invalid_grant")
    # A refused attempt used the code up: the right verifier no longer helps.
    again = token_call(oauth, grant_type="authorization_code", code=code,
                       redirect_uri=REDIRECT, code_verifier=verifier)
    assert "already used" in refused(again, "invalid_grant")


def test_a_code_is_single_use_and_short_lived(oauth: Sandbox) -> None:
    verifier, challenge = pkce()
    code = approve(oauth, challenge)
    fields = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
              "code_verifier": verifier}
    granted(token_call(oauth, **fields), oauth)
    assert "already used" in refused(token_call(oauth, **fields), "invalid_grant")
    late = approve(oauth, challenge)
    control(oauth, "PUT", "clock", {"frozen": True})
    try:
        control(oauth, "PUT", "clock", {"advance": 600})
        assert "expired" in refused(token_call(oauth, **{**fields, "code": late}),
                                    "invalid_grant")
    finally:
        control(oauth, "PUT", "clock", {"frozen": False})


def test_client_and_grant_type_are_checked(oauth: Sandbox) -> None:
    good = control(oauth, "POST", "tokens")["refresh_token"]
    r = token_call(oauth, grant_type="refresh_token", refresh_token=good,
                   client_secret="wrong")
    refused(r, "invalid_client", 401)
    refused(token_call(oauth, grant_type="password", username="u"), "unsupported_grant_type")
    refused(token_call(oauth, grant_type="refresh_token"), "invalid_request")
    granted(refresh(oauth, good), oauth)  # the refusals did not use it up


def test_the_authorization_page(oauth: Sandbox) -> None:
    _, challenge = pkce()
    params = {"response_type": "code", "client_id": "sellerdesk-demo", "redirect_uri": REDIRECT,
              "state": "<b>x</b>", "code_challenge": challenge, "code_challenge_method": "S256"}
    r = http.get(f"{oauth.base_url}/authorization", params=params, timeout=TIMEOUT)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert "<script" not in page.lower()
    assert "SellerDesk" in page and "Tienda La Plata" in page
    assert 'method="post" action="/authorization"' in page and 'value="allow"' in page
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page  # echoed text escaped
    assert 'name="display"' not in page  # a loopback redirect gets the redirect


def test_a_redirect_elsewhere_shows_the_code_to_paste(oauth: Sandbox) -> None:
    verifier, challenge = pkce()
    params = {"response_type": "code", "client_id": "sellerdesk-demo",
              "redirect_uri": PASTE_REDIRECT, "code_challenge": challenge,
              "code_challenge_method": "S256"}
    page = http.get(f"{oauth.base_url}/authorization", params=params, timeout=TIMEOUT).text
    assert 'name="display" value="page"' in page
    shown = http.post(f"{oauth.base_url}/authorization",
                       data={**params, "display": "page", "decision": "allow"},
                       timeout=TIMEOUT)
    assert shown.status_code == 200 and "<script" not in shown.text.lower()
    found = re.search(r'<code id="code">([^<]+)</code>', shown.text)
    assert found is not None
    granted(token_call(oauth, grant_type="authorization_code", code=found.group(1),
                       redirect_uri=PASTE_REDIRECT, code_verifier=verifier), oauth)


def test_deny_and_bad_requests(oauth: Sandbox) -> None:
    _, challenge = pkce()
    fields = {"response_type": "code", "client_id": "sellerdesk-demo", "redirect_uri": REDIRECT,
              "state": "s", "code_challenge": challenge, "code_challenge_method": "S256"}
    r = http.post(f"{oauth.base_url}/authorization", data={**fields, "decision": "deny"},
                   timeout=TIMEOUT)
    assert r.status_code == 302
    assert parse_qs(urlsplit(r.headers["location"]).query) == {"error": ["access_denied"],
                                                              "state": ["s"]}
    for bad in ({"client_id": "unknown-app"}, {"response_type": "token"},
                {"redirect_uri": "not a url"}, {"code_challenge_method": "S512"}):
        for call in (httpx.get, httpx.post):
            kwargs: dict[str, Any] = ({"params": {**fields, **bad}} if call is httpx.get
                                      else {"data": {**fields, **bad}})
            answer = call(f"{oauth.base_url}/authorization", timeout=TIMEOUT, **kwargs)
            assert answer.status_code == 400 and "location" not in answer.headers, bad
