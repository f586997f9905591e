"""Which of the seller's writes wait for the server, per record: the one answer to "is this
question / order / tracking code waiting to be sent, and how does that stand?".

Records are the outbox's entity keys: `question:<id>`, `order:<id>`, `tracking:<id>` and
`tracking:new:<uuid>` for a code not created yet. Per record this holds the unfinished
entries (queued, sending, failed, conflict) in order, and the ones sent during this session
(a view shows "sent" next to what the seller just did).

How it stays right without races: the outbox calls `_on_outbox_changes` on the thread that
committed a change, right after the commit, with every change of that commit; it reads those
records' entries there and then (one query, however many records a round touched), stamps
the read with a number, and hands it to the event loop in one hop. A commit that follows
the last one taken in (the outbox numbers them) carries what it changed: that is taken as
it is, without reading the store (a sent answer's done mark, a round's `sending` marks).
A read is applied only if no newer read of its record was, so events that cross threads
never bring back an older state.
The initial `load()` is stamped the same way. When a created tracking code gets its id, the
outbox re-keys its entries in the commit that marks the create done; this follows the move
(the old key keeps pointing at the new one) and says so in its event.

Every commit it takes in is then published on the session's change feed as one `Changes`
value (services/changes.py): what happened to each write of the commit, and the records'
keys. This is the one route by which anything hears of the seller's writes.
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import logging
import threading
from collections.abc import Callable, Collection, Iterable, Sequence
from enum import StrEnum

import msgspec

from sellerdesk.services.changes import ChangeFeed, Changes, WriteChange, WriteEvent
from sellerdesk.store import Store
from sellerdesk.store.outbox import (
    UNFINISHED,
    IntentKind,
    OutboxChange,
    OutboxEntry,
    OutboxEvent,
    OutboxState,
    entity_key,
)

log = logging.getLogger("sellerdesk.outbox")


class WriteState(StrEnum):
    """Where a record's writes stand, for display (`sent`: went through this session)."""

    QUEUED = "queued"
    SENDING = "sending"
    FAILED = "failed"
    CONFLICT = "conflict"
    SENT = "sent"

    @classmethod
    def of(cls, entry: OutboxEntry) -> WriteState:
        return cls.SENT if entry.state is OutboxState.DONE else cls(entry.state.value)


def problem_of(entry: OutboxEntry) -> str:
    """Why `entry` is not sent yet (its conflict or last error), or ""; nothing once it is
    on its way or done."""
    if entry.conflict is not None:
        return entry.conflict.message
    if entry.state in (OutboxState.QUEUED, OutboxState.FAILED):
        return entry.last_error or ""
    return ""


class RecordWrites(msgspec.Struct, frozen=True):
    """One record's writes: `waiting` (unfinished, in order) and `sent` (this session)."""

    key: str
    waiting: tuple[OutboxEntry, ...] = ()
    sent: tuple[OutboxEntry, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.waiting or self.sent)

    @property
    def head(self) -> OutboxEntry | None:
        """The entry that speaks for the record: a conflict or a refusal holds back every
        later write of the record, so the first such one; else the newest waiting one."""
        blocked = next((e for e in self.waiting
                        if e.state in (OutboxState.CONFLICT, OutboxState.FAILED)), None)
        return blocked or (self.waiting[-1] if self.waiting else None)

    @property
    def state(self) -> WriteState | None:
        head = self.head
        if head is not None:
            return WriteState.of(head)
        return WriteState.SENT if self.sent else None

    @property
    def problem(self) -> str:
        head = self.head
        return problem_of(head) if head is not None else ""

    def problems(self) -> list[str]:
        """Every waiting write's reason, in order (a tooltip lists them all)."""
        return [p for p in (problem_of(e) for e in self.waiting) if p]

    def latest(self, kind: IntentKind) -> OutboxEntry | None:
        """The newest write of `kind`, waiting or sent this session."""
        found = [e for e in (*self.sent, *self.waiting) if e.kind is kind]
        return max(found, key=lambda e: e.seq) if found else None

    def sent_kind(self, kind: IntentKind) -> bool:
        return any(e.kind is kind for e in self.sent)


class PendingChange(msgspec.Struct, frozen=True):
    """A record's writes changed; `new_key` is set when the record moved to it (a tracking
    code created on the server: `tracking:new:<uuid>` -> `tracking:<id>`)."""

    key: str
    new_key: str | None = None

    @property
    def current_key(self) -> str:
        return self.new_key or self.key


class PendingCounts(msgspec.Struct, frozen=True):
    waiting: int  # queued, sending or refused: not on the server yet
    conflicts: int  # waiting for the seller to choose a version


class _Record(msgspec.Struct):
    entries: tuple[OutboxEntry, ...] = ()
    version: int = 0


class _Read(msgspec.Struct, frozen=True):
    version: int
    changes: Sequence[OutboxChange] | None  # one commit's changes; None: the initial load
    entries: dict[str, tuple[OutboxEntry, ...]] = msgspec.field(default_factory=dict)
    # `entries` holds only what the commit changed (taken from it, not read): merged into
    # each record by id, its removed entries dropped; else each record's every entry.
    partial: bool = False


class PendingWrites:
    """Per record, what waits for the server; each outbox commit is published on `feed`.

    Create it before anything is queued (the session does), then `await load()`.
    """

    def __init__(self, store: Store, *, feed: ChangeFeed | None = None,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        self._store = store
        self.feed = feed if feed is not None else ChangeFeed()
        self._loop = loop or asyncio.get_running_loop()
        self._records: dict[str, _Record] = {}
        self._moved: dict[str, str] = {}  # old key -> new key (created tracking codes)
        self._key_of_entry: dict[str, str] = {}
        self._sent_ids: set[str] = set()
        self._lock = threading.Lock()  # one read at a time, so stamps follow read order
        self._stamps = itertools.count(1)
        # The outbox's commits taken in so far, in order: up to this one (`OutboxChange.
        # commit`), each either read or taken from its changes (under `_lock`). -1: none yet.
        self._taken = -1
        self._loaded = False  # the load was taken in: records hold every unfinished entry
        self._outgoing: collections.deque[_Read] = collections.deque()  # reads for the loop
        self._unobserve: Callable[[], None] | None = store.outbox.add_batch_observer(
            self._on_outbox_changes)

    # ---- reading ------------------------------------------------------------------------

    def current_key(self, key: str) -> str:
        """`key`, or where its record moved (a created tracking code's id)."""
        seen = {key}
        while key in self._moved:
            key = self._moved[key]
            if key in seen:  # never expected; never loop
                break
            seen.add(key)
        return key

    def writes(self, key: str) -> RecordWrites:
        """The record's writes (following a move)."""
        key = self.current_key(key)
        record = self._records.get(key)
        if record is None:
            return RecordWrites(key)
        waiting = tuple(e for e in record.entries if e.state in UNFINISHED)
        sent = tuple(e for e in record.entries
                     if e.state is OutboxState.DONE and e.id in self._sent_ids)
        return RecordWrites(key, waiting, sent)

    def state(self, key: str) -> WriteState | None:
        """`writes(key).state`, quick for the many records with nothing waiting (a table
        asks for every row it paints)."""
        if key not in self._records and key not in self._moved:
            return None
        return self.writes(key).state

    def keys(self, prefix: str = "") -> list[str]:
        """Records with writes waiting or sent this session, oldest first."""
        found = [(self.writes(k), k) for k in self._records if k.startswith(prefix)]
        return [k for w, k in sorted((p for p in found if p[0]),
                                     key=lambda p: min(e.seq for e in (*p[0].waiting,
                                                                       *p[0].sent)))]

    def key_of(self, entry_id: str) -> str | None:
        """The record an entry writes, as of now (after a move, the new key)."""
        key = self._key_of_entry.get(entry_id)
        return None if key is None else self.current_key(key)

    def counts(self) -> PendingCounts:
        waiting = conflicts = 0
        for record in self._records.values():
            for entry in record.entries:
                if entry.state is OutboxState.CONFLICT:
                    conflicts += 1
                elif entry.state in UNFINISHED:
                    waiting += 1
        return PendingCounts(waiting, conflicts)

    # ---- feeding ------------------------------------------------------------------------

    async def load(self) -> None:
        """Read every unfinished entry (at start; safe to call again)."""
        read = await self._store.run(self._read_all)
        self._apply(read)
        self._loaded = True

    def close(self) -> None:
        if self._unobserve is not None:
            self._unobserve()
            self._unobserve = None

    def _read_all(self) -> _Read:
        with self._lock:
            entries = self._store.outbox.entries(states=UNFINISHED)
            version = next(self._stamps)
        grouped: dict[str, list[OutboxEntry]] = {}
        for entry in entries:
            grouped.setdefault(entry.entity, []).append(entry)
        return _Read(version, None, {k: tuple(v) for k, v in grouped.items()})

    def _on_outbox_changes(self, changes: Sequence[OutboxChange]) -> None:
        """On the committing thread, right after the commit: read its records now."""
        changed = [c for c in changes if c.entity is not None]  # not paused / resumed
        if not changed:
            return
        keys = list(dict.fromkeys(c.entity for c in changed if c.entity is not None))
        grouped: dict[str, list[OutboxEntry]] = {key: [] for key in keys}
        try:
            with self._lock:
                partial = self._follows(changed)
                if partial:
                    # The commit right after the last one taken in, every change with its
                    # entry: what it did is all there is to know (no read of the store).
                    self._taken = changed[0].commit
                    entries = [c.entry for c in changed if c.entry is not None]
                else:
                    taken, entries = self._store.outbox.entries_at_commit(keys)
                    self._taken = max(self._taken, taken)
                for entry in entries:
                    grouped[entry.entity].append(entry)
                # Handed over in the order stamped, whichever thread's hop lands first: a
                # commit's changes alone are right only on top of the reads before them.
                self._outgoing.append(_Read(next(self._stamps), changed,
                                            {k: tuple(v) for k, v in grouped.items()}, partial))
        except Exception:  # the store is closing: the next load reads it again
            log.debug("pending: could not read %d records after a change", len(keys),
                      exc_info=True)
            return
        try:
            self._loop.call_soon_threadsafe(self._deliver)
        except RuntimeError:  # the loop is closed: the app is shutting down
            pass

    def _deliver(self) -> None:
        """On the loop: the reads handed over so far, in the order they were stamped."""
        while self._outgoing:
            self._apply(self._outgoing.popleft())

    def _follows(self, changed: Sequence[OutboxChange]) -> bool:
        """Whether `changed` (one commit's) can be taken from its changes alone: the records
        hold every unfinished entry (loaded), every commit before it was taken in, and each
        change carries its entry (or removes one). Commits made from several threads may
        reach here out of order: those are read, as is the first one after a start."""
        commit = changed[0].commit
        return (self._loaded and commit > 0 and commit == self._taken + 1
                and all(c.commit == commit and (c.entry is not None
                                                or c.event is OutboxEvent.REMOVED)
                        for c in changed))

    def _apply(self, read: _Read) -> None:
        """On the loop: take a read unless a newer one of its record was taken."""
        changes: list[PendingChange] = []
        writes = [] if read.changes is None else self._writes_of(read)
        if read.changes is None:
            keys: Iterable[str] = set(self._records) | set(read.entries)
        else:
            keys = read.entries.keys()
            for change in read.changes:
                if change.state is OutboxState.DONE and change.entry_id is not None:
                    self._sent_ids.add(change.entry_id)
                moved_from = self._key_of_entry.get(change.entry_id or "")
                if (moved_from is not None and change.entity is not None
                        and moved_from != change.entity and moved_from in self._records):
                    self._move(moved_from, change.entity, read.version)
                    changes.append(PendingChange(moved_from, change.entity))
        moved_to = {c.new_key for c in changes}  # told already, as a move
        # Each record's removed entries, gathered once: a round's commit changes a record
        # per entry, and looking through all its changes per record was quadratic.
        removed = _removed(read.changes) if read.partial and read.changes is not None else {}
        for key in keys:
            record = self._records.setdefault(key, _Record())
            if record.version > read.version:
                continue  # a newer read of this record was taken already
            entries = read.entries.get(key, ())
            if read.changes is None:  # the load reads unfinished entries only: keep sent ones
                entries = (*entries, *(e for e in record.entries if e.id in self._sent_ids))
            elif read.partial:
                entries = _merged(record.entries, entries, removed.get(key, ()))
            before = record.entries
            record.entries, record.version = tuple(sorted(entries, key=lambda e: e.seq)), \
                read.version
            for entry in record.entries:
                self._key_of_entry[entry.id] = key
            if not record.entries:
                del self._records[key]
            if before != record.entries and key not in moved_to:
                changes.append(PendingChange(key))
        keys_moved = {k for c in changes for k in (c.key, c.new_key) if k is not None}
        # One commit, one value: even when a newer read of its records was taken already.
        self.feed.publish(Changes.of_writes(writes, pending=keys_moved))

    def _writes_of(self, read: _Read) -> list[WriteChange]:
        """What the commit of `read` did to each write (before `_apply` takes it in: a
        discarded entry's kind is known from the record as it was)."""
        assert read.changes is not None
        after = {e.id: e for entries in read.entries.values() for e in entries}
        out: list[WriteChange] = []
        for change in read.changes:
            if change.entry_id is None or change.entity is None:
                continue
            old_key = self._key_of_entry.get(change.entry_id, change.entity)
            entry = after.get(change.entry_id) or self._known(old_key, change.entry_id)
            kind = entry.kind.value if entry is not None else ""
            moved = change.entity if old_key != change.entity else None
            event = _write_event(change)
            out.append(WriteChange(event, kind, old_key if moved else change.entity,
                                   change.entry_id, moved))
        return out

    def _known(self, key: str, entry_id: str) -> OutboxEntry | None:
        record = self._records.get(key)
        return next((e for e in record.entries if e.id == entry_id), None) if record else None

    def _move(self, old: str, new: str, version: int) -> None:
        record = self._records.pop(old)
        for entry in record.entries:
            self._key_of_entry[entry.id] = new
        target = self._records.setdefault(new, _Record())
        if target.version < record.version:
            target.entries, target.version = record.entries, record.version
        self._moved[old] = new
        log.debug("pending: %s is now %s", old, new)


def _removed(changes: Sequence[OutboxChange]) -> dict[str, set[str | None]]:
    """The ids of the entries one commit's `changes` removed, by record key."""
    removed: dict[str, set[str | None]] = {}
    for c in changes:
        if c.event is OutboxEvent.REMOVED and c.entity is not None:
            removed.setdefault(c.entity, set()).add(c.entry_id)
    return removed


def _merged(entries: Sequence[OutboxEntry], changed: Sequence[OutboxEntry],
            removed: Collection[str | None]) -> tuple[OutboxEntry, ...]:
    """A record's `entries` after a commit that changed `changed` and removed the entries
    of ids in `removed`."""
    by_id = {e.id: e for e in entries if e.id not in removed}
    by_id.update((e.id, e) for e in changed)
    return tuple(by_id.values())


def _write_event(change: OutboxChange) -> WriteEvent:
    """The feed's word for an outbox change. QUEUED: waiting to be sent, whether new,
    queued again after a try that did not reach the shop (offline, the service busy),
    retried, edited or kept in a conflict; FAILED: refused by the shop for good."""
    if change.event is OutboxEvent.REMOVED:
        return WriteEvent.DISCARDED
    if change.event is OutboxEvent.ENQUEUED:
        return WriteEvent.QUEUED
    state = change.state
    if state is OutboxState.DONE:
        return WriteEvent.SENT
    if state is OutboxState.SENDING:
        return WriteEvent.SENDING
    if state is OutboxState.CONFLICT:
        return WriteEvent.CONFLICT
    if state is OutboxState.FAILED:
        return WriteEvent.FAILED
    return WriteEvent.QUEUED


def order_key(order_id: str) -> str:
    return entity_key("order", order_id)


def question_key(question_id: int) -> str:
    return entity_key("question", question_id)


def tracking_key(code_id: int) -> str:
    return entity_key("tracking", code_id)


def id_in(key: str, kind: str) -> str | None:
    """The record id in `key` when it is a record of `kind` ("order", ...), else None."""
    prefix = kind + ":"
    return key[len(prefix):] if key.startswith(prefix) else None


__all__ = ["PendingChange", "PendingCounts", "PendingWrites", "RecordWrites", "WriteState",
           "id_in", "order_key", "problem_of", "question_key", "tracking_key"]
