"""Put the field-variety records into the demo shop, or take them out (`--field-variety`).

They are written into the ordinary tables (so every search, filter and write treats them
as it treats the rest) and listed in the `variety` table with their variants, which is how
`switch(..., on=False)` finds them again. Switching off drops them and whatever was written
to them; switching on again rebuilds them as the seed makes them.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from sellerdesk.sandbox import variety_orders, variety_questions
from sellerdesk.sandbox.db import transaction
from sellerdesk.sandbox.seed_orders import ORDER_INSERT

# (id, name, provider, event, code, variants). The demo's own codes skip these ids, so the
# newest code is never a variety one and new codes get ids past every demo id either way.
TRACKING_CODES: list[tuple[int, str, str, str, str, tuple[str, ...]]] = [
    (4, "Administrador de etiquetas", "PROVIDER_TAG_MANAGER", "NAVIGATION",
     "<script>(function(w,d){w.dataLayer=w.dataLayer||[];})(window,document);</script>",
     ("provider_unknown",)),
    (8, "Analytics búsquedas internas", "PROVIDER_ANALYTICS", "SEARCH_RESULTS",
     "<script>gtag('event','search');</script>", ("event_unknown", "id_string")),
    (12, "Píxel sin id", "PROVIDER_ADS", "BUY_BUTTON",
     "<script>gtag('event','add_to_cart');</script>", ("unreadable",)),
]
RESERVED_CODE_IDS = frozenset(c[0] for c in TRACKING_CODES)


def is_on(conn: sqlite3.Connection) -> bool:
    row = conn.execute("SELECT value FROM meta WHERE key='field_variety'").fetchone()
    return row is not None and row[0] == "1"


def _seeded_orders(conn: sqlite3.Connection, shop_id: int) -> int:
    row = conn.execute("SELECT value FROM meta WHERE key='seeded_orders'").fetchone()
    if row is not None:
        return int(row[0])
    return int(conn.execute("SELECT COUNT(*) FROM orders WHERE shop_id=?",
                            (shop_id,)).fetchone()[0])


def _free_code_id(conn: sqlite3.Connection, wanted: int) -> int:
    """`wanted`, unless a database seeded before ids were reserved already uses it."""
    if conn.execute("SELECT 1 FROM tracking_codes WHERE id=?", (wanted,)).fetchone() is None:
        return wanted
    return int(conn.execute("SELECT MAX(id) FROM tracking_codes").fetchone()[0]) + 1


def _insert(conn: sqlite3.Connection, shop_id: int, seed: int) -> None:
    listed: list[tuple[str, str, str]] = []

    def note(table: str, key: Any, variants: tuple[str, ...]) -> None:
        listed.extend((table, str(key), v) for v in variants or ("plain",))

    for row, variants in variety_orders.build(seed, shop_id, _seeded_orders(conn, shop_id)):
        conn.execute(ORDER_INSERT, row)
        note("orders", row[0], variants)
    threads, questions = variety_questions.build(seed, shop_id)
    for row, variants in threads:
        conn.execute("INSERT INTO threads VALUES(?, ?, ?, ?)", row)
        note("threads", row[0], variants)
    for row, variants in questions:
        conn.execute("INSERT INTO questions VALUES(?, ?, ?, ?, ?, ?, ?)", row)
        note("questions", row[0], variants)
    for wanted, name, provider, event, code, variants in TRACKING_CODES:
        code_id = _free_code_id(conn, wanted)
        conn.execute("INSERT INTO tracking_codes(id, shop_id, name, code, options, provider, "
                     "event, status) VALUES(?, ?, ?, ?, ?, ?, ?, 'ACTIVE')",
                     (code_id, shop_id, name, code, json.dumps({}), provider, event))
        note("tracking_codes", code_id, variants)
    conn.executemany("INSERT OR IGNORE INTO variety(tbl, id, variant) VALUES(?, ?, ?)", listed)


def _remove(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM orders WHERE id IN "
                 "(SELECT CAST(id AS INTEGER) FROM variety WHERE tbl='orders')")
    conn.execute("DELETE FROM questions WHERE thread_id IN "
                 "(SELECT id FROM variety WHERE tbl='threads') OR id IN "
                 "(SELECT CAST(id AS INTEGER) FROM variety WHERE tbl='questions')")
    conn.execute("DELETE FROM threads WHERE id IN (SELECT id FROM variety WHERE tbl='threads')")
    conn.execute("DELETE FROM tracking_codes WHERE id IN "
                 "(SELECT CAST(id AS INTEGER) FROM variety WHERE tbl='tracking_codes')")
    conn.execute("DELETE FROM variety")


def switch(conn: sqlite3.Connection, shop_id: int, seed: int, on: bool) -> bool:
    """Make the shop carry the variety records or not; True when anything changed."""
    if is_on(conn) == on:
        return False
    with transaction(conn):
        if on:
            _insert(conn, shop_id, seed)
        else:
            _remove(conn)
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('field_variety', ?)",
                     ("1" if on else "0",))
    return True
