"""The seller's writes as durable intents: their payloads, and how to tell on the server
whether one was already applied.

The service has no idempotency key (service-notes), so every resend of an attempt whose
outcome is unknown first reads the server: *applied* (done, nothing sent), *not applied*
(send), or *conflict* (the record moved on elsewhere: keep both versions for the seller).
Invoice and shipping writes are checked against the version the seller saw (`base`) even on a
first attempt, so a change made elsewhere while the seller was offline is never overwritten.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

import msgspec

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import ShippingStatus, TrackingStatus
from sellerdesk.api.errors import NotFound
from sellerdesk.api.models import TrackingCode, TrackingCodeChanges, TrackingCodeDraft
from sellerdesk.services.convert import encode
from sellerdesk.store.outbox import IntentKind


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


def dump(intent: Intent) -> bytes:
    return msgspec.json.encode(intent)


def parse(payload: bytes) -> Intent:
    return msgspec.json.decode(payload, type=Intent)


class Verdict(enum.Enum):
    APPLIED = "applied"
    NOT_APPLIED = "not_applied"
    CONFLICT = "conflict"


@dataclass(frozen=True)
class Check:
    verdict: Verdict
    server: bytes | None = None  # the server's version, for a conflict or as the result
    message: str = ""
    created_id: int | None = None  # a tracking code found already created


def tracking_id_of(entity: str, intent: Intent) -> int | None:
    """The code's id: from the payload, or from the entity once its create went through."""
    if intent.tracking_id is not None:
        return intent.tracking_id
    tail = entity.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else None


def _same_text(a: str | None, b: str | None) -> bool:
    return (a or "").strip() == (b or "").strip()


async def check(client: ShopClient, kind: IntentKind, entity: str, intent: Intent,
                *, known_ids: frozenset[int] = frozenset()) -> Check:
    """Read the server and say whether `intent` is already applied there."""
    if kind is IntentKind.ANSWER:
        assert intent.question_id is not None
        try:
            q = await client.question(intent.question_id)
        except NotFound:
            return Check(Verdict.CONFLICT, None, "The buyer's question was deleted.")
        if q.answer is not None and q.answer.text:
            if _same_text(q.answer.text, intent.text):
                return Check(Verdict.APPLIED, encode(q))
            return Check(Verdict.CONFLICT, encode(q),
                         "This question was already answered elsewhere with another text.")
        return Check(Verdict.NOT_APPLIED)

    if kind is IntentKind.DELETE_QUESTION:
        assert intent.question_id is not None
        try:
            await client.question(intent.question_id)
        except NotFound:
            return Check(Verdict.APPLIED)
        return Check(Verdict.NOT_APPLIED)

    if kind in (IntentKind.INVOICE, IntentKind.SHIPPING):
        assert intent.order_id is not None
        try:
            order = await client.order(intent.order_id)
        except NotFound:
            return Check(Verdict.CONFLICT, None, "The order no longer exists.")
        if kind is IntentKind.INVOICE:
            inv = order.invoice
            server = {"invoiced": bool(inv and inv.invoiced), "number": (inv.number if inv else
                      None) or "", "type": (inv.type if inv else None) or ""}
            ours = {"invoiced": bool(intent.invoiced), "number": intent.number or "",
                    "type": intent.type or ""}
            what = "invoice"
        else:
            ship = next((s for s in order.shippings or [] if s.id == intent.shipping_id), None)
            if ship is None:
                return Check(Verdict.CONFLICT, encode(order),
                             "This shipping no longer exists on the order.")
            server = {"status": ship.status.value if ship.status else None,
                      "tracking_code": ship.tracking_code or ""}
            ours = {"status": intent.status,
                    "tracking_code": (intent.tracking_code if intent.tracking_code is not None
                                      else server["tracking_code"])}
            what = "shipping"
        if server == ours:
            return Check(Verdict.APPLIED, encode(order))
        base = dict(intent.base) if intent.base is not None else None
        if base is not None and kind is IntentKind.INVOICE:
            base = {"invoiced": bool(base.get("invoiced")), "number": base.get("number") or "",
                    "type": base.get("type") or ""}
        if base is not None and kind is IntentKind.SHIPPING:
            base = {"status": base.get("status"), "tracking_code": base.get("tracking_code") or ""}
        if base is None or base == server:
            return Check(Verdict.NOT_APPLIED)
        return Check(Verdict.CONFLICT, encode(order),
                     f"The {what} of this order was changed elsewhere meanwhile.")

    if kind is IntentKind.TRACKING_CREATE:
        assert intent.draft is not None
        found = await _find_created(client, intent.draft, known_ids)
        if found is not None:
            return Check(Verdict.APPLIED, encode(found), created_id=found.id)
        return Check(Verdict.NOT_APPLIED)

    code_id = tracking_id_of(entity, intent)
    if code_id is None:  # its create never went through: nothing to change on the server
        return Check(Verdict.CONFLICT, None, "This tracking code was never created.")
    try:
        code = await client.tracking_code(code_id)
    except NotFound:
        if kind is IntentKind.TRACKING_DELETE:
            return Check(Verdict.APPLIED)
        return Check(Verdict.CONFLICT, None, "This tracking code was deleted elsewhere.")
    if kind is IntentKind.TRACKING_DELETE:
        return Check(Verdict.NOT_APPLIED)
    current = msgspec.to_builtins(code)
    changes = intent.changes or {}
    if all(current.get(k) == v for k, v in changes.items()):
        return Check(Verdict.APPLIED, encode(code))
    if intent.base is not None and any(current.get(k) != v for k, v in intent.base.items()
                                       if k in changes):
        return Check(Verdict.CONFLICT, encode(code),
                     "This tracking code was changed elsewhere meanwhile.")
    return Check(Verdict.NOT_APPLIED)


async def _find_created(client: ShopClient, draft: dict[str, Any],
                        known_ids: frozenset[int]) -> TrackingCode | None:
    """A code with this draft's name and code already on the server, if any.

    The list shows ACTIVE codes only (spec); an INACTIVE one is looked for by id just past the
    ids we know, where a fresh create lands on this service (docs/decisions.md).
    """
    listed = await client.tracking_codes()
    for code in listed:
        if code.name == draft.get("name") and code.code == draft.get("code"):
            return code
    if draft.get("status") != TrackingStatus.INACTIVE.value:
        return None
    probe = max({c.id for c in listed} | set(known_ids) | {0}) + 1
    misses = 0
    while misses < 3:
        try:
            code = await client.tracking_code(probe)
        except NotFound:
            misses += 1
        else:
            misses = 0
            if code.name == draft.get("name") and code.code == draft.get("code"):
                return code
        probe += 1
    return None


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


__all__ = ["Check", "Intent", "Verdict", "check", "dump", "parse", "send", "tracking_id_of"]
