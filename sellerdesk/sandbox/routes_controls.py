"""Run-time switches of the harsh parts (outside /v1, not in OpenAPI, never rate-limited):
`/_sandbox/limits`, `/_sandbox/clock`, `/_sandbox/tokens`, `/_sandbox/variety`; and the
texts of the shop record and of categories (`/_sandbox/shop`, `/_sandbox/categories/{id}`).
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


# -- record texts ----------------------------------------------------------------------------
# The spec has no write for the shop record or a category; tests that show hostile names
# (bidi overrides, line separators, markup) set them here. Texts only, stored as sent.
_SHOP_TEXTS = frozenset({"shop_name", "email", "plan", "locale", "url", "admin_url", "status"})
_ADDRESS_TEXTS = frozenset({"country", "state", "city", "zip", "address", "phone"})
_CATEGORY_TEXTS = frozenset({"name", "permalink"})


def _texts(values: dict[str, Any], allowed: frozenset[str], where: str) -> dict[str, Any]:
    unknown = sorted(set(values) - allowed)
    if unknown:
        raise MetricsError(400, f"{where}: unknown field {unknown[0]} (texts only: "
                                f"{', '.join(sorted(allowed))})")
    for name, value in values.items():
        if value is not None and not isinstance(value, str):
            raise MetricsError(400, f"{where}: {name} must be a string or null")
    return values


@router.patch("/shop")
async def patch_shop(request: Request) -> dict[str, Any]:
    """Set texts of the shop record: `{"shop_name"?, ..., "address"?: {"city"?, ...}}`."""
    ctx = admin(request)
    values = dict(await _object(request))
    address = values.pop("address", None)
    if address is not None and not isinstance(address, dict):
        raise MetricsError(400, "address must be an object")
    texts = _texts(values, _SHOP_TEXTS, "shop")
    address_texts = _texts(address or {}, _ADDRESS_TEXTS, "address")
    with transaction(ctx.conn) as conn:
        row = conn.execute("SELECT doc FROM shops WHERE id=?", (ctx.shop_id,)).fetchone()
        doc: dict[str, Any] = json.loads(row["doc"])
        doc.update(texts)
        if address_texts:
            doc["address"] = {**(doc.get("address") or {}), **address_texts}
        conn.execute("UPDATE shops SET doc=? WHERE id=?", (json.dumps(doc), ctx.shop_id))
    return doc


@router.patch("/categories/{category_id}")
async def patch_category(category_id: int, request: Request) -> dict[str, Any]:
    """Set a category's `name` and/or `permalink`; 404 for a category the shop lacks."""
    ctx = admin(request)
    texts = _texts(await _object(request), _CATEGORY_TEXTS, "category")
    with transaction(ctx.conn) as conn:
        row = conn.execute("SELECT doc FROM categories WHERE id=? AND shop_id=?",
                           (category_id, ctx.shop_id)).fetchone()
        if row is None:
            raise MetricsError(404, f"Category {category_id} not found")
        doc: dict[str, Any] = json.loads(row["doc"])
        doc.update(texts)
        conn.execute("UPDATE categories SET doc=? WHERE id=? AND shop_id=?",
                     (json.dumps(doc), category_id, ctx.shop_id))
    return doc
