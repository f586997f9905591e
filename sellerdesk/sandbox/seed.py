"""Deterministic demo shop: same --seed, same database (dates end at clock.DEMO_END)."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import timedelta
from itertools import islice
from typing import Any

from sellerdesk.sandbox import order_index, vocab
from sellerdesk.sandbox.clock import DEMO_END, iso
from sellerdesk.sandbox.people import ascii_slug
from sellerdesk.sandbox.seed_orders import ORDER_INSERT, order_rows
from sellerdesk.sandbox.seed_questions import question_rows
from sellerdesk.sandbox.variety_records import RESERVED_CODE_IDS

SHOP_URL = "https://www.tiendalaplata.com.ar"

TRACKING_CODES: list[tuple[str, str, str, str, dict[str, Any], str]] = [
    ("Analytics general", "PROVIDER_ANALYTICS", "NAVIGATION",
     "<script async src=\"https://www.googletagmanager.com/gtag/js?id=G-7XK2P9QW1L\"></script>\n"
     "<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}"
     "gtag('js',new Date());gtag('config','G-7XK2P9QW1L');</script>",
     {"measurement_id": "G-7XK2P9QW1L"}, "ACTIVE"),
    ("Píxel de conversión Ads", "PROVIDER_ADS", "CONGRAT_PAGE",
     "<script>gtag('event','conversion',{'send_to':'AW-981234567/AbC-D_efG','value':1.0,"
     "'currency':'ARS'});</script>", {"conversion_id": "AW-981234567"}, "ACTIVE"),
    ("Píxel redes sociales - carrito", "PROVIDER_SOCIAL_AD", "BUY_BUTTON",
     "<script>!function(f,b,e,v){if(f.fbq)return;}(window,document,'script');"
     "fbq('init','2873641190');fbq('track','AddToCart');</script>",
     {"pixel_id": "2873641190"}, "ACTIVE"),
    ("Píxel redes sociales - checkout", "PROVIDER_SOCIAL_AD", "PAY_BUTTON",
     "<script>fbq('track','InitiateCheckout');</script>", {"pixel_id": "2873641190"}, "ACTIVE"),
    ("Mapa de clics", "PROVIDER_CLICKS", "NAVIGATION",
     "<script>(function(h,o,t,j){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};"
     "h._hjSettings={hjid:3141592,hjsv:6};})(window,document);</script>",
     {"site_id": 3141592}, "ACTIVE"),
    ("Encuesta post-compra", "PROVIDER_SURVEY", "CONGRAT_PAGE",
     "<script src=\"https://encuestas.example.com/embed.js\" data-survey=\"postcompra-2026\">"
     "</script>", {"survey": "postcompra-2026", "delay_s": 5}, "ACTIVE"),
    ("Sello de sitio seguro", "PROVIDER_STAMP", "NAVIGATION",
     "<div id=\"sello\"></div><script src=\"https://sello.example.org/s.js?shop=1001\"></script>",
     {}, "INACTIVE"),
    ("Chat de contacto", "OTHER", "CONTACT_BUTTON",
     "<script>window.chatCfg={team:'ventas'};</script>"
     "<script async src=\"https://chat.example.net/widget.js\"></script>",
     {"team": "ventas"}, "ACTIVE"),
    ("Remarketing antiguo", "PROVIDER_ADS", "NAVIGATION",
     "<script>/* campaña 2025 */ gtag('config','AW-111222333');</script>", {}, "INACTIVE"),
    ("Analytics checkout", "PROVIDER_ANALYTICS", "PAY_BUTTON",
     "<script>gtag('event','begin_checkout');</script>", {}, "ACTIVE"),
]


def shop_doc(shop_id: int) -> dict[str, Any]:
    return {"id": shop_id, "status": "active", "locale": "es_AR",
            "shop_name": "Tienda La Plata", "email": "ventas@tiendalaplata.com.ar",
            "plan": "professional", "admin_url": "https://admin.tiendalaplata.com.ar",
            "url": SHOP_URL, "has_logo": True,
            "address": {"country": "AR", "state": "AR-C", "city": "Buenos Aires",
                        "zip": "C1425BGH", "address": "Av. Santa Fe 3253, Piso 2",
                        "phone": "+54 11 4822-3190"}}


def category_rows(rng: random.Random, shop_id: int) -> list[tuple[Any, ...]]:
    """(id, shop_id, parent_id, position, doc) for the three-level tree of vocab."""
    rows: list[tuple[Any, ...]] = []
    next_id = [50_100]

    def add(name: str, parent: int | None, position: int, path: str) -> int:
        cid = next_id[0]
        next_id[0] += 1
        created = DEMO_END - timedelta(days=700 - len(rows) * 3, hours=rng.randint(0, 23))
        doc = {"id": cid, "shop_id": shop_id, "position": position, "name": name,
               "default_category": name == "Otros", "permalink": f"{SHOP_URL}/{path}",
               "date_created": iso(created),
               "last_updated": iso(created + timedelta(days=rng.randint(0, 300)))}
        rows.append((cid, shop_id, parent, position, json.dumps(doc, ensure_ascii=False)))
        return cid

    for p1, (root, children) in enumerate(vocab.CATEGORY_TREE, 1):
        slug1 = ascii_slug(root).replace(" ", "-")
        rid = add(root, None, p1, slug1)
        for p2, (child, grandchildren) in enumerate(children, 1):
            slug2 = f"{slug1}/{ascii_slug(child).replace(' ', '-')}"
            cid = add(child, rid, p2, slug2)
            for p3, grand in enumerate(grandchildren, 1):
                add(grand, cid, p3, f"{slug2}/{ascii_slug(grand).replace(' ', '-')}")
    return rows


def _code_ids(count: int) -> list[int]:
    """Ids 1, 2, 3... skipping those the field-variety codes take (variety_records)."""
    free = (n for n in range(1, count + len(RESERVED_CODE_IDS) + 1)
            if n not in RESERVED_CODE_IDS)
    return list(islice(free, count))


def is_seeded(conn: sqlite3.Connection, shop_id: int) -> bool:
    return conn.execute("SELECT 1 FROM shops WHERE id=?", (shop_id,)).fetchone() is not None


def seed(conn: sqlite3.Connection, shop_id: int, seed_value: int, orders: int) -> None:
    """Fill an empty database in one transaction (fast even for 100,000 orders)."""
    rng = random.Random(seed_value)
    conn.execute("BEGIN")
    try:
        conn.execute("INSERT INTO shops(id, doc) VALUES(?, ?)",
                     (shop_id, json.dumps(shop_doc(shop_id), ensure_ascii=False)))
        conn.executemany("INSERT INTO categories VALUES(?, ?, ?, ?, ?)",
                         category_rows(rng, shop_id))
        conn.executemany(
            "INSERT INTO tracking_codes(id, shop_id, name, code, options, provider, event,"
            " status) VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
            [(code_id, shop_id, name, code, json.dumps(opts), provider, event, status)
             for code_id, (name, provider, event, code, opts, status)
             in zip(_code_ids(len(TRACKING_CODES)), TRACKING_CODES, strict=True)])
        threads, questions = question_rows(random.Random(rng.random()), shop_id)
        conn.executemany("INSERT INTO threads VALUES(?, ?, ?, ?)", threads)
        conn.executemany("INSERT INTO questions VALUES(?, ?, ?, ?, ?, ?, ?)", questions)
        rows = order_rows(random.Random(rng.random()), shop_id, orders)
        order_index.drop(conn)  # built after the orders are in: faster
        while batch := list(islice(rows, 5000)):
            conn.executemany(ORDER_INSERT, batch)
        order_index.create(conn)
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('seeded_orders', ?)",
                     (str(orders),))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
