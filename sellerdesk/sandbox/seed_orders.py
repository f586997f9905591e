"""Demo orders: 18 months of sales in every currency, channel, state and shipping type."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from sellerdesk.sandbox import vocab
from sellerdesk.sandbox.clock import DEMO_END, iso, millis
from sellerdesk.sandbox.order_doc import (
    CHANNEL_STATUS,
    INDEX_COLUMNS,
    index_columns,
    money,
    short_channel,
)
from sellerdesk.sandbox.people import Person, make_person

PAY_STATUSES = [("approved", 74), ("pending", 6), ("in_process", 4), ("rejected", 5),
                ("cancelled", 5), ("refunded", 4), ("charged_back", 2)]
SHIP_TYPES = [("carrier_mode_2", 40), ("carrier_mode_1", 25), ("custom", 20),
              ("not specified", 15)]
PAY_METHODS = [("marketpay", "account_money"), ("marketpay", "credit_card"),
               ("marketpay", "ticket"), ("payu", "credit_card"), ("payu", "debit_card"),
               ("bank", "bank_transfer")]
SHIP_METHODS = [(501, "Normal a domicilio"), (502, "Prioritario a domicilio"),
                (503, "Retiro en sucursal del correo"), (504, "Express 24 h")]
FEEDBACK_MSGS = {"positive": "Excelente, todo perfecto.", "neutral": "Llegó con demora.",
                 "negative": "El producto no coincide con la publicación."}
NOTES = ["Cliente pidió envolver para regalo.", "Llamar antes de despachar.",
         "Cambio de talle solicitado por mensaje."]
BUYER_MESSAGES = ["Por favor enviar en caja cerrada.", "¿Pueden despachar hoy?",
                  "Dejar en portería si no hay nadie.", "Gracias!"]
ORDER_ID_BASE = 3_100_000
ORDER_INSERT = (f"INSERT INTO orders(id, shop_id, {', '.join(INDEX_COLUMNS)}, creation_ts, "
                f"updated_ts, doc) VALUES ({', '.join('?' * (len(INDEX_COLUMNS) + 5))})")


def _pick(rng: random.Random, weighted: list[tuple[str, int]]) -> str:
    return rng.choices([v for v, _ in weighted], [w for _, w in weighted])[0]


class _Buyers:
    """A pool per currency, so most buyers come back for more than one order."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pools: dict[str, list[Person]] = {c: [] for c in vocab.ALL_CURRENCY_FACTOR}
        self.count = 0

    def pick(self, currency: str) -> Person:
        pool = self.pools[currency]
        if len(pool) < 5 or self.rng.random() < 0.35:
            self.count += 1
            pool.append(make_person(self.rng, currency, self.count))
            return pool[-1]
        return self.rng.choice(pool)


def _feedback(rng: random.Random) -> dict[str, Any]:
    rating = rng.choices(["positive", "neutral", "negative"], [85, 10, 5])[0]
    return {"fulfilled": rating != "negative", "rating": rating,
            "message": FEEDBACK_MSGS[rating], "reason": None if rating != "negative"
            else "item_not_as_described"}


def _products(rng: random.Random, channel: str, currency: str, free: bool,
              method: str) -> tuple[list[dict[str, Any]], int, int]:
    """Products of one order, with the sums (cents) of amounts and of product discounts."""
    items, total, discounts = [], 0, 0
    picks = rng.sample(range(len(vocab.PRODUCTS)), rng.choices([1, 2, 3], [75, 20, 5])[0])
    for idx in picks:
        title, base, var_names = vocab.PRODUCTS[idx]
        units = base * vocab.ALL_CURRENCY_FACTOR[currency] * rng.uniform(0.9, 1.1)
        unit = int(units / 10) * 1000 if currency in vocab.NO_CENTS else int(units * 100)
        qty = rng.choices([1, 2, 3], [82, 14, 4])[0]
        amount = unit * qty
        promo = rng.random() < 0.15
        if promo:
            discounts += amount // 10 if currency not in vocab.NO_CENTS else amount // 1000 * 100
        total += amount
        marketplace = channel.startswith("marketplace")
        items.append({
            "id": 880_000 + idx, "channel": channel,
            "external_reference": f"MKT{600_000_000 + idx * 7919}" if marketplace
            else str(880_000 + idx),
            "sku": f"SKU-{idx:03d}-{currency}", "title": title, "quantity": qty,
            "method": method, "currency": currency, "unit_price": money(unit, currency),
            "amount": money(amount, currency), "free_shipping": free,
            "market_variation_id": (170_000_000 + idx * 101 + rng.randint(0, 4))
            if marketplace and var_names else None,
            "variations": [{"name": n, "value": rng.choice(vocab.VARIATION_VALUES[n])}
                           for n in var_names],
            "promotion": "Hot Sale 10% OFF" if promo else None,
        })
    return items, total, discounts


def _states(rng: random.Random, age: float, marketplace: bool, pay: str,
            ship_type: str) -> dict[str, Any]:
    """A plausible life so far: payment, processing, shipping, feedback and closing."""
    paid = pay == "approved"
    cancelled = pay in ("rejected", "cancelled", "refunded", "charged_back")
    processed = (paid and (age > 3 or rng.random() < 0.55)) or (pay == "refunded" and age > 5)
    ship = "pending"
    if paid and processed:
        if ship_type == "not specified":
            ship = "delivered" if age > 10 or rng.random() < 0.4 else "pickup"
        elif age > 20:
            ship = "delivered" if rng.random() < 0.96 else "on_route"
        elif age > 7:
            ship = rng.choices(["delivered", "on_route", "in_progress"], [60, 30, 10])[0]
        else:
            ship = rng.choices(["in_progress", "pickup", "on_route"], [40, 30, 30])[0]
    delivered = ship == "delivered"
    buyer_fb = seller_fb = None
    if delivered or (cancelled and marketplace and rng.random() < 0.3):
        if rng.random() < (0.8 if age > 15 else 0.4):
            buyer_fb = _feedback(rng)
        if rng.random() < (0.85 if age > 15 else 0.35):
            seller_fb = _feedback(rng)
    reason = None
    if marketplace and buyer_fb and seller_fb:
        reason = "feedback_completed"
    elif not marketplace and delivered and age > 2:
        reason = "delivered"
    elif cancelled and (age > 3 or rng.random() < 0.5):
        reason = "cancelled"
    elif not paid and not cancelled and age > 10:
        reason = "expired"
    if processed or reason:
        contact = rng.choices(["confirmed_data", "first_contact"], [85, 15])[0]
    else:
        contact = rng.choices(["new", "first_contact", "confirmed_data"], [60, 25, 15])[0]
    order_status = {"approved": "paid", "pending": "payment_required",
                    "in_process": "payment_in_process"}.get(pay, "cancelled")
    return {"paid": paid, "processed": processed, "ship": ship, "delivered": delivered,
            "buyer_fb": buyer_fb, "seller_fb": seller_fb, "reason": reason,
            "contact": contact, "order_status": order_status, "cancelled": cancelled}


# A sale that just came in: paid, not processed, nothing shipped, open (see new_order_doc).
FRESH_STATES: dict[str, Any] = {
    "paid": True, "processed": False, "ship": "pending", "delivered": False, "buyer_fb": None,
    "seller_fb": None, "reason": None, "contact": "new", "order_status": "paid",
    "cancelled": False}


def new_order_doc(rng: random.Random, shop_id: int, seq: int, created: datetime,
                  buyer: Person, channel: str | None = None) -> dict[str, Any]:
    """An order placed and paid at `created` (the sandbox's simulated buyers): built like
    the demo ones, in `channel` (either spelling) or a drawn one."""
    doc = _order(rng, shop_id, seq, created, buyer, channel=channel, fresh=True)
    for payment in doc["payments"]:
        if payment["paid"]:  # paid as it was placed, not minutes later
            payment["paid_date"] = iso(created, zulu=True)
    return doc


def order_doc(rng: random.Random, shop_id: int, seq: int, created: datetime,
              buyer: Person) -> dict[str, Any]:
    """An order of the demo's kind with a life of its age so far (field variety's base)."""
    return _order(rng, shop_id, seq, created, buyer)


def _order(rng: random.Random, shop_id: int, seq: int, created: datetime,
           buyer: Person, *, channel: str | None = None, fresh: bool = False
           ) -> dict[str, Any]:
    currency = buyer.currency
    if channel is None:
        channel = "marketplace" if rng.random() < 0.6 else "shopfront"
        if rng.random() < 0.1:  # decisions.md: about one in ten records uses the long spelling
            channel += "_long"
    marketplace = short_channel(channel) == "marketplace"
    age = (DEMO_END - created).total_seconds() / 86400
    ship_type = _pick(rng, SHIP_TYPES)
    pay = "approved" if fresh else _pick(rng, PAY_STATUSES)
    st = dict(FRESH_STATES) if fresh else _states(rng, age, marketplace, pay, ship_type)
    free = rng.random() < 0.3
    method_id, method = rng.choice(SHIP_METHODS)
    products, products_total, product_discounts = _products(rng, channel, currency, free, method)
    subtotal = products_total - product_discounts
    coupon = subtotal // 20 if rng.random() < 0.08 else 0
    if currency in vocab.NO_CENTS:
        coupon -= coupon % 100
    ship_cents = 0 if free else int(600 * vocab.ALL_CURRENCY_FACTOR[currency]
                                    * rng.uniform(0.8, 1.5))
    ship_cents = ship_cents // 100 * 100 if currency in vocab.NO_CENTS else ship_cents
    grand = subtotal - coupon + ship_cents
    order_id = ORDER_ID_BASE + seq
    processed_at = created + timedelta(hours=rng.uniform(2, 60))
    closed_at = created + timedelta(days=min(age, rng.uniform(3, 25)))
    provider, pay_method = rng.choice(PAY_METHODS)
    payments = []
    if pay == "approved" and rng.random() < 0.06:  # a rejected try before the good one
        payments.append(_payment(rng, order_id * 10 + 1, "rejected", provider, "credit_card",
                                 currency, grand, created))
    payments.append(_payment(rng, order_id * 10 + 2, pay, provider, pay_method, currency,
                             grand, created))
    tracking = None
    if st["ship"] in ("in_progress", "on_route", "delivered") and ship_type != "not specified":
        tracking = f"TN{rng.randint(10**9, 10**10 - 1)}{buyer.country}"
    promotions = [{"id": 9100 + (1 if coupon else 0), "name": "Cupón BIENVENIDA5" if coupon
                   else "Hot Sale 10% OFF", "type": "coupon" if coupon else "product_discount",
                   "amount": money(coupon or product_discounts, currency)}
                  ] if coupon or product_discounts else []
    invoiced = st["processed"] and rng.random() < 0.6
    return {
        "id": str(order_id), "store_id": shop_id, "channel": channel,
        "external_reference": 2_000_000_000 + seq * 13 if marketplace else 100_000 + seq,
        "currency": currency, "amount": money(grand, currency),
        "products_total": money(products_total, currency),
        "products_discounts_total": money(product_discounts, currency),
        "products_grand_total": money(subtotal, currency),
        "discounts_total": money(coupon, currency), "shipping_total": money(ship_cents, currency),
        "grand_total": money(grand, currency), "creation_date": iso(created),
        "buyer_message": rng.choice(BUYER_MESSAGES) if rng.random() < 0.2 else None,
        "status": {
            "delivered": st["delivered"], "paid": st["paid"], "closed": st["reason"] is not None,
            "closed_reason": st["reason"], "closed_date": iso(closed_at) if st["reason"] else None,
            "processed": st["processed"],
            "processed_date": iso(processed_at) if st["processed"] else None,
            "contact_data_status": st["contact"], "order_status": st["order_status"]},
        "buyer": _buyer(rng, buyer),
        "billing_data": {
            "id": 40_000_000 + seq, "store_id": shop_id, "name": buyer.name,
            "email": buyer.email, "phone": buyer.phone, "zip_code": buyer.zip,
            "address": {"additional_info": rng.choice([None, "Depto 4B", "Casa al fondo"]),
                        "street": buyer.street, "number": buyer.number, "city": buyer.city,
                        "state": {"id": buyer.state_id, "name": buyer.state_name}},
            "recipient": {"doc_number": str(buyer.doc_number), "type": buyer.doc_type}},
        "payments": payments,
        "shippings": [{
            "id": 60_000_000 + seq, "external_reference": 40_000_000_000 + seq * 7
            if marketplace else None,
            "ship_type": ship_type,
            "channel_status": "cancelled" if st["cancelled"] else CHANNEL_STATUS[st["ship"]],
            "status": st["ship"], "receiver": buyer.receiver(),
            "additional_info": rng.choice([None, "Timbre 3B", "Entregar por la tarde"]),
            "method_id": method_id, "method": method, "currency": currency,
            "amount": money(ship_cents, currency), "tracking_code": tracking,
            "observations": None, "date_created": iso(processed_at if st["processed"]
                                                      else created)}],
        "invoice": {"invoiced": invoiced, "type": rng.choice(["A", "B", "C"]) if invoiced
                    else None, "number": f"0003-{seq:08d}" if invoiced else None,
                    "invoiced_date": iso(processed_at, zulu=True) if invoiced else None},
        "products": products,
        "notes": [{"id": seq, "date_created": iso(processed_at), "text": rng.choice(NOTES)}]
        if not fresh and rng.random() < 0.03 else [],
        "feedback": {"buyer": st["buyer_fb"], "seller": st["seller_fb"]},
        "promotions": promotions, "free_shipping": free,
    }


def _payment(rng: random.Random, pay_id: int, status: str, provider: str, method: str,
             currency: str, grand: int, created: datetime) -> dict[str, Any]:
    paid = status == "approved"
    installments = rng.choice([1, 3, 6, 12]) if method == "credit_card" else 1
    return {"id": pay_id, "external_reference": 9_000_000_000 + pay_id,
            "status": status, "provider": provider, "method": method, "currency": currency,
            "amount": money(grand, currency), "paid": paid,
            "paid_date": iso(created + timedelta(minutes=rng.randint(1, 90)), zulu=True)
            if paid else None, "installments": installments,
            "fees": {"finance_fee": money(grand * 4 // 100 if installments > 1 else 0, currency)}}


def _buyer(rng: random.Random, p: Person) -> dict[str, Any]:
    buyer: dict[str, Any] = {
        "id": 30_000_000 + p.client_id, "market_cust_id": p.market_cust_id, "name": p.name,
        "nickname": p.nickname, "client_id": p.client_id, "mail": p.email, "phone": p.phone,
        "doc_number": p.doc_number, "doc_type": p.doc_type}
    if p.client_id % 5 == 0:  # the optional second contact fields
        buyer["mail2"] = p.email.replace("@", ".alt@")
        buyer["phone2"] = p.phone[:-4] + "0000"
    return buyer


def order_rows(rng: random.Random, shop_id: int, count: int) -> Iterator[tuple[Any, ...]]:
    """Rows for ORDER_INSERT, oldest first, ids rising with time."""
    span = 548 * 86400  # 18 months of seconds
    offsets = sorted((rng.random() * span for _ in range(count)), reverse=True)
    buyers = _Buyers(rng)
    currencies = [c for c, _ in vocab.CURRENCY_WEIGHTS]
    weights = [w for _, w in vocab.CURRENCY_WEIGHTS]
    for seq, off in enumerate(offsets):
        created = (DEMO_END - timedelta(seconds=off)).replace(microsecond=0)
        currency = rng.choices(currencies, weights)[0]
        doc = _order(rng, shop_id, seq, created, buyers.pick(currency))
        ts = millis(created)
        yield (ORDER_ID_BASE + seq, shop_id, *index_columns(doc), ts, ts,
               json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
