"""The read-only parts of an order's detail, each a `KeyValues` section of plain text."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import Order, Qualification
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP
from sellerdesk.ui.vocabulary import channel_label, shipping_label
from sellerdesk.ui.widgets.formatting import format_datetime, format_money
from sellerdesk.ui.widgets.key_values import KeyValues

_SHIP_TYPES = {
    "not specified": QT_TRANSLATE_NOOP("OrderDetail", "To be agreed with the buyer"),
    "custom": QT_TRANSLATE_NOOP("OrderDetail", "Your own delivery"),
    "carrier_mode_1": QT_TRANSLATE_NOOP("OrderDetail", "Carrier"),
    "carrier_mode_2": QT_TRANSLATE_NOOP("OrderDetail", "Carrier, you print the label"),
}

_PAYMENT_STATUSES = {
    "pending": QT_TRANSLATE_NOOP("OrderDetail", "Pending"),
    "approved": QT_TRANSLATE_NOOP("OrderDetail", "Approved"),
    "in_process": QT_TRANSLATE_NOOP("OrderDetail", "In process"),
    "rejected": QT_TRANSLATE_NOOP("OrderDetail", "Rejected"),
    "cancelled": QT_TRANSLATE_NOOP("OrderDetail", "Cancelled"),
    "refunded": QT_TRANSLATE_NOOP("OrderDetail", "Refunded"),
    "charged_back": QT_TRANSLATE_NOOP("OrderDetail", "Charged back"),
}


def _join(*parts: object, sep: str = ", ") -> str:
    return sep.join(str(p) for p in parts if p not in (None, ""))


def buyer_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Buyer"), parent)
    b = order.buyer
    if b is None:
        box.add_text(QCoreApplication.translate("OrderDetail", "No buyer details."), muted=True)
        return box
    box.add(QCoreApplication.translate("OrderDetail", "Name"), b.name)
    box.add(QCoreApplication.translate("OrderDetail", "Nickname"), b.nickname)
    box.add(QCoreApplication.translate("OrderDetail", "E-mail"), _join(b.mail, b.mail2))
    box.add(QCoreApplication.translate("OrderDetail", "Phone"), _join(b.phone, b.phone2))
    box.add(QCoreApplication.translate("OrderDetail", "Document"),
            _join(b.doc_type, b.doc_number, sep=" "))
    box.add(QCoreApplication.translate("OrderDetail", "Client number"),
            str(b.client_id) if b.client_id is not None else None)
    box.add(QCoreApplication.translate("OrderDetail", "Message"), order.buyer_message)
    return box


def billing_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Billing data"), parent)
    bd = order.billing_data
    if bd is None:
        box.add_text(QCoreApplication.translate("OrderDetail", "No billing data."), muted=True)
        return box
    box.add(QCoreApplication.translate("OrderDetail", "Name"), bd.name,
            spoken=QCoreApplication.translate("OrderDetail", "Billing name"))
    box.add(QCoreApplication.translate("OrderDetail", "E-mail"), bd.email,
            spoken=QCoreApplication.translate("OrderDetail", "Billing e-mail"))
    box.add(QCoreApplication.translate("OrderDetail", "Phone"), bd.phone,
            spoken=QCoreApplication.translate("OrderDetail", "Billing phone"))
    a = bd.address
    if a is not None:
        box.add(QCoreApplication.translate("OrderDetail", "Address"),
                _join(_join(a.street, a.number, sep=" "), a.additional_info))
        box.add(QCoreApplication.translate("OrderDetail", "City"),
                _join(a.city, a.state.name if a.state else None, bd.zip_code),
                spoken=QCoreApplication.translate("OrderDetail", "Billing city"))
    elif bd.zip_code:
        box.add(QCoreApplication.translate("OrderDetail", "Postcode"), bd.zip_code)
    r = bd.recipient
    if r is not None:
        box.add(QCoreApplication.translate("OrderDetail", "Tax document"),
                _join(r.type, r.doc_number, sep=" "))
    return box


def products_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Products"), parent)
    money = _money_of(order)
    for i, p in enumerate(order.products or []):
        if i:
            box.add_spacer()
        line = QCoreApplication.translate("OrderDetail", "{quantity} × {title}")
        title = p.title or QCoreApplication.translate("OrderDetail", "(untitled)")
        box.add_text(line.format(quantity=p.quantity or 1, title=title))
        variations = ", ".join(_join(v.name, v.value, sep=": ") for v in p.variations or [])
        box.add(QCoreApplication.translate("OrderDetail", "Variation"), variations)
        box.add(QCoreApplication.translate("OrderDetail", "SKU"), p.sku)
        if p.unit_price is not None:
            price = QCoreApplication.translate("OrderDetail", "{unit} each, {amount}")
            box.add(QCoreApplication.translate("OrderDetail", "Price"),
                    price.format(unit=money(p.unit_price), amount=money(p.amount)))
        box.add(QCoreApplication.translate("OrderDetail", "Promotion"), p.promotion)
    if not order.products:
        box.add_text(QCoreApplication.translate("OrderDetail", "No products listed."), muted=True)
    box.add_spacer()
    box.add(QCoreApplication.translate("OrderDetail", "Products"),
            money(order.products_total) if order.products_total else None,
            spoken=QCoreApplication.translate("OrderDetail", "Products total"))
    discounts = (order.products_discounts_total or 0) + (order.discounts_total or 0)
    box.add(QCoreApplication.translate("OrderDetail", "Discounts"),
            "−" + money(discounts) if discounts else None)
    box.add(QCoreApplication.translate("OrderDetail", "Shipping"),
            money(order.shipping_total) if order.shipping_total is not None else None,
            spoken=QCoreApplication.translate("OrderDetail", "Shipping total"))
    box.add(QCoreApplication.translate("OrderDetail", "Total"),
            money(order.grand_total) if order.grand_total is not None else None)
    return box


def payments_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Payments"), parent)
    money = _money_of(order)
    several = len(order.payments or []) > 1
    for i, pay in enumerate(order.payments or []):
        if i:
            box.add_spacer()

        def said(caption: str, n: int = i + 1) -> str:
            # Two payments of one amount must not sound alike: each says which it is.
            return QCoreApplication.translate("OrderDetail", "{caption}, payment {n}").format(
                caption=caption, n=n) if several else caption

        box.add(QCoreApplication.translate("OrderDetail", "Method"),
                _join(pay.method, pay.provider, sep=" · "),
                spoken=said(QCoreApplication.translate("OrderDetail", "Payment method")))
        box.add(QCoreApplication.translate("OrderDetail", "Status"),
                _payment_status(pay.status.value) if pay.status else None,
                spoken=said(QCoreApplication.translate("OrderDetail", "Payment status")))
        box.add(QCoreApplication.translate("OrderDetail", "Amount"),
                money(pay.amount) if pay.amount is not None else None,
                spoken=said(QCoreApplication.translate("OrderDetail", "Amount paid")))
        if pay.installments and pay.installments > 1:
            box.add(QCoreApplication.translate("OrderDetail", "Instalments"),
                    str(pay.installments),
                    spoken=said(QCoreApplication.translate("OrderDetail", "Instalments")))
        box.add(QCoreApplication.translate("OrderDetail", "Paid on"),
                format_datetime(pay.paid_date) if pay.paid_date else None,
                spoken=said(QCoreApplication.translate("OrderDetail", "Paid on")))
    if not order.payments:
        box.add_text(QCoreApplication.translate("OrderDetail", "No payments yet."), muted=True)
    return box


def shippings_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Shipping"), parent)
    money = _money_of(order)
    for i, s in enumerate(order.shippings or []):
        if i:
            box.add_spacer()
        box.add(QCoreApplication.translate("OrderDetail", "Shipping"),
                str(s.id) if s.id is not None else None,
                spoken=QCoreApplication.translate("OrderDetail", "Shipping number"))
        box.add(QCoreApplication.translate("OrderDetail", "Status"),
                shipping_label(s.status.value) if s.status else None,
                spoken=QCoreApplication.translate("OrderDetail", "Shipping status"))
        box.add(QCoreApplication.translate("OrderDetail", "Method"), s.method,
                spoken=QCoreApplication.translate("OrderDetail", "Shipping method"))
        box.add(QCoreApplication.translate("OrderDetail", "Type"),
                _ship_type(s.ship_type.value) if s.ship_type else None,
                spoken=QCoreApplication.translate("OrderDetail", "Shipping type"))
        box.add(QCoreApplication.translate("OrderDetail", "Tracking code"), s.tracking_code)
        r = s.receiver
        if r is not None:
            box.add(QCoreApplication.translate("OrderDetail", "Receiver"), r.name)
            box.add(QCoreApplication.translate("OrderDetail", "Deliver to"),
                    _join(r.address, r.neighbourhood, r.city, r.zip))
            box.add(QCoreApplication.translate("OrderDetail", "Phone"), r.phone,
                    spoken=QCoreApplication.translate("OrderDetail", "Receiver's phone"))
        box.add(QCoreApplication.translate("OrderDetail", "Notes"),
                _join(s.additional_info, s.observations, sep=" · "),
                spoken=QCoreApplication.translate("OrderDetail", "Shipping notes"))
        box.add(QCoreApplication.translate("OrderDetail", "Cost"),
                money(s.amount) if s.amount is not None else None,
                spoken=QCoreApplication.translate("OrderDetail", "Shipping cost"))
    if not order.shippings:
        box.add_text(QCoreApplication.translate("OrderDetail", "This order has no shipping."),
                     muted=True)
    return box


def invoice_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Invoice"), parent)
    inv = order.invoice
    if inv is None or not inv.invoiced:
        box.add_text(QCoreApplication.translate("OrderDetail", "Not invoiced yet."), muted=True)
    else:
        box.add(QCoreApplication.translate("OrderDetail", "Number"), inv.number,
                spoken=QCoreApplication.translate("OrderDetail", "Invoice number"))
        box.add(QCoreApplication.translate("OrderDetail", "Type"), inv.type,
                spoken=QCoreApplication.translate("OrderDetail", "Invoice type"))
        box.add(QCoreApplication.translate("OrderDetail", "Invoiced on"),
                format_datetime(inv.invoiced_date) if inv.invoiced_date else None)
    return box


def notes_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Notes"), parent)
    for note in order.notes or []:
        box.add_text(_note_text(note))
    if not order.notes:
        box.add_text(QCoreApplication.translate("OrderDetail", "No notes."), muted=True)
    return box


def feedback_section(order: Order, parent: QWidget) -> KeyValues:
    box = KeyValues(QCoreApplication.translate("OrderDetail", "Feedback"), parent)
    fb = order.feedback
    for who, spoken, given in (
            (QCoreApplication.translate("OrderDetail", "From the buyer"),
             QCoreApplication.translate("OrderDetail", "Feedback from the buyer"),
             fb.buyer if fb else None),
            (QCoreApplication.translate("OrderDetail", "From you"),
             QCoreApplication.translate("OrderDetail", "Your feedback"),
             fb.seller if fb else None)):
        box.add(who, _qualification(given) if given is not None
                else QCoreApplication.translate("OrderDetail", "Pending"), spoken=spoken)
    return box


def _payment_status(value: str) -> str:
    text = _PAYMENT_STATUSES.get(value)
    return QCoreApplication.translate("OrderDetail", text) if text else value.replace("_", " ")


def _ship_type(value: str) -> str:
    text = _SHIP_TYPES.get(value)
    return QCoreApplication.translate("OrderDetail", text) if text else value


def _qualification(q: Qualification | str) -> str:
    if isinstance(q, str):
        return q
    return (_join(q.rating, q.message, q.reason, sep=" · ")
            or QCoreApplication.translate("OrderDetail", "Given"))


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
    """Under the detail's title: when, where, in which currency (one line)."""
    return _join(format_datetime(order.creation_date) if order.creation_date else None,
                 channel_label(order.channel.value) if order.channel else None,
                 one_line(order.currency.value) if order.currency else None,
                 sep="  ·  ")
