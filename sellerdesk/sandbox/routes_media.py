"""Images a shop links to, served as a CDN would: outside /v1, no token, no rate limit."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from sellerdesk.sandbox import logo
from sellerdesk.sandbox.context import get_ctx
from sellerdesk.sandbox.errors import MarketError

router = APIRouter(prefix="/media", include_in_schema=False)


def logo_url(request: Request, shop_id: int) -> str:
    """Where the shop's logo is, on this sandbox's own address."""
    return f"{str(request.base_url).rstrip('/')}/media/shops/{shop_id}/logo.png"


@router.get("/shops/{shop_id}/logo.png")
async def shop_logo(shop_id: str, request: Request) -> Response:
    if shop_id != str(get_ctx(request).shop_id):
        raise MarketError(404, "Resource not found")
    return Response(logo.png(), media_type="image/png",
                    headers={"Cache-Control": "public, max-age=86400"})
