"""sellerdesk/store/cache.py: the order list read by keyset (`order_page`) and followed by
change counter (`order_changes`), over schema v5's key columns."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from sellerdesk.store import Store
from sellerdesk.store.db import Database
from sellerdesk.store.rows import OrderFilter, OrderKey, OrderRow, OrderSort
from sellerdesk.store.schema import MIGRATIONS

from .factories import T0, doc, order


def _fill(store: Store) -> None:
    """Orders with ties, NULLs and mixed case in every key."""
    rows = []
    for n in range(1, 31):
        rows.append(order(
            n, creation_date=None if n % 11 == 0 else T0 + timedelta(hours=n % 7),
            buyer_name=None if n % 9 == 0 else ["ana", "Ana", "bruno", "Ñandú", "zoe"][n % 5],
            client_id=None if n % 8 == 0 else n % 4,
            total=None if n % 10 == 0 else float(n % 6) * 10.5,
            updated_at=T0 + timedelta(days=n % 3) if n % 2 else None,
            paid=n % 3 == 0))
    store.cache.upsert_orders(rows)


def _walk(store: Store, sort: OrderSort, f: OrderFilter = OrderFilter(),
          size: int = 4) -> tuple[list[OrderKey], list[str]]:
    keys: list[OrderKey] = []
    after: OrderKey | None = None
    while True:
        page = store.cache.order_page(f, sort=sort, after=after, limit=size)
        keys += page.keys
        if len(page.keys) < size:
            return keys, [k[1] for k in keys]
        after = page.keys[-1]


@pytest.mark.parametrize("sort", list(OrderSort))
def test_keyset_pages_walk_the_same_order_as_the_whole_list(store: Store,
                                                            sort: OrderSort) -> None:
    _fill(store)
    for f in (OrderFilter(), OrderFilter(paid=True)):
        keys, ids = _walk(store, sort, f)
        assert ids == [str(r.id) for r in store.cache.orders(f, sort=sort)]
        assert len(set(ids)) == len(ids) == store.cache.count_orders(f)
        # Python orders the keys as SQL does: what a list needs to place a changed row.
        assert keys == sorted(keys, reverse=sort.descending)


def test_name_keys_fold_case_as_nocase_does(store: Store) -> None:
    _fill(store)
    keys, _ = _walk(store, OrderSort.NAME_ASC)
    names = {k[0] for k in keys}
    assert "ana" in names and "Ana" not in names and "ñandú" not in names  # ASCII folded only


_COLUMNS = {
    OrderSort.CREATION_DATE_ASC: "k_created", OrderSort.CREATION_DATE_DESC: "k_created",
    OrderSort.CLIENT_ID_ASC: "k_client", OrderSort.CLIENT_ID_DESC: "k_client",
    OrderSort.NAME_ASC: "k_name", OrderSort.NAME_DESC: "k_name",
    OrderSort.LAST_UPDATED_ASC: "k_updated", OrderSort.LAST_UPDATED_DESC: "k_updated",
    OrderSort.TOTAL_ASC: "k_money", OrderSort.TOTAL_DESC: "k_money",
}


def test_a_deep_page_is_one_index_seek(store: Store) -> None:
    _fill(store)
    for sort, column in _COLUMNS.items():
        with store.db.read() as conn:
            op = "<" if sort.descending else ">"
            plan = " ".join(str(r[-1]) for r in conn.execute(
                f"EXPLAIN QUERY PLAN SELECT id FROM orders WHERE ({column}, id) {op} (?, ?) "
                f"ORDER BY {column} {'DESC' if sort.descending else 'ASC'} LIMIT 200",
                ("x", "5001")))
        assert f"SEARCH orders USING INDEX orders_by_{column}" in plan, (sort, plan)


def test_changes_since_a_read_say_what_moved_and_what_matches(store: Store) -> None:
    _fill(store)
    first = store.cache.order_page(OrderFilter(paid=True), sort=OrderSort.TOTAL_DESC, limit=5)
    assert store.cache.order_changes(first.rev, OrderFilter(paid=True)).keys == []

    store.cache.upsert_orders([order(3, paid=False, total=999.0),  # leaves the filter
                               order(40, paid=True, total=5.0)])  # new, matches
    changes = store.cache.order_changes(first.rev, OrderFilter(paid=True),
                                        sort=OrderSort.TOTAL_DESC)
    assert changes.complete and changes.rev == first.rev + 1
    assert {k[1]: m for k, m in zip(changes.keys, changes.matches, strict=True)} == {
        "5003": False, "5040": True}
    assert changes.keys[0][0] > changes.keys[1][0]  # 999 above 5, both in pesos
    assert [json.loads(d)["id"] for d in changes.docs] == ["5003", "5040"]
    assert store.cache.order_changes(changes.rev).keys == []

    store.cache.upsert_orders([order(n) for n in range(50, 60)])
    capped = store.cache.order_changes(changes.rev, limit=4)
    assert not capped.complete and len(capped.keys) == 4


def test_changes_follow_searched_words(store: Store) -> None:
    _fill(store)
    rev = store.cache.order_page().rev
    store.cache.upsert_orders([order(70, buyer_name="Zacarías Flores"), order(71)])
    changes = store.cache.order_changes(rev, OrderFilter(query="zacar"))
    assert dict(zip([k[1] for k in changes.keys], changes.matches, strict=True)) == {
        "5070": True, "5071": False}


def test_v5_gives_orders_cached_before_it_their_total(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = Database(path, migrations=MIGRATIONS[:4])
    with old.transaction() as conn:
        for n, body in ((1, {"grand_total": 12.5}), (2, {"amount": 7}), (3, {})):
            conn.execute(
                "INSERT INTO orders (id, paid, processed, delivered, closed, buyer_feedback, "
                "seller_feedback, shipping_tags, doc, fetched_at) VALUES (?, 0, 0, 0, 0, 0, 0, "
                "',', ?, '2024-01-01T00:00:00.000000Z')", (str(n), doc(id=str(n), **body)))
        conn.execute("INSERT INTO orders (id, paid, processed, delivered, closed, "
                     "buyer_feedback, seller_feedback, shipping_tags, doc, fetched_at) VALUES "
                     "('4', 0, 0, 0, 0, 0, 0, ',', X'00ff', '2024-01-01T00:00:00.000000Z')")
    old.close()
    store = Store(Database(path))
    try:
        assert store.db.user_version == len(MIGRATIONS)
        _, ids = _walk(store, OrderSort.TOTAL_DESC)
        assert ids == ["1", "2", "4", "3"]  # no total: last, ties by id
        with store.db.read() as conn:
            assert conn.execute("SELECT rev FROM orders WHERE id = '1'").fetchone()[0] == 0
    finally:
        store.close()


def _money_order(n: int, currency: str | None, total: float | None) -> OrderRow:
    return order(n, currency=currency, total=total)


# The list: amounts of four currencies, which a plain amount ordering interleaves.
_MIXED = [(1, "VES", 120941.9), (2, "CLP", 160813.0), (3, "ARS", 76728.0), (4, "BRL", 496.0),
          (5, "ARS", 1500.5), (6, "BRL", 1200.0), (7, "ARS", -20.0), (8, "ARS", None),
          (9, None, 10.0), (10, "CLP", 160813.0)]


@pytest.mark.parametrize("sort", [OrderSort.TOTAL_ASC, OrderSort.TOTAL_DESC])
def test_totals_sort_by_currency_then_amount(store: Store, sort: OrderSort) -> None:
    store.cache.upsert_orders([_money_order(*m) for m in _MIXED])
    _, ids = _walk(store, sort, size=3)
    by_id = {str(5000 + n): (c or "", t) for n, c, t in _MIXED}
    rows = [by_id[i] for i in ids]
    # Each currency's orders together, currencies in order, amounts in order within each
    # (no total lowest), ties by id: the whole list as one comparison of plain values.
    expected = sorted(((c, (0, 0.0) if t is None else (1, t), i) for i, (c, t) in
                       zip(ids, rows, strict=True)), reverse=sort.descending)
    assert ids == [i for _, _, i in expected]
    ars = [t for c, t in rows if c == "ARS"]
    assert ars == ([76728.0, 1500.5, -20.0, None] if sort.descending
                   else [None, -20.0, 1500.5, 76728.0])
    assert ids == [str(r.id) for r in store.cache.orders(sort=sort)]


def test_v8_gives_orders_cached_before_it_their_money_key(tmp_path: Path) -> None:
    path = tmp_path / "v7.sqlite3"
    old = Store(Database(path, migrations=MIGRATIONS[:7]))
    old.cache.upsert_orders([_money_order(*m) for m in _MIXED])
    old.close()
    store = Store(Database(path))
    try:
        assert store.db.user_version == len(MIGRATIONS) >= 8
        _, ids = _walk(store, OrderSort.TOTAL_DESC)
        assert ids[:3] == ["5001", "5010", "5002"]  # VES, then CLP (tie by id) ...
        assert ids[-2:] == ["5008", "5009"]  # ARS without a total, then no currency
        with store.db.read() as conn:
            names = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "orders_by_k_money" in names and "orders_by_k_total" not in names
    finally:
        store.close()


def test_every_upsert_batch_gets_the_next_rev(store: Store) -> None:
    store.cache.upsert_orders([order(1), order(2)])
    store.cache.upsert_orders([order(2, paid=True)])
    with store.db.read() as conn:
        revs = dict(conn.execute("SELECT id, rev FROM orders"))
    assert revs == {"5001": 1, "5002": 2}
