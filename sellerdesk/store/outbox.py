"""The durable queue of the seller's writes and the state machine of each one.

    enqueue --> queued --mark_sending--> sending --mark_done--> done
                 ^  ^                       |
                 |  +------mark_retry-------+  (with a delay: backoff)
                 |                          +--mark_conflict--> conflict
                 |                          +--mark_failed----> failed
                 +--- resolve(KEEP_LOCAL) from conflict, retry from failed

    discard (or resolve(KEEP_SERVER)) deletes a queued, failed or conflict entry.
    mark_done / mark_conflict / mark_failed also accept a queued entry (settled without
    sending, e.g. after reading the server).

Every change is committed with `synchronous=FULL` (fsynced) before the call returns, except
`mark_done(..., durable=False)`: a seller's intent and each attempt are on disk for good
before anything leaves, while the sender records the outcome of a successful attempt without
an fsync of its own (it survives a crash or `kill -9`; only a power cut before the next
durable commit can drop it, which leaves the entry `sending`, settled by reading the server).
`mark_sending_many` marks a whole round of attempts in one commit, `mark_done_many` records
the outcomes of many in one (the sender's batches). Entries of one entity
(e.g. "question:123") go out strictly in order: one waits while an earlier entry of its
entity is unfinished (queued, sending, conflict or failed); other entities do not wait.
`mark_sending` is committed before the request leaves, so an entry found `sending` after a
restart is "outcome unknown" (`uncertain`): services must read the server and settle it with
mark_done / mark_retry / mark_conflict before anything of that entity is sent again.
Sending itself lives in services; observers are plain callbacks, called after each commit
on the thread that made the change (one call per change, or one per commit with the commit's
changes: `add_batch_observer`).
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

import msgspec

from sellerdesk.store.db import (
    Database,
    decode_optional_time,
    decode_time,
    encode_time,
    utc_now,
)
from sellerdesk.store.outbox_entries import (
    UNFINISHED,
    Conflict,
    IntentKind,
    Observer,
    OutboxChange,
    OutboxEntry,
    OutboxEvent,
    OutboxState,
    OutboxStateError,
    Resolution,
    entity_key,
    new_tracking_entity,
)

__all__ = [
    "UNFINISHED", "BatchObserver", "Conflict", "Done", "IntentKind", "Observer", "Outbox",
    "OutboxChange", "OutboxEntry", "OutboxEvent", "OutboxState", "OutboxStateError",
    "Resolution", "entity_key", "new_tracking_entity",
]

# Called once per commit with the commit's changes, in order (one read, one hop per commit).
BatchObserver = Callable[[Sequence[OutboxChange]], None]

log = logging.getLogger("sellerdesk.outbox")


_COLUMNS = ("id, seq, kind, entity, payload, state, created_at, updated_at, attempts, "
            "next_attempt_at, last_error, conflict_local, conflict_server, uncertain, result, "
            "failed_reads")
# An entry is a head when nothing earlier of its entity is unfinished.
_HEAD = ("NOT EXISTS (SELECT 1 FROM outbox AS e WHERE e.entity = o.entity AND e.seq < o.seq "
         f"AND e.state IN ({', '.join(repr(s.value) for s in UNFINISHED)}))")
_SENDING = ("state = 'sending', attempts = attempts + 1, uncertain = 0, "
            "payload = COALESCE(?, payload)")
_DONE = ("state = 'done', uncertain = 0, next_attempt_at = NULL, last_error = NULL, "
         "result = ?")
_PAUSE_KEY = "paused"
_REFUSED_KEY = "paused_token"  # fingerprint of the token that was refused (never the token)
_SALT_KEY = "fingerprint_key"


# Enum members by value: a dict lookup, where `IntentKind(value)` costs a call through
# EnumType.__call__ (every entry read, several per sent write).
_KINDS = {k.value: k for k in IntentKind}
_STATES = {s.value: s for s in OutboxState}


def _entry(row: Sequence[Any]) -> OutboxEntry:
    conflict = None
    if row[11] is not None:
        conflict = Conflict(row[11], row[12], row[10] or "")
    return OutboxEntry(
        id=row[0], seq=row[1], kind=_KINDS.get(row[2]) or IntentKind(row[2]), entity=row[3],
        payload=row[4], state=_STATES.get(row[5]) or OutboxState(row[5]),
        created_at=decode_time(row[6]),
        updated_at=decode_time(row[7]), attempts=row[8],
        next_attempt_at=decode_optional_time(row[9]), last_error=row[10], conflict=conflict,
        uncertain=bool(row[13]), result=row[14], failed_reads=row[15])


class Done(msgspec.Struct, frozen=True):
    """One success for `mark_done_many`: the entry, what the server answered, its new key.
    `queued_after`: mark it only while it is still queued after exactly this many sends (a
    discard found it applied; a send made since by the sender settles it instead)."""

    entry_id: str
    result: bytes | None = None
    new_entity: str | None = None
    queued_after: int | None = None


def _still(done: Done, state: str, sends: int) -> bool:
    """Whether `done` may mark an entry now `state` after `sends` sends."""
    return done.queued_after is None or (state == "queued" and sends == done.queued_after)


def _ids(entry_ids: Iterable[str]) -> str:
    """Entry ids as one JSON array parameter (`IN (SELECT value FROM json_each(?))`)."""
    return json.dumps(list(entry_ids))


def _check_json(name: str, value: bytes) -> None:
    try:
        json.loads(value)
    except ValueError as exc:
        raise ValueError(f"{name} must be JSON") from exc


class Outbox:
    """Persistence and state machine of the outbox; see the module docstring."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utc_now) -> None:
        self._db = db
        self._clock = clock
        self._observers: list[Observer] = []
        self._batch_observers: list[BatchObserver] = []
        self._observers_lock = threading.Lock()
        # Commits that changed entries, numbered inside each (under the connection's lock):
        # `OutboxChange.commit`. A commit that changes entries unheard (a purge) takes a
        # number too, so an observer counting them knows it missed one.
        self._commits = 0

    # -- observers ----------------------------------------------------------------------------

    def add_observer(self, observer: Observer) -> Callable[[], None]:
        """Call `observer` after every committed change; returns the function that removes it."""
        with self._observers_lock:
            self._observers.append(observer)

        def remove() -> None:
            with self._observers_lock:
                if observer in self._observers:
                    self._observers.remove(observer)
        return remove

    def add_batch_observer(self, observer: BatchObserver) -> Callable[[], None]:
        """Call `observer` once after every commit with that commit's changes (a round's
        marks, a batch of outcomes: one call, not one per entry); returns its remover."""
        with self._observers_lock:
            self._batch_observers.append(observer)

        def remove() -> None:
            with self._observers_lock:
                if observer in self._batch_observers:
                    self._batch_observers.remove(observer)
        return remove

    def _notify(self, change: OutboxChange) -> None:
        self._notify_all([change])

    def _notify_all(self, changes: Sequence[OutboxChange]) -> None:
        if not changes:
            return
        with self._observers_lock:
            observers = list(self._observers)
            batch_observers = list(self._batch_observers)
        for change in changes:
            for observer in observers:
                try:
                    observer(change)
                except Exception:  # a broken view must not undo or break a committed write
                    log.exception("outbox observer failed on %s", change)
        for batch_observer in batch_observers:
            try:
                batch_observer(changes)
            except Exception:
                log.exception("outbox observer failed on %d changes", len(changes))

    def _commit(self) -> int:
        """The number of the commit in progress (inside its transaction)."""
        self._commits += 1
        return self._commits

    def _changed(self, entry: OutboxEntry, event: OutboxEvent = OutboxEvent.CHANGED,
                 commit: int = 0, *, whole: bool = True) -> None:
        self._changed_all([entry], commit, event, whole=whole)

    def _changed_all(self, entries: Iterable[OutboxEntry], commit: int = 0,
                     event: OutboxEvent = OutboxEvent.CHANGED, *, whole: bool = True) -> None:
        """`whole`: the entries are all the commit changed (not so when it re-keyed a
        record: its other entries moved too)."""
        self._notify_all([OutboxChange(event, e.id, e.entity, e.state,
                                       e if whole else None, commit) for e in entries])

    def entries_at_commit(self, entities: Iterable[str]) -> tuple[int, list[OutboxEntry]]:
        """`entries(entities=...)` and the number of the last commit they include (read
        under the connection's lock: no commit lands between the two)."""
        with self._db.read():
            return self._commits, self.entries(entities=entities)

    # -- writes -------------------------------------------------------------------------------

    def enqueue(self, kind: IntentKind | str, entity: str, payload: bytes, *,
                hold: timedelta | float = 0.0) -> OutboxEntry:
        """Save a new intent; when this returns it is on disk and survives any crash.
        `hold`: not sent before this long (an undo window), written in the same commit: a
        drain running meanwhile must never see the entry without its hold."""
        kind = IntentKind(kind)
        _check_json("payload", payload)
        clock = self._clock()
        now = encode_time(clock)
        wait = hold if isinstance(hold, timedelta) else timedelta(seconds=hold)
        not_before = encode_time(clock + wait) if wait > timedelta(0) else None
        with self._db.transaction(durable=True) as conn:
            commit = self._commit()
            entry_id = uuid.uuid4().hex
            conn.execute(
                "INSERT INTO outbox (id, kind, entity, payload, state, next_attempt_at, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, 'queued', ?, ?, ?)",
                (entry_id, kind.value, entity, payload, not_before, now, now))
            entry = self._get(conn, entry_id)
        log.info("queued %s for %s (%s)", kind.value, entity, entry_id)
        self._changed(entry, OutboxEvent.ENQUEUED, commit)
        return entry

    def _apply(self, conn: sqlite3.Connection, entry_id: str, allowed: Iterable[OutboxState],
               changes: str, params: Sequence[Any] = (), *, head_only: bool = False
               ) -> OutboxEntry:
        current = self._get(conn, entry_id)
        if current.state not in allowed:
            raise OutboxStateError(detail=f"{entry_id} is {current.state.value}")
        if head_only and conn.execute(
                f"SELECT 1 FROM outbox AS o WHERE o.id = ? AND NOT {_HEAD}",
                (entry_id,)).fetchone():
            raise OutboxStateError(detail=f"{entry_id} waits for an earlier entry of "
                                          f"{current.entity}")
        conn.execute(f"UPDATE outbox SET {changes}, updated_at = ? WHERE id = ?",
                     (*params, encode_time(self._clock()), entry_id))
        return self._get(conn, entry_id)

    def _transition(self, entry_id: str, allowed: Iterable[OutboxState], changes: str,
                    params: Sequence[Any] = (), *, head_only: bool = False) -> OutboxEntry:
        with self._db.transaction(durable=True) as conn:
            commit = self._commit()
            entry = self._apply(conn, entry_id, allowed, changes, params, head_only=head_only)
        self._changed(entry, commit=commit)
        return entry

    def mark_sending(self, entry_id: str, payload: bytes | None = None) -> OutboxEntry:
        """Record that an attempt starts; call (and await) before the request goes out.

        `payload` replaces the entry's in the same commit: what the sender must know to settle
        this attempt later (a create's mark) is on disk exactly when the attempt is.
        Refused unless the entry is queued and first in line for its entity. Pausing is not
        checked here: an entry handed out before `pause_all` may still go.
        """
        if payload is not None:
            _check_json("payload", payload)
        return self._transition(entry_id, [OutboxState.QUEUED], _SENDING, (payload,),
                                head_only=True)

    def mark_sending_many(self, entry_ids: Sequence[str]) -> list[OutboxEntry]:
        """`mark_sending` for a round of entries, in one durable commit. An entry no longer
        queued or no longer first in line (discarded, settled meanwhile) is left out; returns
        the entries marked, in the order given."""
        if not entry_ids:
            return []
        with self._db.transaction(durable=True) as conn:
            commit = self._commit()
            # A few statements for the whole round, whatever its size.
            # `+o.state`: look the ids up by id, never scan every queued entry by state.
            ready = [row[0] for row in conn.execute(
                "SELECT o.id FROM outbox AS o WHERE o.id IN (SELECT value FROM json_each(?)) "
                f"AND +o.state = 'queued' AND {_HEAD}", (_ids(entry_ids),))]
            conn.execute(f"UPDATE outbox SET {_SENDING}, updated_at = ? "
                         "WHERE id IN (SELECT value FROM json_each(?))",
                         (None, encode_time(self._clock()), _ids(ready)))
            found = self._get_many(conn, ready)
        marked = [found[i] for i in dict.fromkeys(entry_ids) if i in found]
        self._changed_all(marked, commit)
        return marked

    def mark_done(self, entry_id: str, *, result: bytes | None = None,
                  new_entity: str | None = None, durable: bool = True,
                  also: Callable[[OutboxEntry], object] | None = None) -> OutboxEntry:
        """The server applied it (or already had it). `result` keeps e.g. the created record.

        `new_entity` re-keys every entry of the entity in the same commit, order kept (a
        created tracking code: "tracking:new:<uuid>" -> "tracking:5"). `durable=False`: no
        fsync of its own (see the module docstring): what a lost "done" costs is one read of
        the server after a power cut. `also(entry)` runs in the same transaction, after the
        mark and before the commit (the sender brings the cache in line there, so a write
        costs one trip to the writer thread); observers hear of the change after the commit.
        """
        rekeyed = False
        with self._db.transaction(durable=durable) as conn:
            commit = self._commit()
            entry = self._apply(conn, entry_id, [OutboxState.SENDING, OutboxState.QUEUED],
                                _DONE, (result,))
            if new_entity is not None and new_entity != entry.entity:
                conn.execute("UPDATE outbox SET entity = ? WHERE entity = ?",
                             (new_entity, entry.entity))
                entry, rekeyed = self._get(conn, entry_id), True
            if also is not None:
                also(entry)
        self._changed(entry, commit=commit, whole=not rekeyed)
        return entry

    def mark_done_many(self, outcomes: Sequence[Done], *, durable: bool = True,
                       also: Callable[[list[OutboxEntry]], object] | None = None
                       ) -> list[OutboxEntry]:
        """`mark_done` for many entries in one commit (and one call of `also`, with every
        entry marked, before the commit). An entry no longer `sending` or `queued` is left
        out; returns the entries marked, in the order given."""
        wanted = {o.entry_id: o for o in reversed(outcomes)}  # an id given twice: the first
        if not wanted:
            return []
        rekeyed = False
        with self._db.transaction(durable=durable) as conn:
            commit = self._commit()
            rows = conn.execute(
                "SELECT id, entity, state, attempts FROM outbox "
                "WHERE id IN (SELECT value FROM json_each(?)) "
                "AND +state IN ('sending', 'queued')", (_ids(wanted),))  # by id, not state
            current = {i: entity for i, entity, state, sends in rows
                       if _still(wanted[i], state, sends)}
            now = encode_time(self._clock())
            conn.executemany(f"UPDATE outbox SET {_DONE}, updated_at = ? WHERE id = ?",
                             [(wanted[i].result, now, i) for i in current])
            for entry_id, entity in current.items():
                new_entity = wanted[entry_id].new_entity
                if new_entity is not None and new_entity != entity:
                    conn.execute("UPDATE outbox SET entity = ? WHERE entity = ?",
                                 (new_entity, entity))
                    rekeyed = True
            found = self._get_many(conn, current)
            marked = [found[o.entry_id] for o in outcomes
                      if o.entry_id in found and wanted[o.entry_id] is o]
            if also is not None:
                also(marked)
        self._changed_all(marked, commit, whole=not rekeyed)
        return marked

    def mark_retry(self, entry_id: str, error: str | None,
                   delay: timedelta | float = 0.0, *, failed_read: bool = False
                   ) -> OutboxEntry:
        """Not sent (offline, 5xx, 429, or an uncertain entry proved unapplied): try again
        after `delay` (seconds or a timedelta). `error` is shown to the seller.
        `failed_read`: what failed was the read of the server before the send (counted in
        `failed_reads`; `attempts` counts sends only)."""
        wait = delay if isinstance(delay, timedelta) else timedelta(seconds=delay)
        return self._transition(
            entry_id, [OutboxState.SENDING, OutboxState.QUEUED],
            "state = 'queued', uncertain = 0, next_attempt_at = ?, last_error = ?, "
            "failed_reads = failed_reads + ?",
            (encode_time(self._clock() + wait), error, int(failed_read)))

    def mark_conflict(self, entry_id: str, local: bytes, server: bytes | None,
                      message: str) -> OutboxEntry:
        """The server's record moved on (answered or deleted elsewhere, order gone): keep both
        versions for the seller to choose; later entries of the entity wait."""
        _check_json("local", local)
        if server is not None:
            _check_json("server", server)
        return self._transition(
            entry_id, [OutboxState.SENDING, OutboxState.QUEUED],
            "state = 'conflict', uncertain = 0, next_attempt_at = NULL, last_error = ?, "
            "conflict_local = ?, conflict_server = ?", (message, local, server))

    def mark_failed(self, entry_id: str, message: str) -> OutboxEntry:
        """The server refused it for good (e.g. 400): wait for the seller to retry or discard."""
        return self._transition(
            entry_id, [OutboxState.SENDING, OutboxState.QUEUED],
            "state = 'failed', uncertain = 0, next_attempt_at = NULL, last_error = ?", (message,))

    def retry(self, entry_id: str) -> OutboxEntry:
        """The seller asks to send it now: a failed entry, or a queued one waiting on backoff."""
        return self._transition(
            entry_id, [OutboxState.FAILED, OutboxState.QUEUED],
            "state = 'queued', attempts = 0, failed_reads = 0, next_attempt_at = NULL, "
            "last_error = NULL")

    def edit(self, entry_id: str, payload: bytes) -> OutboxEntry:
        """Replace the payload of an entry not yet sent (or failed, or in conflict)."""
        _check_json("payload", payload)
        return self._transition(
            entry_id, [OutboxState.QUEUED, OutboxState.FAILED, OutboxState.CONFLICT],
            "payload = ?", (payload,))

    def discard(self, entry_id: str, *, attempts: int | None = None) -> None:
        """The seller drops an unsent intent; the entity's next entry may then go.
        `attempts`: only if it was sent exactly that many times (what the caller checked)."""
        with self._db.transaction(durable=True) as conn:
            entry = self._get(conn, entry_id)
            allowed = (OutboxState.QUEUED, OutboxState.FAILED, OutboxState.CONFLICT)
            if entry.state not in allowed:
                raise OutboxStateError(detail=f"{entry_id} is {entry.state.value}")
            if attempts is not None and entry.attempts != attempts:
                raise OutboxStateError(detail=f"{entry_id} was sent again meanwhile")
            conn.execute("DELETE FROM outbox WHERE id = ?", (entry_id,))
            commit = self._commit()
        log.info("discarded %s for %s (%s)", entry.kind.value, entry.entity, entry_id)
        self._notify(OutboxChange(OutboxEvent.REMOVED, entry.id, entry.entity, None,
                                  commit=commit))

    def resolve(self, entry_id: str, choice: Resolution | str,
                payload: bytes | None = None) -> OutboxEntry | None:
        """Settle a conflict: KEEP_LOCAL queues it again (with `payload` if given);
        KEEP_SERVER drops it. Returns the entry, or None when dropped."""
        choice = Resolution(choice)
        entry = self._get_or_raise(entry_id)
        if entry.state is not OutboxState.CONFLICT:
            raise OutboxStateError(detail=f"{entry_id} is {entry.state.value}")
        if choice is Resolution.KEEP_SERVER:
            self.discard(entry_id)
            return None
        if payload is not None:
            _check_json("payload", payload)
        return self._transition(
            entry_id, [OutboxState.CONFLICT],
            "state = 'queued', attempts = 0, failed_reads = 0, next_attempt_at = NULL, "
            "last_error = NULL, conflict_local = NULL, conflict_server = NULL, "
            "payload = COALESCE(?, payload)",
            (payload,))

    def pause_all(self, reason: str, refused: str | None = None) -> None:
        """Stop handing out entries (the token was refused); persisted across restarts.
        `refused` is an opaque fingerprint of the refused token (see `fingerprint_key`)."""
        upsert = ("INSERT INTO outbox_control (key, value) VALUES (?, ?) ON CONFLICT (key) "
                  "DO UPDATE SET value = excluded.value")
        with self._db.transaction(durable=True) as conn:
            conn.execute(upsert, (_PAUSE_KEY, reason))
            if refused is None:
                conn.execute("DELETE FROM outbox_control WHERE key = ?", (_REFUSED_KEY,))
            else:
                conn.execute(upsert, (_REFUSED_KEY, refused))
        self._notify(OutboxChange(OutboxEvent.PAUSED))

    def resume_all(self) -> None:
        with self._db.transaction(durable=True) as conn:
            conn.execute("DELETE FROM outbox_control WHERE key IN (?, ?)",
                         (_PAUSE_KEY, _REFUSED_KEY))
        self._notify(OutboxChange(OutboxEvent.RESUMED))

    def paused_by(self) -> str | None:
        """The fingerprint given to `pause_all` (None when not paused or none was given)."""
        row = self._db.query_one("SELECT value FROM outbox_control WHERE key = ?",
                                 (_REFUSED_KEY,))
        return None if row is None else str(row[0])

    def fingerprint_key(self) -> bytes:
        """This store's random key for fingerprinting tokens; made on first use, then kept."""
        row = self._db.query_one("SELECT value FROM outbox_control WHERE key = ?", (_SALT_KEY,))
        if row is not None:
            return bytes.fromhex(str(row[0]))
        with self._db.transaction(durable=True) as conn:
            conn.execute("INSERT OR IGNORE INTO outbox_control (key, value) VALUES (?, ?)",
                         (_SALT_KEY, secrets.token_hex(32)))
            value = conn.execute("SELECT value FROM outbox_control WHERE key = ?",
                                 (_SALT_KEY,)).fetchone()[0]
        return bytes.fromhex(str(value))

    def recover_after_restart(self) -> list[OutboxEntry]:
        """Flag entries left `sending` by the last run as uncertain; return all uncertain.

        Call once at start, before any sending (Store.open does).
        """
        # Most starts find nothing in flight: no write (and no fsync) for them.
        if self._db.query_one("SELECT 1 FROM outbox WHERE state = 'sending' AND uncertain = 0 "
                              "LIMIT 1"):
            with self._db.transaction(durable=True) as conn:
                self._commit()  # unheard: an observer reads what it touches next
                conn.execute("UPDATE outbox SET uncertain = 1 WHERE state = 'sending'")
        found = self.uncertain()
        for entry in found:
            log.warning("outcome unknown for %s on %s (%s)", entry.kind.value, entry.entity,
                        entry.id)
        return found

    def purge_done(self, before: datetime | None = None) -> int:
        """Delete done entries (all, or those finished before `before`).

        Done tracking-code creates stay while another create is unfinished: their ids are the
        codes that create must not take for its own (services/outbox/created.py)."""
        sql, params = "DELETE FROM outbox WHERE state = 'done'", []
        sql += (" AND NOT (kind = 'tracking_create' AND EXISTS (SELECT 1 FROM outbox AS u "
                "WHERE u.kind = 'tracking_create' AND u.state != 'done'))")
        if before is not None:
            sql, params = sql + " AND updated_at < ?", [encode_time(before)]
        with self._db.transaction() as conn:
            self._commit()  # unheard: an observer reads what it touches next
            return max(conn.execute(sql, params).rowcount, 0)

    # -- reads --------------------------------------------------------------------------------

    def _get(self, conn: sqlite3.Connection, entry_id: str) -> OutboxEntry:
        row = conn.execute(f"SELECT {_COLUMNS} FROM outbox WHERE id = ?", (entry_id,)).fetchone()
        if row is None:
            raise OutboxStateError(detail=f"no outbox entry {entry_id}")
        return _entry(row)

    def _get_many(self, conn: sqlite3.Connection, entry_ids: Iterable[str]
                  ) -> dict[str, OutboxEntry]:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM outbox "
                            "WHERE id IN (SELECT value FROM json_each(?))", (_ids(entry_ids),))
        return {row[0]: _entry(row) for row in rows}

    def _get_or_raise(self, entry_id: str) -> OutboxEntry:
        with self._db.read() as conn:
            return self._get(conn, entry_id)

    def get(self, entry_id: str) -> OutboxEntry | None:
        row = self._db.query_one(f"SELECT {_COLUMNS} FROM outbox WHERE id = ?", (entry_id,))
        return None if row is None else _entry(row)

    def paused(self) -> str | None:
        """The reason given to pause_all, or None when sending is allowed."""
        row = self._db.query_one("SELECT value FROM outbox_control WHERE key = ?", (_PAUSE_KEY,))
        return None if row is None else str(row[0])

    def next_ready(self, now: datetime | None = None, limit: int | None = None, *,
                   exclude: Iterable[str] = ()) -> list[OutboxEntry]:
        """Queued entries due by `now` with nothing earlier of their entity unfinished
        (leaving out the ids in `exclude`: those the sender has taken already)."""
        if self.paused() is not None:
            return []
        skip = _ids(exclude)
        rows = self._db.query(
            f"SELECT {_COLUMNS} FROM outbox AS o WHERE o.state = 'queued' AND "
            f"(o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) AND {_HEAD} "
            + ("AND o.id NOT IN (SELECT value FROM json_each(?)) " if skip != "[]" else "")
            + "ORDER BY o.seq LIMIT ?",
            (encode_time(now or self._clock()), *((skip,) if skip != "[]" else ()),
             -1 if limit is None else limit))
        return [_entry(r) for r in rows]

    def next_wakeup(self) -> datetime | None:
        """When the next waiting head becomes due (maybe already past); None if none waits."""
        if self.paused() is not None:
            return None
        row = self._db.query_one(
            "SELECT MIN(COALESCE(o.next_attempt_at, o.updated_at)) FROM outbox AS o "
            f"WHERE o.state = 'queued' AND {_HEAD}")
        return decode_optional_time(row[0] if row else None)

    def entries(self, *, states: Iterable[OutboxState] | OutboxState | None = None,
                entity: str | None = None, entity_prefix: str | None = None,
                entities: Iterable[str] | None = None) -> list[OutboxEntry]:
        """Entries in sequence order, narrowed by state(s), exact entity (or any of
        `entities`) or entity prefix (e.g. `entity_prefix="order:"` with `states=UNFINISHED`
        for the order list's icons)."""
        sql: list[str] = []
        params: list[Any] = []
        if states is not None:
            chosen = [states] if isinstance(states, OutboxState) else states
            wanted = [OutboxState(s).value for s in chosen]
            sql.append(f"state IN ({', '.join('?' * len(wanted))})")
            params.extend(wanted)
        if entity is not None:
            sql.append("entity = ?")
            params.append(entity)
        if entities is not None:
            sql.append("entity IN (SELECT value FROM json_each(?))")
            params.append(json.dumps(list(entities)))
        if entity_prefix is not None:
            sql.append("substr(entity, 1, ?) = ?")
            params.extend([len(entity_prefix), entity_prefix])
        where = (" WHERE " + " AND ".join(sql)) if sql else ""
        rows = self._db.query(f"SELECT {_COLUMNS} FROM outbox{where} ORDER BY seq", params)
        return [_entry(r) for r in rows]

    def done_since(self, since: datetime) -> set[str]:
        """Entities ("question:7") that a write of ours reached at or after `since`: a read
        of the server begun before then may not show it yet."""
        rows = self._db.query("SELECT DISTINCT entity FROM outbox "
                              "WHERE state = 'done' AND updated_at >= ?", (encode_time(since),))
        return {str(r[0]) for r in rows}

    def uncertain(self) -> list[OutboxEntry]:
        """Entries whose last attempt's outcome is unknown; settle them before sending more."""
        rows = self._db.query(f"SELECT {_COLUMNS} FROM outbox WHERE uncertain = 1 ORDER BY seq")
        return [_entry(r) for r in rows]

    def counts(self) -> dict[OutboxState, int]:
        out = dict.fromkeys(OutboxState, 0)
        for state, n in self._db.query("SELECT state, COUNT(*) FROM outbox GROUP BY state"):
            out[OutboxState(state)] = int(n)
        return out
