"""The request log: one entry per request to /v1 and to the OAuth endpoints.

Each entry says when, what (method and path, never the query: it may hold the token), the
status answered, the fault injected if any, whether the request was a write that took
effect (`applied`) and, for a tracking-code create, the id it made. Finished entries go to
the `request_log` table, so they survive a restart on the same `--db` (crash trials count
"sent twice" from it); entries still in flight are kept in memory with `status` null.
"""

from __future__ import annotations

import sqlite3
from contextvars import ContextVar
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

KEEP_ROWS = 200_000  # the table keeps this many newest entries
_PRUNE_EVERY = 10_000


@dataclass
class Entry:
    id: int
    time: str
    method: str
    path: str
    status: int | None = None
    fault: str | None = None  # error | rate_limit | drop | malformed
    limited: bool = False  # the 429 came from the rate limiter, not an injected fault
    applied: bool = False  # a write committed by this request
    created_id: int | None = None  # tracking-code create: the id made

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# The entry of the request being served; set by the middleware around the endpoint.
CURRENT: ContextVar[Entry | None] = ContextVar("sandbox_request_entry", default=None)


def note_applied(created_id: int | None = None) -> None:
    """The current request's write was committed (called by `db.transaction`)."""
    entry = CURRENT.get()
    if entry is not None:
        entry.applied = True
        if created_id is not None:
            entry.created_id = created_id


class RequestLog:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        # Ids never go back, not even after a clear and a restart (callers page with `since`).
        row = conn.execute("SELECT MAX(id) FROM request_log").fetchone()
        cleared = conn.execute("SELECT value FROM meta WHERE key='request_log_next'").fetchone()
        self._next = max(int(row[0] or 0) + 1, int(cleared[0]) if cleared else 1)
        self._floor = 0  # entries below this id were cleared while in flight
        self._in_flight: dict[int, Entry] = {}
        self._since_prune = 0

    def begin(self, method: str, path: str) -> Entry:
        now = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        entry = Entry(self._next, now, method, path)
        self._next += 1
        self._in_flight[entry.id] = entry
        return entry

    def end(self, entry: Entry) -> None:
        self._in_flight.pop(entry.id, None)
        if entry.id < self._floor:
            return
        self.conn.execute(
            "INSERT INTO request_log(id, time, method, path, status, fault, limited, applied,"
            " created_id) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (entry.id, entry.time, entry.method, entry.path, entry.status, entry.fault,
             int(entry.limited), int(entry.applied), entry.created_id))
        self._since_prune += 1
        if self._since_prune >= _PRUNE_EVERY:
            self._since_prune = 0
            self.conn.execute("DELETE FROM request_log WHERE id <= ?",
                              (self._next - 1 - KEEP_ROWS,))

    def entries(self, *, since: int = 0, limit: int = 1000,
                writes_only: bool = False) -> list[dict[str, Any]]:
        """The newest `limit` entries with an id above `since`, oldest first."""
        where = "id > ?" + (" AND method != 'GET'" if writes_only else "")
        rows = self.conn.execute(
            f"SELECT * FROM request_log WHERE {where} ORDER BY id DESC LIMIT ?",
            (since, limit)).fetchall()
        done = [Entry(id=r["id"], time=r["time"], method=r["method"], path=r["path"],
                      status=r["status"], fault=r["fault"], limited=bool(r["limited"]),
                      applied=bool(r["applied"]), created_id=r["created_id"])
                for r in rows]
        flying = [e for e in self._in_flight.values() if e.id > max(since, self._floor - 1)
                  and not (writes_only and e.method == "GET")]
        merged = sorted(done + flying, key=lambda e: e.id)[-limit:] if limit else []
        return [e.as_dict() for e in merged]

    def clear(self) -> None:
        self.conn.execute("DELETE FROM request_log")
        self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('request_log_next', ?)",
                          (str(self._next),))
        self._floor = self._next
