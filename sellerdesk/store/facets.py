"""Filters as SQL, and facet counts computed offline.

A facet's counts are taken over the query with that facet's own filter removed (the usual
drill-down, docs/decisions.md "order facets"), so the seller sees what each other value gives.
Facets whose WHERE clause comes out the same are counted in one pass over the table.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from sellerdesk.store.rows import SHIPPING_TAGS, Facets, OrderFilter, OrderSummary
from sellerdesk.store.search import match_expression

Conditions = dict[str, tuple[str, list[Any]]]
"""Filter name -> (SQL condition, its parameters); the name is the facet it removes."""

_BOOL_FILTERS = ("processed", "paid", "delivered", "closed", "buyer_feedback", "seller_feedback")

# A shipping not yet handed to the carrier (docs/decisions.md, "To ship").
_NOT_HANDED_OVER = "(" + " OR ".join(f"instr(shipping_tags, ',{tag},') > 0"
                                     for tag in ("pending", "in_progress", "pickup")) + ")"
_SUMMARY_SQL = {
    OrderSummary.PENDING_PROCESS: "paid AND NOT processed AND NOT closed",
    OrderSummary.PENDING_SHIPMENT: ("paid AND processed AND NOT delivered AND NOT closed AND "
                                    + _NOT_HANDED_OVER),
    OrderSummary.ON_THE_WAY: ("NOT delivered AND NOT closed AND instr(shipping_tags, "
                              f"',on_route,') > 0 AND NOT {_NOT_HANDED_OVER}"),
    OrderSummary.PENDING_FEEDBACK: "delivered AND NOT seller_feedback AND NOT closed",
    OrderSummary.CLOSED_ORDERS: "closed",
}
_FEEDBACK_SQL = {"true": "buyer_feedback AND seller_feedback",
                 "false": "NOT buyer_feedback AND NOT seller_feedback"}


def _tag(tag: str) -> str:
    return f"instr(shipping_tags, ',{tag},') > 0"


def where_clause(conditions: Conditions, skip: str | None = None) -> tuple[str, list[Any]]:
    """` WHERE a AND b` and its parameters, leaving out the condition named `skip`."""
    parts = [(sql, params) for name, (sql, params) in conditions.items() if name != skip]
    if not parts:
        return "", []
    return (" WHERE " + " AND ".join(f"({sql})" for sql, _ in parts),
            [p for _, params in parts for p in params])


def order_conditions(f: OrderFilter) -> Conditions:
    c: Conditions = {}
    if f.status is not None:
        c["status"] = ("contact_status = ?", [f.status])
    for name in _BOOL_FILTERS:
        value: bool | None = getattr(f, name)
        if value is not None:
            c[name] = (f"{name} = ?", [int(value)])
    if f.feedback is not None:
        c["feedback"] = (_FEEDBACK_SQL["true" if f.feedback else "false"], [])
    if f.channel is not None:
        c["channel"] = ("channel = ?", [f.channel])
    if f.currency is not None:
        c["currency"] = ("currency = ?", [f.currency])
    if f.shipping is not None:
        c["shipping"] = ("instr(shipping_tags, ?) > 0", [f",{f.shipping},"])
    if f.client_id is not None:
        c["client_id"] = ("client_id = ?", [f.client_id])
    if f.summary is not None:
        c["summary"] = (_SUMMARY_SQL[OrderSummary(f.summary)], [])
    expr = match_expression(f.query) if f.query else None
    if expr is not None:
        c["query"] = ("pk IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)", [expr])
    return c


def _group_counts(conn: sqlite3.Connection, table: str, column: str,
                  conditions: Conditions, skip: str, *, every: bool = False) -> dict[str, int]:
    """Counts per value of `column`; with `every`, each value the table holds at all is
    there, 0 when the other filters leave none (a sidebar's rows then never come and go)."""
    where, params = where_clause(conditions, skip)
    extra = " AND " if where else " WHERE "
    rows = conn.execute(f"SELECT {column}, COUNT(*) FROM {table}{where}{extra}{column} "
                        f"IS NOT NULL GROUP BY {column}", params).fetchall()
    counts = {str(value): int(n) for value, n in rows}
    if every and where:
        for (value,) in conn.execute(f"SELECT DISTINCT {column} FROM {table} "
                                     f"WHERE {column} IS NOT NULL"):
            counts.setdefault(str(value), 0)
    return counts


def _sum_counts(conn: sqlite3.Connection, table: str, conditions: Conditions,
                facets: dict[str, dict[str, str]], out: Facets) -> None:
    """Count facets given as value -> SQL predicate, one scan per distinct WHERE clause."""
    by_where: dict[str, tuple[list[Any], list[tuple[str, str, str]]]] = {}
    for facet, values in facets.items():
        where, params = where_clause(conditions, facet)
        _, items = by_where.setdefault(where, (params, []))
        items.extend((facet, value, sql) for value, sql in values.items())
    for where, (params, items) in by_where.items():
        sums = ", ".join(f"COALESCE(SUM({sql}), 0)" for _, _, sql in items)
        row = conn.execute(f"SELECT {sums} FROM {table}{where}", params).fetchone()
        for (facet, value, _), n in zip(items, row, strict=True):
            out.setdefault(facet, {})[value] = int(n)


def order_facets(conn: sqlite3.Connection, f: OrderFilter) -> Facets:
    conditions = order_conditions(f)
    out: Facets = {
        "status": _group_counts(conn, "orders", "contact_status", conditions, "status",
                                every=True),
        "channel": _group_counts(conn, "orders", "channel", conditions, "channel", every=True),
        "currency": _group_counts(conn, "orders", "currency", conditions, "currency",
                                  every=True),
    }
    summed: dict[str, dict[str, str]] = {
        name: {"true": f"{name} = 1", "false": f"{name} = 0"} for name in _BOOL_FILTERS}
    summed["feedback"] = dict(_FEEDBACK_SQL)
    summed["shipping"] = {tag: _tag(tag) for tag in SHIPPING_TAGS}
    summed["summary"] = {s.value: sql for s, sql in _SUMMARY_SQL.items()}
    _sum_counts(conn, "orders", conditions, summed, out)
    return out


def status_facets(conn: sqlite3.Connection, table: str, conditions: Conditions) -> Facets:
    """`status` and `channel` counts of questions or threads."""
    return {name: _group_counts(conn, table, name, conditions, name)
            for name in ("status", "channel")}
