"""Which questions and orders the seller was already notified about (schema v4)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from sellerdesk.store.db import Database, encode_time, utc_now


class Notified:
    def __init__(self, db: Database) -> None:
        self._db = db

    def fresh(self, kind: str, ids: Iterable[str]) -> list[str]:
        """Record `ids` as announced; return those that were not yet (in the given order)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        now = encode_time(utc_now())
        with self._db.transaction() as conn:
            known = {r[0] for r in conn.execute(
                "SELECT id FROM notified WHERE kind = ? AND id IN (SELECT value FROM "
                "json_each(?))", (kind, _json(wanted)))}
            new = [i for i in wanted if i not in known]
            conn.executemany("INSERT INTO notified (kind, id, at) VALUES (?, ?, ?)",
                             [(kind, i, now) for i in new])
        return new

    def count(self, kind: str) -> int:
        row = self._db.query_one("SELECT COUNT(*) FROM notified WHERE kind = ?", (kind,))
        return int(row[0]) if row else 0


def _json(values: list[str]) -> str:
    return json.dumps(values)
