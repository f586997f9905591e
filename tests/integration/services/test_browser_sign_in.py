"""`BrowserSignIn` (services/sign_in.py), Qt-free, against the sandbox: the address is told
whether a browser opened or not, a paste is checked on the spot (a wrong one leaves the sign-in
waiting), the right one finishes it, a refusal pasted ends it, and `same_server` tells the demo's
server from another."""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest

from sellerdesk.api.errors import SIGN_IN_DENIED, PastedTextError, SignInError
from sellerdesk.services.sign_in import BrowserSignIn, same_server, sandbox_app
from tests.support.sandbox import Sandbox


async def _allowed(sb: Sandbox, url: str, decision: str = "allow") -> str:
    async with httpx.AsyncClient(timeout=30) as http:
        fields = dict(parse_qsl(urlsplit(url).query))
        answer = await http.post(f"{sb.base_url}/authorization",
                                 data={**fields, "decision": decision})
    assert answer.status_code == 302
    return answer.headers["location"]


async def test_no_browser_then_a_wrong_paste_then_the_right_one(fresh_sandbox: Sandbox) -> None:
    sb = fresh_sandbox
    sign_in = BrowserSignIn(sandbox_app(sb.base_url, sb.client_id, sb.client_secret),
                            lambda _url: False)
    shown: list[str] = []
    told = asyncio.Event()
    sign_in.address_shown.connect(lambda url: (shown.append(url), told.set()))
    with pytest.raises(PastedTextError):  # nothing waits for a paste yet
        sign_in.paste("code=abc&state=xyz")
    running = asyncio.ensure_future(sign_in.run())
    await asyncio.wait_for(told.wait(), 30)
    assert shown == [sign_in.url] and not sign_in.browser_opened
    with pytest.raises(PastedTextError):
        sign_in.paste("https://example.com/?code=abc&state=another-sign-in")
    assert not running.done()  # still waiting
    sign_in.paste(await _allowed(sb, sign_in.url))
    grant = await asyncio.wait_for(running, 30)
    assert grant.access_token and grant.refresh_token


async def test_a_refusal_pasted_ends_the_sign_in(fresh_sandbox: Sandbox) -> None:
    sb = fresh_sandbox
    sign_in = BrowserSignIn(sandbox_app(sb.base_url, sb.client_id, sb.client_secret),
                            lambda _url: True)
    told = asyncio.Event()
    sign_in.address_shown.connect(lambda _url: told.set())
    running = asyncio.ensure_future(sign_in.run())
    await asyncio.wait_for(told.wait(), 30)
    assert sign_in.browser_opened
    sign_in.paste(await _allowed(sb, sign_in.url, decision="deny"))
    with pytest.raises(SignInError) as refused:
        await asyncio.wait_for(running, 30)
    assert refused.value.message == SIGN_IN_DENIED


def test_same_server() -> None:
    assert same_server("http://127.0.0.1:8000", "http://127.0.0.1:8000/authorization")
    assert same_server("https://api.example.com", "https://api.example.com:443/v1")
    assert not same_server("http://127.0.0.1:8000", "http://127.0.0.1:8001")
    assert not same_server("https://api.example.com", "http://api.example.com")
    assert not same_server("not an address", "http://127.0.0.1:8000")
    assert not same_server("http://127.0.0.1:port", "http://127.0.0.1:8000")
