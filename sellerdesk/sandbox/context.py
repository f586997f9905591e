"""What every route needs: the database, the shop it serves, its token, the fault switches."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Query, Request

from sellerdesk.sandbox.errors import MarketError, MetricsError, TextError
from sellerdesk.sandbox.faults import Faults


@dataclass
class Ctx:
    conn: sqlite3.Connection
    shop_id: int
    token: str
    faults: Faults
    seed: int = 1  # --seed: what simulated buyers draw from (routes_sandbox)


def get_ctx(request: Request) -> Ctx:
    ctx: Ctx = request.app.state.ctx
    return ctx


def _authorized(ctx: Ctx, request: Request, token: str | None) -> bool:
    if token is None or token != ctx.token or ctx.faults.state.token_revoked:
        return False
    return request.path_params.get("shop_id") == str(ctx.shop_id)


TokenParam = Annotated[str | None, Query(description="Access token of the shop")]


def text_auth(request: Request, access_token: TokenParam = None) -> Ctx:
    """Shop info, searches and the other reads/writes: 403 text/plain (decisions.md)."""
    ctx = get_ctx(request)
    if not _authorized(ctx, request, access_token):
        raise TextError(403, "Forbidden: invalid access token or shop id")
    return ctx


def metrics_auth(request: Request, access_token: TokenParam = None) -> Ctx:
    """Tracking codes: 401 {error} (spec: Errors)."""
    ctx = get_ctx(request)
    if not _authorized(ctx, request, access_token):
        raise MetricsError(401, "Unauthorized: invalid access token")
    return ctx


def known_shop(request: Request) -> Ctx:
    """Categories need no token (decisions.md); an unknown shop is 404."""
    ctx = get_ctx(request)
    if request.path_params.get("shop_id") != str(ctx.shop_id):
        raise MarketError(404, "Shop not found")
    return ctx


TextAuth = Annotated[Ctx, Depends(text_auth)]
MetricsAuth = Annotated[Ctx, Depends(metrics_auth)]
KnownShop = Annotated[Ctx, Depends(known_shop)]

