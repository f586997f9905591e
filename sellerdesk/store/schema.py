"""The store's schema as forward steps: `MIGRATIONS[i]` takes a file from version i to i + 1.

Never edit a step that has shipped: append a new one. Times are UTC text from
`db.encode_time` (fixed width, so they sort); `doc` columns hold the record's JSON as the
caller encoded it; the other columns are copies of the fields the store filters, sorts and
searches on.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

Migration = Callable[[sqlite3.Connection], None]
"""One forward step: runs inside a transaction and takes the file from version i to i + 1."""


def _steps(*statements: str) -> Migration:
    # executescript() would COMMIT first and break the step's transaction: run one by one.
    def apply(conn: sqlite3.Connection) -> None:
        for statement in statements:
            conn.execute(statement)
    return apply


_V1_CACHE = _steps(
    """CREATE TABLE categories (
        id INTEGER PRIMARY KEY, parent_id INTEGER, position INTEGER, name TEXT,
        doc BLOB NOT NULL, fetched_at TEXT NOT NULL)""",
    """CREATE TABLE shop (id INTEGER PRIMARY KEY, doc BLOB NOT NULL, fetched_at TEXT NOT NULL)""",
    """CREATE TABLE tracking_codes (
        id INTEGER PRIMARY KEY, name TEXT, status TEXT, event TEXT, provider TEXT,
        doc BLOB NOT NULL, fetched_at TEXT NOT NULL)""",
    """CREATE TABLE threads (
        id TEXT PRIMARY KEY, status TEXT, channel TEXT, last_question_date TEXT,
        unanswered_quantity INTEGER NOT NULL DEFAULT 0, client_id INTEGER,
        doc BLOB NOT NULL, fetched_at TEXT NOT NULL)""",
    "CREATE INDEX threads_by_date ON threads (last_question_date, id)",
    # `pk`: see orders below, and cache.py on how new rows reach the FTS index.
    """CREATE TABLE questions (
        pk INTEGER PRIMARY KEY, id INTEGER NOT NULL UNIQUE, thread_id TEXT, status TEXT,
        channel TEXT,
        creation_date TEXT, client_id INTEGER,
        text TEXT, buyer_name TEXT, buyer_nickname TEXT, product_title TEXT,
        doc BLOB NOT NULL, fetched_at TEXT NOT NULL)""",
    "CREATE INDEX questions_by_thread ON questions (thread_id, creation_date)",
    "CREATE INDEX questions_by_date ON questions (creation_date, id)",
    # An explicit INTEGER PRIMARY KEY: VACUUM may renumber implicit rowids, which would
    # break the external-content FTS index (v3) that points at them.
    """CREATE TABLE orders (
        pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, channel TEXT, currency TEXT,
        creation_date TEXT, updated_at TEXT, contact_status TEXT,
        paid INTEGER NOT NULL, processed INTEGER NOT NULL, delivered INTEGER NOT NULL,
        closed INTEGER NOT NULL, buyer_feedback INTEGER NOT NULL,
        seller_feedback INTEGER NOT NULL, shipping_tags TEXT NOT NULL,
        client_id INTEGER, buyer_name TEXT, buyer_nickname TEXT,
        product_titles TEXT, tracking_codes TEXT,
        doc BLOB NOT NULL, fetched_at TEXT NOT NULL)""",
    "CREATE INDEX orders_by_date ON orders (creation_date, id)",
    "CREATE INDEX orders_by_update ON orders (updated_at, id)",
    "CREATE TABLE sync_state (key TEXT PRIMARY KEY, synced_at TEXT NOT NULL)",
)

_V2_OUTBOX = _steps(
    # AUTOINCREMENT: a sequence number is never reused, even after the newest row is deleted.
    """CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL, entity TEXT NOT NULL, payload BLOB NOT NULL,
        state TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT, last_error TEXT,
        conflict_local BLOB, conflict_server BLOB, uncertain INTEGER NOT NULL DEFAULT 0,
        result BLOB)""",
    "CREATE INDEX outbox_by_entity ON outbox (entity, seq)",
    "CREATE INDEX outbox_by_state ON outbox (state, seq)",
    "CREATE TABLE outbox_control (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)


def _fts(table: str, columns: tuple[str, ...]) -> tuple[str, ...]:
    """An external-content FTS5 index over `table`, its rowid the table's `pk`.

    Triggers follow updates and deletes. New rows are indexed by `Cache` with one
    INSERT ... SELECT per batch instead: FTS5 flushes its pending terms at every statement,
    so an insert trigger under executemany made 100,000 orders take 3x as long.
    """
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    changed = " OR ".join(f"old.{c} IS NOT new.{c}" for c in columns)
    fts = f"{table}_fts"
    return (
        # remove_diacritics 2: "camion" finds "camión"; prefix indexes make typing fast.
        f"""CREATE VIRTUAL TABLE {fts} USING fts5({cols}, content='{table}',
            content_rowid='pk', tokenize='unicode61 remove_diacritics 2',
            prefix='2 3')""",
        f"""CREATE TRIGGER {table}_fts_delete AFTER DELETE ON {table} BEGIN
            INSERT INTO {fts} ({fts}, rowid, {cols}) VALUES ('delete', old.pk, {old}); END""",
        # Only when a searched column changed: a re-sync of unchanged records is cheap.
        f"""CREATE TRIGGER {table}_fts_update AFTER UPDATE ON {table} WHEN {changed} BEGIN
            INSERT INTO {fts} ({fts}, rowid, {cols}) VALUES ('delete', old.pk, {old});
            INSERT INTO {fts} (rowid, {cols}) VALUES (new.pk, {new}); END""",
        # Index what earlier versions already cached.
        f"INSERT INTO {fts} ({fts}) VALUES ('rebuild')",
    )


QUESTION_SEARCH_COLUMNS = ("text", "buyer_name", "buyer_nickname", "product_title")
ORDER_SEARCH_COLUMNS = ("id", "buyer_name", "buyer_nickname", "product_titles", "tracking_codes")

_V3_SEARCH = _steps(
    *_fts("questions", QUESTION_SEARCH_COLUMNS),
    *_fts("orders", ORDER_SEARCH_COLUMNS),
)

# Items the seller was already told about (desktop notifications), so a restart or a later
# sync never announces the same question or order twice.
_V4_NOTIFIED = _steps(
    "CREATE TABLE notified (kind TEXT NOT NULL, id TEXT NOT NULL, at TEXT NOT NULL, "
    "PRIMARY KEY (kind, id)) WITHOUT ROWID",
)


# (column, type, expression): the order list's sort keys, part of step v5 below (never edit:
# a change is a new step).
ORDER_KEY_COLUMNS = (
    ("k_created", "TEXT", "COALESCE(creation_date, '')"),
    ("k_updated", "TEXT", "COALESCE(updated_at, creation_date, '')"),
    ("k_name", "TEXT COLLATE NOCASE", "COALESCE(buyer_name, '')"),
    ("k_client", "INTEGER", "COALESCE(client_id, -1)"),
    ("k_total", "REAL", "COALESCE(total, -1e308)"),
)


def _order_keys(conn: sqlite3.Connection) -> None:
    """v5: the order list's keys (keyset paging) and a change counter.

    Every ordering of the order list gets a NOT NULL key column and an index on (key, id), so
    a page is `WHERE (key, id) < (?, ?) ORDER BY key DESC, id DESC LIMIT n`: one index seek,
    however deep the page (OFFSET walked every row before it). The keys are virtual generated
    columns over the stored fields, NULL mapped to the lowest value, so nothing writes them
    and a row-value comparison never meets a NULL. `total` is the amount the list shows
    (grand total, else amount), copied like the other filtered fields. `rev` numbers every
    upsert batch: a view that read the list at rev N finds what changed since with
    `rev > N` (the clock-free way to follow a sync). The facet counts get an index holding
    every column they read.
    """
    for statement in (
        "ALTER TABLE orders ADD COLUMN total REAL",
        "ALTER TABLE orders ADD COLUMN rev INTEGER NOT NULL DEFAULT 0",
        # Orders cached before v5: their total from the document the client wrote.
        """UPDATE orders SET total = CAST(COALESCE(
                json_extract(CAST(doc AS TEXT), '$.grand_total'),
                json_extract(CAST(doc AS TEXT), '$.amount')) AS REAL)
           WHERE json_valid(CAST(doc AS TEXT))""",
        *(f"ALTER TABLE orders ADD COLUMN {name} {kind} GENERATED ALWAYS AS ({expr}) VIRTUAL"
          for name, kind, expr in ORDER_KEY_COLUMNS),
        *(f"CREATE INDEX orders_by_{name} ON orders ({name}, id)"
          for name, _, _ in ORDER_KEY_COLUMNS),
        "CREATE INDEX orders_by_rev ON orders (rev)",
        # Every column the facet counts read: they scan this small index, not the table
        # and its documents (100,000 orders: a few MB instead of 400).
        """CREATE INDEX orders_facets ON orders (channel, currency, contact_status, paid,
            processed, delivered, closed, buyer_feedback, seller_feedback, shipping_tags)""",
    ):
        conn.execute(statement)


# v6: failed reads of the server before an outbox entry's send count toward its backoff as
# failed sends do (`attempts` stays the count of sends: "may already be applied").
_V6_FAILED_READS = _steps(
    "ALTER TABLE outbox ADD COLUMN failed_reads INTEGER NOT NULL DEFAULT 0",
)

# v7: the request rate the shop's service was last found to allow (`store/pace.py`), so
# the next run starts at the pace it learned instead of learning it again from 429s.
_V7_PACE = _steps(
    "CREATE TABLE pace (key TEXT PRIMARY KEY, rate REAL NOT NULL, learned_at TEXT NOT NULL)",
)

# v8: the total ordering is by currency, then amount: amounts of different currencies do not
# compare (Bs. 120,941.9 is not more than AR$ 76,728), so each currency's orders stay
# together. One text key, so keyset paging stays one index seek and Python compares keys
# as SQL does: the currency, a separator below every printable character, then the amount
# as fixed-width text that sorts as the number does ('0' no total, '1' negative, shifted
# to be positive, '2' zero or more; amounts beyond the widths are clamped). Virtual, like
# v5's keys: the index is filled from the rows already cached, and nothing writes it.
ORDER_MONEY_KEY = (
    "COALESCE(currency, '') || char(31) || CASE"
    " WHEN total IS NULL THEN '0'"
    " WHEN total < 0 THEN '1' || printf('%019.4f', 1e13 + max(total, -9.999e12))"
    " ELSE '2' || printf('%021.4f', min(total, 9.999e15)) END")

_V8_MONEY_KEY = _steps(
    f"ALTER TABLE orders ADD COLUMN k_money TEXT GENERATED ALWAYS AS ({ORDER_MONEY_KEY}) VIRTUAL",
    "CREATE INDEX orders_by_k_money ON orders (k_money, id)",
    # Nothing orders by the amount alone any more: one index less to keep up on every sync.
    "DROP INDEX orders_by_k_total",
)

# v9: where an interrupted first sync goes on from (`store/sync_plan.py`): how far
# each of its walks got, written with the records it stored.
_V9_SYNC_PLAN = _steps(
    "CREATE TABLE sync_plan (key TEXT PRIMARY KEY, position INTEGER NOT NULL)",
)

MIGRATIONS: tuple[Migration, ...] = (_V1_CACHE, _V2_OUTBOX, _V3_SEARCH, _V4_NOTIFIED,
                                     _order_keys, _V6_FAILED_READS, _V7_PACE, _V8_MONEY_KEY,
                                     _V9_SYNC_PLAN)
