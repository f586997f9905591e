"""One typed feed of committed changes: how every view learns that something changed.

A change is published **once**, by the service that committed it, as one `Changes` value
that says which records it touched (threads, questions, orders, tracking codes, the
category tree, the shop record), which pending-write keys moved, what happened to a queued
write, and who started it. Views subscribe once (`ui/widgets/service_link.subscribe`) and
reload what the value names; a view that started a change may skip its own echo by
comparing `origin`. There is no other route: no reload-on-success callback, no second
event for the same commit, no timer to smooth duplicates over.

Publishing happens on the event-loop thread after the store's commit, so a subscriber that
reads the store sees the change. Several changes made in one loop turn are not merged: each
commit is one value, and a subscriber that wants to coalesce does so itself (the window
does it in one place: `ui/widgets/service_link.subscribe_coalesced`).

Who publishes what: every outbox commit (a write queued, marked sending, sent — with the
cache brought in line in that same commit —, refused, in conflict, discarded) is published
by `PendingWrites`, which follows every commit and must have taken it in before anyone
reads `pending.writes()`; the services that queue writes do not publish them again. Reads
from the shop are published by the service that stored them: `OrdersService.refresh_order`,
`InboxService.refresh_thread`, `CatalogueService` (categories, shop), `TrackingService.refresh`
and the sync's threads and orders stages; the sync ends with a `finished_sync` value.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import msgspec
from msgspec.structs import replace

from sellerdesk.services.events import Event


class WriteEvent(enum.StrEnum):
    """What happened to a queued write (an outbox entry)."""

    QUEUED = "queued"        # saved in the outbox, waiting: new, or again after a try that
    #                          did not reach the shop (offline, busy), retried, edited
    SENDING = "sending"      # on its way
    SENT = "sent"            # applied on the shop
    FAILED = "failed"        # refused by the shop; it stays for the seller (retry, discard)
    CONFLICT = "conflict"    # the record changed elsewhere: the seller chooses
    DISCARDED = "discarded"  # the seller dropped it: it will not be sent


class WriteChange(msgspec.Struct, frozen=True):
    event: WriteEvent
    kind: str                 # the write's kind (store.outbox_entries.IntentKind value)
    key: str                  # the record's pending key, e.g. "question:12", "order:77"
    entry_id: str | None = None
    # With SENT: the key the record moved to (a created tracking code got its id; every
    # write of "tracking:new:<uuid>" is "tracking:<id>" from this commit on).
    new_key: str | None = None


class Changes(msgspec.Struct, frozen=True):
    """What one commit touched. Empty sets mean "not touched"; `everything` means a whole
    stage was read again (a sync), so a view reloads whole."""

    threads: frozenset[str] = frozenset()
    questions: frozenset[int] = frozenset()
    orders: frozenset[str] = frozenset()
    codes: frozenset[str] = frozenset()
    pending: frozenset[str] = frozenset()   # pending-write keys whose writes changed
    writes: tuple[WriteChange, ...] = ()
    categories: bool = False
    shop: bool = False
    everything: frozenset[str] = frozenset()  # areas read whole: {"inbox", "orders", ...}
    origin: object | None = None  # who started it: a view may skip its own echo
    finished_sync: bool = False   # the last value of a sync run

    # ---- building -------------------------------------------------------------------
    @classmethod
    def of_threads(cls, ids: Iterable[str], *, questions: Iterable[int] = (),
                   origin: object | None = None) -> Changes:
        return cls(threads=frozenset(ids), questions=frozenset(questions), origin=origin)

    @classmethod
    def of_orders(cls, ids: Iterable[str], *, origin: object | None = None) -> Changes:
        return cls(orders=frozenset(str(i) for i in ids), origin=origin)

    @classmethod
    def of_codes(cls, ids: Iterable[str | int], *, origin: object | None = None) -> Changes:
        return cls(codes=frozenset(str(i) for i in ids), origin=origin)

    @classmethod
    def of_write(cls, write: WriteChange, *, origin: object | None = None) -> Changes:
        return cls.of_writes((write,), origin=origin)

    @classmethod
    def of_writes(cls, writes: Iterable[WriteChange], *, pending: Iterable[str] = (),
                  origin: object | None = None) -> Changes:
        """One outbox commit: its writes (a round's marks, a batch of successes: several)
        and the pending keys it moved (theirs, and where a created record moved to)."""
        writes = tuple(writes)
        keys = set(pending)
        for write in writes:
            keys.add(write.key)
            if write.new_key:
                keys.add(write.new_key)
        return cls(pending=frozenset(keys), writes=writes, origin=origin)

    @classmethod
    def reread(cls, *areas: str) -> Changes:
        """A whole area was read again ("inbox", "orders", "tracking", "categories", "shop")."""
        return cls(everything=frozenset(areas), categories="categories" in areas,
                   shop="shop" in areas)

    @classmethod
    def merged(cls, values: Sequence[Changes]) -> Changes:
        """Several values as one (what a view that reloads once per turn of the loop needs):
        every record named by any, every write in order; the origin only when all share it."""
        if len(values) == 1:
            return values[0]
        origins = {id(v.origin) for v in values}
        return cls(
            threads=frozenset().union(*(v.threads for v in values)),
            questions=frozenset().union(*(v.questions for v in values)),
            orders=frozenset().union(*(v.orders for v in values)),
            codes=frozenset().union(*(v.codes for v in values)),
            pending=frozenset().union(*(v.pending for v in values)),
            writes=tuple(w for v in values for w in v.writes),
            categories=any(v.categories for v in values),
            shop=any(v.shop for v in values),
            everything=frozenset().union(*(v.everything for v in values)),
            origin=values[0].origin if len(origins) == 1 else None,
            finished_sync=any(v.finished_sync for v in values))

    def with_origin(self, origin: object | None) -> Changes:
        return replace(self, origin=origin)

    # ---- reading --------------------------------------------------------------------
    def touches(self, area: str) -> bool:
        """Does this change concern a view of `area` ("inbox", "orders", "tracking",
        "categories", "shop", "outbox")?"""
        if area in self.everything:
            return True
        kinds = {key.split(":", 1)[0] for key in self.pending}
        if area == "inbox":
            return bool(self.threads or self.questions or "question" in kinds)
        if area == "orders":
            return bool(self.orders or "order" in kinds)
        if area == "tracking":
            return bool(self.codes or "tracking" in kinds)
        if area == "categories":
            return self.categories
        if area == "shop":
            return self.shop
        if area == "outbox":
            return bool(self.pending or self.writes)
        return False

    @property
    def counts_may_change(self) -> bool:
        """Could `Counts` (unanswered, to ship, queued, …) differ after this change?"""
        return bool(self.threads or self.questions or self.orders or self.pending
                    or self.writes or self.everything & {"inbox", "orders"})

    def __bool__(self) -> bool:
        return bool(self.threads or self.questions or self.orders or self.codes or self.pending
                    or self.writes or self.categories or self.shop or self.everything
                    or self.finished_sync)


class ChangeFeed(msgspec.Struct):
    """The one feed of a session: `publish` after a commit, `published` to listen."""

    published: Event[Changes] = msgspec.field(default_factory=lambda: Event("changes.published"))

    def publish(self, changes: Changes) -> None:
        if changes:
            self.published.emit(changes)
