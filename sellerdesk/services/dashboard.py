"""Today at a glance, from the local store: opens at once and works offline."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo

from sellerdesk.services.pending import PendingWrites
from sellerdesk.store import Store
from sellerdesk.store.outbox import IntentKind, OutboxState
from sellerdesk.store.rows import OrderFilter, OrderSummary, Resource
from sellerdesk.store.stats import Stats

SLOW_ANSWER_MINUTES = 60  # a question waiting longer than this is flagged (issue 9)


@dataclass(frozen=True)
class Glance:
    """The dashboard's figures and how fresh they are."""

    unanswered: int
    oldest_unanswered: datetime | None
    waiting_too_long: int
    pending_process: int
    pending_shipment: int
    pending_feedback: int
    closed: int
    queued_answers: int
    queued_writes: int
    stats: Stats
    synced_at: datetime | None
    computed_at: datetime
    # The last successful sync of each resource (Resource value -> time); none before one.
    synced: dict[str, datetime] = field(default_factory=dict)


@dataclass(frozen=True)
class Queued:
    """What waits in the outbox, counted from one source (the session's pending writes, as
    the status bar counts it), so the dashboard's cards always agree with each other."""

    answers: int  # answers not on the shop yet
    changes: int  # every write not on the shop yet, answers included
    need_you: int  # of those, conflicts and refusals: they wait for the seller

    @property
    def others(self) -> int:
        return self.changes - self.answers


def queued(pending: PendingWrites) -> Queued:
    """Count the unfinished writes of every record `pending` follows."""
    answers = changes = need_you = 0
    for key in pending.keys():  # noqa: SIM118 (a method of PendingWrites, not a dict)
        for entry in pending.writes(key).waiting:
            changes += 1
            answers += entry.kind is IntentKind.ANSWER
            need_you += entry.state in (OutboxState.CONFLICT, OutboxState.FAILED)
    return Queued(answers, changes, need_you)


class DashboardService:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def glance(self, *, days: int = 90, tz: tzinfo | None = None,
                     now: datetime | None = None,
                     slow_minutes: int = SLOW_ANSWER_MINUTES) -> Glance:
        return await self._store.run(self._glance, days, tz, now, slow_minutes)

    async def late_threads(self, *, now: datetime | None = None,
                           slow_minutes: int = SLOW_ANSWER_MINUTES) -> set[str]:
        """Ids of the conversations with a question waiting longer than `slow_minutes`
        (the inbox marks them)."""
        return await self._store.run(self._store.stats.late_threads, now or datetime.now(UTC),
                                     slow_minutes)

    def _glance(self, days: int, tz: tzinfo | None, now: datetime | None,
                slow_minutes: int) -> Glance:
        store = self._store
        moment = now or datetime.now(UTC)
        zone = tz or datetime.now().astimezone().tzinfo or UTC
        stats = store.stats.all(moment, zone, days)
        summary = store.cache.order_facets(OrderFilter()).get("summary", {})
        waiting = store.stats.unanswered_older_than(moment, slow_minutes)
        unfinished = store.outbox.entries(states=(OutboxState.QUEUED, OutboxState.SENDING,
                                                  OutboxState.FAILED, OutboxState.CONFLICT))
        answers = sum(1 for e in unfinished if e.kind is IntentKind.ANSWER)
        return Glance(
            unanswered=stats.unanswered, oldest_unanswered=stats.oldest_unanswered,
            waiting_too_long=waiting,
            pending_process=summary.get(OrderSummary.PENDING_PROCESS.value, 0),
            pending_shipment=summary.get(OrderSummary.PENDING_SHIPMENT.value, 0),
            pending_feedback=summary.get(OrderSummary.PENDING_FEEDBACK.value, 0),
            closed=summary.get(OrderSummary.CLOSED_ORDERS.value, 0),
            queued_answers=answers, queued_writes=len(unfinished) - answers, stats=stats,
            synced_at=store.cache.last_sync(Resource.ORDERS), computed_at=moment,
            synced=store.cache.sync_times())
