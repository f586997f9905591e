"""A shop's first sync, planned by what the seller must act on (services/sync.py runs it).

At the field's 5 requests/s the order of the requests is the whole game: a first sync of the
demo shop is about 180 requests (36 s), and only a handful hold what needs an answer today.
So a first sync goes in three parts, each starting when the one before has its records in
the store:

1. `UNANSWERED`: the threads waiting for an answer (`status=unanswered`, a page or two),
   then their conversations. Each conversation's thread and questions are stored together,
   and the inbox is told once, when all are in: its rows come in their final order
   (waiting longest first) and do not move when the rest arrives, which is answered.
2. `ORDERS_TO_DO`: the orders to process and to ship, by the spec's filters (`ORDERS_TO_DO`:
   a few pages even for a 100,000-order shop).
3. `REST`: the shop record, categories, tracking codes, and the rest of the history (every
   thread, every order) at the same pace, in the background; the window is usable all along.

A stage whose part has not started yet waits for it (`Parts`); a stage that fails still lets
the next part start. Every progress event names the part under way and the parts still
coming (`SyncProgress.part`, `.coming`).

Resumable: the history walks keep their position in the store (`store/sync_plan.py`), with
the records they stored; an interrupted first sync (quit, `kill -9`, the network gone) goes
on from there. Parts 1 and 2 are listed again (a few pages: what needs the seller now may
have changed meanwhile), but a conversation already read and unchanged is not read again.
A sync is a first one for threads (for orders) while their "last synced" time is unset: it
is set when the walk reaches its end.
"""

from __future__ import annotations

import asyncio
import enum
from typing import Any

import msgspec

from sellerdesk.api.enums import OrderShippingFilter


class SyncPart(enum.StrEnum):
    """The parts of a first sync, in the order they run."""

    UNANSWERED = "unanswered"  # the conversations waiting for an answer
    ORDERS_TO_DO = "orders_to_do"  # orders to process and to ship
    REST = "rest"  # shop, categories, tracking codes and the rest of the history


# The seller's "To process" and "To ship" (store/rows.py, OrderSummary) as the spec's order
# search filters: the `shipping` filter takes one value, so "To ship" (a shipping not yet
# handed to the carrier: pending, in progress or ready for pickup) is three searches. Their
# results may hold a few more orders than the seller's lists (the store's own counts say
# which are which): every filter a search applies is one more count over the whole shop for
# a server that counts facets as the spec's envelope does, so "paid" (a processed order is
# paid) and "not delivered" (a shipping not handed over is not delivered) are left out.
_SHIP = {"processed": True, "closed": False}
ORDERS_TO_DO: tuple[dict[str, Any], ...] = (
    {"paid": True, "processed": False, "closed": False},
    *({**_SHIP, "shipping": tag} for tag in (OrderShippingFilter.PENDING,
                                              OrderShippingFilter.IN_PROGRESS,
                                              OrderShippingFilter.PICKUP)),
)

# `store.plan` keys of the history walks (a Resource's value: clearing it forgets its walk).
THREADS_WALK = "threads"
ORDERS_WALK = "orders"


class FirstSync(msgspec.Struct, frozen=True):
    """Which resources a sync reads for the first time (their "last synced" time unset)."""

    threads: bool
    orders: bool

    @property
    def any(self) -> bool:
        return self.threads or self.orders


class Parts:
    """The gates between a first sync's parts, and which part is under way.

    Without a first sync both gates are open from the start: stages run side by side.
    """

    def __init__(self, first: FirstSync) -> None:
        self.first = first
        self.unanswered_read = asyncio.Event()
        self.to_do_read = asyncio.Event()
        if not first.threads:  # nothing to wait for (orders only: a cleared order cache)
            self.unanswered_read.set()
        if not first.any:
            self.to_do_read.set()
        self._planned = tuple(p for p, on in ((SyncPart.UNANSWERED, first.threads),
                                              (SyncPart.ORDERS_TO_DO, first.orders),
                                              (SyncPart.REST, first.any)) if on)

    def now(self) -> tuple[SyncPart | None, tuple[SyncPart, ...]]:
        """The part under way and those still coming (None, () when not a first sync)."""
        if not self._planned:
            return None, ()
        if not self.unanswered_read.is_set():
            part = SyncPart.UNANSWERED
        elif not self.to_do_read.is_set():
            part = SyncPart.ORDERS_TO_DO
        else:
            part = SyncPart.REST
        at = self._planned.index(part) if part in self._planned else len(self._planned) - 1
        return part, self._planned[at + 1:]


__all__ = ["ORDERS_TO_DO", "ORDERS_WALK", "THREADS_WALK", "FirstSync", "Parts", "SyncPart"]
