"""New questions and orders since the seller last heard of them: each announced once, ever.

The first sync of a shop records what is there without a word (a seller does not want two
thousand notifications on day one); after that, every check (the app runs one after each
sync) reports only what is new, and the record lives in the store so a restart never
repeats an announcement.

The questions are those `InboxService.list` lists as waiting for an answer, the read behind
`Counts.unanswered` (architecture rule 9): a question whose answer or deletion waits in the
outbox is never announced as new, so a notice never names a question no surface counts.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import msgspec

from sellerdesk.api.models import Order, Question
from sellerdesk.services.convert import load_all
from sellerdesk.services.events import Event
from sellerdesk.services.inbox import InboxService
from sellerdesk.services.inbox_list import WAITING
from sellerdesk.services.people import buyer_name
from sellerdesk.services.triage import asked_at
from sellerdesk.store import Store
from sellerdesk.store.rows import OrderFilter, OrderSort, Resource

RECENT_ORDERS = timedelta(days=7)  # older orders that appear late are history, not news
_EPOCH = datetime.min.replace(tzinfo=UTC)


class NewItem(msgspec.Struct, frozen=True):
    kind: str  # "question" or "order"
    id: str
    buyer: str
    text: str  # the question, or the products of the order
    thread_id: str | None = None


class NotificationService:
    def __init__(self, store: Store, inbox: InboxService) -> None:
        self._store = store
        self._inbox = inbox
        self.arrived: Event[list[NewItem]] = Event("notifications.arrived")

    async def check(self, now: datetime | None = None) -> list[NewItem]:
        """What arrived since the last check: new waiting questions, newest first, then new
        recent orders; [] before the first sync and at the first look at a shop."""
        listed = await self._inbox.list(WAITING)
        waiting = sorted((q for t in listed.rows for q in t.waiting_questions),
                         key=lambda q: asked_at(q) or _EPOCH, reverse=True)
        # Answered (or deleted) before any check saw it: the seller has seen it, so it is
        # recorded unannounced, and stays so if that write is discarded later.
        seen = sorted(self._inbox.held())
        items = await self._store.run(self._check, waiting, seen, now or datetime.now(UTC))
        if items:
            self.arrived.emit(items)
        return items

    def _check(self, questions: list[Question], seen: list[int], now: datetime
               ) -> list[NewItem]:
        store = self._store
        if store.cache.last_sync(Resource.ORDERS) is None:
            return []  # nothing synced yet: no baseline to compare with
        orders = [o for o in load_all(store.cache.orders(
            OrderFilter(), sort=OrderSort.CREATION_DATE_DESC, limit=500), Order)
            if o.creation_date is not None and o.creation_date >= now - RECENT_ORDERS]
        baseline = bool(store.notified.fresh("baseline", ["done"]))
        new_q = set(store.notified.fresh("question", [str(q.id) for q in questions]))
        store.notified.fresh("question", [str(i) for i in seen])
        new_o = set(store.notified.fresh("order", [o.id for o in orders]))
        if baseline:
            return []  # the first look at this shop: recorded, not announced
        out = [NewItem("question", str(q.id),
                       buyer_name(q.from_),
                       q.question.text or "" if q.question else "", q.thread_id)
               for q in questions if str(q.id) in new_q]
        out += [NewItem("order", o.id, buyer_name(o.buyer),
                        ", ".join(p.title or "" for p in o.products or []))
                for o in orders if o.id in new_o]
        return out
