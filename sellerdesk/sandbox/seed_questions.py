"""Demo questions: ~120 conversations over both channels, answered, pending and closed."""

from __future__ import annotations

import json
import random
from datetime import timedelta
from typing import Any

from sellerdesk.sandbox import vocab
from sellerdesk.sandbox.clock import DEMO_END, iso, millis
from sellerdesk.sandbox.order_doc import money
from sellerdesk.sandbox.people import ascii_slug, make_person
from sellerdesk.sandbox.phrases import exchange

QUESTION_ID_BASE = 12_400_000_000
ANSWER_SOURCES = ("web", "mobile", "api")


def publications(rng: random.Random) -> list[dict[str, Any]]:
    """One listing per demo product; prices in ARS, or BRL for the Portuguese titles."""
    pubs = []
    for idx, (title, base, _) in enumerate(vocab.PRODUCTS):
        currency = "BRL" if idx >= 22 else "ARS"
        price = int(base * vocab.CURRENCY_FACTOR[currency] * 100)
        slug = ascii_slug(title).replace(" ", "-").replace('"', "")
        pubs.append({
            "id": f"MKT{600_000_000 + idx * 7919}", "currency_id": currency, "title": title,
            "price": money(price, currency), "stock": str(rng.choice([0, 1, 3, 8, 25, 120])),
            "thumbnail": f"https://img.tiendalaplata.com.ar/p/{880_000 + idx}-thumb.webp",
            "permalink": f"https://www.tiendalaplata.com.ar/productos/{slug}-{880_000 + idx}"})
    return pubs


def question_text(rng: random.Random, portuguese: bool, city: str,
                  pub: dict[str, Any] | None) -> str:
    """What a buyer asks about `pub`, or about the shop itself when it is None."""
    return exchange(rng, portuguese, city, pub)[0]


def question_rows(rng: random.Random, shop_id: int, threads: int = 120
                  ) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Rows for `threads` (id, shop_id, channel, client_id) and for `questions`."""
    pubs = publications(rng)
    thread_rows: list[tuple[Any, ...]] = []
    drafts: list[dict[str, Any]] = []
    for t in range(threads):
        pub_idx = rng.randrange(len(pubs))
        pub: dict[str, Any] | None = pubs[pub_idx]
        portuguese = pub is not None and pub["currency_id"] == "BRL"
        person = make_person(rng, "BRL" if portuguese else "ARS", 50_000 + t)
        channel = "marketplace" if rng.random() < 0.6 else "shopfront"
        qtype = "item"
        if channel == "shopfront" and rng.random() < 0.15:
            qtype, pub = "shop", None  # asked from the shop's contact section
        if rng.random() < 0.1:  # decisions.md: some records carry the long spelling
            channel += "_long"
        thread_id = f"{rng.getrandbits(96):024x}"
        thread_rows.append((thread_id, shop_id, channel, person.client_id))
        count = rng.choices(range(1, 8), [35, 25, 15, 10, 7, 5, 3])[0]
        last = DEMO_END - timedelta(days=rng.uniform(0, 90) ** 1.3 / 90 ** 0.3)
        open_thread = (DEMO_END - last).days < 7 and rng.random() < 0.6
        gaps = [timedelta(hours=rng.uniform(1, 30)) for _ in range(count - 1)]
        when = last - sum(gaps, timedelta())
        for n in range(count):
            age = (DEMO_END - when).days
            if n >= count - 2 and open_thread and (n == count - 1 or rng.random() < 0.5):
                status = "unanswered"
            elif age > 30 and rng.random() < 0.05:
                status = "closed_unanswered"
            else:
                status = "answered"
            asked, reply = exchange(rng, portuguese, person.city, pub)
            entry: dict[str, Any] = {
                "status": status, "store_id": shop_id,
                "from": {"email": person.email, "name": person.name,
                         "client_id": person.client_id,
                         "market_cust_id": person.market_cust_id,
                         "nickname": person.nickname},
                "question": {"text": asked},
                "type": qtype, "thread_id": thread_id, "channel": channel,
                "publication": None if pub is None else
                {**pub, "price": str(pub["price"])},  # a string on single reads (spec)
            }
            if status == "answered":
                answered = min(when + timedelta(minutes=rng.uniform(3, 600)), DEMO_END)
                entry["answer"] = {
                    "date": iso(answered), "source": rng.choice(ANSWER_SOURCES),
                    "text": reply}
            drafts.append({"when": when.replace(microsecond=0), "doc": entry})
            when += gaps[n] if n < len(gaps) else timedelta()
    drafts.sort(key=lambda d: d["when"])
    rows: list[tuple[Any, ...]] = []
    for seq, draft in enumerate(drafts):
        doc, when = draft["doc"], draft["when"]
        qid = QUESTION_ID_BASE + seq * 3
        doc = {"id": qid, **doc, "creation_date": iso(when)}
        doc["question"]["date"] = iso(when)
        rows.append((qid, shop_id, doc["thread_id"], doc["status"], millis(when),
                     search_text(doc), json.dumps(doc, ensure_ascii=False)))
    return thread_rows, rows


def search_text(doc: dict[str, Any]) -> str:
    """What word search looks at (decisions.md): question text, asker name, listing title."""
    pub = doc.get("publication") or {}
    return ascii_slug(" ".join([doc["question"]["text"], doc["from"]["name"],
                                pub.get("title") or ""]))
