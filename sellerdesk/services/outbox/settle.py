"""The seller's writes as durable intents: their payloads, and how to tell on the server
whether one was already applied.

The service has no idempotency key (service-notes), so every resend of an attempt whose
outcome is unknown first reads the server: *applied* (done, nothing sent), *not applied*
(send), or *conflict* (the record moved on elsewhere: keep both versions for the seller).
Invoice, shipping and tracking-code modify writes are checked against the version the seller
saw (`base`) even on a first attempt, so a change made elsewhere while the seller was offline is
never overwritten. A tracking-code create is recognised by its whole body above a mark recorded
before its first attempt (`services/outbox/created.py`; the argument is in docs/decisions.md).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import msgspec

from sellerdesk.api.enums import ShippingStatus
from sellerdesk.api.errors import NotFound
from sellerdesk.api.models import TrackingCodeChanges, TrackingCodeDraft
from sellerdesk.services.convert import encode
from sellerdesk.services.outbox.created import canonical, find_created
from sellerdesk.store.outbox import IntentKind

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient


class Intent(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Payload of an outbox entry (JSON); which fields are set depends on the kind."""

    question_id: int | None = None
    text: str | None = None
    order_id: str | None = None
    shipping_id: int | None = None
    invoiced: bool | None = None
    number: str | None = None
    type: str | None = None
    status: str | None = None
    tracking_code: str | None = None
    tracking_id: int | None = None
    draft: dict[str, Any] | None = None
    changes: dict[str, Any] | None = None
    # What the seller saw before editing, to detect a change made elsewhere meanwhile.
    base: dict[str, Any] | None = None
    # A create: the highest code id seen before its first attempt (services/outbox/created.py).
    mark: int | None = None


def dump(intent: Intent) -> bytes:
    return msgspec.json.encode(intent)


def parse(payload: bytes) -> Intent:
    return msgspec.json.decode(payload, type=Intent)


class Verdict(enum.Enum):
    APPLIED = "applied"
    NOT_APPLIED = "not_applied"
    CONFLICT = "conflict"


class Check(msgspec.Struct, frozen=True):
    verdict: Verdict
    server: bytes | None = None  # the server's version, for a conflict or as the result
    message: str = ""
    created_id: int | None = None  # a tracking code found already created


# `base` of a write queued offline for a record this device never read: nothing to compare
# the server's version with; its check reads the record first, and a 404 is "no such record".
UNSEEN: dict[str, Any] = {"seen": False}


def is_unseen(intent: Intent) -> bool:
    return intent.base is not None and intent.base.get("seen") is False


def tracking_id_of(entity: str, intent: Intent) -> int | None:
    """The code's id: from the payload, or from the entity once its create went through."""
    if intent.tracking_id is not None:
        return intent.tracking_id
    tail = entity.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else None


def _same_text(a: str | None, b: str | None) -> bool:
    return (a or "").strip() == (b or "").strip()


def _status(value: object) -> str:
    return str(getattr(value, "value", value) or "").lower()


def must_check(kind: IntentKind, intent: Intent, *, attempts: int, uncertain: bool) -> bool:
    """Whether the server must be read before this entry is sent.

    Anything attempted before may be applied. Invoice, shipping and tracking-code modifies are
    always checked, so a change made elsewhere meanwhile is never overwritten silently. A
    create carries its `mark` from its first attempt on, so it is checked even when the seller
    retried it (which resets the attempt count)."""
    if attempts > 0 or uncertain:
        return True
    if kind in (IntentKind.INVOICE, IntentKind.SHIPPING):
        return True
    if kind is IntentKind.TRACKING_MODIFY:
        return intent.base is not None
    return kind is IntentKind.TRACKING_CREATE and intent.mark is not None


async def check(client: ShopClient, kind: IntentKind, entity: str, intent: Intent,
                *, claimed: frozenset[int] = frozenset()) -> Check:
    """Read the server and say whether `intent` is already applied there.

    `claimed`: ids of tracking codes other creates of ours already settled as theirs."""
    if kind is IntentKind.ANSWER:
        return await _check_answer(client, intent)
    if kind is IntentKind.DELETE_QUESTION:
        assert intent.question_id is not None
        try:
            q = await client.question(intent.question_id)
        except NotFound:
            return Check(Verdict.APPLIED)
        if _status(q.status) == "deleted":  # the field keeps deleted questions readable
            return Check(Verdict.APPLIED)
        return Check(Verdict.NOT_APPLIED)
    if kind in (IntentKind.INVOICE, IntentKind.SHIPPING):
        return await _check_order(client, kind, intent)
    if kind is IntentKind.TRACKING_CREATE:
        assert intent.draft is not None
        # An attempt from before marks were recorded: every code is a candidate.
        found = await find_created(client, intent.draft, intent.mark or 0, claimed)
        if found is not None:
            return Check(Verdict.APPLIED, encode(found), created_id=found.id)
        return Check(Verdict.NOT_APPLIED)
    return await _check_code(client, kind, entity, intent)


async def _check_answer(client: ShopClient, intent: Intent) -> Check:
    assert intent.question_id is not None
    try:
        q = await client.question(intent.question_id)
    except NotFound:
        return Check(Verdict.CONFLICT, None, "The buyer's question was deleted.")
    if _status(q.status) == "deleted":
        return Check(Verdict.CONFLICT, encode(q), "The buyer's question was deleted.")
    answered = (q.answer is not None and bool(q.answer.text)) or _status(q.status) == "answered"
    if not answered:
        return Check(Verdict.NOT_APPLIED)
    if q.answer is not None and _same_text(q.answer.text, intent.text):
        return Check(Verdict.APPLIED, encode(q))
    # Another text, or one emptied by moderation: the seller decides, nothing is resent.
    return Check(Verdict.CONFLICT, encode(q),
                 "This question was already answered elsewhere with another text.")


async def _check_order(client: ShopClient, kind: IntentKind, intent: Intent) -> Check:
    """Our values there = applied; the values the seller saw there = send; else a conflict.

    Only the fields the write sets are compared: a shipping update without a tracking code
    keeps the server's, so another device's tracking code is no conflict for it."""
    assert intent.order_id is not None
    unseen = is_unseen(intent)
    try:
        order = await client.order(intent.order_id)
    except NotFound:
        return Check(Verdict.CONFLICT, None, f"The shop has no order {intent.order_id}; "
                     "nothing was changed." if unseen else "The order no longer exists.")
    base = None if unseen else intent.base  # queued unseen: no version to compare with
    if kind is IntentKind.INVOICE:
        inv = order.invoice
        server = {"invoiced": bool(inv and inv.invoiced), "number": (inv.number if inv else
                  None) or "", "type": (inv.type if inv else None) or ""}
        ours = {"invoiced": bool(intent.invoiced), "number": intent.number or "",
                "type": intent.type or ""}
        seen = None if base is None else {
            "invoiced": bool(base.get("invoiced")), "number": base.get("number") or "",
            "type": base.get("type") or ""}
        what = "invoice"
    else:
        ship = next((s for s in order.shippings or [] if s.id == intent.shipping_id), None)
        if ship is None:
            return Check(Verdict.CONFLICT, encode(order),
                         f"Order {order.id} has no shipping {intent.shipping_id}; nothing "
                         "was changed." if unseen else
                         "This shipping no longer exists on the order.")
        server = {"status": ship.status.value if ship.status else None}
        ours = {"status": intent.status}
        seen = None if base is None else {"status": base.get("status")}
        if intent.tracking_code is not None:
            server["tracking_code"] = ship.tracking_code or ""
            ours["tracking_code"] = intent.tracking_code
            if seen is not None and base is not None:
                seen["tracking_code"] = base.get("tracking_code") or ""
        what = "shipping"
    if server == ours:
        return Check(Verdict.APPLIED, encode(order))
    if seen is None or seen == server:
        return Check(Verdict.NOT_APPLIED)
    return Check(Verdict.CONFLICT, encode(order),
                 f"The {what} of this order was changed elsewhere meanwhile.")


async def _check_code(client: ShopClient, kind: IntentKind, entity: str,
                      intent: Intent) -> Check:
    """Modify: the fields already so = applied; the fields as the seller saw them = send;
    changed elsewhere = conflict. Delete: gone = applied (a change made elsewhere to a code
    the seller deletes goes with it, as it would online)."""
    code_id = tracking_id_of(entity, intent)
    if code_id is None:  # its create never went through: nothing to change on the server
        return Check(Verdict.CONFLICT, None, "This tracking code was never created.")
    try:
        code = await client.tracking_code(code_id)
    except NotFound:
        if kind is IntentKind.TRACKING_DELETE:
            return Check(Verdict.APPLIED)
        if is_unseen(intent):
            # The outbox row names the code: a constant sentence, so it can be translated.
            return Check(Verdict.CONFLICT, None, "The shop has no such tracking code; "
                         "nothing was changed.")
        return Check(Verdict.CONFLICT, None, "This tracking code was deleted elsewhere.")
    if kind is IntentKind.TRACKING_DELETE:
        return Check(Verdict.NOT_APPLIED)
    changes = intent.changes or {}
    # The server echoes what was sent (numbers in options read back as Decimal): compare values.
    current = {k: canonical(getattr(code, k, None)) for k in changes}
    if "options" in changes:
        current["options"] = canonical(dict(code.options))
    if all(current[k] == canonical(v) for k, v in changes.items()):
        return Check(Verdict.APPLIED, encode(code))
    # `base` was made from a read code the same way as this (`to_builtins`): compare alike.
    seen = msgspec.to_builtins(code)
    if intent.base is not None and any(canonical(seen.get(k)) != canonical(v)
                                       for k, v in intent.base.items() if k in changes):
        return Check(Verdict.CONFLICT, encode(code),
                     "This tracking code was changed elsewhere meanwhile.")
    return Check(Verdict.NOT_APPLIED)


async def send(client: ShopClient, kind: IntentKind, entity: str, intent: Intent) -> bytes | None:
    """Perform the write once; returns what to record as the result (JSON) if anything."""
    if kind is IntentKind.ANSWER:
        assert intent.question_id is not None and intent.text is not None
        text = await client.answer_question(intent.question_id, intent.text)
        return msgspec.json.encode({"answer": text})
    if kind is IntentKind.DELETE_QUESTION:
        assert intent.question_id is not None
        await client.delete_question(intent.question_id)
        return None
    if kind is IntentKind.INVOICE:
        assert intent.order_id is not None
        order = await client.update_invoice(intent.order_id, invoiced=bool(intent.invoiced),
                                            number=intent.number or "", type=intent.type or "")
        return encode(order) if order is not None else None
    if kind is IntentKind.SHIPPING:
        assert intent.order_id is not None and intent.shipping_id is not None
        assert intent.status is not None
        await client.update_shipping(intent.order_id, intent.shipping_id,
                                     status=ShippingStatus(intent.status),
                                     tracking_code=intent.tracking_code)
        return None
    if kind is IntentKind.TRACKING_CREATE:
        assert intent.draft is not None
        draft = msgspec.convert(intent.draft, TrackingCodeDraft)
        return encode(await client.create_tracking_code(draft))
    code_id = tracking_id_of(entity, intent)
    assert code_id is not None
    if kind is IntentKind.TRACKING_MODIFY:
        changes = msgspec.convert(intent.changes or {}, TrackingCodeChanges)
        return encode(await client.modify_tracking_code(code_id, changes))
    await client.delete_tracking_code(code_id)
    return None


__all__ = ["UNSEEN", "Check", "Intent", "Verdict", "check", "dump", "is_unseen", "must_check",
           "parse", "send", "tracking_id_of"]
