"""OAuth for a shop: the token endpoint, PKCE, the authorization URL and the browser sign-in.

Service notes, "Tokens": `POST {token_url}` form-encoded, `grant_type=refresh_token`
(`client_id`, `client_secret`, `refresh_token`) or `grant_type=authorization_code` (`code`,
`redirect_uri`, PKCE `code_verifier`); the answer is `{access_token, token_type, expires_in,
scope, user_id, refresh_token}`, refresh tokens single-use and rotated. The authorization and
token URLs are settings (the sandbox's in the demo: `{base}/authorization`, `{base}/oauth/token`).

`sign_in` runs the whole authorization-code flow with a loopback redirect (`loopback.py`);
the caller only opens the browser, and may also offer what the seller pastes (the address
the browser ended on, when it runs on another computer): whichever comes first is used.
Where an app's redirect is not loopback, `SignInRequest` + `pasted_code` + `exchange_code`
do the same with a code the seller pastes. Qt-free.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import httpx
import msgspec

from sellerdesk import policy
from sellerdesk.api.decoding import decode_strict
from sellerdesk.api.errors import (
    GRANT_REFUSED,
    SIGN_IN_DENIED,
    SIGN_IN_REFUSED,
    ApiError,
    AuthError,
    BadResponse,
    PastedTextError,
    RateLimited,
    SignInError,
)
from sellerdesk.api.loopback import LoopbackReceiver
from sellerdesk.api.redact import install_redaction, scrub
from sellerdesk.api.responses import API_BOUNDS, Bounds, error_for, send, take_turn
from sellerdesk.api.tokens import OAuthGrant, utcnow

log = logging.getLogger("sellerdesk.api")

SIGN_IN_TIMEOUT = 300.0  # seconds the browser sign-in may take


class TokenAnswer(msgspec.Struct):
    """The token endpoint's answer (service notes)."""

    access_token: str
    token_type: str | None = None
    expires_in: float | None = None
    scope: str | None = None
    user_id: int | None = None
    refresh_token: str | None = None


def _grant(answer: TokenAnswer, *, client_id: str, client_secret: str, token_url: str,
           refresh_token: str | None, now: datetime) -> OAuthGrant:
    install_redaction(answer.access_token, answer.refresh_token or "")
    rotated = answer.refresh_token or refresh_token
    if not rotated:
        raise BadResponse(detail="token endpoint gave no refresh token")
    lifetime = answer.expires_in if answer.expires_in and answer.expires_in > 0 else None
    return OAuthGrant(client_id=client_id, client_secret=client_secret,
                      refresh_token=rotated, access_token=answer.access_token,
                      expires_at=now + timedelta(seconds=lifetime or policy.TOKEN_LIFETIME),
                      token_url=token_url, lifetime=lifetime, user_id=answer.user_id,
                      scope=answer.scope)


async def _token_call(http: httpx.AsyncClient, token_url: str, form: dict[str, str], *,
                      refused: str, pacer: policy.Pacer | None,
                      bounds: Bounds = API_BOUNDS) -> TokenAnswer:
    what = f"POST token endpoint ({form['grant_type']})"
    if pacer is not None:
        await take_turn(pacer, what)
    request = http.build_request("POST", token_url, data=form,
                                 headers={"Accept": "application/json"})
    response = await send(http, request, what, bounds)
    if response.is_success:
        return decode_strict(response.content, TokenAnswer, what=what)
    error = error_for(response, what)
    if response.status_code in (400, 401, 403):
        # invalid_grant (spent or revoked refresh token, wrong code), invalid_client...
        raise AuthError(refused, detail=error.detail, status=response.status_code)
    if isinstance(error, RateLimited) and pacer is not None and error.retry_after:
        pacer.pause(error.retry_after)
    raise error


async def refresh_grant(http: httpx.AsyncClient, grant: OAuthGrant, *,
                        pacer: policy.Pacer | None = None,
                        now: Callable[[], datetime] = utcnow,
                        bounds: Bounds = API_BOUNDS) -> OAuthGrant:
    """Renew the access token; the answer's (rotated) refresh token replaces the old one.

    Refused (`invalid_grant`, `invalid_client`): `AuthError` saying to connect again."""
    form = {"grant_type": "refresh_token", "client_id": grant.client_id,
            "client_secret": grant.client_secret, "refresh_token": grant.refresh_token}
    answer = await _token_call(http, grant.token_url, form, refused=GRANT_REFUSED, pacer=pacer,
                               bounds=bounds)
    return _grant(answer, client_id=grant.client_id, client_secret=grant.client_secret,
                  token_url=grant.token_url, refresh_token=grant.refresh_token, now=now())


async def exchange_code(http: httpx.AsyncClient, *, token_url: str, client_id: str,
                        client_secret: str, code: str, redirect_uri: str, code_verifier: str,
                        now: Callable[[], datetime] = utcnow) -> OAuthGrant:
    """Turn an authorization code into a grant (PKCE: the verifier of its challenge)."""
    install_redaction(client_secret, code, code_verifier)
    form = {"grant_type": "authorization_code", "client_id": client_id,
            "client_secret": client_secret, "code": code, "redirect_uri": redirect_uri,
            "code_verifier": code_verifier}
    answer = await _token_call(http, token_url, form, refused=SIGN_IN_REFUSED, pacer=None)
    return _grant(answer, client_id=client_id, client_secret=client_secret,
                  token_url=token_url, refresh_token=None, now=now())


# --- PKCE and the authorization URL ----------------------------------------------------------

def new_code_verifier() -> str:
    """A PKCE code verifier: 86 random URL-safe characters (RFC 7636: 43 to 128)."""
    return secrets.token_urlsafe(64)


def code_challenge(verifier: str) -> str:
    """The S256 challenge of `verifier`: base64url(sha256(verifier)) without padding."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def new_state() -> str:
    return secrets.token_urlsafe(24)


def authorization_url(base: str, *, client_id: str, redirect_uri: str, state: str,
                      challenge: str, scope: str | None = None) -> str:
    """Where the browser signs the seller in (`response_type=code`, PKCE S256)."""
    params = {"response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri,
              "state": state, "code_challenge": challenge, "code_challenge_method": "S256"}
    if scope:
        params["scope"] = scope
    return str(httpx.URL(base).copy_merge_params(params))


@dataclass(frozen=True)
class SignInRequest:
    """One sign-in attempt: the URL to open and what its answer must match."""

    url: str
    redirect_uri: str
    state: str
    verifier: str = field(repr=False)


def sign_in_request(authorization_base: str, *, client_id: str, redirect_uri: str,
                    scope: str | None = None) -> SignInRequest:
    verifier, state = new_code_verifier(), new_state()
    url = authorization_url(authorization_base, client_id=client_id, redirect_uri=redirect_uri,
                            state=state, challenge=code_challenge(verifier), scope=scope)
    return SignInRequest(url=url, redirect_uri=redirect_uri, state=state, verifier=verifier)


def pasted_code(text: str, state: str) -> str:
    """The code from what the seller pasted: the whole redirect address (its `state` must
    match) or the bare code. `PastedTextError` when it holds none; `SignInError`
    (`SIGN_IN_DENIED`) when the address says the seller refused."""
    text = text.strip()
    if "code=" not in text and "error=" not in text:
        if not text or any(c.isspace() for c in text) or "://" in text:
            raise PastedTextError(SIGN_IN_REFUSED, detail="pasted text holds no code")
        return text
    query = parse_qs(urlsplit(text).query or text.split("?", 1)[-1])
    if query.get("error"):
        raise SignInError(SIGN_IN_DENIED, detail=f"authorization error {query['error'][0]!r}")
    if query.get("state", [None])[0] != state:
        raise PastedTextError(SIGN_IN_REFUSED, detail="pasted address is of another sign-in")
    code = query.get("code", [""])[0]
    if not code:
        raise PastedTextError(SIGN_IN_REFUSED, detail="pasted address holds no code")
    return code


async def _first_code(receiver: LoopbackReceiver, state: str, *, timeout: float,
                      paste: Callable[[], Awaitable[str | None]] | None) -> str:
    """The code from the loopback redirect or from `paste()` (None: nothing will be pasted),
    whichever comes first."""
    loopback = asyncio.ensure_future(receiver.code(timeout=timeout))
    if paste is None:
        return await loopback
    pasted = asyncio.ensure_future(paste())
    try:
        done, _ = await asyncio.wait({loopback, pasted}, return_when=asyncio.FIRST_COMPLETED)
        if pasted in done:
            text = pasted.result()
            if text is not None:
                return pasted_code(text, state)
        return await loopback
    finally:
        for task in (loopback, pasted):
            task.cancel()
        await asyncio.gather(loopback, pasted, return_exceptions=True)


async def sign_in(*, authorization_base: str, token_url: str, client_id: str,
                  client_secret: str, open_browser: Callable[[str], object],
                  http: httpx.AsyncClient | None = None, timeout: float = SIGN_IN_TIMEOUT,
                  scope: str | None = None,
                  paste: Callable[[], Awaitable[str | None]] | None = None) -> OAuthGrant:
    """The authorization-code flow with PKCE through the system browser: listen on a loopback
    port, `open_browser(url)`, wait for the redirect (or for `paste()`'s text: the address
    the browser ended on, or the code), exchange the code for a grant."""
    receiver = LoopbackReceiver()
    try:
        redirect_uri = await receiver.start()
        request = sign_in_request(authorization_base, client_id=client_id,
                                  redirect_uri=redirect_uri, scope=scope)
        receiver.expect(request.state)
        open_browser(request.url)
        code = await _first_code(receiver, request.state, timeout=timeout, paste=paste)
    finally:
        await receiver.aclose()
    own = http is None
    client = http or httpx.AsyncClient(timeout=httpx.Timeout(20.0, connect=10.0))
    try:
        return await exchange_code(client, token_url=token_url, client_id=client_id,
                                   client_secret=client_secret, code=code,
                                   redirect_uri=redirect_uri, code_verifier=request.verifier)
    except ApiError as exc:
        log.warning("sign-in: code exchange failed: %s", scrub(exc.detail))
        raise
    finally:
        if own:
            await client.aclose()


__all__ = ["SIGN_IN_TIMEOUT", "SignInRequest", "TokenAnswer", "authorization_url",
           "code_challenge", "exchange_code", "new_code_verifier", "new_state", "pasted_code",
           "refresh_grant", "sign_in", "sign_in_request"]
