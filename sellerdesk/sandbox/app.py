"""The FastAPI application: routers, error shapes, fault middleware, database lifetime."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI

from sellerdesk.sandbox import db, errors, openapi, seed
from sellerdesk.sandbox.context import Ctx
from sellerdesk.sandbox.faults import FaultMiddleware, Faults, FaultState
from sellerdesk.sandbox.routes_catalog import router as catalog_router
from sellerdesk.sandbox.routes_metrics import router as metrics_router
from sellerdesk.sandbox.routes_orders import router as orders_router
from sellerdesk.sandbox.routes_questions import router as questions_router
from sellerdesk.sandbox.routes_sandbox import router as sandbox_router
from sellerdesk.sandbox.routes_threads import router as threads_router


def create_app(db_path: Path | str, shop_id: int = 1001, token: str = "sandbox-token",
               faults: FaultState | None = None, *, seed_value: int = 1,
               orders: int = 2000) -> FastAPI:
    """Open (and on first use seed) the database, then build the app around it."""
    conn = db.connect(db_path)
    if not seed.is_seeded(conn, shop_id):
        seed.seed(conn, shop_id, seed_value, orders)
    ctx = Ctx(conn=conn, shop_id=shop_id, token=token,
              faults=Faults(faults, seed=seed_value), seed=seed_value)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        db.close(conn)

    app = FastAPI(title="SellerDesk sandbox",
                  description="Reference server of the shop service spec (demo data).",
                  version="1", lifespan=lifespan, redirect_slashes=False)
    app.state.ctx = ctx
    errors.install(app)
    # Threads before questions: /questions/threads/... must not reach /questions/{id}.
    for router in (catalog_router, metrics_router, threads_router, questions_router,
                   orders_router, sandbox_router):
        app.include_router(router)
    app.add_middleware(FaultMiddleware, faults=ctx.faults)
    openapi.install(app)
    return app
