"""What buyers do, which the spec has no endpoint for: ask a question, place an order.

Used by the admin routes of routes_sandbox. Each new record is dated with `db.write_stamp`
(strictly later than every write and every record of its kind) and drawn from an RNG
seeded with the start seed and the record's own id, so the same database and seed give the
same record whatever happened before in the process.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from dataclasses import replace
from typing import Any, cast

from sellerdesk.sandbox import vocab
from sellerdesk.sandbox.clock import from_millis, iso
from sellerdesk.sandbox.context import Ctx
from sellerdesk.sandbox.db import transaction, write_stamp
from sellerdesk.sandbox.errors import MetricsError
from sellerdesk.sandbox.order_doc import index_columns, short_channel
from sellerdesk.sandbox.people import Person, ascii_slug, make_person
from sellerdesk.sandbox.seed_orders import ORDER_ID_BASE, ORDER_INSERT, new_order_doc
from sellerdesk.sandbox.seed_questions import (
    QUESTION_ID_BASE,
    publications,
    question_text,
    search_text,
)

PERSON_BASE = 7_000_000  # people.make_person: client_id = PERSON_BASE + index
MAX_TEXT = 2000
MAX_BUYER = 100


def _rng(ctx: Ctx, kind: str, record_id: int) -> random.Random:
    return random.Random(f"{ctx.seed}:{kind}:{record_id}")


def _max(conn: sqlite3.Connection, sql: str, *args: Any) -> int:
    row = conn.execute(sql, args).fetchone()
    return int(row[0]) if row is not None and row[0] is not None else 0


def _next_person(conn: sqlite3.Connection) -> int:
    """A make_person index no buyer of an order or a thread has."""
    top = max(_max(conn, "SELECT MAX(client_id) FROM orders"),
              _max(conn, "SELECT MAX(client_id) FROM threads"))
    return max(top - PERSON_BASE, 0) + 1


def _renamed(person: Person, name: str) -> Person:
    """The person under the name the caller chose; e-mail and nickname follow it."""
    words = [re.sub(r"[^a-z0-9]", "", w) for w in ascii_slug(name).split()]
    words = [w for w in words if w] or ["comprador"]
    index = person.client_id - PERSON_BASE
    domain = person.email.rsplit("@", 1)[1]
    return replace(person, name=name,
                   email=f"{'.'.join(words[:2])}{index % 1000}@{domain}",
                   nickname=f"{words[0].upper()}{''.join(words[1:2])[:4].upper()}{index % 97}")


def _publications(conn: sqlite3.Connection, shop_id: int, rng: random.Random
                  ) -> list[dict[str, Any]]:
    """Listings the shop's questions are about (as a question carries them), by id."""
    found: dict[str, dict[str, Any]] = {}
    for (doc,) in conn.execute("SELECT doc FROM questions WHERE shop_id=? ORDER BY id",
                               (shop_id,)):
        pub = json.loads(doc).get("publication")
        if pub and pub.get("id"):
            found[str(pub["id"])] = pub
    if not found:  # every question deleted: the demo catalogue
        return [{**p, "price": str(p["price"])} for p in publications(rng)]
    return [found[k] for k in sorted(found)]


def _random_city(rng: random.Random, currency: str) -> str:
    states = cast(list[tuple[str, str, list[str]]], vocab.COUNTRIES[currency]["states"])
    return rng.choice(rng.choice(states)[2])


def new_question(ctx: Ctx, thread_id: str | None, text: str | None, buyer: str | None,
                 channel: str | None) -> dict[str, Any]:
    """An unanswered question asked now, in `thread_id` or in a new thread; its single-read
    document. The thread's counts, status and last question date follow from its questions."""
    conn = ctx.conn
    if thread_id is not None:
        row = conn.execute("SELECT channel FROM threads WHERE id=? AND shop_id=?",
                           (thread_id, ctx.shop_id)).fetchone()
        last = conn.execute("SELECT doc FROM questions WHERE thread_id=? AND shop_id=? "
                            "ORDER BY creation_ts DESC, id DESC LIMIT 1",
                            (thread_id, ctx.shop_id)).fetchone()
        if row is None or last is None:  # a thread whose questions are all gone is gone
            raise MetricsError(404, f"Thread {thread_id} not found")
        previous: dict[str, Any] = json.loads(last[0])
        thread_channel = str(row[0])
        if channel is not None and short_channel(channel) != short_channel(thread_channel):
            raise MetricsError(400, f"channel: thread {thread_id} is on {thread_channel}")
        if buyer is not None and buyer != previous["from"]["name"]:
            raise MetricsError(400, f"buyer: thread {thread_id} is the conversation of "
                                    f"{previous['from']['name']}; leave buyer out")
    with transaction(conn):
        ms = write_stamp(conn, after=_max(
            conn, "SELECT MAX(creation_ts) FROM questions WHERE shop_id=?", ctx.shop_id))
        qid = max(_max(conn, "SELECT MAX(id) FROM questions"),
                  _max(conn, "SELECT value FROM meta WHERE key='last_question'"),
                  QUESTION_ID_BASE - 3) + 3  # ids of deleted questions are not reused
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('last_question', ?)",
                     (str(qid),))
        rng = _rng(ctx, "question", qid)
        pub: dict[str, Any] | None
        if thread_id is not None:
            pub = previous.get("publication")
            portuguese = pub is not None and pub["currency_id"] == "BRL"
            sender = previous["from"]
            qtype, doc_channel = previous["type"], thread_channel
            city = _random_city(rng, "BRL" if portuguese else "ARS")
        else:
            pub = rng.choice(_publications(conn, ctx.shop_id, rng))
            portuguese = pub["currency_id"] == "BRL"
            doc_channel = channel or ("marketplace" if rng.random() < 0.6 else "shopfront")
            person = make_person(rng, "BRL" if portuguese else "ARS", _next_person(conn))
            if buyer is not None:
                person = _renamed(person, buyer)
            sender = {"email": person.email, "name": person.name,
                      "client_id": person.client_id,
                      "market_cust_id": person.market_cust_id, "nickname": person.nickname}
            qtype, city = "item", person.city
            thread_id = f"{rng.getrandbits(96):024x}"
            while conn.execute("SELECT 1 FROM threads WHERE id=?", (thread_id,)).fetchone():
                thread_id = f"{rng.getrandbits(96):024x}"
            conn.execute("INSERT INTO threads VALUES(?, ?, ?, ?)",
                         (thread_id, ctx.shop_id, doc_channel, person.client_id))
        when = iso(from_millis(ms))
        doc: dict[str, Any] = {
            "id": qid, "status": "unanswered", "store_id": ctx.shop_id, "from": sender,
            "question": {"text": text if text is not None
                         else question_text(rng, portuguese, city, pub), "date": when},
            "type": qtype, "thread_id": thread_id, "channel": doc_channel,
            "publication": pub, "creation_date": when}
        conn.execute("INSERT INTO questions VALUES(?, ?, ?, ?, ?, ?, ?)",
                     (qid, ctx.shop_id, thread_id, "unanswered", ms, search_text(doc),
                      json.dumps(doc, ensure_ascii=False)))
    return doc


def new_order(ctx: Ctx, currency: str | None, channel: str | None) -> str:
    """A paid, not processed, open order placed now; its document as GET returns it."""
    conn = ctx.conn
    with transaction(conn):
        ms = write_stamp(conn, after=max(
            _max(conn, "SELECT MAX(creation_ts) FROM orders WHERE shop_id=?", ctx.shop_id),
            _max(conn, "SELECT MAX(updated_ts) FROM orders WHERE shop_id=?", ctx.shop_id)))
        # Field-variety orders (a 16-digit id among them) are not part of the sequence.
        seq = max(_max(conn, "SELECT MAX(id) FROM orders WHERE id NOT IN (SELECT CAST(id AS "
                             "INTEGER) FROM variety WHERE tbl='orders')") + 1 - ORDER_ID_BASE, 0)
        rng = _rng(ctx, "order", seq)
        if currency is None:
            currency = rng.choices([c for c, _ in vocab.CURRENCY_WEIGHTS],
                                   [w for _, w in vocab.CURRENCY_WEIGHTS])[0]
        buyer = make_person(rng, currency, _next_person(conn))
        doc = new_order_doc(rng, ctx.shop_id, seq, from_millis(ms), buyer, channel)
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        conn.execute(ORDER_INSERT, (ORDER_ID_BASE + seq, ctx.shop_id, *index_columns(doc),
                                    ms, ms, text))
    return text
