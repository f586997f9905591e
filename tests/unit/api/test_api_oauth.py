"""oauth.py and loopback.py: PKCE, the authorization URL, the token endpoint's two grants,
the loopback redirect receiver (real sockets on 127.0.0.1) and the whole browser sign-in."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs

import httpx
import pytest

from sellerdesk.api.errors import (
    GRANT_REFUSED,
    SIGN_IN_DENIED,
    SIGN_IN_REFUSED,
    SIGN_IN_TIMED_OUT,
    AuthError,
    ServerError,
    SignInError,
)
from sellerdesk.api.loopback import LoopbackReceiver
from sellerdesk.api.oauth import (
    authorization_url,
    code_challenge,
    exchange_code,
    new_code_verifier,
    pasted_code,
    refresh_grant,
    sign_in,
    sign_in_request,
)
from sellerdesk.api.tokens import OAuthGrant

NOW = datetime(2026, 11, 23, 14, 0, tzinfo=UTC)
TOKEN_URL = "http://shop.test/oauth/token"


def test_pkce_challenge_is_rfc_7636s_s256() -> None:
    # RFC 7636, appendix B.
    verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    assert code_challenge(verifier) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    fresh = new_code_verifier()
    assert 43 <= len(fresh) <= 128 and fresh != new_code_verifier()
    assert set(fresh) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def test_authorization_url_carries_the_pkce_request() -> None:
    url = httpx.URL(authorization_url("http://shop.test/authorization?lang=es", client_id="app 1",
                                      redirect_uri="http://127.0.0.1:5000/callback",
                                      state="st", challenge="ch", scope="read write"))
    assert url.path == "/authorization"
    assert dict(url.params) == {"lang": "es", "response_type": "code", "client_id": "app 1",
                                "redirect_uri": "http://127.0.0.1:5000/callback", "state": "st",
                                "code_challenge": "ch", "code_challenge_method": "S256",
                                "scope": "read write"}


class TokenEndpoint:
    def __init__(self, *answers: httpx.Response) -> None:
        self.answers = list(answers)
        self.forms: list[dict[str, str]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.headers["content-type"] == "application/x-www-form-urlencoded"
        assert "authorization" not in request.headers
        self.forms.append({k: v[0] for k, v in parse_qs(request.content.decode()).items()})
        return self.answers.pop(0)


def answer(**overrides: object) -> httpx.Response:
    body = {"access_token": "APP_USR-new", "token_type": "bearer", "expires_in": 21600,
            "scope": "offline_access read", "user_id": 1001, "refresh_token": "TG-new"}
    body.update(overrides)
    return httpx.Response(200, json={k: v for k, v in body.items() if v is not None})


def grant() -> OAuthGrant:
    return OAuthGrant(client_id="app-1", client_secret="s3cret-app", refresh_token="TG-old",
                      access_token="APP_USR-old", expires_at=NOW, token_url=TOKEN_URL)


async def test_refresh_sends_the_form_and_reads_the_rotated_grant() -> None:
    endpoint = TokenEndpoint(answer())
    async with httpx.AsyncClient(transport=httpx.MockTransport(endpoint)) as http:
        new = await refresh_grant(http, grant(), now=lambda: NOW)
    assert endpoint.forms == [{"grant_type": "refresh_token", "client_id": "app-1",
                               "client_secret": "s3cret-app", "refresh_token": "TG-old"}]
    assert (new.access_token, new.refresh_token, new.lifetime) == ("APP_USR-new", "TG-new",
                                                                   21600)
    assert new.expires_at == NOW + timedelta(hours=6) and new.user_id == 1001
    assert (new.client_id, new.client_secret, new.token_url) == ("app-1", "s3cret-app",
                                                                 TOKEN_URL)


async def test_a_server_that_does_not_rotate_keeps_the_refresh_token() -> None:
    endpoint = TokenEndpoint(answer(refresh_token=None, expires_in=None))
    async with httpx.AsyncClient(transport=httpx.MockTransport(endpoint)) as http:
        new = await refresh_grant(http, grant(), now=lambda: NOW)
    assert new.refresh_token == "TG-old" and new.lifetime is None
    assert new.expires_at == NOW + timedelta(hours=6)


@pytest.mark.parametrize("status,body", [
    (400, {"error": "invalid_grant", "error_description": "invalid_grant", "status": 400}),
    (401, {"message": "invalid client_id or client_secret", "error": "invalid_client"}),
])
async def test_a_refused_refresh_says_to_connect_again(status: int, body: object) -> None:
    endpoint = TokenEndpoint(httpx.Response(status, json=body))
    async with httpx.AsyncClient(transport=httpx.MockTransport(endpoint)) as http:
        with pytest.raises(AuthError) as info:
            await refresh_grant(http, grant())
    assert info.value.message == GRANT_REFUSED
    assert "s3cret-app" not in info.value.detail and "TG-old" not in info.value.detail


async def test_a_failing_token_endpoint_is_not_a_refusal() -> None:
    endpoint = TokenEndpoint(httpx.Response(503))
    async with httpx.AsyncClient(transport=httpx.MockTransport(endpoint)) as http:
        with pytest.raises(ServerError):
            await refresh_grant(http, grant())


async def test_code_exchange_sends_the_verifier() -> None:
    endpoint = TokenEndpoint(answer())
    async with httpx.AsyncClient(transport=httpx.MockTransport(endpoint)) as http:
        new = await exchange_code(http, token_url=TOKEN_URL, client_id="app-1",
                                  client_secret="s3cret-app", code="TG-code",
                                  redirect_uri="http://127.0.0.1:1/callback",
                                  code_verifier="v" * 50, now=lambda: NOW)
    assert endpoint.forms == [{"grant_type": "authorization_code", "client_id": "app-1",
                               "client_secret": "s3cret-app", "code": "TG-code",
                               "redirect_uri": "http://127.0.0.1:1/callback",
                               "code_verifier": "v" * 50}]
    assert new.refresh_token == "TG-new" and new.token_url == TOKEN_URL


async def test_a_refused_code_is_a_sign_in_refusal() -> None:
    endpoint = TokenEndpoint(httpx.Response(400, json={"error": "invalid_grant"}))
    async with httpx.AsyncClient(transport=httpx.MockTransport(endpoint)) as http:
        with pytest.raises(AuthError) as info:
            await exchange_code(http, token_url=TOKEN_URL, client_id="a", client_secret="b",
                                code="c", redirect_uri="d", code_verifier="e")
    assert info.value.message == SIGN_IN_REFUSED


# --- the loopback receiver -----------------------------------------------------------------

async def test_the_receiver_answers_a_plain_page_and_hands_over_the_code() -> None:
    async with LoopbackReceiver() as receiver:
        receiver.expect("state-1")
        assert receiver.redirect_uri.startswith("http://127.0.0.1:")
        async with httpx.AsyncClient() as browser:
            favicon = await browser.get(receiver.redirect_uri.replace("/callback", "/favicon.ico"))
            page = await browser.get(receiver.redirect_uri,
                                     params={"code": "TG-abc", "state": "state-1"})
        code = await receiver.code(timeout=5)
    assert favicon.status_code == 404
    assert page.status_code == 200 and "close this tab" in page.text
    assert page.headers["content-type"].startswith("text/plain")
    assert code == "TG-abc"


async def test_a_redirect_of_another_sign_in_is_refused_and_the_wait_goes_on() -> None:
    async with LoopbackReceiver() as receiver:
        receiver.expect("mine")
        async with httpx.AsyncClient() as browser:
            forged = await browser.get(receiver.redirect_uri,
                                       params={"code": "evil", "state": "theirs"})
            assert forged.status_code == 400
            await browser.get(receiver.redirect_uri, params={"code": "good", "state": "mine"})
        assert await receiver.code(timeout=5) == "good"


async def test_a_denied_sign_in_is_a_sign_in_error() -> None:
    async with LoopbackReceiver() as receiver:
        receiver.expect("s")
        async with httpx.AsyncClient() as browser:
            page = await browser.get(receiver.redirect_uri,
                                     params={"error": "access_denied", "state": "s"})
        assert page.status_code == 200 and "cancelled" in page.text
        with pytest.raises(SignInError) as info:
            await receiver.code(timeout=5)
    assert info.value.message == SIGN_IN_DENIED


async def test_no_redirect_times_out() -> None:
    async with LoopbackReceiver() as receiver:
        receiver.expect("s")
        with pytest.raises(SignInError) as info:
            await receiver.code(timeout=0.01)
    assert info.value.message == SIGN_IN_TIMED_OUT


async def test_junk_on_the_port_does_not_end_the_wait() -> None:
    async with LoopbackReceiver() as receiver:
        receiver.expect("s")
        port = int(receiver.redirect_uri.split(":")[2].split("/")[0])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /callback HTTP/1.1\r\nHost: x\r\n\r\n")
        await writer.drain()
        assert (await reader.read()).startswith(b"HTTP/1.1 405")
        writer.close()
        await writer.wait_closed()
        async with httpx.AsyncClient() as browser:
            await browser.get(receiver.redirect_uri, params={"code": "ok", "state": "s"})
        assert await receiver.code(timeout=5) == "ok"


# --- the whole sign-in ---------------------------------------------------------------------

async def test_sign_in_through_a_browser_and_a_loopback_redirect() -> None:
    challenges: dict[str, str] = {}

    def token_endpoint(request: httpx.Request) -> httpx.Response:
        form = {k: v[0] for k, v in parse_qs(request.content.decode()).items()}
        digest = hashlib.sha256(form["code_verifier"].encode()).digest()
        if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != challenges[form["code"]]:
            return httpx.Response(400, json={"error": "invalid_grant"})
        return answer()

    opened: list[str] = []
    redirects: list[asyncio.Task[httpx.Response]] = []

    async def seller_signs_in(url: str) -> httpx.Response:
        params = dict(httpx.URL(url).params)
        challenges["TG-code-1"] = params["code_challenge"]
        async with httpx.AsyncClient() as browser:
            return await browser.get(params["redirect_uri"],
                                     params={"code": "TG-code-1", "state": params["state"]})

    def open_browser(url: str) -> None:
        opened.append(url)
        redirects.append(asyncio.get_running_loop().create_task(seller_signs_in(url)))

    async with httpx.AsyncClient(transport=httpx.MockTransport(token_endpoint)) as http:
        new = await sign_in(authorization_base="http://shop.test/authorization",
                            token_url=TOKEN_URL, client_id="app-1", client_secret="s3cret-app",
                            open_browser=open_browser, http=http, timeout=10)
    page = await redirects[0]
    assert page.status_code == 200 and "close this tab" in page.text
    assert new.access_token == "APP_USR-new" and new.refresh_token == "TG-new"
    assert httpx.URL(opened[0]).params["code_challenge_method"] == "S256"


def test_a_pasted_redirect_address_or_bare_code() -> None:
    request = sign_in_request("http://shop.test/authorization", client_id="app",
                              redirect_uri="https://example.com/oauth")
    assert request.verifier not in repr(request)
    pasted = f"https://example.com/oauth?code=TG-999&state={request.state}"
    assert pasted_code(pasted, request.state) == "TG-999"
    assert pasted_code("  TG-999  ", request.state) == "TG-999"
    with pytest.raises(SignInError):
        pasted_code("https://example.com/oauth?code=TG-999&state=other", request.state)
    with pytest.raises(SignInError) as denied:
        pasted_code(f"https://example.com/oauth?error=access_denied&state={request.state}",
                    request.state)
    assert denied.value.message == SIGN_IN_DENIED
    with pytest.raises(SignInError):
        pasted_code("", request.state)


def test_the_grant_hides_its_secrets() -> None:
    text = repr(grant()) + str(grant()) + json.dumps(str(grant()))
    for secret in ("s3cret-app", "TG-old", "APP_USR-old"):
        assert secret not in text
