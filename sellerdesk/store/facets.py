"""Filters as SQL, and facet counts computed offline.

A facet's counts are taken over the query with that facet's own filter removed (the usual
drill-down, docs/decisions.md "order facets"), so the seller sees what each other value gives.
Facets whose WHERE clause comes out the same are counted in one pass over the table.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
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
_GROUPED = {"status": 2, "channel": 0, "currency": 1}  # facet -> its column's place


@dataclass(frozen=True, slots=True)
class Combo:
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
    channel, currency, status, paid, processed, delivered, closed, buyer, seller, tags = (
        combo[:10])
    out = [(name, "true" if value == 1 else "false")
           for name, value in zip(_BOOL_FILTERS, (processed, paid, delivered, closed, buyer,
                                                  seller), strict=True) if value in (0, 1)]
    if buyer and seller:
        out.append(("feedback", "true"))
    elif not buyer and not seller:
        out.append(("feedback", "false"))
    out += [(name, str(value)) for name, value in (("status", status), ("channel", channel),
                                                   ("currency", currency)) if value is not None]
    has = {tag for tag in SHIPPING_TAGS if f",{tag}," in tags}
    out += [("shipping", tag) for tag in sorted(has)]
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
    for name in _BOOL_FILTERS:
        value: bool | None = getattr(f, name)
        if value is not None:
            active[name] = (name, "true" if value else "false")
    if f.feedback is not None:
        active["feedback"] = ("feedback", "true" if f.feedback else "false")
    for name, word in (("status", f.status), ("channel", f.channel), ("currency", f.currency),
                       ("shipping", f.shipping), ("summary", f.summary)):
        if word is not None:
            active[name] = (name, str(word))
    return active


def order_facets(f: OrderFilter, combos: Combos, every: Combos) -> Facets:
    """Counts per facet value, each facet's own condition left out (drill-down), from the
    combinations of `f`'s words (`combos`) and of every order (`every`: the values a sidebar
    keeps at 0)."""
    active = _active(f)
    # Every value any order holds, in order, at 0 until counted (sidebar rows stay put).
    out: Facets = {facet: dict.fromkeys(sorted({str(c.values[place]) for c in every
                                                if c.values[place] is not None}), 0)
                   for facet, place in _GROUPED.items()}
    out |= {name: {"true": 0, "false": 0} for name in _BOOL_FILTERS}
    out["feedback"] = {"true": 0, "false": 0}
    out["shipping"] = dict.fromkeys(SHIPPING_TAGS, 0)
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
    return {name: _group_counts(conn, table, name, conditions, name)
            for name in ("status", "channel")}
