"""One table row per order: the few fields the list shows, kept instead of the whole Order.

A 100,000-order shop scrolled to the end keeps 100,000 rows in memory; a full `Order` with
its buyer, billing data, payments and shippings would be several kilobytes each, a line is a
few hundred bytes. The detail pane reads the whole order for the one selected.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from sellerdesk.services.types import Order, ShippingStatus
from sellerdesk.ui.widgets.formatting import (
    CURRENCY_LOCALES,
    format_datetime,
    format_money,
    format_number,
)

# Table cells show at most this much of a text field (a 100 KB "name" would make every
# repaint lay out 100 KB of glyphs); the detail pane shows more.
CELL_LIMIT = 160
# Shipping progress, for the one status a list row shows when an order has several.
_PROGRESS = {ShippingStatus.PENDING: 0, ShippingStatus.IN_PROGRESS: 1, ShippingStatus.PICKUP: 2,
             ShippingStatus.ON_ROUTE: 3, ShippingStatus.DELIVERED: 4}


def clip(text: str, limit: int = CELL_LIMIT) -> str:
    """`text` on one line and at most `limit` characters (then an ellipsis)."""
    if len(text) > limit:
        text = text[:limit] + "…"
    if "\n" in text or "\r" in text:
        text = " ".join(text.split())
    return text


_warming = threading.Lock()
_warmed: list[bool] = []


def warm_formatting() -> None:
    """Load Babel's data for every currency's locale on a thread of its own, once.

    The first amount formatted in a locale loads that locale from disk (10-30 ms each); a
    list mixing the seven currencies paid ~190 ms of that on its first paint. Loading it
    while the window is being set up keeps it off the first paint. A plain daemon thread,
    not the task runner: nothing waits for it and nothing is shown (Babel's loader locks).
    """
    with _warming:
        if _warmed:
            return
        _warmed.append(True)

    def warm() -> None:
        moment = datetime(2024, 1, 1, tzinfo=UTC)
        for currency in CURRENCY_LOCALES:
            format_money(Decimal("1234.5"), currency)
        format_datetime(moment, "short")
        format_number(1234)

    threading.Thread(target=warm, name="warm-formatting", daemon=True).start()


def money_text(amount: Decimal | None, currency: str | None) -> str:
    """An amount in its currency's house style; a bare "$" (ARS, CLP, COP, MXN, UYU all
    write one) gets the currency code, so a list mixing currencies reads unambiguously."""
    text = format_money(amount, currency)
    if currency and amount is not None and text.startswith("$"):
        text += f" {currency}"
    return text


@dataclass(slots=True)
class OrderLine:
    id: str
    created: datetime | None
    buyer: str
    nickname: str
    channel: str | None
    products: str
    currency: str | None
    total: Decimal | None
    paid: bool
    processed: bool
    delivered: bool
    closed: bool
    shipping: str | None  # the least advanced shipping's status
    shipping_ids: tuple[int, ...]
    tracking_codes: tuple[str, ...]
    payments: int
    # Display texts per column, computed the first time the row is painted (Babel is not
    # free, and a repaint asks for every visible cell several times).
    texts: list[str] | None = None


def order_line(order: Order) -> OrderLine:
    st = order.status
    buyer = order.buyer
    ships = order.shippings or []
    statuses = [s.status for s in ships if s.status is not None]
    shipping = min(statuses, key=lambda s: _PROGRESS.get(s, -1)) if statuses else None
    products = ", ".join(
        f"{p.quantity or 1} × {p.title or ''}" for p in (order.products or [])[:5])
    return OrderLine(
        id=order.id,
        created=order.creation_date,
        buyer=clip(buyer.name or buyer.nickname or "" if buyer else ""),
        nickname=clip(buyer.nickname or "" if buyer else ""),
        channel=order.channel.value if order.channel else None,
        products=clip(products),
        currency=order.currency.value if order.currency else None,
        total=order.grand_total if order.grand_total is not None else order.amount,
        paid=bool(st and st.paid),
        processed=bool(st and st.processed),
        delivered=bool(st and st.delivered),
        closed=bool(st and st.closed),
        shipping=shipping.value if shipping is not None else None,
        shipping_ids=tuple(s.id for s in ships if s.id is not None),
        tracking_codes=tuple(clip(s.tracking_code, 64) for s in ships if s.tracking_code),
        payments=len(order.payments or []),
    )
