"""sellerdesk/store/outbox.py: ordering, states, persistence, recovery, observers."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sellerdesk.store import Store
from sellerdesk.store.outbox import (
    UNFINISHED,
    Done,
    IntentKind,
    Outbox,
    OutboxChange,
    OutboxEntry,
    OutboxEvent,
    OutboxState,
    OutboxStateError,
    Resolution,
    entity_key,
    new_tracking_entity,
)

ANSWER = '{"answer": "Sí, hay stock"}'.encode()


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2024, 7, 1, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def outbox(store: Store, clock: Clock) -> Outbox:
    return Outbox(store.db, clock=clock)


def ids(entries: list) -> list[str]:  # type: ignore[type-arg]
    return [e.id for e in entries]


def test_enqueue_records_everything(outbox: Outbox, clock: Clock) -> None:
    e = outbox.enqueue(IntentKind.ANSWER, entity_key("question", 123), ANSWER)
    assert len(e.id) == 32 and int(e.id, 16) >= 0  # uuid4 hex
    assert (e.kind, e.entity, e.payload, e.state) == (
        IntentKind.ANSWER, "question:123", ANSWER, OutboxState.QUEUED)
    assert (e.created_at, e.attempts, e.next_attempt_at, e.last_error) == (clock.now, 0, None,
                                                                          None)
    assert e.conflict is None and not e.uncertain and e.result is None
    assert outbox.get(e.id) == e
    with pytest.raises(ValueError):
        outbox.enqueue("launch_rockets", "x:1", b"{}")
    with pytest.raises(ValueError):
        outbox.enqueue(IntentKind.ANSWER, "question:1", b"not json")


def test_sequence_numbers_only_grow(outbox: Outbox) -> None:
    a = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    b = outbox.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    outbox.discard(b.id)
    c = outbox.enqueue(IntentKind.ANSWER, "question:3", ANSWER)
    assert a.seq < b.seq < c.seq  # the discarded newest number is not reused


def test_one_entity_goes_in_order_others_do_not_wait(outbox: Outbox) -> None:
    a1 = outbox.enqueue(IntentKind.INVOICE, "order:77", b'{"invoiced": true}')
    a2 = outbox.enqueue(IntentKind.SHIPPING, "order:77", b'{"status": "on_route"}')
    b1 = outbox.enqueue(IntentKind.ANSWER, "question:5", ANSWER)
    assert ids(outbox.next_ready()) == [a1.id, b1.id]
    outbox.mark_sending(a1.id)
    assert ids(outbox.next_ready()) == [b1.id]  # a2 waits while a1 is in flight
    with pytest.raises(OutboxStateError):
        outbox.mark_sending(a2.id)  # refused: not first in line
    outbox.mark_done(a1.id)
    assert ids(outbox.next_ready()) == [a2.id, b1.id]
    assert ids(outbox.next_ready(limit=1)) == [a2.id]


@pytest.mark.parametrize("blocker", ["conflict", "failed", "retry"])
def test_unfinished_entries_block_their_entity(outbox: Outbox, blocker: str) -> None:
    first = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    second = outbox.enqueue(IntentKind.DELETE_QUESTION, "question:1", b"{}")
    other = outbox.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    outbox.mark_sending(first.id)
    if blocker == "conflict":
        outbox.mark_conflict(first.id, ANSWER, b'{"status": "answered"}', "Answered elsewhere")
    elif blocker == "failed":
        outbox.mark_failed(first.id, "The shop refused the answer")
    else:
        outbox.mark_retry(first.id, "No connection", timedelta(minutes=5))
    assert ids(outbox.next_ready()) == [other.id]
    outbox.discard(first.id)
    assert ids(outbox.next_ready()) == [second.id, other.id]


def test_backoff_and_wakeup(outbox: Outbox, clock: Clock) -> None:
    e = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    assert outbox.next_wakeup() == clock.now
    outbox.mark_sending(e.id)
    assert outbox.next_wakeup() is None  # nothing waits
    e = outbox.mark_retry(e.id, "No connection to the shop service", 30)
    assert e.state is OutboxState.QUEUED and e.attempts == 1
    assert e.next_attempt_at == clock.now + timedelta(seconds=30)
    assert e.last_error == "No connection to the shop service"
    assert outbox.next_ready() == []
    assert outbox.next_wakeup() == clock.now + timedelta(seconds=30)
    assert ids(outbox.next_ready(clock.now + timedelta(seconds=30))) == [e.id]
    e = outbox.retry(e.id)  # the seller says "send now"
    assert (e.next_attempt_at, e.attempts, e.last_error) == (None, 0, None)
    assert ids(outbox.next_ready()) == [e.id]


def test_state_transitions(outbox: Outbox) -> None:
    e = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    with pytest.raises(OutboxStateError):
        outbox.resolve(e.id, Resolution.KEEP_LOCAL)
    e = outbox.mark_sending(e.id)
    assert e.state is OutboxState.SENDING and e.attempts == 1
    for step in (lambda: outbox.mark_sending(e.id), lambda: outbox.discard(e.id),
                 lambda: outbox.retry(e.id), lambda: outbox.edit(e.id, b"{}")):
        with pytest.raises(OutboxStateError):
            step()
    e = outbox.mark_done(e.id, result=b'{"answer": "ok"}')
    assert e.state is OutboxState.DONE and e.result == b'{"answer": "ok"}'
    for step in (lambda: outbox.mark_sending(e.id), lambda: outbox.discard(e.id),
                 lambda: outbox.mark_failed(e.id, "x"), lambda: outbox.mark_retry(e.id, "x")):
        with pytest.raises(OutboxStateError):
            step()
    with pytest.raises(OutboxStateError):
        outbox.mark_done("no-such-id")
    assert outbox.get("no-such-id") is None


def test_failed_then_retried_by_the_seller(outbox: Outbox) -> None:
    e = outbox.enqueue(IntentKind.SHIPPING, "order:1", b'{"status": "lost"}')
    outbox.mark_sending(e.id)
    e = outbox.mark_failed(e.id, "The shop refused: unknown shipping status")
    assert e.state is OutboxState.FAILED and e.last_error.startswith("The shop refused")
    e = outbox.edit(e.id, b'{"status": "on_route"}')
    e = outbox.retry(e.id)
    assert (e.state, e.payload, e.last_error) == (OutboxState.QUEUED, b'{"status": "on_route"}',
                                                  None)


def test_conflict_keeps_both_versions_and_resolves(outbox: Outbox) -> None:
    e = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    outbox.mark_sending(e.id)
    server = b'{"status": "answered", "answer": {"text": "No"}}'
    e = outbox.mark_conflict(e.id, ANSWER, server, "Someone already answered this question")
    assert e.state is OutboxState.CONFLICT and e.conflict is not None
    assert (e.conflict.local, e.conflict.server) == (ANSWER, server)
    assert e.conflict.message == "Someone already answered this question"
    with pytest.raises(OutboxStateError):
        outbox.retry(e.id)  # a conflict is settled by a choice, not a blind resend
    kept = outbox.resolve(e.id, Resolution.KEEP_LOCAL, b'{"answer": "Yes"}')
    assert kept is not None and kept.state is OutboxState.QUEUED
    assert (kept.conflict, kept.payload) == (None, b'{"answer": "Yes"}')

    outbox.mark_sending(kept.id)
    outbox.mark_conflict(kept.id, ANSWER, None, "The question was deleted")
    assert outbox.get(kept.id).conflict.server is None  # type: ignore[union-attr]
    assert outbox.resolve(kept.id, "keep_server") is None
    assert outbox.get(kept.id) is None


def test_pause_is_persisted(store: Store, data_dir: Path, outbox: Outbox) -> None:
    e = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    outbox.pause_all("Your access token expired: enter a new one")
    assert outbox.next_ready() == [] and outbox.next_wakeup() is None
    store.close()
    with Store.open("test", data_dir=data_dir) as again:
        assert again.outbox.paused() == "Your access token expired: enter a new one"
        again.outbox.resume_all()
        assert again.outbox.paused() is None
        assert ids(again.outbox.next_ready()) == [e.id]


def test_everything_survives_a_reopen(store: Store, data_dir: Path) -> None:
    box = store.outbox
    a = box.enqueue(IntentKind.TRACKING_CREATE, new_tracking_entity(), b'{"name": "GA"}')
    b = box.enqueue(IntentKind.INVOICE, "order:9", b'{"invoiced": true}')
    box.mark_sending(b.id)
    b = box.mark_retry(b.id, "Server trouble", 60)
    before = box.entries()
    store.close()
    with Store.open("test", data_dir=data_dir) as again:
        assert again.outbox.entries() == before
        assert ids(again.outbox.entries()) == [a.id, b.id]


def test_sending_left_by_a_crash_is_uncertain(store: Store, data_dir: Path) -> None:
    box = store.outbox
    a = box.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    later = box.enqueue(IntentKind.DELETE_QUESTION, "question:1", b"{}")
    other = box.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    box.mark_sending(a.id)
    assert box.uncertain() == []  # in flight in this run: not uncertain
    store.db.close()  # the app dies without marking the outcome

    with Store.open("test", data_dir=data_dir) as again:
        box = again.outbox
        found = box.uncertain()
        assert ids(found) == [a.id] and found[0].state is OutboxState.SENDING
        assert found[0].uncertain and found[0].attempts == 1
        assert ids(box.next_ready()) == [other.id]  # nothing of question:1 goes before
        with pytest.raises(OutboxStateError):
            box.mark_sending(a.id)  # must be reconciled first
        # services read the server: not applied, so send again
        e = box.mark_retry(a.id, None)
        assert not e.uncertain and box.uncertain() == []
        assert ids(box.next_ready()) == [a.id, other.id]
        box.mark_sending(a.id)
        box.mark_done(a.id)
        assert ids(box.next_ready()) == [later.id, other.id]


def test_created_tracking_code_rekeys_its_entity(outbox: Outbox) -> None:
    local = new_tracking_entity()
    assert local.startswith("tracking:new:")
    create = outbox.enqueue(IntentKind.TRACKING_CREATE, local, b'{"name": "GA"}')
    modify = outbox.enqueue(IntentKind.TRACKING_MODIFY, local, b'{"name": "GA4"}')
    outbox.mark_sending(create.id)
    done = outbox.mark_done(create.id, result=b'{"id": 5}', new_entity="tracking:5")
    assert done.entity == "tracking:5"
    assert [(e.id, e.entity) for e in outbox.entries(entity="tracking:5")] == [
        (create.id, "tracking:5"), (modify.id, "tracking:5")]
    assert ids(outbox.next_ready()) == [modify.id]


def test_a_round_is_marked_sending_in_one_commit(outbox: Outbox) -> None:
    a1 = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    a2 = outbox.enqueue(IntentKind.DELETE_QUESTION, "question:1", b"{}")  # waits for a1
    b = outbox.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    c = outbox.enqueue(IntentKind.ANSWER, "question:3", ANSWER)
    outbox.discard(c.id)  # gone before the round: left out, not an error
    heard: list[OutboxChange] = []
    outbox.add_observer(heard.append)
    marked = outbox.mark_sending_many([b.id, a2.id, c.id, a1.id])
    assert ids(marked) == [b.id, a1.id]  # in the order given; a2 is not first in line
    assert all(e.state is OutboxState.SENDING and e.attempts == 1 for e in marked)
    assert [h.entry_id for h in heard] == [b.id, a1.id]  # told after the commit
    assert outbox.get(a2.id).state is OutboxState.QUEUED  # type: ignore[union-attr]
    assert outbox.next_ready() == []


def test_a_done_mark_carries_its_cache_write_in_the_same_transaction(store: Store,
                                                                      outbox: Outbox) -> None:
    a = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    outbox.mark_sending(a.id)
    seen: list[tuple[OutboxState, bool]] = []

    def also(entry: OutboxEntry) -> None:
        seen.append((entry.state, store.db._conn.in_transaction))
        raise RuntimeError("the cache write failed")

    with pytest.raises(RuntimeError):
        outbox.mark_done(a.id, durable=False, also=also)
    assert seen == [(OutboxState.DONE, True)]  # inside the transaction, after the mark
    assert outbox.get(a.id).state is OutboxState.SENDING  # type: ignore[union-attr]
    done = outbox.mark_done(a.id, durable=False, also=lambda entry: None)
    assert done.state is OutboxState.DONE and outbox.get(a.id) == done


def test_a_batch_of_successes_is_one_commit_with_one_cache_write(store: Store,
                                                                 outbox: Outbox) -> None:
    a = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    b = outbox.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    local = new_tracking_entity()
    create = outbox.enqueue(IntentKind.TRACKING_CREATE, local, b'{"name": "GA"}')
    modify = outbox.enqueue(IntentKind.TRACKING_MODIFY, local, b'{"name": "GA4"}')
    failed = outbox.enqueue(IntentKind.ANSWER, "question:3", ANSWER)
    outbox.mark_sending_many([a.id, b.id, create.id, failed.id])
    outbox.mark_failed(failed.id, "Refused")  # no longer sending: left out of the batch
    heard: list[list[OutboxChange]] = []
    outbox.add_batch_observer(lambda changes: heard.append(list(changes)))
    one: list[OutboxChange] = []
    outbox.add_observer(one.append)
    also: list[tuple[list[str], bool]] = []

    done = outbox.mark_done_many(
        [Done(b.id, b'{"answer": "ok"}'), Done(failed.id), Done(a.id),
         Done(create.id, b'{"id": 5}', "tracking:5")], durable=False,
        also=lambda entries: also.append((ids(entries), store.db._conn.in_transaction)))

    assert ids(done) == [b.id, a.id, create.id]  # in the order given, `failed` left out
    assert all(e.state is OutboxState.DONE for e in done) and done[0].result == b'{"answer": "ok"}'
    assert also == [([b.id, a.id, create.id], True)]  # once, inside the transaction
    assert [ids_of(c) for c in heard] == [[b.id, a.id, create.id]]  # one call for the commit
    assert [c.entry_id for c in one] == [b.id, a.id, create.id]  # plain observers: each
    assert [e.id for e in outbox.entries(entity="tracking:5")] == [create.id, modify.id]
    assert outbox.get(failed.id).state is OutboxState.FAILED  # type: ignore[union-attr]
    assert outbox.mark_done_many([]) == []


def test_a_failed_cache_write_undoes_the_batch(store: Store, outbox: Outbox) -> None:
    a = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    outbox.mark_sending(a.id)

    def also(entries: list[OutboxEntry]) -> None:
        raise RuntimeError("the cache write failed")

    with pytest.raises(RuntimeError):
        outbox.mark_done_many([Done(a.id)], durable=False, also=also)
    assert outbox.get(a.id).state is OutboxState.SENDING  # type: ignore[union-attr]


def test_next_ready_leaves_out_what_the_sender_took(outbox: Outbox) -> None:
    a = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    b = outbox.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    c = outbox.enqueue(IntentKind.ANSWER, "question:3", ANSWER)
    assert ids(outbox.next_ready(exclude=[a.id, c.id])) == [b.id]
    assert ids(outbox.next_ready(limit=1, exclude={a.id})) == [b.id]
    assert ids(outbox.next_ready(exclude=())) == [a.id, b.id, c.id]


def test_batch_observers_hear_one_call_per_commit(outbox: Outbox) -> None:
    heard: list[list[str | None]] = []

    def broken(changes: object) -> None:
        raise RuntimeError("a view crashed")

    outbox.add_batch_observer(broken)
    stop = outbox.add_batch_observer(lambda changes: heard.append(ids_of(changes)))
    a = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    b = outbox.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    outbox.mark_sending_many([a.id, b.id])
    assert heard == [[a.id], [b.id], [a.id, b.id]]
    stop()
    outbox.mark_failed(a.id, "Refused")
    assert len(heard) == 3


def ids_of(changes: object) -> list[str | None]:
    return [c.entry_id for c in changes]  # type: ignore[attr-defined]


def test_lists_and_counts(outbox: Outbox) -> None:
    a = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)
    b = outbox.enqueue(IntentKind.INVOICE, "order:7", b"{}")
    c = outbox.enqueue(IntentKind.SHIPPING, "order:8", b"{}")
    outbox.mark_sending(b.id)
    outbox.mark_done(b.id)
    outbox.mark_sending(c.id)
    outbox.mark_failed(c.id, "Refused")
    assert outbox.counts() == {OutboxState.QUEUED: 1, OutboxState.SENDING: 0,
                               OutboxState.DONE: 1, OutboxState.CONFLICT: 0,
                               OutboxState.FAILED: 1}
    assert ids(outbox.entries(states=UNFINISHED, entity_prefix="order:")) == [c.id]
    assert ids(outbox.entries(states=[OutboxState.QUEUED])) == [a.id]
    assert ids(outbox.entries(states=OutboxState.QUEUED)) == [a.id]
    assert ids(outbox.entries(entity="order:7")) == [b.id]
    assert ids(outbox.entries(entities=["order:8", "question:1"])) == [a.id, c.id]
    assert outbox.entries(entities=[]) == []
    assert outbox.purge_done() == 1 and outbox.get(b.id) is None


def test_observers_hear_every_committed_change(outbox: Outbox) -> None:
    seen: list[OutboxChange] = []
    committed: list[bool] = []

    def watch(change: OutboxChange) -> None:
        seen.append(change)
        if change.entry_id:  # the change is already visible when observers run
            entry = outbox.get(change.entry_id)
            committed.append(entry is None or entry.state is change.state)

    def broken(change: OutboxChange) -> None:
        raise RuntimeError("a view crashed")

    outbox.add_observer(broken)
    stop = outbox.add_observer(watch)
    e = outbox.enqueue(IntentKind.ANSWER, "question:1", ANSWER)  # broken observer: no harm
    outbox.mark_sending(e.id)
    outbox.mark_failed(e.id, "Refused")
    outbox.discard(e.id)
    outbox.pause_all("token")
    outbox.resume_all()
    assert [(c.event, c.state) for c in seen] == [
        (OutboxEvent.ENQUEUED, OutboxState.QUEUED), (OutboxEvent.CHANGED, OutboxState.SENDING),
        (OutboxEvent.CHANGED, OutboxState.FAILED), (OutboxEvent.REMOVED, None),
        (OutboxEvent.PAUSED, None), (OutboxEvent.RESUMED, None)]
    assert all(c.entity == "question:1" for c in seen[:4]) and all(committed)
    stop()
    outbox.enqueue(IntentKind.ANSWER, "question:2", ANSWER)
    assert len(seen) == 6


def test_payloads_stay_json(outbox: Outbox) -> None:
    e = outbox.enqueue(IntentKind.TRACKING_CREATE, new_tracking_entity(),
                       json.dumps({"name": "Pixel", "code": "<script>…</script>"}).encode())
    assert json.loads(e.payload)["code"] == "<script>…</script>"
    outbox.mark_sending(e.id)
    with pytest.raises(ValueError):
        outbox.mark_conflict(e.id, b"{", None, "x")


def test_a_held_entry_is_never_ready_not_even_right_after_its_commit(outbox: Outbox,
                                                                     clock: Clock) -> None:
    """An undo window goes in with the entry. A drain reading the outbox the moment the entry
    is committed (here: an observer of that very commit) must not get it; it once did, between
    the enqueue and a second commit that set the hold, and a deletion went inside its undo."""
    seen_ready: list[list[str]] = []
    outbox.add_observer(lambda change: seen_ready.append(ids(outbox.next_ready(clock.now))))
    e = outbox.enqueue(IntentKind.DELETE_QUESTION, entity_key("question", 7), b"{}", hold=3600)
    assert seen_ready == [[]]
    assert e.next_attempt_at == clock.now + timedelta(seconds=3600)
    assert e.state is OutboxState.QUEUED and e.attempts == 0
    clock.now += timedelta(seconds=3599)
    assert outbox.next_ready(clock.now) == []
    clock.now += timedelta(seconds=1)
    assert ids(outbox.next_ready(clock.now)) == [e.id]
    # With no hold the entry is ready at once, as before.
    now_ready = outbox.enqueue(IntentKind.ANSWER, entity_key("question", 8), ANSWER)
    assert now_ready.next_attempt_at is None
    assert now_ready.id in ids(outbox.next_ready(clock.now))
