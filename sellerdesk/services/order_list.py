"""The order list's rows: the few fields a list shows, decoded on the store's thread.

A 100,000-order shop scrolled to the end keeps 100,000 rows in memory and on screen a page
at a time, so a row is small and costs the window nothing to receive:

- decoded from the cached document straight into `OrderItem` (msgspec skips every field the
  list does not show), on the store's thread as part of the read, never on the GUI thread;
- untracked by the garbage collector (`gc=False`, tuples inside): a full collection never
  walks 100,000 rows, so scrolling never pauses for one;
- placed by its key in the ordering (`OrderKey`), which keyset paging and the following of
  changes use (`sellerdesk.store.cache.Cache.order_page`, `order_changes`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from decimal import Decimal

import msgspec

from sellerdesk.services.people import buyer_name
from sellerdesk.store import Store
from sellerdesk.store.rows import OrderFilter, OrderKey, OrderSort

__all__ = ["SHIPPING_PROGRESS", "OrderChanges", "OrderItem", "OrderKey", "OrderPage",
           "Prepare", "decode_items", "read_changes", "read_page"]

# Shipping progress: the list shows the least advanced status of an order's shippings.
SHIPPING_PROGRESS = {"pending": 0, "in_progress": 1, "pickup": 2, "on_route": 3, "delivered": 4}
_PRODUCTS_SHOWN = 5


class _Buyer(msgspec.Struct, gc=False):
    name: str | None = None
    nickname: str | None = None


class _Status(msgspec.Struct, gc=False):
    paid: bool | None = None
    processed: bool | None = None
    delivered: bool | None = None
    closed: bool | None = None


class _Product(msgspec.Struct, gc=False):
    title: str | None = None
    quantity: int | None = None


class _Shipping(msgspec.Struct, gc=False):
    id: int | None = None
    status: str | None = None
    tracking_code: str | None = None


class _Payment(msgspec.Struct, gc=False):
    pass


class OrderItem(msgspec.Struct, gc=False):
    """One row of the order list, read from the order's cached document."""

    id: str
    creation_date: datetime | None = None
    channel: str | None = None
    currency: str | None = None
    grand_total: Decimal | None = None
    amount: Decimal | None = None
    status_: _Status | None = msgspec.field(default=None, name="status")
    buyer_: _Buyer | None = msgspec.field(default=None, name="buyer")
    products_: tuple[_Product, ...] | None = msgspec.field(default=None, name="products")
    shippings_: tuple[_Shipping, ...] | None = msgspec.field(default=None, name="shippings")
    payments_: tuple[_Payment, ...] | None = msgspec.field(default=None, name="payments")
    # A slot the window fills once with the row's display texts (no document has this key).
    display: tuple[str, ...] | None = msgspec.field(default=None, name="sellerdesk:display")

    @property
    def created(self) -> datetime | None:
        return self.creation_date

    @property
    def buyer(self) -> str:
        """The buyer's name, else their nickname."""
        return buyer_name(self.buyer_)

    @property
    def nickname(self) -> str:
        return (self.buyer_.nickname or "") if self.buyer_ else ""

    @property
    def products(self) -> str:
        """ "2 × Remera, 1 × Gorra" (the first five)."""
        return ", ".join(f"{p.quantity or 1} × {p.title or ''}"
                         for p in (self.products_ or ())[:_PRODUCTS_SHOWN])

    @property
    def total(self) -> Decimal | None:
        return self.grand_total if self.grand_total is not None else self.amount

    @property
    def paid(self) -> bool:
        return bool(self.status_ and self.status_.paid)

    @property
    def processed(self) -> bool:
        return bool(self.status_ and self.status_.processed)

    @property
    def delivered(self) -> bool:
        return bool(self.status_ and self.status_.delivered)

    @property
    def closed(self) -> bool:
        return bool(self.status_ and self.status_.closed)

    @property
    def shipping(self) -> str | None:
        """The least advanced status among the order's shippings (None: no shipping)."""
        statuses = [s.status for s in self.shippings_ or () if s.status]
        return min(statuses, key=lambda s: SHIPPING_PROGRESS.get(s, -1)) if statuses else None

    @property
    def shipping_ids(self) -> tuple[int, ...]:
        return tuple(s.id for s in self.shippings_ or () if s.id is not None)

    @property
    def tracking_codes(self) -> tuple[str, ...]:
        return tuple(s.tracking_code for s in self.shippings_ or () if s.tracking_code)

    @property
    def payments(self) -> int:
        return len(self.payments_ or ())


_decoder = msgspec.json.Decoder(OrderItem, strict=False)


def decode_items(docs: Sequence[bytes]) -> list[OrderItem]:
    """Rows from cached documents (one short C call each, so other threads get a turn)."""
    decode = _decoder.decode
    return [decode(doc) for doc in docs]


class OrderPage(msgspec.Struct, frozen=True):
    """A page of the list: its rows, each row's place in the ordering, and the store's change
    counter as of the read (what `OrdersService.changes` is asked from)."""

    items: list[OrderItem]
    keys: list[OrderKey]
    rev: int


class OrderChanges(msgspec.Struct, frozen=True):
    """Orders written since a read: each row, its place and whether it matches the filter.
    `complete` is False when there were too many to follow one by one: read the list again."""

    items: list[OrderItem]
    keys: list[OrderKey]
    matches: list[bool]
    rev: int
    complete: bool


# Work a reader wants done on the rows while still off the window's thread (the list makes
# each row's display texts here, so landing and first painting a page only draws them).
Prepare = Callable[[Sequence[OrderItem]], object]


def read_page(store: Store, filter: OrderFilter, sort: OrderSort, after: OrderKey | None,
              limit: int, prepare: Prepare | None = None) -> OrderPage:
    """For the store's thread: a page of rows after `after`, decoded (and prepared)."""
    rows = store.cache.order_page(filter, sort=sort, after=after, limit=limit)
    items = decode_items(rows.docs)
    if prepare is not None:
        prepare(items)
    return OrderPage(items=items, keys=rows.keys, rev=rows.rev)


def read_changes(store: Store, since: int, filter: OrderFilter, sort: OrderSort,
                 limit: int, prepare: Prepare | None = None) -> OrderChanges:
    """For the store's thread: the rows written after rev `since`, decoded (and prepared)."""
    rows = store.cache.order_changes(since, filter, sort=sort, limit=limit)
    items = decode_items(rows.docs)
    if prepare is not None:
        prepare(items)
    return OrderChanges(items=items, keys=rows.keys, matches=rows.matches,
                        rev=rows.rev, complete=rows.complete)
