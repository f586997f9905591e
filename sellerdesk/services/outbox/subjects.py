"""What each queued write is about, in the seller's terms, from the local copy: the buyer and
the listing of a question, the buyer and the products of an order.

The outbox stores ids ("answer to question 12400000927"); a seller thinks "the answer to
Vitória Araújo about the Kit de potes". Read from the cache only (offline too); a record the
cache lacks gives an empty `Subject`, and the view falls back to the id.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import msgspec

from sellerdesk.api.errors import BadResponse
from sellerdesk.api.models import Order, Question, TrackingCode
from sellerdesk.services.convert import load
from sellerdesk.services.outbox.settle import Intent, parse, tracking_id_of
from sellerdesk.store import Store
from sellerdesk.store.outbox import IntentKind, OutboxEntry
from sellerdesk.store.rows import Cached, Resource

if TYPE_CHECKING:
    from sellerdesk.services.session import Session

T = TypeVar("T")

_QUESTION_KINDS = (IntentKind.ANSWER, IntentKind.DELETE_QUESTION)
_ORDER_KINDS = (IntentKind.INVOICE, IntentKind.SHIPPING)
_CODE_KINDS = (IntentKind.TRACKING_MODIFY, IntentKind.TRACKING_DELETE)


@dataclass(frozen=True)
class Subject:
    """Who and what a write concerns; every field may be empty (not in the local copy)."""

    buyer: str = ""  # the asker of a question, the buyer of an order
    product: str = ""  # the listing asked about; an order's first product
    more_products: int = 0  # an order's other products
    question: str = ""  # the buyer's question, as asked
    code_name: str = ""  # a tracking code's name

    def __bool__(self) -> bool:
        return bool(self.buyer or self.product or self.question or self.code_name)


def _intent(entry: OutboxEntry) -> Intent:
    try:
        return parse(entry.payload)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return Intent()


def _question_subject(question: Question) -> Subject:
    asker = question.from_
    buyer = (asker.name or asker.nickname or "") if asker is not None else ""
    title = question.publication.title if question.publication is not None else ""
    text = question.question.text if question.question is not None else ""
    return Subject(buyer=buyer or "", product=title or "", question=text or "")


def _order_subject(order: Order) -> Subject:
    buyer = order.buyer
    name = (buyer.name or buyer.nickname or "") if buyer is not None else ""
    titles = [p.title for p in order.products or [] if p.title]
    return Subject(buyer=name, product=titles[0] if titles else "",
                   more_products=max(0, len(titles) - 1))


class OutboxSubjects:
    """Reads the subjects of outbox entries from a shop's store, in one trip to its thread."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def of(self, entries: Iterable[OutboxEntry]) -> dict[str, Subject]:
        """Entry id -> its subject (entries whose record is not cached are left out)."""
        return await self._store.run(self._read, list(entries))

    def _read(self, entries: list[OutboxEntry]) -> dict[str, Subject]:
        intents = {e.id: _intent(e) for e in entries}
        question_ids = sorted({i.question_id for e in entries
                               if e.kind in _QUESTION_KINDS
                               and (i := intents[e.id]).question_id is not None})
        order_ids = sorted({i.order_id for e in entries
                            if e.kind in _ORDER_KINDS and (i := intents[e.id]).order_id})
        code_ids = sorted({c for e in entries if e.kind in _CODE_KINDS
                           and (c := tracking_id_of(e.entity, intents[e.id])) is not None})
        cache = self._store.cache
        questions = {q.id: _question_subject(q) for q in _loaded(
            cache.get_many(Resource.QUESTIONS, question_ids), Question)}
        orders = {o.id: _order_subject(o) for o in _loaded(
            cache.get_many(Resource.ORDERS, order_ids), Order)}
        codes = {c.id: Subject(code_name=c.name or "") for c in _loaded(
            cache.get_many(Resource.TRACKING_CODES, code_ids), TrackingCode)}
        found: dict[str, Subject] = {}
        for entry in entries:
            intent = intents[entry.id]
            subject: Subject | None = None
            if entry.kind in _QUESTION_KINDS and intent.question_id is not None:
                subject = questions.get(intent.question_id)
            elif entry.kind in _ORDER_KINDS and intent.order_id:
                subject = orders.get(intent.order_id)
            elif entry.kind in _CODE_KINDS:
                code_id = tracking_id_of(entry.entity, intent)
                subject = codes.get(code_id) if code_id is not None else None
            if subject:
                found[entry.id] = subject
        return found


async def subjects_of(session: Session, entries: Iterable[OutboxEntry]) -> dict[str, Subject]:
    """The subjects of `entries` from `session`'s local copy (what the outbox view calls)."""
    return await OutboxSubjects(session.store).of(entries)


def _loaded(rows: Iterable[Cached], tp: type[T]) -> list[T]:
    """The cached records that still read (one that does not never fails the list)."""
    out: list[T] = []
    for row in rows:
        try:
            out.append(load(row, tp))
        except BadResponse:
            continue
    return out
