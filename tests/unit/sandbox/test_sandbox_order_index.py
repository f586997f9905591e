"""The order search's counts and indexes (order_index): the counts per combination equal a
fresh count of the orders after every kind of write, a file made before them gets them, and
both page walks give the pages a plain query over the orders gives."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.sandbox import db, orders_search
from sellerdesk.sandbox.context import Ctx
from sellerdesk.sandbox.envelope import Page
from sellerdesk.sandbox.faults import Faults
from sellerdesk.sandbox.order_doc import FACET_COLUMNS, short_channel
from sellerdesk.sandbox.variety_records import switch

SHOP = 1001
KEY = f"shop_id, {', '.join(FACET_COLUMNS)}"
# The first sync's searches (services/first_sync.py) and a few more, sure to match some.
FILTERS: list[dict[str, str]] = [
    {}, {"paid": "true", "processed": "false", "closed": "false"},
    {"processed": "true", "closed": "false", "shipping": "in_progress"},
    {"processed": "true", "closed": "false", "shipping": "pickup"},
    {"closed": "false"}, {"channel": "marketplace_long", "feedback": "false"},
    {"status": "new", "closed": "true"}, {"shipping": "print_tag"},
]


@pytest.fixture
def template(seeded_file: Path) -> Path:
    return seeded_file


@pytest.fixture
def conn(seeded_conn: sqlite3.Connection) -> sqlite3.Connection:
    return seeded_conn


def kept(conn: sqlite3.Connection) -> dict[tuple[Any, ...], int]:
    rows = conn.execute(f"SELECT {KEY}, n FROM order_facet_counts WHERE n<>0")
    return {tuple(r)[:-1]: r[-1] for r in rows}


def fresh(conn: sqlite3.Connection) -> dict[tuple[Any, ...], int]:
    rows = conn.execute(f"SELECT {KEY}, COUNT(*) FROM orders GROUP BY {KEY}")
    return {tuple(r)[:-1]: r[-1] for r in rows}


def test_a_seeded_file_counts_its_orders(conn: sqlite3.Connection) -> None:
    assert kept(conn) == fresh(conn)
    assert sum(kept(conn).values()) == 2000


def test_counts_follow_inserts_updates_and_deletes(conn: sqlite3.Connection) -> None:
    switch(conn, SHOP, 1, on=True)  # field variety: inserts and updates orders
    assert kept(conn) == fresh(conn)
    conn.execute("UPDATE orders SET closed=1-closed, sp_pending=1 WHERE id % 7 = 0")
    conn.execute("UPDATE orders SET channel_short='marketplace', contact_status='new' "
                 "WHERE id % 5 = 0")
    conn.execute("UPDATE orders SET buyer_name='x', updated_ts=updated_ts+1")  # no facet column
    conn.execute("DELETE FROM orders WHERE id % 11 = 0")
    assert kept(conn) == fresh(conn)
    switch(conn, SHOP, 1, on=False)
    assert kept(conn) == fresh(conn)


def test_a_file_made_before_the_counts_gets_them(template: Path, tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    shutil.copy(template, path)
    old = sqlite3.connect(path)
    old.executescript(
        "DROP TABLE order_facet_counts; DROP TRIGGER order_facets_insert;"
        " DROP TRIGGER order_facets_delete; DROP TRIGGER order_facets_update;"
        " CREATE INDEX orders_creation ON orders(shop_id, creation_ts);"
        " CREATE INDEX orders_updated ON orders(shop_id, updated_ts);")
    old.close()
    conn = db.connect(path)
    try:
        assert kept(conn) == fresh(conn) and sum(kept(conn).values()) == 2000
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
        assert {"orders_creation", "orders_updated"}.isdisjoint(names)
        conn.execute("UPDATE orders SET paid=1-paid WHERE id % 3 = 0")
        assert kept(conn) == fresh(conn)
    finally:
        db.close(conn)


def _where(given: dict[str, str], *more: str) -> str:
    """The search's filters (and `more` conditions) as a plain WHERE."""
    conds = [dict((v, c) for v, _, c in orders_search.FACETS[k][1])[
        short_channel(value) if k == "channel" else value] for k, value in given.items()]
    return " AND ".join(["shop_id=?", *(f"({c})" for c in [*conds, *more])])


def _count(conn: sqlite3.Connection, given: dict[str, str], *more: str) -> int:
    n: int = conn.execute(f"SELECT COUNT(*) FROM orders NOT INDEXED WHERE "
                          f"{_where(given, *more)}", (SHOP,)).fetchone()[0]
    return n


def _plain(conn: sqlite3.Connection, given: dict[str, str], order: str,
           pg: Page) -> tuple[int, list[int]]:
    """Total and page ids by a straightforward query over the orders themselves."""
    ids = [r[0] for r in conn.execute(
        f"SELECT id FROM orders NOT INDEXED WHERE {_where(given)} "
        f"ORDER BY {orders_search.ORDERS[order][1]} LIMIT ? OFFSET ?",
        (SHOP, pg.limit, pg.offset))]
    return _count(conn, given), ids


def test_both_page_walks_give_the_plain_query_s_pages(conn: sqlite3.Connection) -> None:
    conn.execute("UPDATE orders SET updated_ts=1000 WHERE id % 4 = 0")  # ties: the id decides
    ctx = Ctx(conn=conn, shop_id=SHOP, token="t", faults=Faults())
    walks: set[bool] = set()
    for given in FILTERS:
        for order in orders_search.LISTED_ORDERS:
            for offset in (0, 50, 150, 400, 1900):
                pg = Page(50, offset)
                env = json.loads(orders_search.search(ctx, given, order, pg))
                total, ids = _plain(conn, given, order, pg)
                assert env["paging"]["total"] == total, given
                assert [int(o["id"]) for o in env["results"]] == ids, (given, order, offset)
                if offset < total:
                    walks.add(orders_search.by_facets(total, 2000, pg))
    assert walks == {True, False}  # both walks were taken


def test_facets_after_writes_equal_a_plain_count(conn: sqlite3.Connection) -> None:
    conn.execute("UPDATE orders SET processed=1, sp_in_progress=1 WHERE id % 9 = 0")
    conn.execute("DELETE FROM orders WHERE id % 13 = 0")
    ctx = Ctx(conn=conn, shop_id=SHOP, token="t", faults=Faults())
    for given in FILTERS:
        env = json.loads(orders_search.search(ctx, given, "creation_date_desc", Page(1, 0)))
        for facet in env["available_filters"]:
            fid = facet["id"]
            for value in facet["values"]:
                if fid in orders_search.FACETS:  # drill-down: its own filter left out
                    query = {**{k: v for k, v in given.items() if k != fid}, fid: value["id"]}
                    expected = _count(conn, query)
                else:  # a summary: over the whole query
                    cond = next(c for s, _, c in orders_search.SUMMARY if s == fid)
                    expected = _count(conn, given, cond)
                assert value["results"] == expected, (given, fid, value)
