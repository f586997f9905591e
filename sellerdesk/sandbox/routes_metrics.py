"""Tracking codes, exposed under the path word `metrics` (spec: Tracking codes)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Literal

from fastapi import APIRouter, Body, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from sellerdesk.sandbox import schemas
from sellerdesk.sandbox.context import Ctx, MetricsAuth
from sellerdesk.sandbox.db import MAX_ID, transaction
from sellerdesk.sandbox.direct_json import DirectJSONRoute
from sellerdesk.sandbox.errors import MetricsError
from sellerdesk.sandbox.requestlog import note_applied
from sellerdesk.sandbox.schemas import documented

router = APIRouter(prefix="/v1/shops/{shop_id}/metrics", tags=["tracking codes"],
                   route_class=DirectJSONRoute)

Provider = Literal["PROVIDER_ANALYTICS", "PROVIDER_ADS", "PROVIDER_CLICKS", "PROVIDER_SURVEY",
                   "PROVIDER_STAMP", "PROVIDER_SOCIAL_AD", "OTHER"]
Event = Literal["NAVIGATION", "BUY_BUTTON", "CONTACT_BUTTON", "PAY_BUTTON", "CONGRAT_PAGE"]
Status = Literal["ACTIVE", "INACTIVE"]
# An object, or a JSON string of one (decisions.md).
Options = dict[str, Any] | StrictStr


class TrackingCodeCreate(BaseModel):
    name: StrictStr = Field(min_length=1)
    code: StrictStr = Field(min_length=1)
    provider: Provider
    event: Event
    status: Status = "ACTIVE"
    options: Options = Field(default_factory=dict)


class TrackingCodeChange(BaseModel):
    """Only the fields to change; any other field is a 400 (decisions.md)."""

    model_config = ConfigDict(extra="forbid")
    name: StrictStr | None = Field(default=None, min_length=1)
    code: StrictStr | None = Field(default=None, min_length=1)
    provider: Provider | None = None
    event: Event | None = None
    status: Status | None = None
    options: Options | None = None


def _options(value: dict[str, Any] | str) -> str:
    if isinstance(value, str):
        try:
            parsed = json.loads(value) if value.strip() else {}
        except ValueError:
            raise MetricsError(400, "options must be an object or a JSON object string") from None
        if not isinstance(parsed, dict):
            raise MetricsError(400, "options must be an object or a JSON object string")
        value = parsed
    return json.dumps(value, ensure_ascii=False)


def _shape(ctx: Ctx, row: sqlite3.Row, listed: bool = False) -> dict[str, Any]:
    # Field variety may write the id as a string or null (variety.py).
    return {"id": ctx.variety.wire_id("tracking_codes", row["id"]), "shop_id": row["shop_id"],
            "name": row["name"],
            "code": row["code"],
            # The list returns options as an empty string, single reads as an object (spec).
            "options": "" if listed else json.loads(row["options"]),
            "provider": row["provider"], "event": row["event"], "status": row["status"]}


def _row(ctx: Ctx, code_id: int) -> sqlite3.Row:
    row = None
    if 0 <= code_id <= MAX_ID:
        row = ctx.conn.execute("SELECT * FROM tracking_codes WHERE id=? AND shop_id=?",
                               (code_id, ctx.shop_id)).fetchone()
    if row is None:
        raise MetricsError(404, f"Tracking code {code_id} not found")
    found: sqlite3.Row = row
    return found


@router.get("", summary="Active tracking codes", **documented(schemas.TrackingCode, many=True))
async def list_codes(shop_id: int, ctx: MetricsAuth, event: Event | None = None,
                     provider: Provider | None = None) -> list[dict[str, Any]]:
    sql = "SELECT * FROM tracking_codes WHERE shop_id=? AND status='ACTIVE'"
    args: list[Any] = [ctx.shop_id]
    if event is not None:
        sql += " AND event=?"
        args.append(event)
    if provider is not None:
        sql += " AND provider=?"
        args.append(provider)
    return [_shape(ctx, row, listed=True)
            for row in ctx.conn.execute(sql + " ORDER BY id", args)]


@router.get("/{id}", summary="One tracking code", **documented(schemas.TrackingCode))
async def get_code(shop_id: int, id: int, ctx: MetricsAuth) -> dict[str, Any]:
    return _shape(ctx, _row(ctx, id))


@router.post("", status_code=201, summary="Create a tracking code",
             **documented(schemas.TrackingCode, 201))
async def create_code(shop_id: int, ctx: MetricsAuth,
                      body: TrackingCodeCreate = Body(...)) -> dict[str, Any]:
    options = _options(body.options)
    with transaction(ctx.conn):
        cur = ctx.conn.execute(
            "INSERT INTO tracking_codes(shop_id, name, code, options, provider, event, status)"
            " VALUES(?, ?, ?, ?, ?, ?, ?)",
            (ctx.shop_id, body.name, body.code, options, body.provider, body.event, body.status))
    created = int(cur.lastrowid or 0)
    note_applied(created_id=created)  # the request log names the id made (crash trials)
    return _shape(ctx, _row(ctx, created))


@router.put("/{id}", summary="Modify a tracking code", **documented(schemas.TrackingCode))
async def modify_code(shop_id: int, id: int, ctx: MetricsAuth,
                      body: TrackingCodeChange = Body(...)) -> dict[str, Any]:
    _row(ctx, id)
    changes: dict[str, Any] = {}
    for name in body.model_fields_set:
        value = getattr(body, name)
        if value is None:
            raise MetricsError(400, f"{name} cannot be null")
        changes[name] = _options(value) if name == "options" else value
    if changes:
        sets = ", ".join(f"{name}=?" for name in changes)  # names come from the model only
        with transaction(ctx.conn):
            ctx.conn.execute(f"UPDATE tracking_codes SET {sets} WHERE id=?",
                             [*changes.values(), id])
    return _shape(ctx, _row(ctx, id))


@router.delete("/{id}", status_code=204, summary="Delete a tracking code")
async def delete_code(shop_id: int, id: int, ctx: MetricsAuth) -> Response:
    _row(ctx, id)
    with transaction(ctx.conn):
        ctx.conn.execute("DELETE FROM tracking_codes WHERE id=?", (id,))
    return Response(status_code=204)
