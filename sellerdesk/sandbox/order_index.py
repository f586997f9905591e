"""What makes an order search fast on a big shop: the count of orders per combination of the
facet columns, kept by triggers, and the indexes that find a page without reading documents.

A search's total and facets are sums over `order_facet_counts` (a shop's orders fall in a
few hundred combinations, whatever their number). Its page is found by one of two index-only
walks (orders_search.page_ids): by the ordering, or by the matching combinations and a sort.
"""

from __future__ import annotations

import sqlite3

from sellerdesk.sandbox.order_doc import FACET_COLUMNS

_COLS = ", ".join(FACET_COLUMNS)
_KEY = f"shop_id, {_COLS}"


def _match(row: str) -> str:
    return " AND ".join(f"{c}={row}.{c}" for c in ("shop_id", *FACET_COLUMNS))


def _add(row: str) -> str:
    values = ", ".join(f"{row}.{c}" for c in ("shop_id", *FACET_COLUMNS))
    return (f"INSERT INTO order_facet_counts({_KEY}, n) VALUES ({values}, 1) "
            f"ON CONFLICT({_KEY}) DO UPDATE SET n=n+1;")


def _remove(row: str) -> str:
    return f"UPDATE order_facet_counts SET n=n-1 WHERE {_match(row)};"


# Ordering key column (as ORDER BY spells it) -> the index walked in that order. `id` comes
# right after it, so an ordering's tie-break is the index's own order; the facet columns
# follow, so filters are tested on the index entry, not on the row.
ORDER_INDEXES = {
    "creation_ts": "orders_by_creation",
    "updated_ts": "orders_by_updated",
    "client_id": "orders_by_client",
    "buyer_name COLLATE NOCASE": "orders_by_name",
}
# Facet columns first: a search seeks its matching combinations; the ordering keys follow so
# the matches are sorted without reading their rows.
BY_FACETS = "orders_by_facets"

_TRIGGERS = {
    "order_facets_insert": f"AFTER INSERT ON orders BEGIN {_add('NEW')} END",
    "order_facets_delete": f"AFTER DELETE ON orders BEGIN {_remove('OLD')} END",
    "order_facets_update": f"AFTER UPDATE OF {_KEY} ON orders BEGIN "
                           f"{_remove('OLD')} {_add('NEW')} END",
}
_INDEXES = {
    **{name: f"orders(shop_id, {key}, id, {_COLS})" for key, name in ORDER_INDEXES.items()},
    BY_FACETS: f"orders({_KEY}, updated_ts, creation_ts, client_id, buyer_name)",
}
_TEXT = ("channel_short", "contact_status")  # the other facet columns are 0/1
COUNTS_TABLE = (
    "CREATE TABLE IF NOT EXISTS order_facet_counts (shop_id INTEGER NOT NULL, "
    + "".join(f"{c} {'TEXT' if c in _TEXT else 'INTEGER'} NOT NULL, " for c in FACET_COLUMNS)
    + f"n INTEGER NOT NULL, PRIMARY KEY ({_KEY})) WITHOUT ROWID")
# Replaced by orders_by_creation and orders_by_updated (files made before them have them).
_OLD_INDEXES = ("orders_creation", "orders_updated")


def install(conn: sqlite3.Connection) -> None:
    """On opening a file (autocommit connection): `create`, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        create(conn)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def create(conn: sqlite3.Connection) -> None:
    """The counts, their triggers and the indexes, where missing; counts missing while there
    are orders (a file made before them, or `drop` before a bulk insert) are counted once."""
    conn.execute(COUNTS_TABLE)
    for name, body in _TRIGGERS.items():
        conn.execute(f"CREATE TRIGGER IF NOT EXISTS {name} {body}")
    for name in _OLD_INDEXES:
        conn.execute(f"DROP INDEX IF EXISTS {name}")
    for name, on in _INDEXES.items():
        conn.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {on}")
    if conn.execute("SELECT NOT EXISTS (SELECT 1 FROM order_facet_counts)"
                    " AND EXISTS (SELECT 1 FROM orders)").fetchone()[0]:
        conn.execute(f"INSERT INTO order_facet_counts({_KEY}, n) "
                     f"SELECT {_KEY}, COUNT(*) FROM orders GROUP BY {_KEY}")


def drop(conn: sqlite3.Connection) -> None:
    """Triggers, indexes and counts away, for a bulk insert: building the indexes after it
    (`create`, in the same transaction) costs half as much as keeping them up row by row."""
    for name in _TRIGGERS:
        conn.execute(f"DROP TRIGGER IF EXISTS {name}")
    for name in _INDEXES:
        conn.execute(f"DROP INDEX IF EXISTS {name}")
    conn.execute("DELETE FROM order_facet_counts")
