"""How far a shop's first sync got (schema v9), so an interrupted one goes on from there.

A first sync reads what the seller acts on first, then walks the rest of the history page by
page (services/sync.py). Each walk keeps its position here (the offset of the next page it
reads), written in the same transaction as the records of the pages before it: after a
quit, a `kill -9` or a dropped network the walk goes on at the first page it had not stored.
A walk that ends forgets its position (`finish`).
"""

from __future__ import annotations

from sellerdesk.store.db import Database


class SyncPlan:
    def __init__(self, db: Database) -> None:
        self._db = db

    def position(self, key: str) -> int:
        """Where the walk `key` goes on (0: from the start)."""
        row = self._db.query_one("SELECT position FROM sync_plan WHERE key = ?", (key,))
        return 0 if row is None else max(0, int(row[0]))

    def advance(self, key: str, position: int) -> None:
        """The walk `key` stored everything before `position`. Inside the transaction that
        stored it (nested transactions are savepoints), the two commit together."""
        with self._db.transaction() as conn:
            conn.execute("INSERT INTO sync_plan (key, position) VALUES (?, ?) ON CONFLICT "
                         "(key) DO UPDATE SET position = excluded.position", (key, position))

    def finish(self, key: str) -> None:
        """The walk `key` reached its end: the next first sync (after the cache is cleared)
        starts from the beginning."""
        with self._db.transaction() as conn:
            conn.execute("DELETE FROM sync_plan WHERE key = ?", (key,))

    def positions(self) -> dict[str, int]:
        return {str(k): int(p) for k, p in self._db.query("SELECT key, position FROM sync_plan")}
