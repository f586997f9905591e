"""The sandbox's own SQLite schema: JSON documents plus the indexed columns searches need
(the orders' indexes and facet counts: order_index)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sellerdesk.sandbox import clock, order_index
from sellerdesk.sandbox.requestlog import note_applied

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shops (id INTEGER PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS categories (
    id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, parent_id INTEGER,
    position INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tracking_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT, shop_id INTEGER NOT NULL, name TEXT NOT NULL,
    code TEXT NOT NULL, options TEXT NOT NULL, provider TEXT NOT NULL, event TEXT NOT NULL,
    status TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS threads (
    id TEXT PRIMARY KEY, shop_id INTEGER NOT NULL, channel TEXT NOT NULL,
    client_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, thread_id TEXT NOT NULL,
    status TEXT NOT NULL, creation_ts INTEGER NOT NULL, search_text TEXT NOT NULL,
    doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS questions_thread ON questions(thread_id);
CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, channel_short TEXT NOT NULL,
    contact_status TEXT NOT NULL, processed INTEGER NOT NULL, paid INTEGER NOT NULL,
    delivered INTEGER NOT NULL, closed INTEGER NOT NULL, buyer_fb INTEGER NOT NULL,
    seller_fb INTEGER NOT NULL, sp_pending INTEGER NOT NULL, sp_pickup INTEGER NOT NULL,
    sp_on_route INTEGER NOT NULL, sp_print_tag INTEGER NOT NULL,
    sp_to_be_agreed INTEGER NOT NULL, sp_in_progress INTEGER NOT NULL,
    sp_delivered INTEGER NOT NULL, creation_ts INTEGER NOT NULL, updated_ts INTEGER NOT NULL,
    client_id INTEGER NOT NULL, buyer_name TEXT NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS oauth_tokens (
    digest TEXT PRIMARY KEY, kind TEXT NOT NULL, client_id TEXT NOT NULL,
    issued_at REAL NOT NULL, expires_at REAL, used_at REAL, redirect_uri TEXT,
    challenge TEXT, challenge_method TEXT);
CREATE TABLE IF NOT EXISTS request_log (
    id INTEGER PRIMARY KEY, time TEXT NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL,
    status INTEGER, fault TEXT, limited INTEGER NOT NULL, applied INTEGER NOT NULL,
    created_id INTEGER);
CREATE TABLE IF NOT EXISTS variety (
    tbl TEXT NOT NULL, id TEXT NOT NULL, variant TEXT NOT NULL,
    PRIMARY KEY (tbl, id, variant));
"""

# Largest id SQLite can bind; bigger path ids simply do not exist.
MAX_ID = 2**63 - 1


def connect(path: Path | str) -> sqlite3.Connection:
    """Open (creating if needed) the database; WAL so a crash keeps committed writes."""
    conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.executescript(SCHEMA)
    order_index.install(conn)  # the orders' indexes and facet counts
    return conn


def close(conn: sqlite3.Connection) -> None:
    """Fold the WAL back into the main file so a plain copy of it is complete."""
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def write_stamp(conn: sqlite3.Connection, after: int = 0) -> int:
    """A strictly increasing write time (ms), remembered across restarts; later than `after`."""
    row = conn.execute("SELECT value FROM meta WHERE key='last_write'").fetchone()
    ms = clock.write_millis(max(int(row[0]) if row else 0, after))
    conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('last_write', ?)", (str(ms),))
    return ms


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One atomic write (the connection itself runs in autocommit mode); once committed,
    the request being served is logged as an applied write."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    note_applied()
