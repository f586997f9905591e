"""Run-time switches of the harsh parts (outside /v1, not in OpenAPI, never rate-limited):
`/_sandbox/limits`, `/_sandbox/clock`, `/_sandbox/tokens`, `/_sandbox/variety`.
All take the start token, like `/_sandbox/faults`."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sellerdesk.sandbox.db import transaction
from sellerdesk.sandbox.errors import MetricsError
from sellerdesk.sandbox.limits import FIELD_TTL, check_limits
from sellerdesk.sandbox.routes_sandbox import admin
from sellerdesk.sandbox.variety_records import switch

router = APIRouter(prefix="/_sandbox", include_in_schema=False)


async def _object(request: Request) -> dict[str, Any]:
    """The JSON object of the body (empty body = {}); 400 {error} otherwise."""
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        values = json.loads(raw)
    except ValueError:
        raise MetricsError(400, "The body must be a JSON object") from None
    if not isinstance(values, dict):
        raise MetricsError(400, "The body must be a JSON object")
    return values


def _number(values: dict[str, Any], name: str) -> float | None:
    value = values.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or value < 0:
        raise MetricsError(400, f"{name} must be a non-negative number")
    return float(value)


# -- limits ------------------------------------------------------------------------------
@router.get("/limits")
async def get_limits(request: Request) -> dict[str, Any]:
    return admin(request).rate.as_dict()


@router.put("/limits")
async def put_limits(request: Request) -> dict[str, Any]:
    """Change the rate limit, burst, Retry-After share or token lifetime (partial body)."""
    ctx = admin(request)
    values = await _object(request)
    problem = check_limits(values)
    if problem:
        raise MetricsError(400, problem)
    ctx.rate.configure(values)
    return ctx.rate.as_dict()


@router.delete("/limits")
async def reset_limits(request: Request) -> dict[str, Any]:
    """Back to the limits the sandbox started with; every caller rested, 429s counted
    afresh (so the Retry-After share starts over)."""
    ctx = admin(request)
    ctx.rate.replace(replace(ctx.start_limits))
    return ctx.rate.as_dict()


# -- clock -------------------------------------------------------------------------------
def _clock(request: Request) -> dict[str, Any]:
    clock = admin(request).clock
    return {"now": clock.wall(), "frozen": clock.frozen, "offset": clock.offset}


@router.get("/clock")
async def get_clock(request: Request) -> dict[str, Any]:
    return _clock(request)


@router.put("/clock")
async def put_clock(request: Request) -> dict[str, Any]:
    """`{"frozen": true}` stops the sandbox's time, `{"advance": seconds}` moves it on
    (tokens expire, codes age, buckets refill), `{"frozen": false}` lets it run again."""
    ctx = admin(request)
    values = await _object(request)
    unknown = set(values) - {"frozen", "advance"}
    if unknown:
        raise MetricsError(400, f"unknown clock field: {sorted(unknown)[0]}")
    frozen = values.get("frozen")
    if frozen is not None and not isinstance(frozen, bool):
        raise MetricsError(400, "frozen must be a boolean")
    advance = _number(values, "advance")
    if frozen is True:
        ctx.clock.freeze()
    if advance:
        ctx.clock.advance(advance)
    if frozen is False:
        ctx.clock.thaw()
    return _clock(request)


# -- tokens ------------------------------------------------------------------------------
@router.post("/tokens", status_code=201)
async def issue_tokens(request: Request) -> JSONResponse:
    """A new access token (lifetime `ttl`, default the current token_ttl; 0 = forever) and
    a refresh token for the demo app, without the browser: as /oauth/token answers."""
    ctx = admin(request)
    values = await _object(request)
    ttl = _number(values, "ttl")
    lifetime = ctx.rate.limits.token_ttl if ttl is None else ttl
    with transaction(ctx.conn):
        access = ctx.grants.issue_access(ctx.client_id, lifetime)
        refresh = ctx.grants.issue_refresh(ctx.client_id)
    return JSONResponse({"access_token": access, "token_type": "bearer",
                         "expires_in": int(lifetime) or FIELD_TTL,
                         "refresh_token": refresh, "user_id": ctx.shop_id}, status_code=201)


@router.post("/tokens/expire")
async def expire_tokens(request: Request) -> dict[str, Any]:
    """`{"token": T}` ends that access token's life now (404 if unknown); `{"all": true}`
    ends every one (the start token too). Its next use answers the field's expired body."""
    ctx = admin(request)
    values = await _object(request)
    if values.get("all") is True:
        return {"expired": ctx.grants.expire_all()}
    token = values.get("token")
    if not isinstance(token, str) or not token:
        raise MetricsError(400, "give {\"token\": <access token>} or {\"all\": true}")
    if not ctx.grants.expire(token):
        raise MetricsError(404, "No such access token")
    return {"expired": 1}


# -- field variety -----------------------------------------------------------------------
@router.get("/variety")
async def get_variety(request: Request) -> dict[str, Any]:
    """Every field-variety record by table and variant (ids as stored), and the odd pages."""
    return admin(request).variety.listing()


@router.put("/variety")
async def put_variety(request: Request) -> dict[str, Any]:
    """`{"on": bool}`: put the variety records in or take them out (and what was written to
    them) while running."""
    ctx = admin(request)
    values = await _object(request)
    on = values.get("on")
    if not isinstance(on, bool) or set(values) != {"on"}:
        raise MetricsError(400, "the body must be {\"on\": true|false}")
    switch(ctx.conn, ctx.shop_id, ctx.seed, on)
    ctx.variety.load(ctx.conn)
    return ctx.variety.listing()
