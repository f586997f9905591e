"""Outbox entries in a seller's words: what each write is, what it carries, what went wrong,
and, for a conflict, the seller's version beside the shop's, field by field."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from sellerdesk.services.outbox.reading import conflict_sides, read_intent
from sellerdesk.services.outbox.settle import Intent, tracking_id_of
from sellerdesk.services.outbox.subjects import Subject
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import (
    CodeEvent,
    IntentKind,
    OutboxEntry,
    Provider,
    TrackingStatus,
)
from sellerdesk.ui.core_messages import core_words
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP
from sellerdesk.ui.vocabulary import event_name, provider_name, shipping_label, tracking_status_name

_EXCERPT = 90
# What a write is, by kind and by what the local copy knows of its record.
_WHAT = {
    "answer_buyer_product": QT_TRANSLATE_NOOP("Outbox", "Answer to {buyer} about {product}"),
    "delete_buyer_product": QT_TRANSLATE_NOOP("Outbox",
                                              "Deletion of {buyer}’s question about {product}"),
    "answer_buyer": QT_TRANSLATE_NOOP("Outbox", "Answer to {buyer}"),
    "delete_buyer": QT_TRANSLATE_NOOP("Outbox", "Deletion of {buyer}’s question"),
    "answer_id": QT_TRANSLATE_NOOP("Outbox", "Answer to question {id}"),
    "delete_id": QT_TRANSLATE_NOOP("Outbox", "Deletion of question {id}"),
    "invoice_buyer": QT_TRANSLATE_NOOP("Outbox", "Invoice of order {id} ({buyer})"),
    "invoice_id": QT_TRANSLATE_NOOP("Outbox", "Invoice of order {id}"),
    "shipping_buyer": QT_TRANSLATE_NOOP("Outbox", "Shipping of order {id} ({buyer}) → {status}"),
    "shipping_id": QT_TRANSLATE_NOOP("Outbox", "Shipping of order {id} → {status}"),
    "code_new": QT_TRANSLATE_NOOP("Outbox", "New tracking code “{name}”"),
    "code_change_name": QT_TRANSLATE_NOOP("Outbox", "Changes to tracking code “{name}”"),
    "code_change_id": QT_TRANSLATE_NOOP("Outbox", "Changes to tracking code {id}"),
    "code_delete_name": QT_TRANSLATE_NOOP("Outbox", "Deletion of tracking code “{name}”"),
    "code_delete_id": QT_TRANSLATE_NOOP("Outbox", "Deletion of tracking code {id}"),
}

_FIELD_LABELS = {
    "name": QT_TRANSLATE_NOOP("Outbox", "Name"),
    "code": QT_TRANSLATE_NOOP("Outbox", "Code"),
    "options": QT_TRANSLATE_NOOP("Outbox", "Options"),
    "provider": QT_TRANSLATE_NOOP("Outbox", "Provider"),
    "event": QT_TRANSLATE_NOOP("Outbox", "Inserted on"),
    "status": QT_TRANSLATE_NOOP("Outbox", "Status"),
}


def _intent(entry: OutboxEntry) -> Intent:
    return read_intent(entry)


def _short(text: str | None) -> str:
    flat = " ".join((text or "").split())
    return flat if len(flat) <= _EXCERPT else flat[:_EXCERPT - 1] + "…"


def shipping_status_name(status: str | None) -> str:
    """A shipping status in the orders view's words ("On route")."""
    return shipping_label(status) if status else "—"


def _code_name(intent: Intent) -> str:
    for source in (intent.draft, intent.changes, intent.base):
        if source and source.get("name"):
            return str(source["name"])
    return ""


def _product(subject: Subject) -> str:
    """An order's products: "Kit de potes", "Kit de potes and 2 more"."""
    if subject.more_products:
        text = QCoreApplication.translate("Outbox", "{product} and {count} more")
        return text.format(product=one_line(subject.product), count=subject.more_products)
    return one_line(subject.product)


def _what(key: str) -> str:
    """One of the `_WHAT` sentences in the seller's language."""
    return QCoreApplication.translate("Outbox", _WHAT[key])


def what(entry: OutboxEntry, subject: Subject | None = None) -> str:
    """The write in the seller's words, from the local copy when it knows the record:
    "Answer to Vitória Araújo about Kit de potes", "Shipping of order 2000… → On route";
    by id when it does not. Names and titles are isolated one-line texts."""
    intent = _intent(entry)
    kind = entry.kind
    s = subject or Subject()
    buyer = one_line(s.buyer) if s.buyer else ""
    if kind in (IntentKind.ANSWER, IntentKind.DELETE_QUESTION):
        verb = "answer" if kind is IntentKind.ANSWER else "delete"
        known = "buyer_product" if buyer and s.product else "buyer" if buyer else "id"
        return _what(f"{verb}_{known}").format(buyer=buyer, product=one_line(s.product),
                                               id=intent.question_id)
    if kind is IntentKind.INVOICE:
        return _what("invoice_buyer" if buyer else "invoice_id").format(
            id=intent.order_id, buyer=buyer)
    if kind is IntentKind.SHIPPING:
        return _what("shipping_buyer" if buyer else "shipping_id").format(
            id=intent.order_id, buyer=buyer, status=shipping_status_name(intent.status))
    name = _code_name(intent) or s.code_name
    shown = one_line(name) if name else ""
    if kind is IntentKind.TRACKING_CREATE:
        text = "code_new"
    elif kind is IntentKind.TRACKING_MODIFY:
        text = "code_change_name" if shown else "code_change_id"
    else:
        text = "code_delete_name" if shown else "code_delete_id"
    return _what(text).format(name=shown, id=tracking_id_of(entry.entity, intent))


def about(entry: OutboxEntry, subject: Subject | None) -> str:
    """The record's side of a write, for the detail pane: the buyer's question, or an
    order's products; "" when the local copy does not have it."""
    if subject is None:
        return ""
    if entry.kind in (IntentKind.ANSWER, IntentKind.DELETE_QUESTION):
        return subject.question
    if entry.kind in (IntentKind.INVOICE, IntentKind.SHIPPING) and subject.product:
        return _product(subject)
    return ""


def details(entry: OutboxEntry) -> str:
    """One line about what the write carries."""
    intent = _intent(entry)
    kind = entry.kind
    if kind is IntentKind.ANSWER:
        return f"“{one_line(_short(intent.text))}”"
    if kind is IntentKind.INVOICE:
        if not intent.invoiced:
            return QCoreApplication.translate("Outbox", "Not invoiced")
        text = QCoreApplication.translate("Outbox", "Invoiced: {type} {number}")
        return text.format(type=one_line(intent.type or ""),
                           number=one_line(intent.number or "")).strip()
    if kind is IntentKind.SHIPPING:
        status = shipping_status_name(intent.status)
        if intent.tracking_code:
            text = QCoreApplication.translate("Outbox", "{status}, tracking {code}")
            return text.format(status=status, code=one_line(intent.tracking_code))
        return status
    if kind is IntentKind.TRACKING_CREATE and intent.draft:
        return QCoreApplication.translate("Outbox", "{provider}, {event}").format(
            provider=_field_text("provider", intent.draft.get("provider")),
            event=_field_text("event", intent.draft.get("event")))
    if kind is IntentKind.TRACKING_MODIFY and intent.changes:
        return ", ".join(_field_label(k) for k in intent.changes)
    if kind is IntentKind.DELETE_QUESTION:
        return QCoreApplication.translate("Outbox", "The question is removed from the shop")
    if kind is IntentKind.TRACKING_DELETE:
        return QCoreApplication.translate("Outbox", "The shop stops inserting this snippet")
    return ""


def error_words(entry: OutboxEntry) -> str:
    """Why it has not gone yet (the services write these for people; translated if known)."""
    return core_words(entry.conflict.message if entry.conflict is not None
                      else entry.last_error)


# ---- Discarding: what it did, as the command line says it (commands/outbox.py). -----------

def discard_checks_first() -> str:
    """Before discarding a change sent without a clear answer (services/outbox_discard.py)."""
    return QCoreApplication.translate(
        "Outbox", "It was sent before without a clear answer from the shop, so SellerDesk "
                  "first checks whether it is already there.")


def already_on_shop(what: str) -> str:
    """The discard found the change applied: it is settled, nothing was discarded."""
    return QCoreApplication.translate(
        "Outbox", "Already on the shop: {what}. Nothing to undo, nothing was discarded."
    ).format(what=what)


def may_be_on_shop(what: str) -> str:
    """The discard could not read the shop about a change sent before: nothing changed."""
    return QCoreApplication.translate(
        "Outbox", "“{what}” was sent before without a clear answer from the shop: it may "
                  "already be on the shop.").format(what=what)


def cannot_check(reason: str) -> str:
    return QCoreApplication.translate(
        "Outbox", "The shop cannot be reached to check ({reason}). Nothing was discarded. "
                  "Discard it anyway? It will not be sent again, and it may stay on the "
                  "shop.").format(reason=core_words(reason).rstrip("."))


# ---- Conflicts: the two versions, field by field. ------------------------------------------------

@dataclass(frozen=True)
class Field:
    label: str
    mine: str
    theirs: str
    code: bool = False  # a snippet: shown in the monospaced plain-text editor

    @property
    def differs(self) -> bool:
        return self.mine != self.theirs


@dataclass(frozen=True)
class Versions:
    fields: list[Field]
    context: str = ""  # e.g. the buyer's question, the same on both sides
    server_gone: bool = False
    can_keep_mine: bool = True
    why_not_mine: str = ""


def _field_label(name: str) -> str:
    words = _FIELD_LABELS.get(name)
    return QCoreApplication.translate("Outbox", words) if words else name


def _field_text(name: str, value: Any) -> str:
    if value is None:
        return "—"
    if name == "provider" and value in set(Provider):
        return provider_name(Provider(value))
    if name == "event" and value in set(CodeEvent):
        return event_name(CodeEvent(value))
    if name == "status" and value in set(TrackingStatus):
        return tracking_status_name(TrackingStatus(value))
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) if value \
            else QCoreApplication.translate("Outbox", "(none)")
    return str(value)


def _yes_no(value: Any) -> str:
    if value:
        return QCoreApplication.translate("Outbox", "Yes")
    return QCoreApplication.translate("Outbox", "No")


def versions(entry: OutboxEntry) -> Versions:
    sides = conflict_sides(entry)
    local, s, gone = sides.mine, sides.theirs, sides.gone
    kind = entry.kind
    fields: list[Field] = []
    context = ""
    keep, why = not gone, ""
    if gone:
        why = QCoreApplication.translate(
            "Outbox", "The record no longer exists on the shop, so your change cannot be applied.")
    if kind is IntentKind.ANSWER:
        context = sides.question_text()
        theirs = sides.answer_text()
        fields.append(Field(QCoreApplication.translate("Outbox", "Answer"), local.text or "",
                            theirs or QCoreApplication.translate("Outbox", "(no answer)")))
        if theirs and not gone:
            keep, why = False, QCoreApplication.translate(
                "Outbox", "The buyer already has the other answer, and a question can only be "
                          "answered once.")
    elif kind is IntentKind.INVOICE:
        inv = sides.invoice()
        fields += [Field(QCoreApplication.translate("Outbox", "Invoiced"),
                         _yes_no(local.invoiced), _yes_no(inv.get("invoiced"))),
                   Field(QCoreApplication.translate("Outbox", "Number"),
                         local.number or "—", inv.get("number") or "—"),
                   Field(QCoreApplication.translate("Outbox", "Type"),
                         local.type or "—", inv.get("type") or "—")]
    elif kind is IntentKind.SHIPPING:
        ship = sides.shipping()
        fields += [Field(QCoreApplication.translate("Outbox", "Status"),
                         shipping_status_name(local.status),
                         shipping_status_name(ship.get("status")) if ship else "—"),
                   Field(QCoreApplication.translate("Outbox", "Tracking code"),
                         local.tracking_code or "—",
                         ship.get("tracking_code") or "—" if ship else "—")]
    elif kind in (IntentKind.TRACKING_CREATE, IntentKind.TRACKING_MODIFY):
        mine = local.draft if kind is IntentKind.TRACKING_CREATE else local.changes
        for name in (mine or {}):
            fields.append(Field(_field_label(name), _field_text(name, (mine or {})[name]),
                                "—" if gone else _field_text(name, s.get(name)),
                                code=name in ("code", "options")))
    else:
        theirs = (QCoreApplication.translate("Outbox", "Already gone") if gone
                  else QCoreApplication.translate("Outbox", "Still there"))
        fields.append(Field(QCoreApplication.translate("Outbox", "Change"),
                            QCoreApplication.translate("Outbox", "Delete"), theirs))
    return Versions(fields, context, gone, keep, why)
