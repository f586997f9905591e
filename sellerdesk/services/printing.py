"""What goes on paper for the day's work: packing slips and a pick list (issue 27).

Read from the local store only, never the network: a seller prints the afternoon's orders
offline as well as online. The seller's unsent changes (a tracking code typed a minute ago)
are on the paper, as the order list shows them. Texts stay raw here; the renderer makes each
one inert (plain text, bidi isolated) where it draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from sellerdesk.api.models import Order
from sellerdesk.services.people import buyer_name
from sellerdesk.store.rows import OrderFilter, OrderSort, OrderSummary

if TYPE_CHECKING:
    from sellerdesk.services.catalogue import CatalogueService
    from sellerdesk.services.orders import OrdersService

# The views the command line names, and the filter each is (the Orders view's "To ship").
VIEWS: dict[str, OrderFilter] = {
    "to-ship": OrderFilter(summary=OrderSummary.PENDING_SHIPMENT),
}


@dataclass(frozen=True, slots=True)
class SlipItem:
    title: str
    variation: str  # "Color: Red, Size: M"; "" when the order does not say
    quantity: int
    sku: str
    unit_price: Decimal | None


@dataclass(frozen=True, slots=True)
class Slip:
    """One order's packing slip."""

    order_id: str
    created: datetime | None
    shop_name: str
    buyer: str
    address: tuple[str, ...]  # the lines of the shipping address, in writing order
    items: tuple[SlipItem, ...]
    tracking_codes: tuple[str, ...]
    currency: str


@dataclass(frozen=True, slots=True)
class PickLine:
    """One product of the pick list: how many to take off the shelf, for which orders."""

    title: str
    variation: str
    quantity: int
    order_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PrintJob:
    slips: tuple[Slip, ...]
    missing: tuple[str, ...]  # asked-for order ids the local copy does not hold


def variation_text(product_variations: Sequence[object] | None) -> str:
    parts = []
    for v in product_variations or []:
        name = getattr(v, "name", None) or ""
        value = getattr(v, "value", None) or ""
        if name and value:
            parts.append(f"{name}: {value}")
        elif name or value:
            parts.append(name or value)
    return ", ".join(parts)


def address_lines(order: Order) -> tuple[str, ...]:
    """The receiver's address of the first shipping that has one, else the billing address."""
    for ship in order.shippings or []:
        r = ship.receiver
        if r is None or not (r.address or r.city or r.zip):
            continue
        town = " ".join(x for x in (r.zip or "", r.city or "") if x)
        region = ", ".join(x for x in (r.municipality or "", r.state_id or "",
                                       r.country_id or "") if x)
        lines = [r.address or "", r.neighbourhood or "", town, region]
        return tuple(line for line in lines if line)
    billing = order.billing_data
    if billing is not None and billing.address is not None:
        a = billing.address
        street = " ".join(x for x in (a.street or "", a.number or "") if x)
        town = " ".join(x for x in (billing.zip_code or "", a.city or "") if x)
        lines = [street, a.additional_info or "", town, a.state.name or "" if a.state else ""]
        return tuple(line for line in lines if line)
    return ()


def receiver_name(order: Order) -> str:
    """Whom the parcel goes to: the shipping's receiver, else the buyer's name."""
    for ship in order.shippings or []:
        if ship.receiver is not None and ship.receiver.name:
            return ship.receiver.name
    return buyer_name(order.buyer)


def slip_of(order: Order, shop_name: str) -> Slip:
    items = tuple(
        SlipItem(title=p.title or "", variation=variation_text(p.variations),
                 quantity=p.quantity if p.quantity is not None else 1, sku=p.sku or "",
                 unit_price=p.unit_price)
        for p in order.products or [])
    codes = tuple(str(s.tracking_code) for s in order.shippings or [] if s.tracking_code)
    return Slip(order_id=str(order.id), created=order.creation_date, shop_name=shop_name,
                buyer=receiver_name(order), address=address_lines(order), items=items,
                tracking_codes=codes,
                currency=order.currency.value if order.currency else "")


def pick_list(slips: Sequence[Slip]) -> list[PickLine]:
    """The items of `slips` summed per product (title and variation), sorted by title."""
    totals: dict[tuple[str, str], int] = {}
    orders: dict[tuple[str, str], list[str]] = {}
    for slip in slips:
        for item in slip.items:
            key = (item.title, item.variation)
            totals[key] = totals.get(key, 0) + item.quantity
            ids = orders.setdefault(key, [])
            if slip.order_id not in ids:
                ids.append(slip.order_id)
    keys = sorted(totals, key=lambda k: (k[0].casefold(), k[1].casefold(), k))
    return [PickLine(title=k[0], variation=k[1], quantity=totals[k],
                     order_ids=tuple(orders[k])) for k in keys]


async def gather(orders: OrdersService, catalogue: CatalogueService, *,
                 order_ids: Sequence[str] = (), view: OrderFilter | None = None) -> PrintJob:
    """The slips of `order_ids` (in that order), or of every order in `view` (newest first),
    from the local copy, with the seller's unsent changes applied."""
    shop = await catalogue.shop()
    shop_name = (shop.shop_name or "") if shop is not None else ""
    found: list[Order] = []
    missing: list[str] = []
    if view is not None:
        found = await orders.orders(view, sort=OrderSort.CREATION_DATE_DESC, limit=None)
    for order_id in dict.fromkeys(order_ids):
        order = await orders.order(order_id)
        if order is None:
            missing.append(order_id)
        else:
            found.append(order)
    slips = [slip_of(await orders.with_pending(o), shop_name) for o in found]
    return PrintJob(slips=tuple(slips), missing=tuple(missing))


__all__ = ["VIEWS", "PickLine", "PrintJob", "Slip", "SlipItem", "address_lines", "gather",
           "pick_list", "receiver_name", "slip_of", "variation_text"]
