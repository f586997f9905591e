"""Last-known copies of the shop's records, each with the time it was fetched.

Reads here are what the seller sees offline: lists with the wire's filters and orderings,
facet counts computed locally, and per-resource `last_sync` times.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

from sellerdesk.store.db import (
    Database,
    decode_time,
    encode_optional_time,
    encode_time,
    utc_now,
)
from sellerdesk.store.facet_table import STATUS_FACETS
from sellerdesk.store.facets import (
    Combos,
    Conditions,
    facet_combos,
    facet_condition,
    order_conditions,
    order_facets,
    status_facets,
    where_clause,
)
from sellerdesk.store.rows import (
    Cached,
    CategoryRow,
    Facets,
    OrderChangeRows,
    OrderFilter,
    OrderKey,
    OrderPageRows,
    OrderRow,
    OrderSort,
    QuestionFilter,
    QuestionRow,
    QuestionSort,
    Resource,
    ShopRow,
    ThreadFilter,
    ThreadRow,
    ThreadSort,
    TrackingCodeRow,
)
from sellerdesk.store.schema import ORDER_SEARCH_COLUMNS, QUESTION_SEARCH_COLUMNS
from sellerdesk.store.search import match_expression

R = TypeVar("R")

# Each ordering's key column (schema v5, v8 for totals) and the key as rows carry it: name
# keys folded to lower case, as NOCASE compares them (SQLite's lower() folds ASCII only).
_ORDER_KEYS = {
    OrderSort.CREATION_DATE_ASC: ("k_created", "k_created"),
    OrderSort.CREATION_DATE_DESC: ("k_created", "k_created"),
    OrderSort.CLIENT_ID_ASC: ("k_client", "k_client"),
    OrderSort.CLIENT_ID_DESC: ("k_client", "k_client"),
    OrderSort.NAME_ASC: ("k_name", "lower(k_name)"),
    OrderSort.NAME_DESC: ("k_name", "lower(k_name)"),
    OrderSort.LAST_UPDATED_ASC: ("k_updated", "k_updated"),
    OrderSort.LAST_UPDATED_DESC: ("k_updated", "k_updated"),
    # By currency, then amount (schema v8).
    OrderSort.TOTAL_ASC: ("k_money", "k_money"),
    OrderSort.TOTAL_DESC: ("k_money", "k_money"),
}


def _order_by(sort: OrderSort) -> str:
    direction = "DESC" if sort.descending else "ASC"
    return f"{_ORDER_KEYS[sort][0]} {direction}, id {direction}"


_ORDER_SORTS = {sort: _order_by(sort) for sort in OrderSort}
_QUESTION_SORTS = {
    QuestionSort.QUESTION_DATE_ASC: "creation_date ASC, id ASC",
    QuestionSort.QUESTION_DATE_DESC: "creation_date DESC, id DESC",
}
_THREAD_SORTS = {
    ThreadSort.LAST_QUESTION_DATE_ASC: "last_question_date ASC, id ASC",
    ThreadSort.LAST_QUESTION_DATE_DESC: "last_question_date DESC, id DESC",
}
# Table names are the Resource values; every table's key column is `id`.


def _category(r: CategoryRow) -> tuple[Any, ...]:
    return (r.id, r.parent_id, r.position, r.name, r.doc)


def _shop(r: ShopRow) -> tuple[Any, ...]:
    return (r.id, r.doc)


def _tracking(r: TrackingCodeRow) -> tuple[Any, ...]:
    return (r.id, r.name, r.status, r.event, r.provider, r.doc)


def _thread(r: ThreadRow) -> tuple[Any, ...]:
    return (r.id, r.status, r.channel, encode_optional_time(r.last_question_date),
            r.unanswered_quantity, r.client_id, r.doc)


def _question(r: QuestionRow) -> tuple[Any, ...]:
    return (r.id, r.thread_id, r.status, r.channel, encode_optional_time(r.creation_date),
            r.client_id, r.text, r.buyer_name, r.buyer_nickname, r.product_title, r.doc)


def _order(r: OrderRow) -> tuple[Any, ...]:
    return (r.id, r.channel, r.currency, encode_optional_time(r.creation_date),
            encode_optional_time(r.updated_at), r.contact_status, r.paid, r.processed,
            r.delivered, r.closed, r.buyer_feedback, r.seller_feedback,
            # ",a,b,": a tag test is one instr() with no false hits on a prefix.
            "," + ",".join(sorted(r.shipping_tags)) + ",",
            r.client_id, r.buyer_name, r.buyer_nickname,
            "\n".join(r.product_titles), "\n".join(r.tracking_codes), r.total, r.doc)


_SEARCHED = {Resource.QUESTIONS: QUESTION_SEARCH_COLUMNS, Resource.ORDERS: ORDER_SEARCH_COLUMNS}
_COLUMNS = {
    Resource.CATEGORIES: ("id", "parent_id", "position", "name", "doc"),
    Resource.SHOP: ("id", "doc"),
    Resource.TRACKING_CODES: ("id", "name", "status", "event", "provider", "doc"),
    Resource.THREADS: ("id", "status", "channel", "last_question_date", "unanswered_quantity",
                       "client_id", "doc"),
    Resource.QUESTIONS: ("id", "thread_id", "status", "channel", "creation_date", "client_id",
                         "text", "buyer_name", "buyer_nickname", "product_title", "doc"),
    Resource.ORDERS: ("id", "channel", "currency", "creation_date", "updated_at",
                      "contact_status", "paid", "processed", "delivered", "closed",
                      "buyer_feedback", "seller_feedback", "shipping_tags", "client_id",
                      "buyer_name", "buyer_nickname", "product_titles", "tracking_codes", "total",
                      "doc"),
}
# Resources whose rows carry `rev`, the number of the upsert batch that last wrote them.
_REVISED = {Resource.ORDERS}


def _upsert_sql(resource: Resource) -> str:
    cols = (*_COLUMNS[resource], *(("rev",) if resource in _REVISED else ()), "fetched_at")
    updates = ", ".join(f"{c} = excluded.{c}" for c in cols if c != "id")
    # ON CONFLICT DO UPDATE keeps the row (and its rowid) where REPLACE would delete it.
    return (f"INSERT INTO {resource.value} ({', '.join(cols)}) "
            f"VALUES ({', '.join('?' * len(cols))}) ON CONFLICT (id) DO UPDATE SET {updates}")


def _status_conditions(f: QuestionFilter | ThreadFilter) -> Conditions:
    """The status and channel facets' conditions (the facet table's `STATUS_FACETS`)."""
    c: Conditions = {}
    for facet in STATUS_FACETS:
        value = getattr(f, facet.name)
        if value is not None:
            c[facet.name] = facet_condition(facet, value)
    return c


def _question_conditions(f: QuestionFilter) -> Conditions:
    c = _status_conditions(f)
    if f.thread_id is not None:
        c["thread_id"] = ("thread_id = ?", [f.thread_id])
    if f.client_id is not None:
        c["client_id"] = ("client_id = ?", [f.client_id])
    expr = match_expression(f.query) if f.query else None
    if expr is not None:
        c["query"] = ("pk IN (SELECT rowid FROM questions_fts WHERE questions_fts MATCH ?)",
                      [expr])
    return c


def _thread_conditions(f: ThreadFilter) -> Conditions:
    c = _status_conditions(f)
    if f.client_id is not None:
        c["client_id"] = ("client_id = ?", [f.client_id])
    return c


class QuestionHead(NamedTuple):
    """A cached question's document as `Cache.answer_questions` needs it: JSON values
    (None when null or missing), and whether the document can be patched in place: it has
    both `status` and `answer` (null or not), so json_set replaces them where they are."""

    status: Any
    thread_id: Any
    product_title: str | None  # `publication.title` ("" as None), else the row's own column
    patchable: bool


class ThreadHead(NamedTuple):
    """A cached thread's document as `Cache.set_thread_counts` needs it; patchable: both
    counts integers or null, `status` present and `questions` null (as the sync caches
    threads)."""

    unanswered_quantity: Any
    answered_quantity: Any
    patchable: bool


class Cache:
    """Cached records of one profile; every method is one short transaction or read."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._facet_combos: dict[tuple[object, ...], Combos] = {}

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """One transaction around several writes (each write's own becomes a savepoint)."""
        return self._db.transaction()

    # -- writes ---------------------------------------------------------------------------

    def _upsert(self, resource: Resource, rows: Iterable[R], values: Callable[[R], tuple[Any, ...]],
                fetched_at: datetime | None) -> int:
        fetched = encode_time(fetched_at or utc_now())
        searched = _SEARCHED.get(resource)
        # An id given twice: the last wins. Upserted twice, a row new to this batch would hit
        # the FTS update trigger before it is indexed, and corrupt the index.
        by_id = {v[0]: v for v in map(values, rows)}
        # One executemany in one transaction: 100,000 orders go in a few seconds.
        with self._db.transaction() as conn:
            if searched is not None:
                last_pk = conn.execute(f"SELECT COALESCE(MAX(pk), 0) FROM {resource.value}"
                                       ).fetchone()[0]
            # One rev per batch: whatever this transaction writes is "changed since" any
            # rev read before it (`order_changes`).
            rev = ((conn.execute(f"SELECT COALESCE(MAX(rev), 0) + 1 FROM {resource.value}"
                                 ).fetchone()[0],) if resource in _REVISED else ())
            cur = conn.executemany(_upsert_sql(resource),
                                   ((*v, *rev, fetched) for v in by_id.values()))
            if searched is not None:
                # New rows got pks past the old maximum (updates keep theirs): index them in
                # one statement; triggers cover updates and deletes (schema.py, v3).
                cols = ", ".join(searched)
                conn.execute(f"INSERT INTO {resource.value}_fts (rowid, {cols}) "
                             f"SELECT pk, {cols} FROM {resource.value} WHERE pk > ?",
                             (last_pk,))
            return max(cur.rowcount, 0)

    def upsert_categories(self, rows: Iterable[CategoryRow], *,
                          fetched_at: datetime | None = None) -> int:
        return self._upsert(Resource.CATEGORIES, rows, _category, fetched_at)

    def upsert_shop(self, row: ShopRow, *, fetched_at: datetime | None = None) -> None:
        self._upsert(Resource.SHOP, [row], _shop, fetched_at)

    def upsert_tracking_codes(self, rows: Iterable[TrackingCodeRow], *,
                              fetched_at: datetime | None = None) -> int:
        return self._upsert(Resource.TRACKING_CODES, rows, _tracking, fetched_at)

    def upsert_threads(self, rows: Iterable[ThreadRow], *,
                       fetched_at: datetime | None = None) -> int:
        return self._upsert(Resource.THREADS, rows, _thread, fetched_at)

    def upsert_questions(self, rows: Iterable[QuestionRow], *,
                         fetched_at: datetime | None = None) -> int:
        return self._upsert(Resource.QUESTIONS, rows, _question, fetched_at)

    def upsert_orders(self, rows: Iterable[OrderRow], *,
                      fetched_at: datetime | None = None) -> int:
        return self._upsert(Resource.ORDERS, rows, _order, fetched_at)

    def replace_categories(self, rows: Iterable[CategoryRow], *,
                           fetched_at: datetime | None = None) -> int:
        """The full category list: upsert these, drop every category not among them."""
        return self._replace(Resource.CATEGORIES, list(rows), _category, fetched_at)

    def replace_tracking_codes(self, rows: Iterable[TrackingCodeRow], *,
                               fetched_at: datetime | None = None,
                               spare: Iterable[int] = ()) -> int:
        """The full tracking-code list: upsert these, drop every code not among them but
        those `spare` says to keep as cached."""
        return self._replace(Resource.TRACKING_CODES, list(rows), _tracking, fetched_at,
                             spare)

    def _replace(self, resource: Resource, rows: Sequence[R],
                 values: Callable[[R], tuple[Any, ...]], fetched_at: datetime | None,
                 spare: Iterable[int | str] = ()) -> int:
        keep = json.dumps([*(values(row)[0] for row in rows), *spare])
        with self._db.transaction() as conn:
            conn.execute(f"DELETE FROM {resource.value} WHERE id NOT IN "
                         "(SELECT value FROM json_each(?))", (keep,))
            return self._upsert(resource, rows, values, fetched_at)

    def replace_conversations(self, rows: Iterable[QuestionRow], gone: Iterable[int], *,
                              fetched_at: datetime | None = None) -> int:
        """Conversations read again: drop the questions `gone` from them, upsert `rows`;
        one transaction for many conversations (a sync's batch)."""
        with self._db.transaction():
            self.delete(Resource.QUESTIONS, gone)
            return self.upsert_questions(rows, fetched_at=fetched_at)

    def delete(self, resource: Resource, ids: Iterable[int | str]) -> int:
        """Forget records (deleted on the server, or by the seller); returns how many went."""
        with self._db.transaction() as conn:
            cur = conn.executemany(f"DELETE FROM {resource.value} WHERE id = ?",
                                   ((i,) for i in ids))
            return max(cur.rowcount, 0)

    # -- sent answers, written into the cached documents in place ----------------------------
    # The outbox's cache writer (services/inbox.py) patches the few fields an answer changes
    # with SQLite's json_set instead of decoding and encoding each whole document in Python.
    # json_set copies the untouched parts of a document as they are (strings keep their
    # escapes, numbers their digits), so a document the app encoded comes out as the encoder
    # would have written it. `doc` is a BLOB: read as text (a BLOB would be taken for JSONB
    # by SQLite 3.45+) and stored back as a BLOB, as the upserts store it.

    def question_heads(self, ids: Sequence[int]) -> dict[int, QuestionHead]:
        """What `answer_questions` needs of each cached question of `ids` (unknown ids are
        left out), read from its document without decoding it in Python. A document that is
        not JSON raises, as decoding it would."""
        rows = self._db.query(
            "SELECT id, json_extract(d, '$.status'), json_extract(d, '$.thread_id'),"
            " COALESCE(NULLIF(json_extract(d, '$.publication.title'), ''), title),"
            " json_type(d, '$.status') IS NOT NULL AND json_type(d, '$.answer') IS NOT NULL"
            " FROM (SELECT id, CAST(doc AS TEXT) AS d, product_title AS title FROM questions"
            "  WHERE id IN (SELECT value FROM json_each(?)))",
            (json.dumps(list(ids)),))
        return {int(r[0]): QuestionHead(r[1], r[2], r[3], bool(r[4])) for r in rows}

    def answer_questions(self, answers: Iterable[tuple[int, str, str, str | None]], *,
                         fetched_at: datetime | None = None) -> int:
        """Each (id, status, answer, product title) written into the cached question in
        place: the document's `status` becomes `status` and its `answer` the JSON text
        `answer` (the caller's encoding, kept as it is), the `status` and `product_title`
        columns follow. Only for documents `question_heads` found patchable; returns how
        many rows changed."""
        fetched = encode_time(fetched_at or utc_now())
        with self._db.transaction() as conn:
            cur = conn.executemany(
                "UPDATE questions SET status = ?2, product_title = ?4,"
                " doc = CAST(json_set(CAST(doc AS TEXT), '$.status', ?2, '$.answer', json(?3))"
                "  AS BLOB), fetched_at = ?5 WHERE id = ?1",
                ((*answer, fetched) for answer in answers))
            return max(cur.rowcount, 0)

    def thread_heads(self, ids: Sequence[str]) -> dict[str, ThreadHead]:
        """What `set_thread_counts` needs of each cached thread of `ids` (unknown ids are
        left out), read from its document without decoding it in Python. A document that is
        not JSON raises, as decoding it would."""
        rows = self._db.query(
            "SELECT id, json_extract(d, '$.unanswered_quantity'),"
            " json_extract(d, '$.answered_quantity'),"
            " json_type(d, '$.unanswered_quantity') IN ('integer', 'null')"
            " AND json_type(d, '$.answered_quantity') IN ('integer', 'null')"
            " AND json_type(d, '$.status') IS NOT NULL AND json_type(d, '$.questions') = 'null'"
            " FROM (SELECT id, CAST(doc AS TEXT) AS d FROM threads"
            "  WHERE id IN (SELECT value FROM json_each(?)))",
            (json.dumps(list(ids)),))
        return {str(r[0]): ThreadHead(r[1], r[2], bool(r[3])) for r in rows}

    def set_thread_counts(self, counts: Iterable[tuple[str, int, int, str]], *,
                          fetched_at: datetime | None = None) -> int:
        """Each (id, unanswered, answered, status) written into the cached thread in place:
        the document's `unanswered_quantity`, `answered_quantity` and `status`, and the
        columns that copy them. Only for documents `thread_heads` found patchable; returns
        how many rows changed."""
        fetched = encode_time(fetched_at or utc_now())
        with self._db.transaction() as conn:
            cur = conn.executemany(
                "UPDATE threads SET status = ?4, unanswered_quantity = ?2,"
                " doc = CAST(json_set(CAST(doc AS TEXT), '$.unanswered_quantity', ?2,"
                "  '$.answered_quantity', ?3, '$.status', ?4) AS BLOB), fetched_at = ?5"
                " WHERE id = ?1",
                ((*count, fetched) for count in counts))
            return max(cur.rowcount, 0)

    def clear(self, resource: Resource | None = None) -> None:
        """Forget one resource, or everything cached with all sync times (outbox untouched)."""
        with self._db.transaction() as conn:
            if resource is not None:
                conn.execute(f"DELETE FROM {resource.value}")
                conn.execute("DELETE FROM sync_state WHERE key = ?", (resource.value,))
                # A first sync's walk over it starts again (store/sync_plan.py).
                conn.execute("DELETE FROM sync_plan WHERE key = ?", (resource.value,))
                return
            for res in Resource:
                conn.execute(f"DELETE FROM {res.value}")
            conn.execute("DELETE FROM sync_state")
            conn.execute("DELETE FROM sync_plan")

    # -- reads ------------------------------------------------------------------------------

    def get(self, resource: Resource, id: int | str) -> Cached | None:
        row = self._db.query_one(
            f"SELECT id, doc, fetched_at FROM {resource.value} WHERE id = ?", (id,))
        return None if row is None else Cached(row[0], row[1], decode_time(row[2]))

    def get_many(self, resource: Resource, ids: Sequence[int | str]) -> list[Cached]:
        """Records in the order of `ids` (e.g. ranked search hits); unknown ids are skipped."""
        rows = self._db.query(
            f"SELECT t.id, t.doc, t.fetched_at FROM json_each(?) AS j "
            f"JOIN {resource.value} AS t ON t.id = j.value ORDER BY j.key",
            (json.dumps(list(ids)),))
        return [Cached(r[0], r[1], decode_time(r[2])) for r in rows]

    def count(self, resource: Resource) -> int:
        row = self._db.query_one(f"SELECT COUNT(*) FROM {resource.value}")
        return int(row[0]) if row else 0

    def _list(self, table: str, conditions: Conditions, order_by: str, limit: int | None,
              offset: int) -> list[Cached]:
        where, params = where_clause(conditions)
        rows = self._db.query(
            f"SELECT id, doc, fetched_at FROM {table}{where} ORDER BY {order_by} "
            "LIMIT ? OFFSET ?", (*params, -1 if limit is None else limit, offset))
        return [Cached(r[0], r[1], decode_time(r[2])) for r in rows]

    def _count(self, table: str, conditions: Conditions) -> int:
        where, params = where_clause(conditions)
        row = self._db.query_one(f"SELECT COUNT(*) FROM {table}{where}", params)
        return int(row[0]) if row else 0

    def shop(self) -> Cached | None:
        rows = self._list("shop", {}, "id", 1, 0)
        return rows[0] if rows else None

    def categories(self) -> list[Cached]:
        """All categories, roots first, then by position: enough to rebuild the tree."""
        return self._list("categories", {}, "parent_id IS NOT NULL, parent_id, position, id",
                          None, 0)

    def tracking_codes(self, *, event: str | None = None, provider: str | None = None,
                       status: str | None = None) -> list[Cached]:
        c: Conditions = {}
        for name, value in (("event", event), ("provider", provider), ("status", status)):
            if value is not None:
                c[name] = (f"{name} = ?", [value])
        return self._list("tracking_codes", c, "id", None, 0)

    def orders(self, filter: OrderFilter = OrderFilter(), *,
               sort: OrderSort = OrderSort.CREATION_DATE_DESC, limit: int | None = None,
               offset: int = 0) -> list[Cached]:
        return self._list("orders", order_conditions(filter), _ORDER_SORTS[sort], limit, offset)

    def order_page(self, filter: OrderFilter = OrderFilter(), *,
                   sort: OrderSort = OrderSort.CREATION_DATE_DESC, after: OrderKey | None = None,
                   limit: int = 200) -> OrderPageRows:
        """The `limit` orders that follow `after` (None: the first) in `sort`'s order.

        Keyset paging: one index seek on the ordering's key however deep the page, where
        OFFSET walked every row before it; and a row written meanwhile never shifts the next
        page (no order shown twice or skipped).
        """
        column, key = _ORDER_KEYS[sort]
        conditions = order_conditions(filter)
        if after is not None:
            op = "<" if sort.descending else ">"
            conditions["after"] = (f"({column}, id) {op} (?, ?)", [after[0], after[1]])
        where, params = where_clause(conditions)
        with self._db.read() as conn:
            rows = conn.execute(f"SELECT {key}, id, doc FROM orders{where} "
                                f"ORDER BY {_ORDER_SORTS[sort]} LIMIT ?",
                                (*params, limit)).fetchall()
            rev = conn.execute("SELECT COALESCE(MAX(rev), 0) FROM orders").fetchone()[0]
        return OrderPageRows(keys=[(k, i) for k, i, _ in rows], docs=[d for _, _, d in rows],
                             rev=int(rev))

    def order_changes(self, since: int, filter: OrderFilter = OrderFilter(), *,
                      sort: OrderSort = OrderSort.CREATION_DATE_DESC,
                      limit: int = 2000) -> OrderChangeRows:
        """Orders written after rev `since` (at most `limit`), each with its place in `sort`
        and whether it matches `filter`: what a list read at `since` must update."""
        _, key = _ORDER_KEYS[sort]
        where, params = where_clause(order_conditions(filter))
        matches = where[len(" WHERE "):] if where else "1"
        with self._db.read() as conn:
            rows = conn.execute(f"SELECT {key}, id, doc, {matches}, rev FROM orders "
                                "WHERE rev > ? ORDER BY rev LIMIT ?",
                                (*params, since, limit + 1)).fetchall()
            rev = conn.execute("SELECT COALESCE(MAX(rev), 0) FROM orders").fetchone()[0]
        complete = len(rows) <= limit
        rows = rows[:limit]
        return OrderChangeRows(keys=[(r[0], r[1]) for r in rows], docs=[r[2] for r in rows],
                               matches=[bool(r[3]) for r in rows], rev=int(rev),
                               complete=complete)

    def count_orders(self, filter: OrderFilter = OrderFilter()) -> int:
        return self._count("orders", order_conditions(filter))

    def order_facets(self, filter: OrderFilter = OrderFilter()) -> Facets:
        """Counts per filter value, each with its own filter removed, plus "summary".

        Counted from the orders grouped by the columns facets read (a few hundred groups for
        100,000 orders, one pass over an index), kept until the connection writes anything:
        a sidebar click then costs no query at all.
        """
        with self._db.read() as conn:
            every = self._combos(conn, None)
            words = (every if filter.query is None and filter.client_id is None
                     else self._combos(conn, filter))
        return order_facets(filter, words, every)

    def _combos(self, conn: sqlite3.Connection, f: OrderFilter | None) -> Combos:
        # Every write of this connection (the only one writing: one process per file)
        # moves total_changes on, so a kept result is never older than the data; nothing is
        # kept from inside a transaction (it may still roll back).
        if conn.in_transaction:
            return facet_combos(conn, f)
        key = (conn.total_changes, None if f is None else (f.query, f.client_id))
        combos = self._facet_combos.get(key)
        if combos is None:
            if len(self._facet_combos) >= 4:
                self._facet_combos.clear()
            combos = self._facet_combos[key] = facet_combos(conn, f)
        return combos

    def questions(self, filter: QuestionFilter = QuestionFilter(), *,
                  sort: QuestionSort = QuestionSort.QUESTION_DATE_DESC,
                  limit: int | None = None, offset: int = 0) -> list[Cached]:
        return self._list("questions", _question_conditions(filter), _QUESTION_SORTS[sort],
                          limit, offset)

    def count_questions(self, filter: QuestionFilter = QuestionFilter()) -> int:
        return self._count("questions", _question_conditions(filter))

    def question_facets(self, filter: QuestionFilter = QuestionFilter()) -> Facets:
        """`status` and `channel` counts, each with its own filter removed."""
        with self._db.read() as conn:
            return status_facets(conn, "questions", _question_conditions(filter))

    def inbox_questions(self) -> list[Cached]:
        """Every unanswered question, and each conversation's latest question: what the
        inbox's rows count and preview (services/triage.py)."""
        rows = self._db.query(
            "SELECT id, doc, fetched_at FROM questions WHERE status = 'unanswered' UNION "
            "SELECT q.id, q.doc, q.fetched_at FROM questions AS q JOIN ("
            " SELECT thread_id, MAX(creation_date) AS last FROM questions"
            " WHERE thread_id IS NOT NULL GROUP BY thread_id) AS m"
            " ON q.thread_id = m.thread_id AND q.creation_date = m.last")
        return [Cached(r[0], r[1], decode_time(r[2])) for r in rows]

    def unanswered_about(self, product_title: str | None) -> list[Cached]:
        """The unanswered questions about the listing of this title (None or "": about the
        shop), oldest first: the candidates of a group of alike questions."""
        rows = self._db.query(
            "SELECT id, doc, fetched_at FROM questions WHERE status = 'unanswered' AND "
            "COALESCE(product_title, '') = ? ORDER BY creation_date, id",
            (product_title or "",))
        return [Cached(r[0], r[1], decode_time(r[2])) for r in rows]

    def threads_of_questions(self, ids: Iterable[int]) -> set[str]:
        """The threads of these cached questions."""
        return {str(r[0]) for r in self._db.query(
            "SELECT DISTINCT thread_id FROM questions WHERE thread_id IS NOT NULL "
            "AND id IN (SELECT value FROM json_each(?))", (json.dumps(list(ids)),))}

    def question_thread_ids(self) -> set[str]:
        """Threads with at least one cached question (their conversation was fetched)."""
        return {str(r[0]) for r in self._db.query(
            "SELECT DISTINCT thread_id FROM questions WHERE thread_id IS NOT NULL")}

    def question_docs_by_thread(self, thread_ids: Sequence[str]
                                ) -> dict[str, dict[int, bytes]]:
        """The cached questions of each of these threads, id -> document (threads without
        any are left out)."""
        out: dict[str, dict[int, bytes]] = {}
        for thread_id, question_id, body in self._db.query(
                "SELECT thread_id, id, doc FROM questions WHERE thread_id IN "
                "(SELECT value FROM json_each(?))", (json.dumps(list(thread_ids)),)):
            out.setdefault(str(thread_id), {})[int(question_id)] = body
        return out

    def threads(self, filter: ThreadFilter = ThreadFilter(), *,
                sort: ThreadSort = ThreadSort.LAST_QUESTION_DATE_DESC,
                limit: int | None = None, offset: int = 0) -> list[Cached]:
        return self._list("threads", _thread_conditions(filter), _THREAD_SORTS[sort],
                          limit, offset)

    def count_threads(self, filter: ThreadFilter = ThreadFilter()) -> int:
        return self._count("threads", _thread_conditions(filter))

    def thread_facets(self, filter: ThreadFilter = ThreadFilter()) -> Facets:
        """`status` and `channel` counts, each with its own filter removed."""
        with self._db.read() as conn:
            return status_facets(conn, "threads", _thread_conditions(filter))

    def unanswered_ids(self) -> list[tuple[int, str | None]]:
        """(id, thread id) of every unanswered question."""
        return [(int(r[0]), None if r[1] is None else str(r[1])) for r in self._db.query(
            "SELECT id, thread_id FROM questions WHERE status = 'unanswered'")]

    def thread_unanswered(self) -> dict[str, int]:
        """Every cached thread's own count of unanswered questions, by id."""
        return {str(r[0]): int(r[1] or 0) for r in self._db.query(
            "SELECT id, unanswered_quantity FROM threads")}

    def unanswered_quantity(self, filter: ThreadFilter = ThreadFilter()) -> int:
        """Unanswered questions over the matching threads (the envelope's top-level count)."""
        where, params = where_clause(_thread_conditions(filter))
        row = self._db.query_one(
            f"SELECT COALESCE(SUM(unanswered_quantity), 0) FROM threads{where}", params)
        return int(row[0]) if row else 0

    # -- sync bookkeeping -------------------------------------------------------------------

    def mark_synced(self, key: Resource | str, at: datetime | None = None) -> None:
        """Record a completed sync of `key` (a Resource, or a finer key like "thread:abc")."""
        with self._db.transaction() as conn:
            conn.execute("INSERT INTO sync_state (key, synced_at) VALUES (?, ?) ON CONFLICT "
                         "(key) DO UPDATE SET synced_at = excluded.synced_at",
                         (str(key), encode_time(at or utc_now())))

    def last_sync(self, key: Resource | str) -> datetime | None:
        row = self._db.query_one("SELECT synced_at FROM sync_state WHERE key = ?", (str(key),))
        return None if row is None else decode_time(row[0])

    def sync_times(self) -> dict[str, datetime]:
        return {k: decode_time(t) for k, t in self._db.query("SELECT key, synced_at "
                                                             "FROM sync_state")}
