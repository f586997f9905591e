"""Every figure a seller sees about a shop, worked out once (architecture rule 9).

The dashboard's cards, the sidebar's badges, the inbox's header, the tray's tooltip and
`sellerdesk questions --unanswered` all show one `Counts`, read in one go on the store's
thread from the cache and the outbox together, so no surface can count a question that
another already takes as answered: a question whose answer (or deletion) waits in the
outbox is not waiting for the seller any more, wherever it is counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable
from datetime import UTC, datetime, timedelta

import msgspec

from sellerdesk.services.outbox.pending import PendingWrites
from sellerdesk.store import Store
from sellerdesk.store.db import decode_optional_time
from sellerdesk.store.outbox import IntentKind, OutboxEntry, OutboxState
from sellerdesk.store.outbox_entries import UNFINISHED
from sellerdesk.store.rows import OrderFilter, OrderSummary

SLOW_ANSWER_MINUTES = 60  # a question waiting longer than this is flagged, unless set


class Counts(msgspec.Struct, frozen=True):
    """What waits for the seller in one shop, and what waits to be sent."""

    unanswered: int  # questions waiting for an answer, less those answered in the outbox
    oldest_unanswered: datetime | None  # when the longest-waiting of them was asked
    waiting_over_goal: int  # of `unanswered`, asked longer ago than the answer goal
    to_process: int  # orders paid, not processed
    to_ship: int  # processed, not delivered
    to_rate: int  # delivered, the seller's feedback pending
    closed: int
    queued_answers: int  # answers not on the shop yet
    queued_changes: int  # every write not on the shop yet, answers included
    conflicts: int  # of those, conflicts: they wait for the seller's choice
    refused: int  # of those, refused by the service: they wait for the seller too

    @property
    def queued_others(self) -> int:
        return self.queued_changes - self.queued_answers

    @property
    def need_you(self) -> int:
        return self.conflicts + self.refused


EMPTY = Counts(0, None, 0, 0, 0, 0, 0, 0, 0, 0, 0)


class OutboxView(msgspec.Struct, frozen=True):
    """What the outbox holds, as the figures need it: the questions it answers or deletes,
    and its unfinished writes by kind of wait."""

    held: frozenset[int] = frozenset()
    answers: int = 0
    changes: int = 0
    conflicts: int = 0
    refused: int = 0


def outbox_view(entries: Iterable[OutboxEntry], keys: Callable[[OutboxEntry], str]
                ) -> OutboxView:
    """Count unfinished `entries`; `keys` gives the record an entry writes now."""
    held: set[int] = set()
    answers = changes = conflicts = refused = 0
    for entry in entries:
        changes += 1
        answers += entry.kind is IntentKind.ANSWER
        conflicts += entry.state is OutboxState.CONFLICT
        refused += entry.state is OutboxState.FAILED
        key = keys(entry)
        if entry.kind in (IntentKind.ANSWER, IntentKind.DELETE_QUESTION) \
                and key.startswith("question:") and key[9:].isdigit():
            held.add(int(key[9:]))
    return OutboxView(frozenset(held), answers, changes, conflicts, refused)


def pending_view(pending: PendingWrites) -> OutboxView:
    """`outbox_view` of a session's pending writes (read on the loop's thread: they are
    the status bar's source too, so every figure moves in the same turn)."""
    entries: list[OutboxEntry] = []
    key_of: dict[str, str] = {}
    for key in pending.keys():  # noqa: SIM118 (a method of PendingWrites, not a dict)
        for entry in pending.writes(key).waiting:
            entries.append(entry)
            key_of[entry.id] = key
    return outbox_view(entries, lambda e: key_of[e.id])


def read_counts(store: Store, view: OutboxView | None = None, *, now: datetime | None = None,
                goal_minutes: int = SLOW_ANSWER_MINUTES) -> Counts:
    """The shop's `Counts`; a plain call for the store's thread. Without `view` (a shop not
    open in this process: the command line, the other shops' glance) the outbox is read
    from the store."""
    moment = now or datetime.now(UTC)
    if view is None:
        view = outbox_view(store.outbox.entries(states=UNFINISHED), lambda e: e.entity)
    waiting, oldest, late = _waiting(store, view.held,
                                     moment - timedelta(minutes=goal_minutes))
    summary = store.cache.order_facets(OrderFilter()).get("summary", {})
    return Counts(
        unanswered=waiting, oldest_unanswered=oldest, waiting_over_goal=late,
        to_process=summary.get(OrderSummary.PENDING_PROCESS.value, 0),
        to_ship=summary.get(OrderSummary.PENDING_SHIPMENT.value, 0),
        to_rate=summary.get(OrderSummary.PENDING_FEEDBACK.value, 0),
        closed=summary.get(OrderSummary.CLOSED_ORDERS.value, 0),
        queued_answers=view.answers, queued_changes=view.changes,
        conflicts=view.conflicts, refused=view.refused)


class CountsService:
    """`Counts` of the open shop: the one source of every figure its surfaces show."""

    def __init__(self, store: Store, pending: PendingWrites | None = None) -> None:
        self._store = store
        self._pending = pending

    def view(self) -> OutboxView | None:
        return pending_view(self._pending) if self._pending is not None else None

    async def counts(self, *, now: datetime | None = None,
                     goal_minutes: int = SLOW_ANSWER_MINUTES) -> Counts:
        return await self._store.run(read_counts, self._store, self.view(), now=now,
                                     goal_minutes=goal_minutes)


def _waiting(store: Store, held: Collection[int], late_before: datetime
             ) -> tuple[int, datetime | None, int]:
    """(questions waiting, the oldest one's time, how many were asked before `late_before`).

    A conversation whose questions are cached is counted from them; one listed but not read
    yet (a first sync on its way) from its own `unanswered_quantity`, without dates."""
    cached = store.cache.question_thread_ids()
    listed = store.cache.thread_unanswered()
    per_thread: Counter[str | None] = Counter()
    oldest: datetime | None = None
    late = 0
    for question_id, thread_id, asked in store.stats.unanswered_questions():
        # As the inbox lists them: a question outside every listed conversation has nowhere
        # to be answered from, so no surface counts it.
        if question_id in held or thread_id not in listed:
            continue
        per_thread[thread_id] += 1
        when = decode_optional_time(asked)
        if when is not None:
            oldest = when if oldest is None or when < oldest else oldest
            late += when < late_before
    total = sum(per_thread.get(thread_id, 0) if thread_id in cached else max(0, count)
                for thread_id, count in listed.items())
    return total, oldest, late


__all__ = ["EMPTY", "SLOW_ANSWER_MINUTES", "Counts", "CountsService", "OutboxView", "outbox_view",
           "pending_view", "read_counts"]
