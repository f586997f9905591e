"""The read-only parts of an order's detail, each a `KeyValues` section of plain text."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from sellerdesk.api.models import Order, Qualification
from sellerdesk.ui.orders.filters import channel_label, shipping_label
from sellerdesk.ui.widgets.formatting import format_datetime, format_money
from sellerdesk.ui.widgets.key_values import KeyValues


def _tr(text: str) -> str:
    return QCoreApplication.translate("OrderDetail", text)


def _join(*parts: object, sep: str = ", ") -> str:
    return sep.join(str(p) for p in parts if p not in (None, ""))


def buyer_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Buyer"), parent)
    b = order.buyer
    if b is None:
        box.add_text(_tr("No buyer details."), muted=True)
        return box
    box.add(_tr("Name"), b.name)
    box.add(_tr("Nickname"), b.nickname)
    box.add(_tr("E-mail"), _join(b.mail, b.mail2))
    box.add(_tr("Phone"), _join(b.phone, b.phone2))
    box.add(_tr("Document"), _join(b.doc_type, b.doc_number, sep=" "))
    box.add(_tr("Client number"), str(b.client_id) if b.client_id is not None else None)
    box.add(_tr("Message"), order.buyer_message)
    return box


def billing_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Billing data"), parent)
    bd = order.billing_data
    if bd is None:
        box.add_text(_tr("No billing data."), muted=True)
        return box
    box.add(_tr("Name"), bd.name)
    box.add(_tr("E-mail"), bd.email)
    box.add(_tr("Phone"), bd.phone)
    a = bd.address
    if a is not None:
        box.add(_tr("Address"), _join(_join(a.street, a.number, sep=" "), a.additional_info))
        box.add(_tr("City"), _join(a.city, a.state.name if a.state else None, bd.zip_code))
    elif bd.zip_code:
        box.add(_tr("Postcode"), bd.zip_code)
    r = bd.recipient
    if r is not None:
        box.add(_tr("Tax document"), _join(r.type, r.doc_number, sep=" "))
    return box


def products_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Products"), parent)
    money = _money_of(order)
    for i, p in enumerate(order.products or []):
        if i:
            box.add_spacer()
        box.add_text(_tr("{quantity} × {title}").format(quantity=p.quantity or 1,
                                                        title=p.title or _tr("(untitled)")))
        variations = ", ".join(_join(v.name, v.value, sep=": ") for v in p.variations or [])
        box.add(_tr("Variation"), variations)
        box.add(_tr("SKU"), p.sku)
        if p.unit_price is not None:
            box.add(_tr("Price"), _tr("{unit} each, {amount}").format(
                unit=money(p.unit_price), amount=money(p.amount)))
        box.add(_tr("Promotion"), p.promotion)
    if not order.products:
        box.add_text(_tr("No products listed."), muted=True)
    box.add_spacer()
    box.add(_tr("Products"), money(order.products_total) if order.products_total else None)
    discounts = (order.products_discounts_total or 0) + (order.discounts_total or 0)
    box.add(_tr("Discounts"), "−" + money(discounts) if discounts else None)
    box.add(_tr("Shipping"), money(order.shipping_total)
            if order.shipping_total is not None else None)
    box.add(_tr("Total"), money(order.grand_total) if order.grand_total is not None else None)
    return box


def payments_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Payments"), parent)
    money = _money_of(order)
    for i, pay in enumerate(order.payments or []):
        if i:
            box.add_spacer()
        box.add(_tr("Method"), _join(pay.method, pay.provider, sep=" · "))
        box.add(_tr("Status"), pay.status.value.replace("_", " ") if pay.status else None)
        box.add(_tr("Amount"), money(pay.amount) if pay.amount is not None else None)
        if pay.installments and pay.installments > 1:
            box.add(_tr("Instalments"), str(pay.installments))
        box.add(_tr("Paid on"), format_datetime(pay.paid_date) if pay.paid_date else None)
    if not order.payments:
        box.add_text(_tr("No payments yet."), muted=True)
    return box


def shippings_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Shipping"), parent)
    money = _money_of(order)
    for i, s in enumerate(order.shippings or []):
        if i:
            box.add_spacer()
        box.add(_tr("Shipping"), str(s.id) if s.id is not None else None)
        box.add(_tr("Status"), shipping_label(s.status.value) if s.status else None)
        box.add(_tr("Method"), s.method)
        box.add(_tr("Type"), _ship_type(s.ship_type.value) if s.ship_type else None)
        box.add(_tr("Tracking code"), s.tracking_code)
        r = s.receiver
        if r is not None:
            box.add(_tr("Receiver"), r.name)
            box.add(_tr("Deliver to"), _join(r.address, r.neighbourhood, r.city, r.zip))
            box.add(_tr("Phone"), r.phone)
        box.add(_tr("Notes"), _join(s.additional_info, s.observations, sep=" · "))
        box.add(_tr("Cost"), money(s.amount) if s.amount is not None else None)
    if not order.shippings:
        box.add_text(_tr("This order has no shipping."), muted=True)
    return box


def invoice_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Invoice"), parent)
    inv = order.invoice
    if inv is None or not inv.invoiced:
        box.add_text(_tr("Not invoiced yet."), muted=True)
    else:
        box.add(_tr("Number"), inv.number)
        box.add(_tr("Type"), inv.type)
        box.add(_tr("Invoiced on"), format_datetime(inv.invoiced_date)
                if inv.invoiced_date else None)
    return box


def notes_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Notes"), parent)
    for note in order.notes or []:
        box.add_text(_note_text(note))
    if not order.notes:
        box.add_text(_tr("No notes."), muted=True)
    return box


def feedback_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(_tr("Feedback"), parent)
    fb = order.feedback
    for who, given in ((_tr("From the buyer"), fb.buyer if fb else None),
                       (_tr("From you"), fb.seller if fb else None)):
        box.add(who, _qualification(given) if given is not None else _tr("Pending"))
    return box


def _ship_type(value: str) -> str:
    return {"not specified": _tr("To be agreed with the buyer"),
            "custom": _tr("Your own delivery"),
            "carrier_mode_1": _tr("Carrier"),
            "carrier_mode_2": _tr("Carrier, you print the label")}.get(value, value)


def _qualification(q: Qualification | str) -> str:
    if isinstance(q, str):
        return q
    return _join(q.rating, q.message, q.reason, sep=" · ") or _tr("Given")


def _note_text(note: Any) -> str:
    """The spec does not show a note's shape: text when it has one, else its fields."""
    if isinstance(note, dict):
        text = note.get("text") or note.get("note")
        if isinstance(text, str):
            when = _moment(note.get("date_created"))
            return f"{text} ({when})" if when else text
        return ", ".join(f"{k}: {v}" for k, v in note.items())
    return str(note)


def _moment(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return format_datetime(datetime.fromisoformat(value), "short")
    except ValueError:
        return value


def _money_of(order: Order) -> Callable[[Decimal | int | None], str]:
    currency = order.currency.value if order.currency else None

    def money(amount: Decimal | int | None) -> str:
        return format_money(amount, currency)
    return money


def summary_line(order: Order) -> str:
    """Under the detail's title: when, where."""
    return _join(format_datetime(order.creation_date) if order.creation_date else None,
                 channel_label(order.channel.value) if order.channel else None,
                 order.currency.value if order.currency else None,
                 sep="  ·  ")
