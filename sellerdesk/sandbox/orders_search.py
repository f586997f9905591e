"""Order search over the indexed columns: filters, orderings and drill-down facet counts."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from sellerdesk.sandbox.context import Ctx
from sellerdesk.sandbox.envelope import CHANNEL_VALUES, Facet, Page, envelope, orderings
from sellerdesk.sandbox.order_doc import FACET_COLUMNS, short_channel
from sellerdesk.sandbox.order_index import BY_FACETS

_YES_NO = (("true", "Sí"), ("false", "No"))
# Facet id -> (name, [(value, value name, SQL condition)]); the SQL is constant text only.
FACETS: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "status": ("Estado de contacto", [
        ("new", "Nueva", "contact_status='new'"),
        ("first_contact", "Primer contacto", "contact_status='first_contact'"),
        ("confirmed_data", "Datos confirmados", "contact_status='confirmed_data'")]),
    **{fid: (name, [(v, n, f"{fid}={int(v == 'true')}") for v, n in _YES_NO])
       for fid, name in (("processed", "Procesada"), ("paid", "Pagada"),
                         ("delivered", "Entregada"), ("closed", "Cerrada"))},
    "channel": ("Canal", [(v, n, f"channel_short='{v}'") for v, n in CHANNEL_VALUES]),
    "buyer_feedback": ("Calificación del comprador", [
        ("true", "Realizada", "buyer_fb=1"), ("false", "Pendiente", "buyer_fb=0")]),
    "seller_feedback": ("Calificación del vendedor", [
        ("true", "Realizada", "seller_fb=1"), ("false", "Pendiente", "seller_fb=0")]),
    # decisions.md: true = both qualifications given, false = both pending.
    "feedback": ("Calificaciones", [
        ("true", "Ambas realizadas", "buyer_fb=1 AND seller_fb=1"),
        ("false", "Ambas pendientes", "buyer_fb=0 AND seller_fb=0")]),
    "shipping": ("Envío", [
        ("pending", "Pendiente", "sp_pending=1"), ("pickup", "Listo para retirar", "sp_pickup=1"),
        ("on_route", "En camino", "sp_on_route=1"),
        ("print_tag", "Etiqueta por imprimir", "sp_print_tag=1"),
        ("to_be_agreed", "A convenir", "sp_to_be_agreed=1"),
        ("in_progress", "En preparación", "sp_in_progress=1"),
        ("delivered", "Entregado", "sp_delivered=1")]),
}
# decisions.md: summary facets, each one value; counted over the whole query.
SUMMARY: list[tuple[str, str, str]] = [
    ("pending_process", "Pendientes de procesar", "paid=1 AND processed=0 AND closed=0"),
    ("pending_shipment", "Pendientes de envío", "processed=1 AND delivered=0 AND closed=0"),
    ("pending_feedback", "Pendientes de calificar", "delivered=1 AND seller_fb=0 AND closed=0"),
    ("closed_orders", "Cerradas", "closed=1"),
]
# Ordering -> (name, ORDER BY, the index walked in that order: order_index).
ORDERS = {
    "creation_date_asc": ("Fecha de creación ascendente", "creation_ts ASC, id ASC",
                          "orders_by_creation"),
    "creation_date_desc": ("Fecha de creación descendente", "creation_ts DESC, id DESC",
                           "orders_by_creation"),
    "client_id_asc": ("Cliente ascendente", "client_id ASC, id ASC", "orders_by_client"),
    "client_id_desc": ("Cliente descendente", "client_id DESC, id DESC", "orders_by_client"),
    "name_asc": ("Nombre del cliente ascendente", "buyer_name COLLATE NOCASE ASC, id ASC",
                 "orders_by_name"),
    "name_desc": ("Nombre del cliente descendente", "buyer_name COLLATE NOCASE DESC, id DESC",
                  "orders_by_name"),
    "total_last_updated_asc": ("Última actualización ascendente", "updated_ts ASC, id ASC",
                               "orders_by_updated"),
    "total_last_updated_desc": ("Última actualización descendente", "updated_ts DESC, id DESC",
                                "orders_by_updated"),
    # The spec's parameter table spells the descending option this way; same meaning.
    "total_last_updated_sasc": ("Última actualización descendente", "updated_ts DESC, id DESC",
                                "orders_by_updated"),
}
COLUMNS = ", ".join(FACET_COLUMNS)
LISTED_ORDERS = tuple(k for k in ORDERS if k != "total_last_updated_sasc")
FACET_SHAPES = {fid: Facet(fid, name, tuple((v, n) for v, n, _ in values))
                for fid, (name, values) in FACETS.items()}


def search(ctx: Ctx, given: Mapping[str, str], order: str, pg: Page,
           odd: Callable[[dict[str, Any]], None] | None = None) -> str:
    """The envelope as JSON text; order documents are spliced in as stored. `odd` may
    reshape the envelope (field variety) before the documents go in."""
    applied = dict(given)
    if "channel" in applied:
        applied["channel"] = short_channel(applied["channel"])
    conds = {fid: dict((v, c) for v, _, c in FACETS[fid][1])[value]
             for fid, value in applied.items()}

    def where(skip: str | None = None) -> str:
        parts = ["shop_id=?", *(c for fid, c in conds.items() if fid != skip)]
        return " AND ".join(f"({p})" for p in parts)

    # Totals and facets are sums over the orders' counts per combination of the facet
    # columns (order_index), never a pass over the orders. One sum counts every facet whose
    # own filter is not applied, plus the summaries...
    free = [fid for fid in FACETS if fid not in conds]
    exprs = ["SUM(n)"] + [f"SUM(n*({c}))" for fid in free for _, _, c in FACETS[fid][1]]
    exprs += [f"SUM(n*({c}))" for _, _, c in SUMMARY]
    row = ctx.conn.execute(f"SELECT {', '.join(exprs)} FROM order_facet_counts "
                           f"WHERE {where()}", (ctx.shop_id,)).fetchone()
    total, i = int(row[0] or 0), 1
    counts: dict[str, dict[str, int]] = {}
    for fid in free:
        counts[fid] = {}
        for value, _, _ in FACETS[fid][1]:
            counts[fid][value] = int(row[i] or 0)
            i += 1
    summary = [int(x or 0) for x in row[i:]]
    # ...and each applied filter's facet is counted with that filter removed (drill-down).
    for fid in conds:
        sums = ", ".join(f"SUM(n*({c}))" for _, _, c in FACETS[fid][1])
        r = ctx.conn.execute(f"SELECT {sums} FROM order_facet_counts WHERE {where(fid)}",
                             (ctx.shop_id,)).fetchone()
        counts[fid] = {v: int(r[k] or 0) for k, (v, _, _) in enumerate(FACETS[fid][1])}
    ids = page_ids(ctx, where(), order, pg, total)
    found = dict(ctx.conn.execute(
        f"SELECT id, doc FROM orders WHERE id IN ({', '.join('?' * len(ids))})", ids)
        .fetchall()) if ids else {}
    docs = [found[oid] for oid in ids]
    available = [FACET_SHAPES[fid].with_counts(counts[fid]) for fid in FACETS]
    available += [{"id": sid, "name": name, "values": [{"id": sid, "name": name,
                                                        "results": summary[k]}]}
                  for k, (sid, name, _) in enumerate(SUMMARY)]
    body = envelope(
        seller_id=ctx.shop_id, query=None, total=total, pg=pg, results=[],
        order_id=order, order_name=ORDERS[order][0],
        filters=[FACET_SHAPES[fid].applied(value, total) for fid, value in applied.items()],
        available_orders=orderings({k: v[0] for k, v in ORDERS.items()}, LISTED_ORDERS),
        available_filters=available)
    if odd is not None:
        odd(body)
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return text.replace('"results":[]', '"results":[' + ",".join(docs) + "]", 1)


def page_ids(ctx: Ctx, where: str, order: str, pg: Page, matches: int) -> list[int]:
    """The page's order ids, found on an index alone (no document is read)."""
    if matches == 0 or pg.limit == 0 or pg.offset >= matches:
        return []
    _, order_by, index = ORDERS[order]
    shop = ctx.conn.execute("SELECT SUM(n) FROM order_facet_counts WHERE shop_id=?",
                            (ctx.shop_id,)).fetchone()[0]
    if by_facets(matches, int(shop or 0), pg):
        sql = (f"SELECT id FROM orders INDEXED BY {BY_FACETS} WHERE shop_id=? AND "
               f"({COLUMNS}) IN (SELECT {COLUMNS} FROM order_facet_counts "
               f"WHERE n>0 AND {where})")
        args: tuple[int, ...] = (ctx.shop_id, ctx.shop_id)
    else:
        sql = f"SELECT id FROM orders INDEXED BY {index} WHERE {where}"
        args = (ctx.shop_id,)
    return [r[0] for r in ctx.conn.execute(f"{sql} ORDER BY {order_by} LIMIT ? OFFSET ?",
                                           (*args, pg.limit, pg.offset))]


def by_facets(matches: int, shop: int, pg: Page) -> bool:
    """Which walk finds a page sooner: the ordering's index, until the page is filled (about
    (offset+limit) * shop / matches entries; more when the matches bunch at its far end), or
    the matching combinations' entries, all sorted (about `matches`). Both give the same page:
    every ordering ends with the id."""
    return matches * matches <= (pg.offset + pg.limit) * shop
