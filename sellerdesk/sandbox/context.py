"""What every route needs: the database, the shop, its tokens, limits, faults and variety."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Annotated, Literal

from fastapi import Depends, Query, Request

from sellerdesk.sandbox.clock import Clock
from sellerdesk.sandbox.errors import ExpiredTokenError, MarketError, MetricsError, TextError
from sellerdesk.sandbox.faults import Faults
from sellerdesk.sandbox.limits import Limits, RateLimiter, gentle
from sellerdesk.sandbox.requestlog import RequestLog
from sellerdesk.sandbox.tokens import DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, TokenStore
from sellerdesk.sandbox.variety import Variety


@dataclass
class Ctx:
    conn: sqlite3.Connection
    shop_id: int
    token: str  # the start token: also the key to /_sandbox, even once expired or revoked
    faults: Faults
    seed: int = 1  # --seed: what simulated buyers draw from (routes_sandbox)
    clock: Clock = field(default_factory=Clock)
    limiter: RateLimiter | None = None
    tokens: TokenStore | None = None
    log: RequestLog | None = None
    variety: Variety = field(default_factory=Variety)
    client_id: str = DEMO_CLIENT_ID
    client_secret: str = DEMO_CLIENT_SECRET
    start_limits: Limits = field(default_factory=gentle)  # what DELETE /_sandbox/limits restores

    def __post_init__(self) -> None:
        if self.limiter is None:
            self.limiter = RateLimiter(self.clock, gentle())
        if self.tokens is None:
            self.tokens = TokenStore(self.conn, self.clock, self.shop_id)
        if self.log is None:
            self.log = RequestLog(self.conn)

    # Narrowed views of the fields __post_init__ always fills.
    @property
    def rate(self) -> RateLimiter:
        assert self.limiter is not None
        return self.limiter

    @property
    def grants(self) -> TokenStore:
        assert self.tokens is not None
        return self.tokens

    @property
    def requests(self) -> RequestLog:
        assert self.log is not None
        return self.log


def get_ctx(request: Request) -> Ctx:
    ctx: Ctx = request.app.state.ctx
    return ctx


def presented_token(request: Request) -> str | None:
    """`Authorization: Bearer <token>` or the `access_token` parameter; the header wins."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.query_params.get("access_token")


def _verdict(ctx: Ctx, request: Request) -> Literal["ok", "expired", "wrong"]:
    token = presented_token(request)
    if token is None or ctx.faults.state.token_revoked:
        return "wrong"  # token_revoked refuses every access token, as a revoked grant does
    state = ctx.grants.check_access(token)
    if state != "valid":
        return "wrong" if state == "unknown" else "expired"
    return "ok" if request.path_params.get("shop_id") == str(ctx.shop_id) else "wrong"


TokenParam = Annotated[str | None, Query(description="Access token of the shop (or send "
                                                     "Authorization: Bearer)")]


async def text_auth(request: Request, access_token: TokenParam = None) -> Ctx:
    """Shop info, searches and the other reads/writes: 403 text/plain (decisions.md)."""
    ctx = get_ctx(request)
    verdict = _verdict(ctx, request)
    if verdict == "expired":
        raise ExpiredTokenError()
    if verdict == "wrong":
        raise TextError(403, "Forbidden: invalid access token or shop id")
    return ctx


async def metrics_auth(request: Request, access_token: TokenParam = None) -> Ctx:
    """Tracking codes: 401 {error} (spec: Errors)."""
    ctx = get_ctx(request)
    verdict = _verdict(ctx, request)
    if verdict == "expired":
        raise ExpiredTokenError()
    if verdict == "wrong":
        raise MetricsError(401, "Unauthorized: invalid access token")
    return ctx


async def known_shop(request: Request) -> Ctx:
    """Categories need no token (decisions.md); an unknown shop is 404."""
    ctx = get_ctx(request)
    if request.path_params.get("shop_id") != str(ctx.shop_id):
        raise MarketError(404, "Shop not found")
    return ctx


TextAuth = Annotated[Ctx, Depends(text_auth)]
MetricsAuth = Annotated[Ctx, Depends(metrics_auth)]
KnownShop = Annotated[Ctx, Depends(known_shop)]
