"""Edit a sandbox's database file before the sandbox starts on it.

The service has no endpoint to create questions or to rename a buyer, and the demo shop has
only ~10 unanswered questions; benchmarks (1,000 answers) and the hostile-text tests need
more. These helpers write the sandbox's own tables (`sellerdesk/sandbox/db.py`) directly,
in the shapes its seed writes, so the server serves the records like any other.
Call them on a copy of the seeded database while no sandbox runs on it.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any


def _slug(text: str) -> str:
    """The sandbox's word-search text: case-folded, accents removed (decisions.md)."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def _search_text(doc: dict[str, Any]) -> str:
    pub = doc.get("publication") or {}
    return _slug(" ".join([doc["question"]["text"], doc["from"]["name"],
                           pub.get("title") or ""]))


@contextmanager
def _open(db: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        yield conn
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def add_unanswered_questions(db: Path, count: int, *, per_thread: int = 100,
                             text: str = "¿Tienen stock para envío inmediato?") -> list[int]:
    """Append `count` unanswered questions in new threads of `per_thread`; returns their ids.

    Each copies the shape of a demo question (asker, listing) with a new id, thread and date,
    dated after the demo data so they sort newest.
    """
    with _open(db) as conn:
        template_row = conn.execute(
            "SELECT doc, shop_id FROM questions WHERE status='unanswered' ORDER BY id LIMIT 1"
        ).fetchone()
        assert template_row is not None, "the seeded shop has no unanswered question"
        template: dict[str, Any] = json.loads(template_row[0])
        shop_id = int(template_row[1])
        next_id = int(conn.execute("SELECT MAX(id) FROM questions").fetchone()[0]) + 1
        start = datetime(2026, 11, 15, 21, 0, tzinfo=UTC)
        ids: list[int] = []
        threads: list[tuple[Any, ...]] = []
        rows: list[tuple[Any, ...]] = []
        for n in range(count):
            if n % per_thread == 0:
                thread_id = f"bench{len(threads):019x}"
                client_id = 9_000_000 + len(threads)
                threads.append((thread_id, shop_id, "marketplace", client_id))
            qid = next_id + n
            when = start + timedelta(seconds=n)
            doc = json.loads(json.dumps(template))
            doc.pop("answer", None)
            doc.update(id=qid, status="unanswered", thread_id=thread_id, channel="marketplace",
                       creation_date=_iso(when))
            doc["from"]["client_id"] = client_id
            doc["question"] = {"text": f"{text} ({n})", "date": _iso(when)}
            rows.append((qid, shop_id, thread_id, "unanswered", int(when.timestamp() * 1000),
                         _search_text(doc), json.dumps(doc, ensure_ascii=False)))
            ids.append(qid)
        conn.executemany("INSERT INTO threads VALUES(?, ?, ?, ?)", threads)
        conn.executemany("INSERT INTO questions VALUES(?, ?, ?, ?, ?, ?, ?)", rows)
    return ids


def set_question(db: Path, question_id: int, *, text: str | None = None,
                 asker: str | None = None) -> None:
    """Replace a question's text and/or its asker's name (and nickname)."""
    with _open(db) as conn:
        row = conn.execute("SELECT doc FROM questions WHERE id=?", (question_id,)).fetchone()
        assert row is not None, f"no question {question_id}"
        doc = json.loads(row[0])
        if text is not None:
            doc["question"]["text"] = text
        if asker is not None:
            doc["from"]["name"] = asker
            doc["from"]["nickname"] = asker
        conn.execute("UPDATE questions SET doc=?, search_text=? WHERE id=?",
                     (json.dumps(doc, ensure_ascii=False), _search_text(doc), question_id))


def set_order_buyer(db: Path, order_id: str | int, *, name: str,
                    nickname: str | None = None, product_title: str | None = None) -> None:
    """Replace an order's buyer name (and nickname, first product title)."""
    with _open(db) as conn:
        row = conn.execute("SELECT doc FROM orders WHERE id=?", (int(order_id),)).fetchone()
        assert row is not None, f"no order {order_id}"
        doc = json.loads(row[0])
        doc["buyer"]["name"] = name
        doc["buyer"]["nickname"] = nickname if nickname is not None else name
        if product_title is not None and doc.get("products"):
            doc["products"][0]["title"] = product_title
        conn.execute("UPDATE orders SET doc=?, buyer_name=? WHERE id=?",
                     (json.dumps(doc, ensure_ascii=False, separators=(",", ":")), name,
                      int(order_id)))


def order_ids(db: Path, limit: int, *, offset: int = 0) -> list[str]:
    """Ids of existing orders, newest first."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT id FROM orders ORDER BY creation_ts DESC, id DESC "
                            "LIMIT ? OFFSET ?", (limit, offset)).fetchall()
    finally:
        conn.close()
    return [str(r[0]) for r in rows]


__all__ = ["add_unanswered_questions", "order_ids", "set_order_buyer", "set_question"]
