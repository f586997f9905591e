"""Orders: cached lists with filters and facets, details, invoice and shipping writes."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.api.enums import ShippingStatus
from sellerdesk.api.models import Invoice, Order, SearchEnvelope, decode
from sellerdesk.services.changes import ChangeFeed, Changes
from sellerdesk.services.convert import encode, load, load_all, order_row
from sellerdesk.services.csv_file import write_csv
from sellerdesk.services.fresh_writes import Written
from sellerdesk.services.order_list import (
    SHIPPING_PROGRESS,
    OrderChanges,
    OrderPage,
    Prepare,
    read_changes,
    read_page,
)
from sellerdesk.services.outbox.pending import PendingWrites
from sellerdesk.services.outbox.sender import OutboxService
from sellerdesk.services.outbox.settle import Intent, parse
from sellerdesk.store import Store
from sellerdesk.store.db import utc_now
from sellerdesk.store.outbox import IntentKind, OutboxEntry, entity_key
from sellerdesk.store.rows import Facets, OrderFilter, OrderKey, OrderSort, Resource

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient

EXPORT_PAGE = 2000
CSV_COLUMNS = ("id", "date", "buyer", "nickname", "channel", "products", "currency",
               "grand_total", "paid", "processed", "state", "shipping", "tracking_codes",
               "delivered", "closed", "invoiced", "invoice_number")
# Coded cells of the export, by kind: what `CsvWords.label` is asked to put in words.
CSV_CODED = {"channel": "channel", "paid": "flag", "processed": "flag", "state": "state",
             "shipping": "shipping", "delivered": "flag", "closed": "flag", "invoiced": "flag"}


def _as_code(kind: str, value: str) -> str:
    if kind == "flag":
        return "yes" if value == "true" else "no"
    return value


class CsvWords(msgspec.Struct, frozen=True):
    """How an export names its columns and coded values. The default writes codes, for
    scripts (the command line); the window passes the words its table shows."""

    headers: tuple[str, ...] = CSV_COLUMNS
    # (kind, code) -> words; kinds: "channel", "shipping", "state", "flag" ("true"/"false").
    label: Callable[[str, str], str] = _as_code


def order_state(order: Order) -> str:
    """The one state the order list shows: closed, delivered, else the least advanced
    shipping's status, else "none" (no shipping)."""
    st = order.status
    if st is not None and st.closed:
        return "closed"
    if st is not None and st.delivered:
        return "delivered"
    statuses = [s.status.value for s in order.shippings or [] if s.status]
    if not statuses:
        return "none"
    return min(statuses, key=lambda v: SHIPPING_PROGRESS.get(v, -1))


class ShippingChange(msgspec.Struct, frozen=True):
    """One line of a bulk shipping update."""

    order_id: str
    shipping_id: int
    status: ShippingStatus
    tracking_code: str | None = None


def csv_row(order: Order, words: CsvWords = CsvWords()) -> list[str]:
    """One order's cells: buyer texts exact (the file defuses formulas: `csv_file`), coded
    values in `words`, dates ISO 8601 and amounts plain numbers (a spreadsheet sorts and
    sums them)."""
    st = order.status
    ships = order.shippings or []
    inv = order.invoice
    label = words.label

    def flag(value: bool | None) -> str:
        return label("flag", "true" if value else "false")

    total = order.grand_total if order.grand_total is not None else order.amount
    cells = [
        order.id,
        order.creation_date.isoformat() if order.creation_date else "",
        order.buyer.name or "" if order.buyer else "",
        order.buyer.nickname or "" if order.buyer else "",
        label("channel", order.channel.value) if order.channel else "",
        " | ".join(f"{p.quantity or 1} x {p.title or ''}" for p in order.products or []),
        order.currency.value if order.currency else "",
        str(total) if total is not None else "",
        flag(st.paid if st else None), flag(st.processed if st else None),
        label("state", order_state(order)),
        ", ".join(label("shipping", s.status.value) for s in ships if s.status),
        ", ".join(s.tracking_code for s in ships if s.tracking_code),
        flag(st.delivered if st else None), flag(st.closed if st else None),
        flag(inv.invoiced if inv else None), (inv.number or "") if inv else "",
    ]
    return cells


def _csv_rows(docs: Sequence[bytes], words: CsvWords) -> list[list[str]]:
    return [csv_row(decode(doc, Order, what="cached record"), words) for doc in docs]


_warmed = threading.Event()


def warm_decoders() -> None:
    """Build msgspec's decoder of an order page (once per process): the first decode of a
    type builds its decoder, a few milliseconds on whichever thread decodes first, and the
    sync decodes on the window's thread."""
    if not _warmed.is_set():
        _warmed.set()
        decode(b'{"results": []}', SearchEnvelope[Order])


class OrdersService:
    def __init__(self, client: ShopClient, store: Store, outbox: OutboxService,
                 pending: PendingWrites, feed: ChangeFeed | None = None) -> None:
        if not _warmed.is_set():  # off the window's thread, ahead of the first sync
            threading.Thread(target=warm_decoders, name="warm-decoders", daemon=True).start()
        self._client = client
        self._store = store
        self._outbox = outbox
        self._pending = pending
        self._feed = feed if feed is not None else pending.feed
        # A sent write's order is brought in line in the commit that marks it done: that
        # commit's one value on the feed (published by `PendingWrites`) names the order.
        outbox.add_cache_writer(self._write_applied,
                                kinds=(IntentKind.INVOICE, IntentKind.SHIPPING))

    async def orders(self, filter: OrderFilter = OrderFilter(), *,
                     sort: OrderSort = OrderSort.CREATION_DATE_DESC, limit: int | None = 200,
                     offset: int = 0) -> list[Order]:
        rows = await self._store.run(self._store.cache.orders, filter, sort=sort, limit=limit,
                                     offset=offset)
        return load_all(rows, Order)

    async def page(self, filter: OrderFilter = OrderFilter(), *,
                   sort: OrderSort = OrderSort.CREATION_DATE_DESC,
                   after: OrderKey | None = None, limit: int = 200,
                   prepare: Prepare | None = None) -> OrderPage:
        """The list's next `limit` rows after `after` (None: the first), by key: read and
        decoded on the store's thread, so the window only receives them. `prepare` runs
        there too, on the decoded rows (the window makes their texts)."""
        return await self._store.run(read_page, self._store, filter, sort, after, limit,
                                     prepare)

    async def changes(self, since: int, filter: OrderFilter = OrderFilter(), *,
                      sort: OrderSort = OrderSort.CREATION_DATE_DESC,
                      limit: int = 2000, prepare: Prepare | None = None) -> OrderChanges:
        """The rows written after rev `since` (a page's `rev`), each with its place in
        `sort` and whether it matches `filter`: what a list on screen must update.
        `prepare` as for `page`."""
        return await self._store.run(read_changes, self._store, since, filter, sort, limit,
                                     prepare)

    async def count(self, filter: OrderFilter = OrderFilter()) -> int:
        return await self._store.run(self._store.cache.count_orders, filter)

    async def facets(self, filter: OrderFilter = OrderFilter()) -> Facets:
        """Counts per value of every filter and the four summary facets, from the cache."""
        return await self._store.run(self._store.cache.order_facets, filter)

    async def order(self, order_id: str) -> Order | None:
        cached = await self._store.run(self._store.cache.get, Resource.ORDERS, order_id)
        return None if cached is None else load(cached, Order)

    async def refresh_order(self, order_id: str) -> Order:
        began = utc_now()  # the outbox's clock
        order = await self._client.order(order_id)

        def write() -> None:  # an order our writes reached since the read stays as written
            written = Written.since(self._store, began)
            self._store.cache.upsert_orders(written.orders_kept([order_row(order)]))

        await self._store.run(write)
        self._feed.publish(Changes.of_orders([order_id]))
        return order

    # -- writes -------------------------------------------------------------------------------

    async def with_pending(self, order: Order) -> Order:
        """The order as it will be once the seller's unsent changes to it are applied."""
        entries = self._pending.writes(entity_key("order", order.id)).waiting
        if not entries:
            return order
        ahead = decode(encode(order), Order)  # a deep copy: the cached model stays as it is
        for entry in entries:
            _patch(ahead, entry.kind, parse(entry.payload))
        return ahead

    async def update_invoice(self, order: Order, *, invoiced: bool, number: str,
                             type: str) -> OutboxEntry:
        # The base is what the server will hold once our own earlier changes land.
        order = await self.with_pending(order)
        inv = order.invoice or Invoice()
        base = {"invoiced": bool(inv.invoiced), "number": inv.number or "",
                "type": inv.type or ""}
        intent = Intent(order_id=order.id, invoiced=invoiced, number=number.strip(),
                        type=type.strip(), base=base)
        # Its commit is published once, by `PendingWrites` (the feed's "order:<id>").
        return await self._outbox.submit(IntentKind.INVOICE, entity_key("order", order.id),
                                         intent)

    async def update_shipping(self, order: Order, shipping_id: int, *,
                              status: ShippingStatus, tracking_code: str | None = None
                              ) -> OutboxEntry:
        order = await self.with_pending(order)
        ship = next((s for s in order.shippings or [] if s.id == shipping_id), None)
        if ship is None:
            raise ValueError(f"Order {order.id} has no shipping {shipping_id}.")
        base = {"status": ship.status.value if ship.status else None,
                "tracking_code": ship.tracking_code or ""}
        code = tracking_code.strip() if tracking_code is not None else None
        intent = Intent(order_id=order.id, shipping_id=shipping_id, status=status.value,
                        tracking_code=code or None, base=base)
        return await self._outbox.submit(IntentKind.SHIPPING, entity_key("order", order.id),
                                         intent)

    async def bulk_shipping(self, changes: Sequence[ShippingChange]
                            ) -> list[OutboxEntry | ValueError]:
        """Queue one shipping update per line; a line that cannot be queued says why."""
        out: list[OutboxEntry | ValueError] = []
        for change in changes:
            order = await self.order(change.order_id)
            if order is None:
                out.append(ValueError(f"Order {change.order_id} is not in SellerDesk yet; "
                                      "sync first."))
                continue
            try:
                out.append(await self.update_shipping(order, change.shipping_id,
                                                      status=change.status,
                                                      tracking_code=change.tracking_code))
            except ValueError as exc:
                out.append(exc)
        return out

    async def export_csv(self, path: Path, filter: OrderFilter = OrderFilter(), *,
                         sort: OrderSort = OrderSort.CREATION_DATE_DESC,
                         words: CsvWords = CsvWords(), delimiter: str = ",") -> int:
        """Write the orders of this view, in its order, to `path` (`csv_file.write_csv`:
        private, whole, every cell quoted and defused); returns how many. Pages are read by
        key on the store's thread and turned into rows on a worker thread: a 100,000-order
        export never holds the window."""
        rows: list[list[str]] = []
        after: OrderKey | None = None
        while True:
            page = await self._store.run(self._store.cache.order_page, filter, sort=sort,
                                         after=after, limit=EXPORT_PAGE)
            rows += await asyncio.to_thread(_csv_rows, page.docs, words)
            if len(page.keys) < EXPORT_PAGE:
                break
            after = page.keys[-1]
        await asyncio.to_thread(write_csv, path, words.headers, rows, delimiter=delimiter)
        return len(rows)

    # -- keeping the cache in line with applied writes ------------------------------------------

    def _write_applied(self, entries: Sequence[OutboxEntry]) -> None:
        """On the store's writer thread, in the commit marking `entries` done: their orders
        as the server now has them (its reply, else the cached order patched)."""
        cache = self._store.cache
        rows = []
        for entry in entries:
            if entry.kind not in (IntentKind.INVOICE, IntentKind.SHIPPING):
                continue
            intent = parse(entry.payload)
            assert intent.order_id is not None
            order = None
            if entry.result:
                try:
                    order = decode(entry.result, Order)
                except Exception:
                    order = None
            if order is None:
                cached = cache.get(Resource.ORDERS, intent.order_id)
                if cached is None:
                    continue
                order = load(cached, Order)
                _patch(order, entry.kind, intent)
            rows.append(order_row(order))
        if rows:
            cache.upsert_orders(rows)


def _patch(order: Order, kind: IntentKind, intent: Intent) -> None:
    if kind is IntentKind.INVOICE:
        inv = order.invoice or Invoice()
        inv.invoiced, inv.number, inv.type = intent.invoiced, intent.number, intent.type
        order.invoice = inv
        return
    for ship in order.shippings or []:
        if ship.id == intent.shipping_id and intent.status:
            ship.status = ShippingStatus(intent.status)
            if intent.tracking_code is not None:
                ship.tracking_code = intent.tracking_code
            if ship.status is ShippingStatus.DELIVERED and order.status is not None:
                order.status.delivered = True
