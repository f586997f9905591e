"""The marketplace's OAuth, outside /v1 (not in OpenAPI): the token endpoint and a small
authorization page for the authorization-code flow with PKCE (decisions.md)."""

from __future__ import annotations

import json
import secrets
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse

from sellerdesk.sandbox import oauth_page
from sellerdesk.sandbox.context import Ctx, get_ctx
from sellerdesk.sandbox.limits import FIELD_TTL
from sellerdesk.sandbox.tokens import Code, GrantError

router = APIRouter(include_in_schema=False)

SCOPE = "offline_access read write"
# The related marketplace's words for each OAuth error (its body shape, decisions.md).
MESSAGES = {
    "invalid_grant": "Error validating grant. Your authorization code or refresh token may "
                     "be expired or it was already used",
    "invalid_client": "invalid client_id or client_secret",
    "unsupported_grant_type": "the grant_type is not supported",
    "invalid_request": "the request is missing a parameter or has a malformed one",
}
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
AUTH_FIELDS = ("response_type", "client_id", "redirect_uri", "state", "code_challenge",
               "code_challenge_method")


class _Refused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


async def _fields(request: Request) -> dict[str, str]:
    """A form-encoded body (the marketplace's) or a JSON object of strings."""
    raw = await request.body()
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        try:
            values = json.loads(raw or b"{}")
        except ValueError:
            raise GrantError("invalid_request", "the body is not JSON") from None
        if not isinstance(values, dict) or not all(isinstance(v, str)
                                                   for v in values.values()):
            raise GrantError("invalid_request", "the body must be an object of strings")
        return values
    try:
        parsed = parse_qs(raw.decode("utf-8"), keep_blank_values=True, strict_parsing=False)
    except UnicodeDecodeError:
        raise GrantError("invalid_request", "the body is not UTF-8") from None
    return {k: v[0] for k, v in parsed.items()}


def _error(exc: GrantError) -> JSONResponse:
    body = {"message": MESSAGES.get(exc.error, exc.error), "error": exc.error,
            "status": exc.status, "cause": [exc.reason]}
    return JSONResponse(body, status_code=exc.status,
                        headers={"Cache-Control": "no-store", "Pragma": "no-cache"})


def _need(values: dict[str, str], name: str) -> str:
    value = values.get(name, "").strip()
    if not value:
        raise GrantError("invalid_request", f"missing parameter: {name}")
    return value


def _check_client(ctx: Ctx, client_id: str, secret: str) -> None:
    if not (secrets.compare_digest(client_id, ctx.client_id)
            and secrets.compare_digest(secret, ctx.client_secret)):
        raise GrantError("invalid_client", "unknown client or wrong secret", 401)


@router.post("/oauth/token")
async def token(request: Request) -> Response:
    ctx = get_ctx(request)
    try:
        values = await _fields(request)
        grant_type = _need(values, "grant_type")
        if grant_type not in ("refresh_token", "authorization_code"):
            raise GrantError("unsupported_grant_type", f"grant_type {grant_type!r}")
        client_id = _need(values, "client_id")
        _check_client(ctx, client_id, _need(values, "client_secret"))
        ttl = ctx.rate.limits.token_ttl
        if grant_type == "refresh_token":
            access, refresh = ctx.grants.exchange_refresh(
                _need(values, "refresh_token"), client_id, ttl)
        else:
            access, refresh = ctx.grants.exchange_code(
                _need(values, "code"), client_id, values.get("redirect_uri") or None,
                values.get("code_verifier") or None, ttl)
    except GrantError as exc:
        return _error(exc)
    # A token that never expires (TTL 0) is announced with the field's lifetime anyway.
    body: dict[str, Any] = {"access_token": access, "token_type": "bearer",
                            "expires_in": ttl or FIELD_TTL, "scope": SCOPE,
                            "user_id": ctx.shop_id, "refresh_token": refresh}
    return JSONResponse(body, headers={"Cache-Control": "no-store", "Pragma": "no-cache"})


def _authorization(ctx: Ctx, values: dict[str, str]) -> Code:
    """The request of an authorization, checked; _Refused says what is wrong with it."""
    if values.get("response_type") != "code":
        raise _Refused("response_type must be 'code'.")
    if values.get("client_id") != ctx.client_id:
        raise _Refused("The application (client_id) is not registered.")
    redirect = values.get("redirect_uri", "")
    parts = urlsplit(redirect)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.fragment:
        raise _Refused("redirect_uri must be an absolute http(s) address without #.")
    challenge = values.get("code_challenge") or None
    method = values.get("code_challenge_method") or ("plain" if challenge else None)
    if method is not None and (challenge is None or method not in ("S256", "plain")):
        raise _Refused("code_challenge_method must be S256 or plain, with a code_challenge.")
    return Code(ctx.client_id, redirect, challenge, method)


def _with_query(url: str, **params: str | None) -> str:
    parts = urlsplit(url)
    extra = urlencode({k: v for k, v in params.items() if v is not None})
    query = f"{parts.query}&{extra}" if parts.query else extra
    return urlunsplit(parts._replace(query=query))


def _shop_name(ctx: Ctx) -> str:
    row = ctx.conn.execute("SELECT doc FROM shops WHERE id=?", (ctx.shop_id,)).fetchone()
    return str(json.loads(row[0]).get("shop_name") or "") if row else ""


@router.get("/authorization")
async def authorization_page(request: Request) -> Response:
    ctx = get_ctx(request)
    values = {k: v for k, v in request.query_params.items() if k in AUTH_FIELDS}
    try:
        code = _authorization(ctx, values)
    except _Refused as exc:
        return HTMLResponse(oauth_page.problem(exc.message), status_code=400)
    loopback = urlsplit(code.redirect_uri or "").hostname in LOOPBACK
    return HTMLResponse(oauth_page.consent(values, _shop_name(ctx), ctx.shop_id,
                                           show_code=not loopback))


@router.post("/authorization")
async def authorize(request: Request) -> Response:
    """The seller's answer (the page's form, or a test posting the same fields): a 302 to
    redirect_uri with `code` and `state`, or `error=access_denied`; with `display=page` the
    code is shown on a page instead, for apps whose redirect is not on this machine."""
    ctx = get_ctx(request)
    try:
        values = await _fields(request)
        code = _authorization(ctx, values)
    except GrantError as exc:
        return HTMLResponse(oauth_page.problem(exc.reason), status_code=400)
    except _Refused as exc:
        return HTMLResponse(oauth_page.problem(exc.message), status_code=400)
    state = values.get("state") or None
    target = code.redirect_uri or ""
    if values.get("decision", "allow") != "allow":
        return RedirectResponse(_with_query(target, error="access_denied", state=state), 302)
    issued = ctx.grants.issue_code(code)
    target = _with_query(target, code=issued, state=state)
    if values.get("display") == "page":
        return HTMLResponse(oauth_page.show_code(issued, code.client_id, target))
    return RedirectResponse(target, 302)
