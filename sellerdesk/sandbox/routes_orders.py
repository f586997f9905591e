"""Orders: single read, search with facets, invoice update and shipping update."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Response
from pydantic import BaseModel, StrictBool, StrictStr

from sellerdesk.sandbox import clock, orders_search, schemas
from sellerdesk.sandbox.context import Ctx, TextAuth
from sellerdesk.sandbox.db import MAX_ID, transaction, write_stamp
from sellerdesk.sandbox.direct_json import DirectJSONRoute
from sellerdesk.sandbox.envelope import Channel, LimitParam, OffsetParam, page
from sellerdesk.sandbox.errors import MarketError
from sellerdesk.sandbox.order_doc import (
    CHANNEL_STATUS,
    INDEX_COLUMNS,
    index_columns,
    order_delivered,
)
from sellerdesk.sandbox.schemas import documented

router = APIRouter(prefix="/v1/shops/{shop_id}/orders", tags=["orders"],
                   route_class=DirectJSONRoute)

Flag = Annotated[Literal["true", "false"] | None, Query()]
OrderSort = Literal["creation_date_asc", "creation_date_desc", "client_id_asc",
                    "client_id_desc", "name_asc", "name_desc", "total_last_updated_asc",
                    "total_last_updated_desc", "total_last_updated_sasc"]
ShippingFilter = Literal["pending", "pickup", "on_route", "print_tag", "to_be_agreed",
                         "in_progress", "delivered"]
ShippingStatus = Literal["pickup", "pending", "in_progress", "on_route", "delivered"]


class Invoice(BaseModel):
    invoiced: StrictBool
    number: StrictStr | None = None
    type: StrictStr | None = None


class InvoiceBody(BaseModel):
    invoice: Invoice


class ShippingBody(BaseModel):
    status: ShippingStatus
    tracking_code: StrictStr | None = None


@router.get("/search", summary="Search orders", **documented(schemas.OrderSearch))
async def search_orders(
    shop_id: int, ctx: TextAuth,
    status: Annotated[Literal["new", "first_contact", "confirmed_data"] | None, Query()] = None,
    processed: Flag = None, paid: Flag = None, delivered: Flag = None, closed: Flag = None,
    channel: Annotated[Channel | None, Query(description="Either spelling")] = None,
    buyer_feedback: Flag = None, seller_feedback: Flag = None, feedback: Flag = None,
    shipping: Annotated[ShippingFilter | None, Query()] = None,
    orders: Annotated[OrderSort, Query()] = "creation_date_desc",
    limit: LimitParam = None, offset: OffsetParam = 0,
) -> Response:
    given = {"status": status, "processed": processed, "paid": paid, "delivered": delivered,
             "closed": closed, "channel": channel, "buyer_feedback": buyer_feedback,
             "seller_feedback": seller_feedback, "feedback": feedback, "shipping": shipping}
    applied = {k: v for k, v in given.items() if v is not None}
    pg = page(limit, offset)
    text = orders_search.search(ctx, applied, orders, pg,
                                odd=lambda body: ctx.variety.envelope("orders", pg.offset, body))
    return Response(text, media_type="application/json")


def _load(ctx: Ctx, order_id: int) -> dict[str, Any]:
    row = None
    if 0 <= order_id <= MAX_ID:
        row = ctx.conn.execute("SELECT doc FROM orders WHERE id=? AND shop_id=?",
                               (order_id, ctx.shop_id)).fetchone()
    if row is None:
        raise MarketError(404, f"Order {order_id} not found")
    doc: dict[str, Any] = json.loads(row[0])
    return doc


def _save(ctx: Ctx, order_id: int, doc: dict[str, Any], stamp: int) -> None:
    """Store the document and refresh the columns searches read; last_updated moves on."""
    sets = ", ".join(f"{c}=?" for c in INDEX_COLUMNS)
    ctx.conn.execute(f"UPDATE orders SET {sets}, updated_ts=?, doc=? WHERE id=?",
                     (*index_columns(doc), stamp, json.dumps(doc, ensure_ascii=False,
                                                             separators=(",", ":")), order_id))


@router.get("/{order_id}", summary="One order", **documented(schemas.Order))
async def get_order(shop_id: int, order_id: int, ctx: TextAuth) -> Response:
    row = None
    if 0 <= order_id <= MAX_ID:
        row = ctx.conn.execute("SELECT doc FROM orders WHERE id=? AND shop_id=?",
                               (order_id, ctx.shop_id)).fetchone()
    if row is None:
        raise MarketError(404, f"Order {order_id} not found")
    if ctx.variety.on and ctx.variety.partial(order_id):
        # Field variety: the field's 206 Partial Content, with empty buyer and feedback.
        doc = json.loads(row[0])
        doc["buyer"], doc["feedback"] = {}, {}
        return Response(json.dumps(doc, ensure_ascii=False), status_code=206,
                        media_type="application/json")
    return Response(row[0], media_type="application/json")


@router.put("/{order_id}", summary="Update the invoice data of an order",
            **documented(schemas.Order))
async def update_invoice(shop_id: int, order_id: int, ctx: TextAuth,
                         body: InvoiceBody = Body(...)) -> dict[str, Any]:
    doc = _load(ctx, order_id)
    inv = body.invoice
    if inv.invoiced and not (inv.number or "").strip():
        raise MarketError(400, "An invoiced order needs the voucher number")
    with transaction(ctx.conn):
        stamp = write_stamp(ctx.conn)
        old = doc.get("invoice") or {}
        invoiced_date = None
        if inv.invoiced:
            # Set by the server when `invoiced` turns true (decisions.md); kept after.
            invoiced_date = old.get("invoiced_date") if old.get("invoiced") else \
                clock.iso(clock.from_millis(stamp), zulu=True)
        doc["invoice"] = {"invoiced": inv.invoiced, "type": inv.type, "number": inv.number,
                          "invoiced_date": invoiced_date}
        _save(ctx, order_id, doc, stamp)
    return doc


@router.put("/{order_id}/shippings/{shipping_id}", summary="Update a shipping",
            **documented(schemas.Shipping))
async def update_shipping(shop_id: int, order_id: int, shipping_id: int, ctx: TextAuth,
                          body: ShippingBody = Body(...)) -> dict[str, Any]:
    doc = _load(ctx, order_id)
    # str(): field-variety orders write their shipping ids as strings.
    found = [s for s in doc.get("shippings") or [] if str(s.get("id")) == str(shipping_id)]
    if not found:
        raise MarketError(404, f"Shipping {shipping_id} not found in order {order_id}")
    shipping = found[0]
    with transaction(ctx.conn):
        stamp = write_stamp(ctx.conn)
        shipping["status"] = body.status
        shipping["channel_status"] = CHANNEL_STATUS[body.status]
        if body.tracking_code is not None:  # absent keeps the old one (decisions.md)
            shipping["tracking_code"] = body.tracking_code
        doc["status"]["delivered"] = order_delivered(doc)
        _save(ctx, order_id, doc, stamp)
    return dict(shipping)
