"""Questions and threads read from the database, in the shapes the spec gives each read."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sellerdesk.sandbox.context import Ctx
from sellerdesk.sandbox.envelope import CHANNEL_VALUES, Facet
from sellerdesk.sandbox.order_doc import short_channel
from sellerdesk.sandbox.people import ascii_slug

STATUS_FACET = Facet("status", "Estado", (("answered", "Respondidas"),
                                          ("unanswered", "Sin responder"),
                                          ("closed_unanswered", "Cerradas sin responder")))
THREAD_STATUS_FACET = Facet("status", "Estado", (("answered", "Respondidas"),
                                                 ("unanswered", "Sin responder")))
CHANNEL_FACET = Facet("channel", "Canal", CHANNEL_VALUES)
ENTRY_KEYS = ("creation_date", "id", "status", "store_id", "from", "question", "type",
              "thread_id", "channel")


@dataclass
class Question:
    doc: dict[str, Any]
    ts: int
    search_text: str
    thread_key: str = ""  # the thread it is stored under (its doc may show the id otherwise)

    @property
    def status(self) -> str:
        """As counted and filtered: without regard to case, as the field's server counts
        `UNANSWERED` (decisions.md); the document keeps the spelling it has."""
        return str(self.doc["status"]).lower()

    def entry(self, with_answer: bool = False) -> dict[str, Any]:
        """The search-entry shape: `from` without the single-read extras."""
        out = {key: self.doc.get(key) for key in ENTRY_KEYS}
        sender = self.doc["from"]
        out["from"] = {"email": sender["email"], "name": sender["name"],
                       "client_id": sender["client_id"]}
        if with_answer and "answer" in self.doc:
            out["answer"] = self.doc["answer"]
        return out


@dataclass
class Thread:
    id: str
    channel: str
    client_id: int
    questions: list[Question] = field(default_factory=list)  # oldest first
    wire_id: Any = None  # the id as the wire shows it (field variety: a number or null)

    @property
    def unanswered(self) -> int:
        return sum(q.status == "unanswered" for q in self.questions)

    @property
    def status(self) -> str:
        return "unanswered" if self.unanswered else "answered"

    @property
    def last_ts(self) -> int:
        return max(q.ts for q in self.questions)

    def shape(self, store_id: int) -> dict[str, Any]:
        main = self.questions[0].doc
        last = max(self.questions, key=lambda q: q.ts)
        pub = main.get("publication")
        sender = main["from"]
        main_question = {
            "creation_date": main["creation_date"], "id": main["id"], "status": main["status"],
            "store_id": main["store_id"],
            "from": {"nickname": sender["nickname"], "name": sender["name"],
                     "market_cust_id": sender["market_cust_id"],
                     "client_id": sender["client_id"]},
            "question": main["question"], "type": main["type"],
            "thread_id": self.wire_id, "channel": main["channel"],
            # The thread's main question carries the price as a number (spec).
            "publication": None if pub is None else {**pub, "price": _number(pub["price"])},
        }
        # A thread whose newest question is spelled in upper case is too (field variety).
        status = self.status.upper() if str(last.doc["status"]).isupper() else self.status
        return {"id": self.wire_id,
                "answered_quantity": str(sum(q.status == "answered" for q in self.questions)),
                "status": status, "last_question_date": last.doc["creation_date"],
                "store_id": store_id, "channel": self.channel, "main_question": main_question,
                "unanswered_quantity": self.unanswered}

    def matches(self, words: list[str]) -> bool:
        return any(all(w in q.search_text for w in words) for q in self.questions)


def _number(text: Any) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def words(q: str | None) -> list[str]:
    """Word search is case- and accent-insensitive (decisions.md); every word must match."""
    return ascii_slug(q).split() if q else []


def _of_shop(ctx: Ctx, thread_column: str, thread_id: str | None) -> tuple[str, list[Any]]:
    """The WHERE clause for the shop's rows, or for one thread's."""
    if thread_id is None:
        return "shop_id=?", [ctx.shop_id]
    return f"shop_id=? AND {thread_column}=?", [ctx.shop_id, thread_id]


def load_questions(ctx: Ctx, thread_id: str | None = None) -> list[Question]:
    """The shop's questions, or one thread's (by the thread they are stored under)."""
    where, args = _of_shop(ctx, "thread_id", thread_id)
    rows = ctx.conn.execute(
        "SELECT doc, creation_ts, search_text, thread_id FROM questions "
        f"WHERE {where} ORDER BY creation_ts, id", args).fetchall()
    return [Question(json.loads(r["doc"]), r["creation_ts"], r["search_text"], r["thread_id"])
            for r in rows]


def load_threads(ctx: Ctx, thread_id: str | None = None) -> list[Thread]:
    """Threads with at least one question; a thread whose questions are all gone is gone."""
    where, args = _of_shop(ctx, "id", thread_id)
    threads = {r["id"]: Thread(r["id"], r["channel"], r["client_id"],
                               wire_id=ctx.variety.wire_id("threads", r["id"]))
               for r in ctx.conn.execute(f"SELECT * FROM threads WHERE {where}", args)}
    # One thread's questions only when one thread is asked for: decoding every question of
    # the shop for each thread read was most of the sandbox's time in a first sync.
    for q in load_questions(ctx, thread_id):
        thread = threads.get(q.thread_key)
        if thread is not None:
            thread.questions.append(q)
    return [t for t in threads.values() if t.questions]


def channel_of(doc_channel: str) -> str:
    return short_channel(doc_channel)
