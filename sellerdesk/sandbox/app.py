"""The FastAPI application: routers, error shapes, the field's limits, database lifetime."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

from fastapi import FastAPI

from sellerdesk.sandbox import db, errors, openapi, seed
from sellerdesk.sandbox.clock import Clock
from sellerdesk.sandbox.context import Ctx
from sellerdesk.sandbox.faults import Faults, FaultState
from sellerdesk.sandbox.limits import Limits, RateLimiter, gentle
from sellerdesk.sandbox.middleware import FieldMiddleware
from sellerdesk.sandbox.routes_catalog import router as catalog_router
from sellerdesk.sandbox.routes_controls import router as controls_router
from sellerdesk.sandbox.routes_media import router as media_router
from sellerdesk.sandbox.routes_metrics import router as metrics_router
from sellerdesk.sandbox.routes_oauth import router as oauth_router
from sellerdesk.sandbox.routes_orders import router as orders_router
from sellerdesk.sandbox.routes_questions import router as questions_router
from sellerdesk.sandbox.routes_sandbox import router as sandbox_router
from sellerdesk.sandbox.routes_threads import router as threads_router
from sellerdesk.sandbox.tokens import DEMO_CLIENT_ID, DEMO_CLIENT_SECRET
from sellerdesk.sandbox.variety import Variety
from sellerdesk.sandbox.variety_records import switch


def create_app(db_path: Path | str, shop_id: int = 1001, token: str = "sandbox-token",
               faults: FaultState | None = None, *, seed_value: int = 1,
               orders: int = 2000, limits: Limits | None = None,
               field_variety: bool = False, client_id: str = DEMO_CLIENT_ID,
               client_secret: str = DEMO_CLIENT_SECRET) -> FastAPI:
    """Open (and on first use seed) the database, then build the app around it.

    `limits` default to none at all (as `--gentle`); the command line's defaults are the
    field's. `app.state.start_refresh_token` is a refresh token issued at start.
    """
    conn = db.connect(db_path)
    if not seed.is_seeded(conn, shop_id):
        seed.seed(conn, shop_id, seed_value, orders)
    switch(conn, shop_id, seed_value, field_variety)
    # Fold the seed into the main file now: a sandbox stopped before its server starts never
    # closes the database (the lifespan does), and a copy of the main file must be whole.
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    variety = Variety()
    variety.load(conn)
    clock = Clock()
    start_limits = limits or gentle()
    ctx = Ctx(conn=conn, shop_id=shop_id, token=token,
              faults=Faults(faults, seed=seed_value), seed=seed_value, clock=clock,
              limiter=RateLimiter(clock, replace(start_limits)), variety=variety,
              client_id=client_id, client_secret=client_secret, start_limits=start_limits)
    # The start token is an access token issued now (a restart issues it again).
    ctx.grants.register_access(token, start_limits.token_ttl)
    start_refresh = ctx.grants.issue_refresh(client_id)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        db.close(conn)

    app = FastAPI(title="SellerDesk sandbox",
                  description="Reference server of the shop service spec (demo data).",
                  version="1", lifespan=lifespan, redirect_slashes=False)
    app.state.ctx = ctx
    app.state.start_refresh_token = start_refresh
    errors.install(app)
    # Threads before questions: /questions/threads/... must not reach /questions/{id}.
    for router in (catalog_router, metrics_router, threads_router, questions_router,
                   orders_router, sandbox_router, controls_router, oauth_router,
                   media_router):
        app.include_router(router)
    app.add_middleware(FieldMiddleware, faults=ctx.faults, limiter=ctx.rate, log=ctx.requests)
    openapi.install(app)
    return app
