"""The 100,000-order shop of the benchmarks: a seeded sandbox file and a store filled from it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sellerdesk.api.errors import BadResponse
from sellerdesk.api.models import Order, decode
from sellerdesk.services.convert import order_row
from sellerdesk.store import Store
from sellerdesk.store.rows import Resource

BIG = 100_000
BIG_PROFILE = "big"
IMPORT_BATCH = 5_000


@dataclass(frozen=True)
class BigShop:
    """A shop of 100,000 orders: the sandbox's database and a store already holding them.

    Start a sandbox on a copy of `sandbox_db` (already seeded: no `orders=` needed); open the
    store with `Store.open(BIG_PROFILE, data_dir=<copy of data_dir>)` or a Session whose
    address has that profile. Orders are marked synced, so a sync is an incremental one.
    """

    sandbox_db: Path
    data_dir: Path
    orders: int
    profile: str = BIG_PROFILE


def _readable(doc: str) -> Order | None:
    """The order, or None for a field-variety record made for the client not to read (the
    sync skips those the same way)."""
    try:
        return decode(doc.encode(), Order)
    except BadResponse:
        return None


def import_orders(sandbox_db: Path, data_dir: Path) -> int:
    """Every order of the sandbox's file into the store, as a sync would store it."""
    src = sqlite3.connect(sandbox_db)
    store = Store.open(BIG_PROFILE, data_dir=data_dir)
    n = 0
    try:
        cur = src.execute("SELECT doc FROM orders ORDER BY id")
        while batch := cur.fetchmany(IMPORT_BATCH):
            rows = [order_row(order) for (doc,) in batch
                    if (order := _readable(doc)) is not None]
            store.cache.upsert_orders(rows)
            n += len(rows)
        store.cache.mark_synced(Resource.ORDERS)
    finally:
        store.close()
        src.close()
    return n
