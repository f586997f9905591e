"""The sender's rounds, counted (never timed): one fsynced commit per round, successes
recorded in batches (done marks and cache updates together, at most one trip to the store's
writer thread per answer, never a second per-answer trip)."""

from __future__ import annotations

import collections
import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from sellerdesk.policy import NoPacer, Pacer
from sellerdesk.services.outbox.sender import ROUND_MAX, record_size, round_size
from sellerdesk.services.session import Session
from sellerdesk.store.outbox import OutboxEntry, OutboxState
from sellerdesk.store.rows import QuestionFilter


def _count(session: Session) -> tuple[collections.Counter[str], list[bool], list[int]]:
    """Trips to the writer thread by function name; for each commit, whether it was
    fsynced; for each batch of successes, how many entries it recorded."""
    trips: collections.Counter[str] = collections.Counter()
    batches: list[int] = []
    commits: list[bool] = []  # durable or not, per committed transaction
    db = session.store.db
    real_run, real_transaction = db.run, db.transaction

    async def run(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        name = getattr(fn, "__name__", repr(fn))
        trips[name] += 1
        if name == "mark_done_many":
            batches.append(len(args[0]))
        return await real_run(fn, *args, **kwargs)

    @contextlib.contextmanager
    def transaction(*, durable: bool = False) -> Iterator[Any]:
        outer = not db._depth  # a nested one is a savepoint of the outer
        with real_transaction(durable=durable) as conn:
            yield conn
        if outer:
            commits.append(durable)

    db.run = run  # type: ignore[method-assign]
    db.transaction = transaction  # type: ignore[method-assign]
    return trips, commits, batches


async def test_a_round_of_answers_costs_one_fsync_and_shares_trips(synced: Session) -> None:
    store = synced.store
    open_questions = await store.run(store.cache.questions, QuestionFilter(status="unanswered"))
    ids = [int(q.id) for q in open_questions]
    assert len(ids) >= 8, "the demo shop has unanswered questions to answer"
    for qid in ids:
        await synced.inbox.answer(qid, "Sí, tenemos stock y enviamos hoy mismo.")
    trips, commits, batches = _count(synced)

    counts = await synced.outbox.flush()

    assert counts[OutboxState.DONE] == len(ids) and counts[OutboxState.QUEUED] == 0
    assert sum(commits) == 1  # the round's `sending` marks; outcomes carry no fsync
    assert trips["mark_sending_many"] == 1
    # Successes in batches (as many as came back while the one before was recorded), each
    # with its cache update: every answer recorded once, in at most one trip per answer.
    assert sum(batches) == len(ids) and 1 <= trips["mark_done_many"] <= len(ids)
    assert trips["mark_done"] == 0
    per_answer = {name for name, n in trips.items() if n >= len(ids)}
    assert per_answer <= {"mark_done_many"}, trips
    for qid in ids:  # the cache followed, in those trips
        question = await synced.inbox.question(qid)
        assert question is not None and question.status == "answered"


def test_a_round_holds_two_seconds_of_the_pacer_and_never_more_than_64() -> None:
    assert round_size(NoPacer(), 4) == ROUND_MAX == 64
    assert round_size(Pacer(5), 4) == 10
    assert round_size(Pacer(1), 4) == 8  # at least two per request slot
    assert round_size(Pacer(100), 4) == 64


def test_a_batch_holds_half_of_what_is_in_progress_unpaced_and_150_ms_paced() -> None:
    assert record_size(NoPacer(), 4) == 32  # 16 in progress per request in flight
    assert record_size(Pacer(5), 4) == 1  # at the field's pace each success goes alone
    assert record_size(Pacer(100), 4) == 15


async def test_answers_sent_in_batches_leave_questions_and_threads_right(synced: Session
                                                                         ) -> None:
    store = synced.store
    cached = await store.run(store.cache.questions, QuestionFilter(status="unanswered"))
    open_questions = [await synced.inbox.question(int(q.id)) for q in cached]
    by_thread = collections.Counter(q.thread_id for q in open_questions if q is not None)
    before = {t: (await synced.inbox.thread(t)) for t in by_thread if t is not None}
    for question in cached:
        await synced.inbox.answer(int(question.id), "Sí, tenemos stock.")
    # One entry's trouble in a cache writer: undone alone, the others' writes stay.
    bad = (await synced.outbox.entries())[0].id
    kept: list[str] = []

    def fragile(entries: Sequence[OutboxEntry]) -> list[str]:
        if any(e.id == bad for e in entries):
            raise RuntimeError("a broken cache writer")
        return [e.id for e in entries]

    synced.outbox.add_cache_writer(fragile, kept.extend)

    counts = await synced.outbox.flush()

    assert counts[OutboxState.DONE] == len(open_questions)
    assert sorted(kept) == sorted(e.id for e in await synced.outbox.entries() if e.id != bad)
    for thread_id, answered in by_thread.items():
        if thread_id is None or before[thread_id] is None:
            continue
        thread = await synced.inbox.thread(thread_id)
        old = before[thread_id]
        assert thread is not None and old is not None
        assert thread.unanswered_quantity == max(0, (old.unanswered_quantity or 0) - answered)
        assert thread.answered_quantity == (old.answered_quantity or 0) + answered
    assert await store.run(store.cache.questions, QuestionFilter(status="unanswered")) == []
