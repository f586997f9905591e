"""Test controls outside /v1 (not in OpenAPI): fault switches, the request log, and
simulated buyers (a new question, a new order), since the spec has no endpoint for what buyers do.
The limits, the clock, tokens and field variety are switched in routes_controls.
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar, get_args

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, StrictStr, ValidationError

from sellerdesk.sandbox import simulate, vocab
from sellerdesk.sandbox.context import Ctx, get_ctx, presented_token
from sellerdesk.sandbox.envelope import Channel
from sellerdesk.sandbox.errors import MetricsError
from sellerdesk.sandbox.faults import check_fields

router = APIRouter(prefix="/_sandbox", include_in_schema=False)

# The spec's currencies and the field's (VES, USD, PEN: a test asks for them by name).
Currency = Literal["ARS", "BRL", "CLP", "COP", "MXN", "UYU", "VEF", "VES", "USD", "PEN"]
assert set(get_args(Currency)) == set(vocab.ALL_CURRENCY_FACTOR)


class NewQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    thread_id: StrictStr | None = None
    text: StrictStr | None = None
    buyer: StrictStr | None = None
    channel: Channel | None = None


class NewOrder(BaseModel):
    model_config = ConfigDict(extra="forbid")
    currency: Currency | None = None
    channel: Channel | None = None


Body = TypeVar("Body", NewQuestion, NewOrder)


def admin(request: Request) -> Ctx:
    """The start token opens these even once it is revoked or expired on /v1."""
    ctx = get_ctx(request)
    if presented_token(request) != ctx.token:
        raise MetricsError(401, "Unauthorized: use the sandbox's start token")
    return ctx


@router.get("/faults")
async def get_faults(request: Request) -> dict[str, Any]:
    return admin(request).faults.as_dict()


@router.put("/faults")
async def put_faults(request: Request) -> Response:
    ctx = admin(request)
    try:
        values = await request.json()
    except ValueError:
        raise MetricsError(400, "The body must be a JSON object") from None
    if not isinstance(values, dict):
        raise MetricsError(400, "The body must be a JSON object")
    problem = check_fields(values)
    if problem:
        raise MetricsError(400, problem)
    ctx.faults.merge(values)
    return JSONResponse(ctx.faults.as_dict())


@router.delete("/faults")
async def reset_faults(request: Request) -> dict[str, Any]:
    ctx = admin(request)
    ctx.faults.reset()
    return ctx.faults.as_dict()


def _whole(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not raw.isdigit():
        raise MetricsError(400, f"{name} must be a non-negative integer")
    return int(raw)


@router.get("/requests")
async def recent_requests(request: Request) -> list[dict[str, Any]]:
    """The newest `limit` (1000) entries after id `since`, oldest first; `writes=1` keeps
    only the requests that were not GETs."""
    ctx = admin(request)
    return ctx.requests.entries(since=_whole(request, "since", 0),
                                limit=_whole(request, "limit", 1000),
                                writes_only=request.query_params.get("writes") == "1")


@router.delete("/requests", status_code=204)
async def clear_requests(request: Request) -> Response:
    admin(request).requests.clear()
    return Response(status_code=204)


async def _body(request: Request, model: type[Body]) -> Body:
    """An optional JSON object (empty body or null = all defaults); 400 naming the field."""
    raw = await request.body()
    values: Any = {}
    if raw.strip():
        try:
            values = json.loads(raw)
        except ValueError:
            raise MetricsError(400, "The body must be a JSON object") from None
    if values is None:
        values = {}
    if not isinstance(values, dict):
        raise MetricsError(400, "The body must be a JSON object")
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        problems = [f"{'.'.join(str(p) for p in err['loc']) or 'body'}: {err['msg']}"
                    for err in exc.errors()[:3]]
        raise MetricsError(400, "; ".join(problems)) from None


def _trimmed(name: str, value: str | None, most: int) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not 1 <= len(value) <= most:
        raise MetricsError(400, f"{name} must have 1 to {most} characters (or be null)")
    return value


@router.post("/questions", status_code=201)
async def simulate_question(request: Request) -> JSONResponse:
    """A buyer asks: a new unanswered question in `thread_id`, or in a new thread."""
    ctx = admin(request)
    body = await _body(request, NewQuestion)
    if body.thread_id is not None and not body.thread_id.strip():
        raise MetricsError(400, "thread_id must not be empty (or be null for a new thread)")
    doc = simulate.new_question(
        ctx, body.thread_id, _trimmed("text", body.text, simulate.MAX_TEXT),
        _trimmed("buyer", body.buyer, simulate.MAX_BUYER), body.channel)
    return JSONResponse(doc, status_code=201)


@router.post("/orders", status_code=201)
async def simulate_order(request: Request) -> Response:
    """A buyer buys and pays: a new paid, not processed, open order."""
    ctx = admin(request)
    body = await _body(request, NewOrder)
    text = simulate.new_order(ctx, body.currency, body.channel)
    return Response(text, status_code=201, media_type="application/json")
