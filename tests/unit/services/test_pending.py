"""Pending writes per record, over a real store file: the initial load, every step of the
outbox's state machine, a created tracking code moving to its id, and reads from two threads
never bringing back an older state. No Qt, no network."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import AsyncIterator, Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest

from sellerdesk.services.changes import Changes, WriteChange, WriteEvent
from sellerdesk.services.outbox.pending import (
    PendingWrites,
    WriteState,
    _merged,
    _removed,
    order_key,
    question_key,
)
from sellerdesk.services.outbox.settle import Intent, dump
from sellerdesk.store import Store
from sellerdesk.store.outbox import (
    Done,
    IntentKind,
    OutboxChange,
    OutboxEntry,
    OutboxEvent,
    OutboxState,
    Resolution,
    new_tracking_entity,
)

ANSWER = dump(Intent(question_id=7, text="Sí, hay stock"))




@pytest.fixture
async def pending(store: Store) -> AsyncIterator[PendingWrites]:
    writes = PendingWrites(store)
    await writes.load()
    yield writes
    writes.close()


def heard(pending: PendingWrites) -> list[Changes]:
    events: list[Changes] = []
    pending.feed.published.connect(events.append)
    return events


async def test_the_initial_load_holds_every_unfinished_entry_per_record(
        tmp_path: Path) -> None:
    with Store.open("pending", data_dir=tmp_path) as before:  # a run that ended
        first = before.outbox.enqueue(IntentKind.ANSWER, question_key(7), ANSWER)
        before.outbox.enqueue(IntentKind.DELETE_QUESTION, question_key(7),
                              dump(Intent(question_id=7)))
        done = before.outbox.enqueue(IntentKind.ANSWER, question_key(8), ANSWER)
        before.outbox.mark_sending(done.id)
        before.outbox.mark_done(done.id)
        refused = before.outbox.enqueue(IntentKind.INVOICE, order_key("77"), b"{}")
        before.outbox.mark_failed(refused.id, "The invoice number is taken.")
    store = await Store.open_async("pending", data_dir=tmp_path)
    pending = PendingWrites(store)
    try:
        await pending.load()
        question = pending.writes(question_key(7))
        assert [e.kind for e in question.waiting] == [IntentKind.ANSWER,
                                                      IntentKind.DELETE_QUESTION]
        assert question.state is WriteState.QUEUED and question.head is not None
        assert question.waiting[0].id == first.id
        assert not pending.writes(question_key(8))  # done in an earlier run: not "sent"
        order = pending.writes(order_key("77"))
        assert order.state is WriteState.FAILED
        assert order.problem == "The invoice number is taken."
        assert pending.keys() == [question_key(7), order_key("77")]
        counts = pending.counts()
        assert (counts.waiting, counts.conflicts) == (3, 0)
    finally:
        pending.close()
        await store.aclose()


async def test_an_entry_goes_queued_sending_sent(store: Store, pending: PendingWrites) -> None:
    events = heard(pending)
    key = question_key(7)
    entry = await store.run(store.outbox.enqueue, IntentKind.ANSWER, key, ANSWER)
    assert pending.writes(key).state is WriteState.QUEUED  # before `enqueue` returned here
    assert pending.key_of(entry.id) == key
    await store.run(store.outbox.mark_sending, entry.id)
    assert pending.state(key) is WriteState.SENDING
    await store.run(store.outbox.mark_done, entry.id, result=b'{"answer": "ok"}')
    writes = pending.writes(key)
    assert writes.state is WriteState.SENT and writes.waiting == ()
    assert writes.sent_kind(IntentKind.ANSWER) and not writes.sent_kind(IntentKind.INVOICE)
    assert pending.counts().waiting == 0
    # One value per commit, naming the write and what happened to it.
    assert [c.pending for c in events] == [frozenset({key})] * 3
    assert [[(w.event, w.kind, w.key, w.entry_id) for w in c.writes] for c in events] == [
        [(event, "answer", key, entry.id)]
        for event in (WriteEvent.QUEUED, WriteEvent.SENDING, WriteEvent.SENT)]
    assert pending.state(question_key(99)) is None


async def test_a_refused_or_conflicting_write_speaks_for_its_record(
        store: Store, pending: PendingWrites) -> None:
    key = order_key("5")
    first = await store.run(store.outbox.enqueue, IntentKind.SHIPPING, key, b"{}")
    second = await store.run(store.outbox.enqueue, IntentKind.INVOICE, key, b"{}")
    await store.run(store.outbox.mark_sending, first.id)
    await store.run(store.outbox.mark_retry, first.id, "No connection.", 30.0)
    writes = pending.writes(key)
    assert writes.state is WriteState.QUEUED and writes.problems() == ["No connection."]
    await store.run(store.outbox.mark_sending, first.id)
    assert pending.writes(key).problem == ""  # on its way: the old reason no longer holds
    await store.run(store.outbox.mark_conflict, first.id, b"{}", None, "The order is gone.")
    writes = pending.writes(key)
    assert writes.head is not None and writes.head.id == first.id
    assert writes.state is WriteState.CONFLICT and writes.problem == "The order is gone."
    assert writes.latest(IntentKind.INVOICE) == writes.waiting[1]
    assert writes.waiting[1].id == second.id
    assert (pending.counts().waiting, pending.counts().conflicts) == (1, 1)
    await store.run(store.outbox.resolve, first.id, Resolution.KEEP_SERVER)
    assert [e.id for e in pending.writes(key).waiting] == [second.id]
    await store.run(store.outbox.discard, second.id)
    assert not pending.writes(key) and pending.keys() == []


async def test_a_created_tracking_code_moves_to_its_id(store: Store,
                                                       pending: PendingWrites) -> None:
    events = heard(pending)
    temporary = new_tracking_entity()
    create = await store.run(store.outbox.enqueue, IntentKind.TRACKING_CREATE, temporary,
                             dump(Intent(draft={"name": "Pixel", "code": "<script/>"})))
    edit = await store.run(store.outbox.enqueue, IntentKind.TRACKING_MODIFY, temporary,
                           dump(Intent(changes={"name": "Pixel 2"})))
    await store.run(store.outbox.mark_sending, create.id)
    events.clear()
    await store.run(store.outbox.mark_done, create.id, new_entity="tracking:41")
    assert [c.writes for c in events] == [(WriteChange(
        WriteEvent.SENT, "tracking_create", temporary, create.id, "tracking:41"),)]
    assert events[0].pending == {temporary, "tracking:41"}
    moved = pending.writes("tracking:41")
    assert [e.id for e in moved.waiting] == [edit.id]
    assert [e.id for e in moved.sent] == [create.id]
    assert pending.writes(temporary).key == "tracking:41"  # the old key follows the move
    assert pending.key_of(create.id) == pending.key_of(edit.id) == "tracking:41"
    assert pending.current_key(temporary) == "tracking:41"
    assert pending.keys("tracking:") == ["tracking:41"]


async def test_changes_from_another_thread_arrive_too(store: Store,
                                                      pending: PendingWrites) -> None:
    key = question_key(3)
    entry = await asyncio.to_thread(store.outbox.enqueue, IntentKind.ANSWER, key, ANSWER)
    await asyncio.sleep(0)  # the read was handed to the loop before to_thread returned
    assert pending.writes(key).waiting[0].id == entry.id


async def test_reads_racing_across_threads_end_in_the_stored_state(
        store: Store, pending: PendingWrites) -> None:
    """Two threads move the same records at once; whatever order their reads reach the loop
    in, the end state is the store's (a fresh load agrees)."""
    keys = [order_key(str(i)) for i in range(4)]

    def worker(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(40):
            key = rng.choice(keys)
            entry = store.outbox.enqueue(IntentKind.INVOICE, key, b"{}")
            step = rng.randrange(4)
            try:
                if step == 0:
                    store.outbox.discard(entry.id)
                elif step >= 1:
                    store.outbox.mark_failed(entry.id, f"no {seed}")
                    if step == 3:
                        store.outbox.retry(entry.id)
            except Exception:  # another thread's entry of the record may hold it back
                pass

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in (1, 2)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        await asyncio.sleep(0.01)
    await store.run(lambda: None)  # every read handed to the loop before this returns...
    await asyncio.sleep(0)  # ...and applied
    await assert_same_as_a_fresh_read(store, pending, keys)


async def test_entries_of_other_states_are_not_waiting(store: Store,
                                                       pending: PendingWrites) -> None:
    entry = await store.run(store.outbox.enqueue, IntentKind.ANSWER, question_key(1), ANSWER)
    await store.run(store.outbox.mark_sending, entry.id)
    await store.run(store.outbox.mark_done, entry.id)
    again = PendingWrites(store)  # a later view of the same run: loads unfinished only
    await again.load()
    try:
        assert not again.writes(question_key(1))
        assert OutboxState.DONE not in {e.state for e in pending.writes(question_key(1)).waiting}
    finally:
        again.close()


class _HeldLoop:
    """Stands in for the event loop: keeps the reads so a test hands them over in any order."""

    def __init__(self) -> None:
        self.held: list[tuple[Callable[..., object], tuple[object, ...]]] = []

    def call_soon_threadsafe(self, fn: Callable[..., object], *args: object) -> None:
        self.held.append((fn, args))


async def test_an_older_read_never_undoes_a_newer_one(store: Store,
                                                      pending: PendingWrites) -> None:
    key = question_key(5)
    loop, held = pending._loop, _HeldLoop()
    pending._loop = held  # type: ignore[assignment]
    entry = await store.run(store.outbox.enqueue, IntentKind.ANSWER, key, ANSWER)
    await store.run(store.outbox.mark_failed, entry.id, "Too long.")
    pending._loop = loop
    for fn, args in reversed(held.held):  # the newest read arrives first
        fn(*args)
    assert pending.writes(key).state is WriteState.FAILED
    assert pending.writes(key).problem == "Too long."


async def test_each_outbox_commit_is_one_value_that_says_what_happened(
        store: Store, pending: PendingWrites) -> None:
    events = heard(pending)
    commits: list[int] = []
    remove = store.outbox.add_batch_observer(lambda changes: commits.append(len(changes)))
    try:
        key, other = order_key("5"), order_key("6")
        first = await store.run(store.outbox.enqueue, IntentKind.SHIPPING, key, b"{}")
        second = await store.run(store.outbox.enqueue, IntentKind.INVOICE, other, b"{}")
        await store.run(store.outbox.mark_sending_many, [first.id, second.id])  # one commit
        await store.run(store.outbox.mark_retry, first.id, "No connection.", 30.0)
        await store.run(store.outbox.mark_failed, second.id, "The number is taken.")
        await store.run(store.outbox.retry, second.id)
        await store.run(store.outbox.mark_sending, first.id)
        await store.run(store.outbox.mark_conflict, first.id, b"{}", None, "Gone.")
        await store.run(store.outbox.resolve, first.id, Resolution.KEEP_SERVER)
        await store.run(store.outbox.discard, second.id)
    finally:
        remove()
    assert len(events) == len(commits) == 10
    said = [[(w.event, w.key) for w in c.writes] for c in events]
    assert said == [
        [(WriteEvent.QUEUED, key)], [(WriteEvent.QUEUED, other)],
        [(WriteEvent.SENDING, key), (WriteEvent.SENDING, other)],
        [(WriteEvent.QUEUED, key)],  # not sent yet: queued again, not "failed"
        [(WriteEvent.FAILED, other)],  # refused by the shop
        [(WriteEvent.QUEUED, other)],  # the seller retried it
        [(WriteEvent.SENDING, key)], [(WriteEvent.CONFLICT, key)],
        [(WriteEvent.DISCARDED, key)],  # the shop's version kept: never sent
        [(WriteEvent.DISCARDED, other)]]
    # A discarded write still says what it was: the announcement names it.
    assert [w.kind for w in events[-1].writes] == ["invoice"]
    assert events[2].pending == {key, other}


def count_reads(store: Store) -> list[int]:
    """How many records each read of the store after a commit covered (`entries_at_commit`
    wrapped on this store's outbox only: the read itself still runs)."""
    reads: list[int] = []
    outbox = store.outbox
    real = outbox.entries_at_commit

    def counted(entities: Iterable[str]) -> tuple[int, list[OutboxEntry]]:
        keys = list(entities)
        reads.append(len(keys))
        return real(keys)
    outbox.entries_at_commit = counted  # type: ignore[method-assign]
    return reads


async def fresh_view(store: Store) -> PendingWrites:
    fresh = PendingWrites(store)
    await fresh.load()
    return fresh


async def assert_same_as_a_fresh_read(store: Store, pending: PendingWrites,
                                      keys: Iterable[str]) -> None:
    """What `pending` holds for `keys`, and its counts, equal a view loaded from the store."""
    fresh = await fresh_view(store)
    try:
        for key in keys:
            assert pending.writes(key).waiting == fresh.writes(key).waiting
        assert pending.counts() == fresh.counts()
    finally:
        fresh.close()


async def test_a_drain_is_taken_from_its_commits_without_reading_the_store_again(
        store: Store, pending: PendingWrites) -> None:
    """A round's `sending` marks and a batch's done marks each follow the commit before:
    the records are brought in line from what the commit changed, and hold what a read
    would (the seller sees the same states: queued, sending, sent)."""
    reads = count_reads(store)
    events = heard(pending)
    keys = [question_key(i) for i in range(6)]
    entries = [await store.run(store.outbox.enqueue, IntentKind.ANSWER, k, ANSWER)
               for k in keys]
    later = await store.run(store.outbox.enqueue, IntentKind.DELETE_QUESTION, keys[0],
                            dump(Intent(question_id=0)))
    await store.run(store.outbox.mark_sending_many, [e.id for e in entries])
    assert {pending.writes(k).state for k in keys[1:]} == {WriteState.SENDING}
    await store.run(store.outbox.mark_done_many, [Done(e.id) for e in entries[:4]],
                    durable=False)
    await store.run(store.outbox.discard, later.id)
    await store.run(lambda: None)
    await asyncio.sleep(0)
    assert reads == [1]  # the first commit after the load only: nothing before it was heard
    assert len(events) == 10  # one value per commit
    assert [pending.writes(k).state for k in keys] == [WriteState.SENT] * 4 + \
        [WriteState.SENDING] * 2
    assert pending.writes(keys[0]).sent[0].id == entries[0].id
    assert not pending.writes(keys[0]).waiting  # the discarded delete is gone
    await assert_same_as_a_fresh_read(store, pending, keys)


def test_a_commit_removes_from_each_record_only_its_own_entries() -> None:
    """One commit's removals, gathered by record: each record loses its removed entries and
    takes the changed ones, and no other record loses anything."""
    def entry(entry_id: str, key: str, seq: int) -> OutboxEntry:
        now = datetime.now(UTC)
        return OutboxEntry(entry_id, seq, IntentKind.ANSWER, key, ANSWER, OutboxState.QUEUED,
                           now, now, 0, None, None, None, False, None)

    a, b, c = question_key(1), question_key(2), question_key(3)
    a1, a2, b1, c1 = entry("a1", a, 1), entry("a2", a, 2), entry("b1", b, 3), entry("c1", c, 4)
    sent = msgspec.structs.replace(c1, state=OutboxState.SENDING)
    changes = [OutboxChange(OutboxEvent.REMOVED, "a1", a), OutboxChange(OutboxEvent.REMOVED,
                                                                       "b1", b),
               OutboxChange(OutboxEvent.CHANGED, "c1", c, OutboxState.SENDING, sent, 1)]
    removed = _removed(changes)
    assert removed == {a: {"a1"}, b: {"b1"}}
    assert _merged((a1, a2), (), removed.get(a, ())) == (a2,)
    assert _merged((b1,), (), removed.get(b, ())) == ()
    assert _merged((c1,), (sent,), removed.get(c, ())) == (sent,)


async def test_a_commit_not_heard_makes_the_next_one_read(store: Store,
                                                          pending: PendingWrites) -> None:
    """A purge changes entries without a word: the commit after it is read, not taken from
    its changes (which would not show what the purge removed)."""
    key = question_key(9)
    first = await store.run(store.outbox.enqueue, IntentKind.ANSWER, key, ANSWER)
    await store.run(store.outbox.mark_sending, first.id)
    reads = count_reads(store)
    await store.run(store.outbox.purge_done)
    await store.run(store.outbox.mark_retry, first.id, "No connection.", 0.0)
    await store.run(lambda: None)
    await asyncio.sleep(0)
    assert reads == [1]
    assert pending.writes(key).state is WriteState.QUEUED


async def test_commits_from_two_threads_are_taken_in_the_order_they_were_made(
        store: Store, pending: PendingWrites) -> None:
    """Whichever hop to the loop lands first, the reads are taken in the order stamped: a
    commit taken from its changes alone is right only on top of the ones before it."""
    key = question_key(4)
    loop, held = pending._loop, _HeldLoop()
    pending._loop = held  # type: ignore[assignment]
    first = await store.run(store.outbox.enqueue, IntentKind.ANSWER, key, ANSWER)
    second = await asyncio.to_thread(store.outbox.enqueue, IntentKind.DELETE_QUESTION, key,
                                     dump(Intent(question_id=4)))
    await store.run(store.outbox.mark_failed, first.id, "Too long.")
    pending._loop = loop
    for fn, args in reversed(held.held):  # the newest hop lands first
        fn(*args)
    writes = pending.writes(key)
    assert [e.id for e in writes.waiting] == [first.id, second.id]
    assert writes.state is WriteState.FAILED and writes.problem == "Too long."
