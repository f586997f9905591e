"""Offline word search (SQLite FTS5) over cached questions and orders.

The indexes follow the cache (schema v3 and `Cache._upsert`). Matching is case- and
accent-insensitive ("camion" finds "camión"), every word must match, and the last word is
taken as a prefix while the seller is still typing it. Results are ids, best match first.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence

from sellerdesk.store.db import Database

# unicode61 splits on everything but letters and digits; so do we, so a typed "#1234" or
# "o'brien" never reaches FTS5 as query syntax.
_WORD = re.compile(r"[^\W_]+")

# bm25 column weights, in the column order of schema.QUESTION/ORDER_SEARCH_COLUMNS.
_QUESTION_RANK = "bm25(questions_fts, 1.0, 4.0, 4.0, 2.0)"
_ORDER_RANK = "bm25(orders_fts, 10.0, 4.0, 4.0, 2.0, 8.0)"
# Similar questions: the question's own words only; the same listing counts a quarter more.
_SIMILAR_RANK = "bm25(questions_fts, 1.0, 0.0, 0.0, 0.0)"
_SAME_LISTING_BOOST = 1.25
_PREFIX_MIN = 4


def match_expression(text: str, *, prefix: bool = True) -> str | None:
    """An FTS5 query for the words of `text` (all required), or None when it has none.

    With `prefix`, a last word not yet followed by a space or punctuation matches as a
    prefix ("cami" finds "camión").
    """
    text = unicodedata.normalize("NFC", text)
    words = _WORD.findall(text)
    if not words:
        return None
    terms = [f'"{word}"' for word in words]
    if prefix and text.endswith(words[-1]):
        terms[-1] += "*"
    return " ".join(terms)


class Search:
    """Ranked id lookups; fetch the records with `Cache.get_many`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def questions(self, text: str, *, limit: int = 50, prefix: bool = True) -> list[int]:
        """Questions whose text, buyer name/nickname or product title hold the words."""
        expr = match_expression(text, prefix=prefix)
        if expr is None:
            return []
        rows = self._db.query(
            f"SELECT q.id FROM questions_fts JOIN questions AS q ON q.pk = questions_fts.rowid "
            f"WHERE questions_fts MATCH ? ORDER BY {_QUESTION_RANK}, q.creation_date DESC "
            "LIMIT ?", (expr, limit))
        return [int(r[0]) for r in rows]

    def similar_answered(self, words: Sequence[str], *, limit: int = 30,
                         exclude: Sequence[int] = (), listing: str | None = None) -> list[int]:
        """Answered questions whose text holds any of `words`, most similar first: bm25
        over the question's own text (words of four letters or more match as prefixes, so
        "envio" finds "envíos"), questions about `listing` (a product title) a little
        ahead, then the newest. `exclude`: ids never returned (the question answered)."""
        terms = [f'"{w}"*' if len(w) >= _PREFIX_MIN else f'"{w}"'
                 for w in words if _WORD.fullmatch(w)]
        if not terms:
            return []
        rows = self._db.query(
            "SELECT q.id FROM questions_fts JOIN questions AS q ON q.pk = questions_fts.rowid"
            " WHERE questions_fts MATCH ? AND q.status = 'answered'"
            " AND q.id NOT IN (SELECT value FROM json_each(?))"
            f" ORDER BY {_SIMILAR_RANK} * (CASE WHEN q.product_title IS ? THEN"
            f" {_SAME_LISTING_BOOST} ELSE 1.0 END), q.creation_date DESC LIMIT ?",
            ("text : (" + " OR ".join(terms) + ")", json.dumps(list(exclude)), listing,
             limit))
        return [int(r[0]) for r in rows]

    def threads(self, text: str, *, limit: int = 50, prefix: bool = True) -> list[str]:
        """Threads holding a matching cached question, ranked by their best question."""
        expr = match_expression(text, prefix=prefix)
        if expr is None:
            return []
        # MATERIALIZED: flattened into the GROUP BY, bm25() would be out of its FTS context.
        rows = self._db.query(
            "WITH hits AS MATERIALIZED ("
            f" SELECT q.thread_id AS thread_id, {_QUESTION_RANK} AS score, q.creation_date AS at"
            "  FROM questions_fts JOIN questions AS q ON q.pk = questions_fts.rowid"
            "  WHERE questions_fts MATCH ? AND q.thread_id IS NOT NULL)"
            " SELECT thread_id FROM hits GROUP BY thread_id ORDER BY MIN(score), MAX(at) DESC"
            " LIMIT ?", (expr, limit))
        return [str(r[0]) for r in rows]

    def orders(self, text: str, *, limit: int = 50, prefix: bool = True) -> list[str]:
        """Orders whose id, buyer name/nickname, product titles or tracking codes match."""
        expr = match_expression(text, prefix=prefix)
        if expr is None:
            return []
        rows = self._db.query(
            f"SELECT o.id FROM orders_fts JOIN orders AS o ON o.pk = orders_fts.rowid "
            f"WHERE orders_fts MATCH ? ORDER BY {_ORDER_RANK}, o.creation_date DESC LIMIT ?",
            (expr, limit))
        return [str(r[0]) for r in rows]
