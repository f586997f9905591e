"""The request rate a shop's service was last found to allow (schema v7).

The pacer learns it from 429s (`policy.Pacer`); kept here, the next run starts at it
instead of learning it again, one refusal at a time. `key` names the service and shop (a
profile's address can change); a rate at the configured maximum is not kept.
"""

from __future__ import annotations

import math

from sellerdesk.store.db import Database, encode_time, utc_now


class PaceMemory:
    def __init__(self, db: Database) -> None:
        self._db = db

    def learned(self, key: str) -> float | None:
        """The rate (requests/s) learned for `key`, or None when none is kept."""
        row = self._db.query_one("SELECT rate FROM pace WHERE key = ?", (key,))
        if row is None:
            return None
        rate = float(row[0])
        return rate if math.isfinite(rate) and rate > 0 else None

    def remember(self, key: str, rate: float | None) -> None:
        """Keep `rate` for `key`; None forgets it (the service allowed the full pace)."""
        with self._db.transaction() as conn:
            if rate is None:
                conn.execute("DELETE FROM pace WHERE key = ?", (key,))
            else:
                conn.execute("INSERT INTO pace (key, rate, learned_at) VALUES (?, ?, ?) ON "
                             "CONFLICT (key) DO UPDATE SET rate = excluded.rate, "
                             "learned_at = excluded.learned_at",
                             (key, rate, encode_time(utc_now())))
