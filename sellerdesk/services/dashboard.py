"""Today at a glance, from the local store: opens at once and works offline."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

import msgspec

from sellerdesk.services.counts import (
    SLOW_ANSWER_MINUTES,
    Counts,
    CountsService,
    OutboxView,
    read_counts,
)
from sellerdesk.store import Store
from sellerdesk.store.rows import Resource
from sellerdesk.store.stats import Stats


class Glance(msgspec.Struct, frozen=True):
    """The dashboard's figures and how fresh they are: the shop's one `Counts`, the charts'
    statistics and the sync times."""

    counts: Counts
    stats: Stats
    synced_at: datetime | None
    computed_at: datetime
    # The last successful sync of each resource (Resource value -> time); none before one.
    synced: dict[str, datetime] = msgspec.field(default_factory=dict)

    # The cards' names for the counts (tests and the "All shops" table read them).
    @property
    def unanswered(self) -> int:
        return self.counts.unanswered

    @property
    def oldest_unanswered(self) -> datetime | None:
        return self.counts.oldest_unanswered

    @property
    def waiting_too_long(self) -> int:
        return self.counts.waiting_over_goal

    @property
    def pending_process(self) -> int:
        return self.counts.to_process

    @property
    def pending_shipment(self) -> int:
        return self.counts.to_ship

    @property
    def pending_feedback(self) -> int:
        return self.counts.to_rate

    @property
    def closed(self) -> int:
        return self.counts.closed

    @property
    def queued_answers(self) -> int:
        return self.counts.queued_answers

    @property
    def queued_writes(self) -> int:
        return self.counts.queued_others


class DashboardService:
    def __init__(self, store: Store, counts: CountsService | None = None) -> None:
        self._store = store
        self._counts = counts or CountsService(store)

    async def glance(self, *, days: int = 90, tz: tzinfo | None = None,
                     now: datetime | None = None,
                     slow_minutes: int = SLOW_ANSWER_MINUTES) -> Glance:
        return await self._store.run(self._glance, days, tz, now, slow_minutes,
                                     self._counts.view())

    async def late_threads(self, *, now: datetime | None = None,
                           slow_minutes: int = SLOW_ANSWER_MINUTES) -> set[str]:
        """Ids of the conversations with a question waiting longer than `slow_minutes`
        (the inbox marks them)."""
        return await self._store.run(self._store.stats.late_threads, now or datetime.now(UTC),
                                     slow_minutes)

    def _glance(self, days: int, tz: tzinfo | None, now: datetime | None,
                slow_minutes: int, view: OutboxView | None) -> Glance:
        store = self._store
        moment = now or datetime.now(UTC)
        zone = tz or datetime.now().astimezone().tzinfo or UTC
        return Glance(
            counts=read_counts(store, view, now=moment, goal_minutes=slow_minutes),
            stats=store.stats.all(moment, zone, days),
            synced_at=store.cache.last_sync(Resource.ORDERS), computed_at=moment,
            synced=store.cache.sync_times())
