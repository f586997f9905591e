"""The sender's rounds, counted (never timed): one fsynced commit per round, one trip to the
store's writer thread per answer (its done mark and its cache update together)."""

from __future__ import annotations

import collections
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from sellerdesk.policy import NoPacer, Pacer
from sellerdesk.services.outbox import ROUND_MAX, round_size
from sellerdesk.services.session import Session
from sellerdesk.store.outbox import OutboxState
from sellerdesk.store.rows import QuestionFilter


def _count(session: Session) -> tuple[collections.Counter[str], list[bool]]:
    """Trips to the writer thread by function name; for each commit, whether it was
    fsynced."""
    trips: collections.Counter[str] = collections.Counter()
    commits: list[bool] = []  # durable or not, per committed transaction
    db = session.store.db
    real_run, real_transaction = db.run, db.transaction

    async def run(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        trips[getattr(fn, "__name__", repr(fn))] += 1
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
    return trips, commits


async def test_a_round_of_answers_costs_one_fsync_and_one_trip_each(synced: Session) -> None:
    store = synced.store
    open_questions = await store.run(store.cache.questions, QuestionFilter(status="unanswered"))
    ids = [int(q.id) for q in open_questions]
    assert len(ids) >= 8, "the demo shop has unanswered questions to answer"
    for qid in ids:
        await synced.inbox.answer(qid, "Sí, tenemos stock y enviamos hoy mismo.")
    trips, commits = _count(synced)

    counts = await synced.outbox.flush()

    assert counts[OutboxState.DONE] == len(ids) and counts[OutboxState.QUEUED] == 0
    assert sum(commits) == 1  # the round's `sending` marks; outcomes carry no fsync
    assert trips["mark_sending_many"] == 1
    assert trips["mark_done"] == len(ids)  # with the cache update, in the same trip
    per_answer = {name: n for name, n in trips.items() if n >= len(ids)}
    assert per_answer == {"mark_done": len(ids)}, trips
    for qid in ids:  # the cache followed, in that one trip
        question = await synced.inbox.question(qid)
        assert question is not None and question.status == "answered"


def test_a_round_holds_two_seconds_of_the_pacer_and_never_more_than_64() -> None:
    assert round_size(NoPacer(), 4) == ROUND_MAX == 64
    assert round_size(Pacer(5), 4) == 10
    assert round_size(Pacer(1), 4) == 8  # at least two per request slot
    assert round_size(Pacer(100), 4) == 64
