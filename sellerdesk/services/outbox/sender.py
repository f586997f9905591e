"""Sends the seller's queued writes: in order per record, at most once to visible effect.

Every write is committed to the store's outbox before anything leaves. An entry that had an
earlier attempt (or was `sending` when the app stopped) is settled against the server first
(`settle.check`), so a dropped reply, a timeout or a `kill -9` never makes a second answer or
a duplicate tracking code. Offline, 5xx and 429 back off with jitter; a refused token pauses the
whole queue until a new one is given; a conflict keeps both versions for the seller.

The sender works in rounds: the entries ready now (one per record), as many as the shop's
request pacer lets out in `ROUND_SECONDS` (`round_size`). Those that need no reading of the
server first are marked `sending` together, in one durable commit; successes are then
recorded without an fsync of their own (store/outbox.py says why that is safe), so a round
costs one fsync, not two per write. The next round is taken while the last entries of the one
before are still in flight, so the network never waits for a round's commit.

Successes are recorded in batches (`batches.py`): one trip to the store's writer
thread (the done marks, the cache writers' updates, the observers' reads) for several
answers, never waiting long. More entries are in progress than requests in flight (the client
caps those), so the network stays busy while a batch waits or is written.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from sellerdesk.api.errors import (
    ApiError,
    AuthError,
    BadRequest,
    BadResponse,
    NotFound,
    Offline,
    RateLimited,
    ServerError,
)
from sellerdesk.api.models import TrackingCode, decode
from sellerdesk.policy import FLUSH_IDLE, WRITE_RETRY, Backoff, Pacer, failed_tries
from sellerdesk.services.connectivity import Connectivity
from sellerdesk.services.events import Event
from sellerdesk.services.outbox.batches import Batches
from sellerdesk.services.outbox.created import high_mark
from sellerdesk.services.outbox.discard import Discarded, DiscardOutcome, may_be_applied
from sellerdesk.services.outbox.settle import Intent, Verdict, check, dump, must_check, parse, send
from sellerdesk.store import Store, StoreError
from sellerdesk.store.db import utc_now
from sellerdesk.store.outbox import (
    Done,
    IntentKind,
    OutboxChange,
    OutboxEntry,
    OutboxEvent,
    OutboxState,
    OutboxStateError,
    Resolution,
)

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient

log = logging.getLogger("sellerdesk.outbox")
T = TypeVar("T")

_TRANSIENT = (Offline, ServerError, RateLimited, BadResponse)
STORE_RETRY_SECONDS = 30.0  # after the local store refused a change (e.g. a full disk)
ROUND_SECONDS = 2.0  # a round holds what the pacer lets out in this long...
ROUND_MAX = 64  # ...and never more entries than this (an unpaced shop)
PER_SLOT = 2  # a round holds at least this many entries per request in flight
# Entries in progress per request in flight (half may wait for their batch). Unpaced on
# loopback, 8 (batches of at most 16) left the event loop waiting on the store's thread
# and paid a batch's fixed cost (a commit, its queries, the hops) over fewer answers.
IN_PROGRESS = 16
# A success waits at most about this long to share its batch: on a busy machine (a drain
# of ~60 answers/s) 50 ms made batches of 3, each paying a commit, the writers' queries
# and three hops to the loop; a seller does not see 150 ms before "sent".
RECORD_SECONDS = 0.15


def round_size(pacer: Pacer, parallel: int) -> int:
    """How many entries one round takes: enough to keep the pacer busy between rounds, few
    enough that an entry marked `sending` goes out within about `ROUND_SECONDS`."""
    if pacer.unlimited:
        return ROUND_MAX
    return max(parallel * PER_SLOT, min(ROUND_MAX, math.ceil(pacer.rate * ROUND_SECONDS)))


def record_size(pacer: Pacer, parallel: int) -> int:
    """How many successes make a full batch: half of the entries in progress when unpaced
    (the other half keeps the requests going); paced, what the pacer lets out in
    `RECORD_SECONDS` (at 5 requests/s each success is recorded alone, at once)."""
    most = parallel * IN_PROGRESS // 2
    if pacer.unlimited:
        return most
    return max(1, min(most, math.floor(pacer.rate * RECORD_SECONDS)))


class OutboxService:
    """Queue writes with `submit`; `start()` drains them in the background."""

    def __init__(self, client: ShopClient, store: Store, connectivity: Connectivity, *,
                 parallel: int = 4, backoff: Backoff = WRITE_RETRY,
                 known_tracking_ids: Callable[[], frozenset[int]] | None = None) -> None:
        self._client = client
        self._store = store
        self._connectivity = connectivity
        self._parallel = parallel
        self.backoff = backoff  # policy.WRITE_RETRY; tests shorten it
        self._known_ids = known_tracking_ids or frozenset
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._ignore_backoff = False
        self._creates = asyncio.Lock()  # tracking-code creates are settled one at a time
        self._loop = asyncio.get_running_loop()
        # Not record changes (those are published on the feed by `PendingWrites`):
        self.auth_needed: Event[str] = Event("outbox.auth_needed")
        self.store_failed: Event[str] = Event("outbox.store_failed")  # a message for the seller
        self.resumed: Event[None] = Event("outbox.resumed")  # a new token lifted the pause
        self._settled_at = time.monotonic()  # the last entry sent, in conflict or refused
        self._cache_writers: list[tuple[Callable[[Sequence[OutboxEntry]], Any],
                                        Callable[[Any], None] | None,
                                        frozenset[IntentKind] | None]] = []
        self._batches: Batches[Done, OutboxEntry | None] = Batches(
            self._record, size=lambda: record_size(client.pacer, parallel),
            wait=RECORD_SECONDS)
        self._unobserve = store.observe_outbox(self._on_outbox_change, self._loop)
        connectivity.came_back.connect(lambda _: self.kick(ignore_backoff=True))

    def _on_outbox_change(self, change: OutboxChange) -> None:
        if change.event is OutboxEvent.RESUMED:
            self.resumed.emit(None)

    def add_cache_writer(self, write: Callable[[Sequence[OutboxEntry]], T],
                         then: Callable[[T], None] | None = None, *,
                         kinds: Iterable[IntentKind] | None = None) -> None:
        """Bring the cache in line with writes the server applied, in the same commit that
        marks them done (so the feed's one value for that commit finds the cache current):
        `write(entries)` runs on the store's writer thread, in the transaction that marks
        those entries done (a batch of successes: one call for
        all of them). Its failure is logged and undone alone (the writes are done, a stale
        cache heals on the next sync); a failed batch is tried again entry by entry, so one
        entry's trouble never leaves the others' cache stale. `then(result)` runs on the
        event loop once that is committed. `kinds`: the only entries `write` is given (a
        batch with none of them costs it nothing, not even its savepoint); None: all."""
        self._cache_writers.append((write, then, None if kinds is None else frozenset(kinds)))

    # -- the seller's side --------------------------------------------------------------------

    async def submit(self, kind: IntentKind, entity: str, intent: Intent, *,
                     hold: float = 0.0) -> OutboxEntry:
        """Commit the intent durably, then wake the sender. `hold` delays sending (undo)."""
        # The hold goes in with the entry: a drain already running must not take it between
        # two commits and send a deletion inside its undo window.
        entry = await self._store.run(self._store.outbox.enqueue, kind, entity, dump(intent),
                                      hold=hold)
        self.kick()
        return entry

    async def entries(self, states: tuple[OutboxState, ...] | None = None,
                      entity: str | None = None) -> list[OutboxEntry]:
        return await self._store.run(self._store.outbox.entries, states=states, entity=entity)

    async def get(self, entry_id: str) -> OutboxEntry | None:
        return await self._store.run(self._store.outbox.get, entry_id)

    async def counts(self) -> dict[OutboxState, int]:
        return await self._store.run(self._store.outbox.counts)

    async def retry(self, entry_id: str) -> None:
        """The seller asks to send now: a failed entry is queued again; waiting ones go now."""
        entry = await self._store.run(self._store.outbox.get, entry_id)
        if entry is not None and entry.state is OutboxState.FAILED:
            await self._store.run(self._store.outbox.retry, entry_id)
        self._connectivity.nudge()
        self.kick(ignore_backoff=True)

    async def retry_all_waiting(self) -> None:
        """Let every entry waiting on backoff go at the next drain (the seller asked)."""
        self.kick(ignore_backoff=True)

    async def discard(self, entry_id: str, *, force: bool = False) -> Discarded:
        """Drop a write not yet sent (queued, failed or in conflict). One sent before without
        a clear reply may be on the shop: the server is read first (`discard.py`).
        `force`: drop it unread. Raises OutboxStateError when it is on its way or gone."""
        entry = await self.get(entry_id)
        if entry is None:
            raise OutboxStateError(detail=f"no outbox entry {entry_id}")
        unsure = may_be_applied(entry)
        if unsure and not force:
            return await self._discard_checked(entry)
        await self._store.run(self._store.outbox.discard, entry_id)
        self.kick()
        return Discarded(DiscardOutcome.FORCED if unsure else DiscardOutcome.DISCARDED, entry)

    async def _discard_checked(self, entry: OutboxEntry) -> Discarded:
        """Read the server about an entry sent before: applied there, it is done; not, it is
        dropped; unreadable, nothing changes. Either step is refused (OutboxStateError) when
        the sender took the entry again meanwhile."""
        intent = parse(entry.payload)
        try:
            if entry.kind is IntentKind.TRACKING_CREATE:
                async with self._creates:  # never beside a create's own settling
                    verdict = await check(self._client, entry.kind, entry.entity, intent,
                                          claimed=await self._claimed_codes(entry))
            else:
                verdict = await check(self._client, entry.kind, entry.entity, intent)
        except ApiError as exc:
            log.info("discard of %s for %s not checked: %s", entry.kind.value, entry.entity,
                     exc.detail or exc.message)
            return Discarded(DiscardOutcome.UNCHECKED, entry, exc.message)
        if verdict.verdict is Verdict.APPLIED:
            new_entity = (f"tracking:{verdict.created_id}" if verdict.created_id is not None
                          else None)
            await self._finish(entry, verdict.server, new_entity, queued_after=entry.attempts)
            return Discarded(DiscardOutcome.ALREADY_APPLIED, entry)
        # Not there (or the record moved on elsewhere): the write is not on the shop.
        await self._store.run(self._store.outbox.discard, entry.id, attempts=entry.attempts)
        self.kick()
        return Discarded(DiscardOutcome.DISCARDED, entry)

    async def resolve(self, entry_id: str, choice: Resolution,
                      intent: Intent | None = None) -> None:
        """Settle a conflict: keep the seller's version (maybe edited) or the server's."""
        payload = dump(intent) if intent is not None else None
        entry = await self._store.run(self._store.outbox.get, entry_id)
        if entry is not None and choice is Resolution.KEEP_LOCAL and entry.conflict is not None:
            # Re-base on what the server has now, so the check does not flag it again.
            fresh = intent or parse(entry.payload)
            fresh.base = None
            payload = dump(fresh)
        await self._store.run(self._store.outbox.resolve, entry_id, choice, payload)
        self.kick()

    async def set_token(self, token: str) -> None:
        """A new token: resume a queue paused by an authentication error."""
        self._client.set_token(token)
        await self._store.run(self._store.outbox.resume_all)
        self.kick(ignore_backoff=True)

    async def resume_if_new_token(self) -> bool:
        """Resume a queue paused by a refused token when the client now holds another one
        (given by SELLERDESK_TOKEN or the keyring); True when it resumed. The pause keeps
        only a keyed hash of the refused token (HMAC under this store's random key)."""
        outbox = self._store.outbox
        if await self._store.run(outbox.paused) is None:
            return False
        refused = await self._store.run(outbox.paused_by)
        if refused is not None and refused == await self._fingerprint():
            return False
        log.info("a token other than the refused one: sending resumes")
        await self._store.run(outbox.resume_all)
        self.kick(ignore_backoff=True)
        return True

    async def _fingerprint(self) -> str:
        key = await self._store.run(self._store.outbox.fingerprint_key)
        return self._client.token_fingerprint(key)

    async def paused(self) -> str | None:
        return await self._store.run(self._store.outbox.paused)

    # -- the sender -------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = self._loop.create_task(self._run(), name="outbox-sender")

    def kick(self, *, ignore_backoff: bool = False) -> None:
        self._ignore_backoff = self._ignore_backoff or ignore_backoff
        self._wake.set()

    async def aclose(self) -> None:
        self._unobserve()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            except Exception:
                log.exception("outbox sender stopped with an error")
        # Successes the server already applied are recorded before the store closes (left
        # unrecorded they would only cost a read of the server at the next start).
        await self._batches.aclose()

    async def _run(self) -> None:
        try:
            await self.resume_if_new_token()
        except StoreError as exc:
            log.warning("outbox: could not read the pause: %s", exc.detail)
        while True:
            self._wake.clear()
            try:
                sent = await self.drain_once()
            except StoreError as exc:  # e.g. a full disk: say so and keep the sender alive
                log.warning("outbox: the local store refused a change: %s", exc.detail)
                self.store_failed.emit(exc.message)
                try:  # until the seller retries (kick) or a while passes; not a busy loop
                    await asyncio.wait_for(self._wake.wait(), STORE_RETRY_SECONDS)
                except TimeoutError:
                    pass
                continue
            if sent:
                continue
            wake = await self._store.run(self._store.outbox.next_wakeup)
            timeout = None
            if wake is not None:
                timeout = max(0.05, (wake - utc_now()).total_seconds())
            try:
                await asyncio.wait_for(self._wake.wait(), timeout)
            except TimeoutError:
                pass

    async def drain_once(self, *, stop: Callable[[], bool] | None = None) -> int:
        """Send every entry that is ready now (one per record at a time), round after round,
        each entry at most once; returns how many attempts were made. Safe to call from the
        command line without `start()`. `stop()` true: no new round after the first (those
        in progress finish)."""
        now = utc_now()
        if self._ignore_backoff:
            now += timedelta(days=3650)
            self._ignore_backoff = False
        outbox = self._store.outbox
        drain = _Drain(self, self._parallel * IN_PROGRESS)
        try:
            # Entries left `sending` by a run that died: settle them against the server first.
            leftovers = [e for e in await self._store.run(outbox.uncertain)
                         if e.state is OutboxState.SENDING]
            if leftovers:
                drain.add(leftovers, {})
                await drain.finish()
                return drain.taken
            size = round_size(self._client.pacer, self._parallel)
            while True:
                if stop is not None and drain.taken and stop():
                    break
                ready = await self._store.run(outbox.next_ready, now, size,
                                              exclude=drain.ids)
                if not ready:
                    if not await drain.settle():
                        break
                    continue  # what they held back (a record's next write) may go now
                # What needs no reading of the server first: marked `sending` in one commit.
                at_once = [e.id for e in ready if _sent_unread(e)]
                marked = {e.id: e for e in await self._store.run(outbox.mark_sending_many,
                                                                 at_once)} if at_once else {}
                drain.add(ready, marked, left_out=set(at_once) - set(marked))
                await drain.half_done()
            await drain.finish()
        finally:
            drain.cancel()
        return drain.taken

    async def flush(self, max_rounds: int = 100, *,
                    idle: float = FLUSH_IDLE) -> dict[OutboxState, int]:
        """Send until every entry waits for a later time (command line); returns the counts
        after. Bounded by time as well as rounds: no new round starts once `idle` seconds
        passed without an entry settled (sent, found applied, in conflict or refused), so an
        unreachable service cannot hold the command line while the entries' reads fail."""
        self._settled_at = time.monotonic()

        def stale() -> bool:
            return time.monotonic() - self._settled_at > idle

        for _ in range(max_rounds):
            if not await self.drain_once(stop=stale) or stale():
                break
        return await self.counts()

    def _backoff(self, tries: int, error: ApiError) -> float:
        """Seconds before the next try after `tries` failed ones (policy.WRITE_RETRY)."""
        retry_after = error.retry_after if isinstance(error, RateLimited) else None
        return self.backoff.delay(tries, retry_after=retry_after)

    async def _retry_later(self, entry: OutboxEntry, error: ApiError, *,
                           failed_read: bool) -> None:
        """Queue `entry` again after its backoff: every failed try counts, a send (already
        counted in `attempts` by `mark_sending`) or a read of the server before one."""
        tries = failed_tries(entry.attempts, entry.failed_reads + int(failed_read))
        await self._store.run(self._store.outbox.mark_retry, entry.id, error.message,
                              self._backoff(tries, error), failed_read=failed_read)

    @property
    def _base_delay(self) -> float:
        return self.backoff.first

    @_base_delay.setter
    def _base_delay(self, seconds: float) -> None:
        # Kept for tests/support/crash_worker.py and tests/stress/support.py, which shorten
        # the wait this way; new code sets `backoff`.
        self.backoff = self.backoff.with_first(seconds)

    async def _process(self, entry: OutboxEntry) -> None:
        if entry.kind is not IntentKind.TRACKING_CREATE:
            await self._process_one(entry)
            return
        # One create at a time, check to finish: a check must never claim a code whose own
        # create is still in flight, nor two checks the same code (services/outbox/created.py).
        async with self._creates:
            await self._process_one(entry)

    async def _claimed_codes(self, entry: OutboxEntry) -> frozenset[int]:
        """Ids of the codes our other creates were settled with (their entity is re-keyed)."""
        done = await self._store.run(self._store.outbox.entries, states=OutboxState.DONE,
                                     entity_prefix="tracking:")
        return frozenset(int(e.entity.rsplit(":", 1)[-1]) for e in done
                         if e.kind is IntentKind.TRACKING_CREATE and e.id != entry.id
                         and e.entity.rsplit(":", 1)[-1].isdigit())

    async def _process_one(self, entry: OutboxEntry, *, marked: bool = False) -> None:
        """Settle or send one entry; `marked`: it is `sending` already (a round's commit
        marked it, and it needs no reading of the server first)."""
        outbox = self._store.outbox
        intent = parse(entry.payload)
        creating = entry.kind is IntentKind.TRACKING_CREATE
        sending = marked  # past the reads: a failure now is a failed send, not a failed read
        try:
            # Anything attempted before may have been applied: read the server first (some
            # kinds always, to catch changes made elsewhere meanwhile; `must_check`). A delete
            # queued offline for a question never seen here is read first too (exit 6 rule).
            unseen = unseen_question(entry.kind, intent)
            if marked:
                pass
            elif unseen or must_check(entry.kind, intent, attempts=entry.attempts,
                                      uncertain=entry.uncertain):
                claimed = await self._claimed_codes(entry) if creating else frozenset()
                verdict = await check(self._client, entry.kind, entry.entity, intent,
                                      claimed=claimed)
                if verdict.verdict is Verdict.APPLIED and unseen and not entry.attempts:
                    await self._conflict(entry, None, no_such_question(intent))
                    return
                if verdict.verdict is Verdict.APPLIED:
                    new_entity = (f"tracking:{verdict.created_id}"
                                  if verdict.created_id is not None else None)
                    await self._finish(entry, verdict.server, new_entity)
                    return
                if verdict.verdict is Verdict.CONFLICT:
                    await self._conflict(entry, verdict.server, verdict.message)
                    return
                if entry.state is OutboxState.SENDING:  # proved not applied: send again
                    entry = await self._store.run(outbox.mark_retry, entry.id, None, 0.0)
            if not marked:
                payload = None
                if creating and intent.mark is None:
                    # Committed with the attempt: what any code this request creates is above.
                    # The cache is read on the store's thread: here it would wait for the
                    # store's lock on the event loop, i.e. the GUI thread.
                    seen = await self._store.run(self._known_ids) | await self._claimed_codes(entry)
                    intent.mark = await high_mark(self._client, seen)
                    payload = dump(intent)
                entry = await self._store.run(outbox.mark_sending, entry.id, payload)
                sending = True
            result = await send(self._client, entry.kind, entry.entity, intent)
        except AuthError as exc:
            await self._store.run(outbox.mark_retry, entry.id, exc.message, 0.0)
            await self._store.run(outbox.pause_all, exc.message, await self._fingerprint())
            self._connectivity.report_failure(exc)
            self.auth_needed.emit(exc.message)
            return
        except _TRANSIENT as exc:
            log.info("%s for %s not sent yet: %s", entry.kind.value, entry.entity, exc.detail
                     or exc.message)
            self._connectivity.report_failure(exc)
            await self._retry_later(entry, exc, failed_read=not sending)
            return
        except NotFound as exc:
            self._connectivity.report_success()
            if entry.kind in (IntentKind.DELETE_QUESTION, IntentKind.TRACKING_DELETE):
                await self._finish(entry, None, None)
            else:
                await self._conflict(entry, None, _gone_message(entry.kind, exc))
            return
        except BadRequest as exc:
            self._connectivity.report_success()
            if entry.kind is IntentKind.ANSWER:
                # "already answered": settle by what the server holds.
                try:
                    verdict = await check(self._client, entry.kind, entry.entity, intent)
                except ApiError as again:
                    await self._retry_later(entry, again, failed_read=True)
                    return
                if verdict.verdict is Verdict.APPLIED:
                    await self._finish(entry, verdict.server, None)
                    return
                if verdict.verdict is Verdict.CONFLICT:
                    await self._conflict(entry, verdict.server, verdict.message)
                    return
            await self._store.run(outbox.mark_failed, entry.id, exc.message)
            self._settled_at = time.monotonic()
            return
        except ApiError as exc:  # any other refusal: keep it for the seller
            await self._store.run(outbox.mark_failed, entry.id, exc.message)
            self._settled_at = time.monotonic()
            return
        self._connectivity.report_success()
        new_entity = None
        if entry.kind is IntentKind.TRACKING_CREATE and result is not None:
            new_entity = f"tracking:{decode(result, TrackingCode).id}"
        await self._finish(entry, result, new_entity)

    async def _finish(self, entry: OutboxEntry, result: bytes | None,
                      new_entity: str | None, *, queued_after: int | None = None) -> None:
        """Record a success (with others: `Batches`; the cache writers bring the cache in
        line in that commit). `queued_after`: see `Done` (a discard found it applied)."""
        done = await self._batches.add(Done(entry.id, result, new_entity, queued_after))
        if done is None:
            raise OutboxStateError(detail=f"{entry.id} was no longer sending")
        log.info("%s for %s sent", entry.kind.value, entry.entity)
        self._settled_at = time.monotonic()

    async def _record(self, batch: list[Done]) -> list[OutboxEntry | None]:
        """One batch of successes: done marks and cache updates in one trip and one commit.
        No fsync of its own: the round's next durable commit carries it to the disk, and a
        power cut before that leaves the entries `sending`, settled by reading the server."""
        written: list[tuple[Callable[[Any], None], Any]] = []
        done = await self._store.run(
            self._store.outbox.mark_done_many, batch, durable=False,
            also=functools.partial(self._write_cache, written=written))
        for then, value in written:
            try:
                then(value)
            except Exception:
                log.exception("announcing cache updates failed")
        by_id = {e.id: e for e in done}
        return [by_id.get(d.entry_id) for d in batch]

    def _write_cache(self, done: list[OutboxEntry],
                     written: list[tuple[Callable[[Any], None], Any]]) -> None:
        """On the writer thread, inside the transaction marking `done`: the cache writers,
        each in a savepoint (a failure undoes it alone); a failed batch entry by entry."""
        if not done:
            return
        for write, then, kinds in self._cache_writers:
            mine = done if kinds is None else [e for e in done if e.kind in kinds]
            if not mine:
                continue
            for part in [mine] if len(mine) == 1 else [mine, *([e] for e in mine)]:
                try:
                    with self._store.db.transaction():  # a savepoint
                        value = write(part)
                except Exception:  # the write is done; a stale cache heals on the next sync
                    log.exception("updating the cache after %s failed",
                                  ", ".join(sorted({e.kind.value for e in part})))
                    continue
                if then is not None:
                    written.append((then, value))
                if part is mine:
                    break  # the whole batch went in: no need to go entry by entry

    async def _conflict(self, entry: OutboxEntry, server: bytes | None, message: str) -> None:
        await self._store.run(self._store.outbox.mark_conflict, entry.id, entry.payload,
                              server, message)
        log.warning("conflict on %s: %s", entry.entity, message)
        self._settled_at = time.monotonic()


class _Drain:
    """The entries one `drain_once` took, each in its own task: at most `width` in progress
    (the rest wait their turn), every success recorded through the service's `Batches`."""

    def __init__(self, service: OutboxService, width: int) -> None:
        self._service = service
        self._gate = asyncio.Semaphore(width)
        self._tasks: list[asyncio.Task[None]] = []
        self._unfinished = 0
        self._low = 0  # `_room` is set when no more than this many are unfinished
        self._room = asyncio.Event()
        self._failure: BaseException | None = None
        self.ids: set[str] = set()  # every entry taken: none is tried twice in one drain

    @property
    def taken(self) -> int:
        return len(self.ids)

    def add(self, entries: list[OutboxEntry], marked: dict[str, OutboxEntry], *,
            left_out: set[str] | None = None) -> None:
        """Start `entries` (a round); `marked`: those its commit marked `sending`;
        `left_out`: those that commit left out (discarded, settled meanwhile): not sent."""
        loop = asyncio.get_running_loop()
        self._tasks = [t for t in self._tasks if not _finished(t)]
        started = 0
        for entry in entries:
            self.ids.add(entry.id)
            if left_out and entry.id in left_out:
                continue
            started += 1
            self._tasks.append(loop.create_task(self._one(entry, marked.get(entry.id)),
                                                name="outbox-entry"))
        self._unfinished += started
        # The next round is taken once half of this one is done: its commit and reads
        # overlap the requests still to go, and what it marks `sending` goes out soon.
        self._low = max(1, started // 2)
        self._check_room()

    async def _one(self, entry: OutboxEntry, marked: OutboxEntry | None) -> None:
        service = self._service
        try:
            async with self._gate:
                service._batches.started()
                try:
                    if marked is not None:
                        await service._process_one(marked, marked=True)
                    else:
                        await service._process(entry)
                finally:
                    service._batches.finished()
        except asyncio.CancelledError:
            raise
        except BaseException as exc:
            if self._failure is None:
                self._failure = exc
            raise
        finally:
            self._unfinished -= 1
            self._check_room()

    def _check_room(self) -> None:
        if self._unfinished <= self._low or self._failure is not None:
            self._room.set()
        else:
            self._room.clear()

    async def half_done(self) -> None:
        """Until half of the last round is done; on a failure, until every entry is done,
        then raise it (the drain takes nothing more)."""
        await self._room.wait()
        if self._failure is not None:
            await self.finish()

    async def settle(self) -> bool:
        """Wait for every entry taken; False when none was left in progress."""
        if not self._unfinished:
            self._raise_failure()
            return False
        await self.finish()
        return True

    async def finish(self) -> None:
        """Wait for every entry taken; the first failure is raised (as `gather` would)."""
        if self._tasks:
            await asyncio.wait(self._tasks)
        self._tasks = [t for t in self._tasks if not _finished(t)]
        self._raise_failure()

    def _raise_failure(self) -> None:
        if self._failure is not None:
            raise self._failure

    def cancel(self) -> None:
        """The drain itself was cancelled (or failed): so are the entries still running."""
        for task in self._tasks:
            task.cancel()


def _finished(task: asyncio.Task[None]) -> bool:
    """Whether `task` is done (its exception, if any, is taken: `_Drain` raises it)."""
    if not task.done():
        return False
    if not task.cancelled():
        task.exception()
    return True


def _sent_unread(entry: OutboxEntry) -> bool:
    """Whether `entry` goes out without reading the server first (a round marks those
    `sending` together): never attempted, no check its kind always needs, not a create
    (creates record a mark with their attempt, one at a time)."""
    if entry.kind is IntentKind.TRACKING_CREATE:
        return False
    intent = parse(entry.payload)
    return not (unseen_question(entry.kind, intent)
                or must_check(entry.kind, intent, attempts=entry.attempts,
                              uncertain=entry.uncertain))


def unseen_question(kind: IntentKind, intent: Intent) -> bool:
    """A question delete queued for a question SellerDesk had never seen (`base` says so):
    the service answers 404 alike for "deleted" and "never was", so it is read first."""
    return (kind is IntentKind.DELETE_QUESTION and intent.base is not None
            and intent.base.get("seen") is False)


def no_such_question(intent: Intent) -> str:
    return (f"The shop has no question {intent.question_id}: it never existed, or it is "
            "already deleted.")


def _gone_message(kind: IntentKind, exc: NotFound) -> str:
    if kind is IntentKind.ANSWER:
        return "The buyer's question was deleted before the answer arrived."
    if kind in (IntentKind.INVOICE, IntentKind.SHIPPING):
        return "The order (or its shipping) no longer exists."
    return exc.message
