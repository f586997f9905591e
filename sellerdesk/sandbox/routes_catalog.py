"""Categories (no token, decisions.md) and shop info (403 text/plain on a bad token)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request

from sellerdesk.sandbox import schemas
from sellerdesk.sandbox.context import KnownShop, TextAuth
from sellerdesk.sandbox.db import MAX_ID
from sellerdesk.sandbox.direct_json import DirectJSONRoute
from sellerdesk.sandbox.errors import MarketError
from sellerdesk.sandbox.routes_media import logo_url
from sellerdesk.sandbox.schemas import documented

router = APIRouter(prefix="/v1/shops/{shop_id}", route_class=DirectJSONRoute)


def _categories(ctx: KnownShop) -> list[tuple[int | None, dict[str, Any]]]:
    rows = ctx.conn.execute(
        "SELECT parent_id, doc FROM categories WHERE shop_id=? ORDER BY position, id",
        (ctx.shop_id,)).fetchall()
    return [(row["parent_id"], json.loads(row["doc"])) for row in rows]


@router.get("/categories", tags=["categories"], summary="Root categories",
            **documented(schemas.Category, many=True))
async def root_categories(shop_id: int, ctx: KnownShop) -> list[dict[str, Any]]:
    return [doc for parent, doc in _categories(ctx) if parent is None]


@router.get("/categories/tree", tags=["categories"], summary="Whole category tree",
            **documented(schemas.CategoryNode, many=True))
async def category_tree(shop_id: int, ctx: KnownShop) -> list[dict[str, Any]]:
    rows = _categories(ctx)
    by_parent: dict[int | None, list[dict[str, Any]]] = {}
    for parent, doc in rows:
        by_parent.setdefault(parent, []).append(doc)

    def build(doc: dict[str, Any], parent: int | None) -> dict[str, Any]:
        node = dict(doc)
        if parent is not None:
            node["parent_id"] = parent
        node["children"] = [build(c, doc["id"]) for c in by_parent.get(doc["id"], [])]
        return node

    return [build(doc, None) for doc in by_parent.get(None, [])]


@router.get("/categories/{category_id}", tags=["categories"], summary="One category",
            **documented(schemas.Category))
async def category(shop_id: int, category_id: int, ctx: KnownShop) -> dict[str, Any]:
    row = None
    if 0 <= category_id <= MAX_ID:
        row = ctx.conn.execute("SELECT parent_id, doc FROM categories WHERE id=? AND shop_id=?",
                               (category_id, ctx.shop_id)).fetchone()
    if row is None:
        raise MarketError(404, f"Category {category_id} not found")
    doc: dict[str, Any] = json.loads(row["doc"])
    return doc


@router.get("", tags=["shop"], summary="Shop information", **documented(schemas.Shop))
async def shop_info(shop_id: int, ctx: TextAuth, request: Request) -> dict[str, Any]:
    row = ctx.conn.execute("SELECT doc FROM shops WHERE id=?", (ctx.shop_id,)).fetchone()
    doc: dict[str, Any] = json.loads(row["doc"])
    if ctx.variety.on:
        # decisions.md: a field beyond the spec (which has only the flag) names the logo.
        doc["logo_url"] = logo_url(request, ctx.shop_id) if doc.get("has_logo") else None
    return doc
