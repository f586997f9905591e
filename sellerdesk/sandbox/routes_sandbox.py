"""Test controls outside /v1: fault switches and the recent-request log (not in OpenAPI)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from sellerdesk.sandbox.context import Ctx, get_ctx
from sellerdesk.sandbox.errors import MetricsError
from sellerdesk.sandbox.faults import check_fields

router = APIRouter(prefix="/_sandbox", include_in_schema=False)


def _admin(request: Request) -> Ctx:
    """The start token opens these even while `token_revoked` refuses it on /v1."""
    ctx = get_ctx(request)
    if request.query_params.get("access_token") != ctx.token:
        raise MetricsError(401, "Unauthorized: use the sandbox's start token")
    return ctx


@router.get("/faults")
async def get_faults(request: Request) -> dict[str, Any]:
    return _admin(request).faults.as_dict()


@router.put("/faults")
async def put_faults(request: Request) -> Response:
    ctx = _admin(request)
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
    ctx = _admin(request)
    ctx.faults.reset()
    return ctx.faults.as_dict()


@router.get("/requests")
async def recent_requests(request: Request) -> list[dict[str, Any]]:
    return [dict(entry) for entry in _admin(request).faults.log]


@router.delete("/requests", status_code=204)
async def clear_requests(request: Request) -> Response:
    _admin(request).faults.log.clear()
    return Response(status_code=204)
