"""Filters as SQL, and facet counts computed offline.

A facet's counts are taken over the query with that facet's own filter removed (the usual
drill-down, docs/decisions.md "order facets"), so the seller sees what each other value gives.
Facets whose WHERE clause comes out the same are counted in one pass over the table.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import msgspec

from sellerdesk.store.facet_table import (
    ORDER_FACETS,
    STATUS_FACETS,
    Facet,
    FacetKind,
)
from sellerdesk.store.rows import Facets, OrderFilter, OrderSummary
from sellerdesk.store.search import match_expression

Conditions = dict[str, tuple[str, list[Any]]]
"""Filter name -> (SQL condition, its parameters); the name is the facet it removes."""

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


def where_clause(conditions: Conditions, skip: str | None = None) -> tuple[str, list[Any]]:
    """` WHERE a AND b` and its parameters, leaving out the condition named `skip`."""
    parts = [(sql, params) for name, (sql, params) in conditions.items() if name != skip]
    if not parts:
        return "", []
    return (" WHERE " + " AND ".join(f"({sql})" for sql, _ in parts),
            [p for _, params in parts for p in params])


def facet_condition(facet: Facet, value: object) -> tuple[str, list[Any]]:
    """The SQL of one facet's filter set to `value` (a bool for yes/no facets)."""
    if facet.kind is FacetKind.YES_NO:
        return f"{facet.column} = ?", [int(bool(value))]
    if facet.kind is FacetKind.BOTH:
        return _FEEDBACK_SQL["true" if value else "false"], []
    if facet.kind is FacetKind.TAG:
        return f"instr({facet.column}, ?) > 0", [f",{value},"]
    return f"{facet.column} = ?", [value]


def order_conditions(f: OrderFilter) -> Conditions:
    c: Conditions = {}
    for facet in ORDER_FACETS:
        value = getattr(f, facet.name)
        if value is not None:
            c[facet.name] = facet_condition(facet, value)
    if f.client_id is not None:
        c["client_id"] = ("client_id = ?", [f.client_id])
    if f.summary is not None:
        c["summary"] = (_SUMMARY_SQL[OrderSummary(f.summary)], [])
    expr = match_expression(f.query) if f.query else None
    if expr is not None:
        c["query"] = ("pk IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)", [expr])
    return c


def _group_counts(conn: sqlite3.Connection, table: str, column: str,
                  conditions: Conditions, skip: str) -> dict[str, int]:
    """Counts per value of `column`."""
    where, params = where_clause(conditions, skip)
    extra = " AND " if where else " WHERE "
    rows = conn.execute(f"SELECT {column}, COUNT(*) FROM {table}{where}{extra}{column} "
                        f"IS NOT NULL GROUP BY {column}", params).fetchall()
    return {str(value): int(n) for value, n in rows}


# The columns every order facet reads, in the order of the `orders_facets` index (schema v5):
# grouped by all of them, 100,000 orders come down to a few hundred combinations, read in one
# pass over that index.
_FACET_COLUMNS = ("channel", "currency", "contact_status", "paid", "processed", "delivered",
                  "closed", "buyer_feedback", "seller_feedback", "shipping_tags")
_PLACE = {column: place for place, column in enumerate(_FACET_COLUMNS)}
# Every column of the facet table is grouped (a facet added there must be indexed too).
assert {c.strip() for f in ORDER_FACETS for c in f.column.split(",")} <= set(_PLACE)
_WORDS = [f for f in ORDER_FACETS if f.kind is FacetKind.WORD]


class Combo(msgspec.Struct, frozen=True):
    """Orders alike in every column a facet reads: how many, and the (facet, value) pairs
    they count for."""

    values: tuple[Any, ...]  # as _FACET_COLUMNS
    members: frozenset[tuple[str, str]]
    count: int


Combos = list[Combo]


def facet_combos(conn: sqlite3.Connection, f: OrderFilter | None) -> Combos:
    """The orders of `f`'s words and client (None: every order), grouped by facet columns."""
    conditions = {} if f is None else {
        name: cond for name, cond in order_conditions(f).items()
        if name in ("query", "client_id")}
    where, params = where_clause(conditions)
    cols = ", ".join(_FACET_COLUMNS)
    rows = conn.execute(f"SELECT {cols}, COUNT(*) FROM orders{where} GROUP BY {cols}",
                        params).fetchall()
    return [Combo(row[:-1], frozenset(_memberships(row)), int(row[-1])) for row in rows]


def _memberships(combo: tuple[Any, ...]) -> list[tuple[str, str]]:
    """Every (facet, value) a combination of facet columns counts for; the same predicates
    as the SQL of `order_conditions` (a unit test holds each count to its filter's)."""
    out: list[tuple[str, str]] = []
    has: set[str] = set()
    for facet in ORDER_FACETS:
        if facet.kind is FacetKind.YES_NO:
            value = combo[_PLACE[facet.column]]
            if value in (0, 1):
                out.append((facet.name, "true" if value == 1 else "false"))
        elif facet.kind is FacetKind.BOTH:
            buyer, seller = (combo[_PLACE["buyer_feedback"]], combo[_PLACE["seller_feedback"]])
            if buyer and seller:
                out.append((facet.name, "true"))
            elif not buyer and not seller:
                out.append((facet.name, "false"))
        elif facet.kind is FacetKind.TAG:
            tags = combo[_PLACE[facet.column]]
            has = {tag for tag in facet.known if f",{tag}," in tags}
            out += [(facet.name, tag) for tag in sorted(has)]
        elif combo[_PLACE[facet.column]] is not None:
            out.append((facet.name, str(combo[_PLACE[facet.column]])))
    paid, processed, delivered, closed, seller = (
        combo[_PLACE[c]] for c in ("paid", "processed", "delivered", "closed",
                                   "seller_feedback"))
    not_handed_over = bool(has & {"pending", "in_progress", "pickup"})
    summary = {
        OrderSummary.PENDING_PROCESS: paid and not processed and not closed,
        OrderSummary.PENDING_SHIPMENT: (paid and processed and not delivered and not closed
                                        and not_handed_over),
        OrderSummary.ON_THE_WAY: (not delivered and not closed and "on_route" in has
                                  and not not_handed_over),
        OrderSummary.PENDING_FEEDBACK: delivered and not seller and not closed,
        OrderSummary.CLOSED_ORDERS: bool(closed),
    }
    out += [("summary", s.value) for s, holds in summary.items() if holds]
    return out


def _active(f: OrderFilter) -> dict[str, tuple[str, str]]:
    """The filter's facet conditions as the (facet, value) an order must count for."""
    active: dict[str, tuple[str, str]] = {}
    for facet in ORDER_FACETS:
        value = getattr(f, facet.name)
        if isinstance(value, bool):
            active[facet.name] = (facet.name, "true" if value else "false")
        elif value is not None:
            active[facet.name] = (facet.name, str(value))
    if f.summary is not None:
        active["summary"] = ("summary", str(f.summary))
    return active


def order_facets(f: OrderFilter, combos: Combos, every: Combos) -> Facets:
    """Counts per facet value, each facet's own condition left out (drill-down), from the
    combinations of `f`'s words (`combos`) and of every order (`every`: the values a sidebar
    keeps at 0)."""
    active = _active(f)
    # Every value any order holds, in order, at 0 until counted (sidebar rows stay put).
    out: Facets = {}
    for declared in ORDER_FACETS:
        if declared.kind is FacetKind.WORD:
            place = _PLACE[declared.column]
            out[declared.name] = dict.fromkeys(sorted({str(c.values[place]) for c in every
                                                       if c.values[place] is not None}), 0)
        else:
            out[declared.name] = dict.fromkeys(declared.known, 0)
    out["summary"] = {s.value: 0 for s in OrderSummary}
    for combo in combos:
        missed = [name for name, key in active.items() if key not in combo.members]
        if len(missed) > 1:
            continue
        n = combo.count
        for facet, value in combo.members:
            if not missed or missed[0] == facet:
                out[facet][value] += n
    return out


def status_facets(conn: sqlite3.Connection, table: str, conditions: Conditions) -> Facets:
    """`status` and `channel` counts of questions or threads."""
    return {f.name: _group_counts(conn, table, f.column, conditions, f.name)
            for f in STATUS_FACETS}
