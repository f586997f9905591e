"""Field-variety conversations: four threads whose questions carry the field's odd values.

- `4607182418800017` (id a 16-digit JSON number, status in upper case): `ANSWERED` (dates
  at -04:00 with 9-digit fractions), then `UNANSWERED`, asked 5 h before the demo's end.
- a hex id: answered with empty text (moderated), then `BANNED`, then `under_review`.
- a hex id: a question whose id is a string, then one whose id is null (unreadable).
- `variety-no-id` (id null on the wire: unreadable): one answered question.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

from sellerdesk.sandbox.clock import DEMO_END, iso, millis
from sellerdesk.sandbox.people import make_person
from sellerdesk.sandbox.phrases import exchange
from sellerdesk.sandbox.seed_questions import publications, search_text
from sellerdesk.sandbox.variety_orders import PERSON_BASE, VET

QUESTION_BASE = 12_399_990_000  # below the demo's ids (12,400,000,000 + 3n)
NUMERIC_THREAD = "4607182418800017"
NO_ID_THREAD = "variety-no-id"

# (thread id or None for a drawn hex id, channel, thread variants, days before the end of
#  the demo data of its first question, [(status, question variants)])
THREADS: list[tuple[str | None, str, tuple[str, ...], float,
                    list[tuple[str, tuple[str, ...]]]]] = [
    (NUMERIC_THREAD, "marketplace_long", ("thread_id_number", "status_upper"), 1.5,
     [("ANSWERED", ("status_ANSWERED", "offset_minus_04", "fractional_9_digits")),
      ("UNANSWERED", ("status_UNANSWERED",))]),
    (None, "marketplace", (), 12.0,
     [("answered", ("answer_empty",)), ("BANNED", ("status_BANNED",)),
      ("under_review", ("status_under_review",))]),
    (None, "marketplace", (), 35.0,
     [("answered", ("question_id_string",)), ("answered", ("unreadable",))]),
    (NO_ID_THREAD, "shopfront", ("unreadable",), 48.0, [("answered", ())]),
]

Row = tuple[Any, ...]


def _stamp(when: datetime, variants: tuple[str, ...], rng: random.Random) -> str:
    text = iso(when.astimezone(VET)) if "offset_minus_04" in variants else iso(when)
    if "fractional_9_digits" in variants:
        head, _, tail = text.partition(".")
        text = f"{head}.{tail[:3]}{rng.randrange(1, 10**6):06d}{tail[3:]}"
    return text


def build(seed: int, shop_id: int) -> tuple[list[tuple[Row, tuple[str, ...]]],
                                            list[tuple[Row, tuple[str, ...]]]]:
    """(thread rows, question rows), each with its variants; rows as the seed writes them."""
    rng = random.Random(f"{seed}:variety:questions")
    listings = [p for p in publications(rng) if p["currency_id"] == "ARS"]
    threads: list[tuple[Row, tuple[str, ...]]] = []
    questions: list[tuple[Row, tuple[str, ...]]] = []
    qid = QUESTION_BASE
    for t, (fixed_id, channel, thread_variants, days, asked) in enumerate(THREADS):
        thread_id = fixed_id or f"{rng.getrandbits(96):024x}"
        person = make_person(rng, "ARS", PERSON_BASE + 900 + t)
        pub = rng.choice(listings)
        threads.append(((thread_id, shop_id, channel, person.client_id), thread_variants))
        when = (DEMO_END - timedelta(days=days)).replace(microsecond=0)
        for n, (status, variants) in enumerate(asked):
            if status == "UNANSWERED":
                when = DEMO_END - timedelta(hours=5)
            question, reply = exchange(rng, False, person.city, pub)
            date = _stamp(when, variants, rng)
            wire_id: Any = qid
            if "question_id_string" in variants:
                wire_id = str(qid)
            elif "unreadable" in variants:
                wire_id = None
            doc: dict[str, Any] = {
                "id": wire_id, "status": status, "store_id": shop_id,
                "from": {"email": person.email, "name": person.name,
                         "client_id": person.client_id,
                         "market_cust_id": person.market_cust_id,
                         "nickname": person.nickname},
                "question": {"text": question, "date": date}, "type": "item",
                "thread_id": int(thread_id) if "thread_id_number" in thread_variants
                else None if "unreadable" in thread_variants else thread_id,
                "channel": channel, "publication": {**pub, "price": str(pub["price"])},
                "creation_date": date}
            if status.lower() == "answered":
                answered = when + timedelta(minutes=rng.uniform(5, 240))
                doc["answer"] = {"date": _stamp(answered, variants, rng), "source": "web",
                                 "text": "" if "answer_empty" in variants else reply}
            questions.append(((qid, shop_id, thread_id, status, millis(when), search_text(doc),
                               json.dumps(doc, ensure_ascii=False)), variants))
            qid += 1
            when += timedelta(hours=rng.uniform(2, 30) if n == 0 else 1)
    return threads, questions
