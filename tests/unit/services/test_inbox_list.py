"""sellerdesk/services/inbox_list.py and services/conversation.py: the one ordering and
filtering of conversations, and what an open conversation shows of each question (can it be
answered, its answer's text and write state, the question the composer answers). Over a real
store file and the real pending writes; no Qt, no network."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sellerdesk.api.enums import Channel, QuestionStatus, ThreadStatus
from sellerdesk.api.models import Answer, From, Publication, Question, QuestionText, Thread
from sellerdesk.services.conversation import conversation
from sellerdesk.services.counts import pending_view
from sellerdesk.services.inbox_list import (
    InboxFilters,
    ThreadSort,
    arrange,
    with_write_states,
)
from sellerdesk.services.outbox.pending import PendingWrites, question_key
from sellerdesk.services.outbox.settle import Intent, dump
from sellerdesk.services.triage import summarize
from sellerdesk.store import Store
from sellerdesk.store.outbox import IntentKind

NOW = datetime(2026, 11, 15, 12, 0, tzinfo=UTC)


def thread(n: int, *, unanswered: int = 0, channel: Channel = Channel.SHOPFRONT) -> Thread:
    main = Question(id=1000 + n, thread_id=f"t{n}", from_=From(name=f"Buyer {n}"),
                    question=QuestionText(text=f"Question {n}?"),
                    publication=Publication(title="Taladro", price=None))
    return Thread(id=f"t{n}", unanswered_quantity=unanswered, answered_quantity=1,
                  status=ThreadStatus.UNANSWERED if unanswered else ThreadStatus.ANSWERED,
                  last_question_date=NOW - timedelta(hours=n), channel=channel,
                  main_question=main)


def question(n: int, *, answered: bool = False, thread_id: str = "t") -> Question:
    return Question(id=n, thread_id=thread_id, status=QuestionStatus.ANSWERED if answered
                    else QuestionStatus.UNANSWERED, from_=From(name="Ana"),
                    question=QuestionText(text=f"q{n}", date=NOW - timedelta(minutes=60 - n)),
                    answer=Answer(text=f"a{n}", date=NOW) if answered else None)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open_async("inbox-list", data_dir=tmp_path)
    yield opened
    await opened.aclose()


@pytest.fixture
async def pending(store: Store) -> AsyncIterator[PendingWrites]:
    writes = PendingWrites(store)
    await writes.load()
    yield writes
    writes.close()


async def answer(store: Store, question_id: int, text: str = "Sí, hay stock") -> str:
    entry = await store.run(store.outbox.enqueue, IntentKind.ANSWER, question_key(question_id),
                            dump(Intent(question_id=question_id, text=text)))
    return entry.id


def test_filters_apply_status_channel_and_the_spec_orderings() -> None:
    threads = summarize([thread(1), thread(2, unanswered=1, channel=Channel.MARKETPLACE),
                         thread(3, unanswered=2), thread(4, channel=Channel.MARKETPLACE)],
                        [], set())
    by_default = arrange(threads, InboxFilters())
    # Waiting longest first (t3 asked 3 hours ago, t2 2 hours ago), then the rest newest first.
    assert [t.id for t in by_default] == ["t3", "t2", "t1", "t4"]
    newest = arrange(threads, InboxFilters(sort=ThreadSort.NEWEST_FIRST))
    assert [t.id for t in newest] == ["t1", "t2", "t3", "t4"]
    oldest = arrange(threads, InboxFilters(sort=ThreadSort.OLDEST_FIRST))
    assert [t.id for t in oldest] == ["t4", "t3", "t2", "t1"]
    waiting = arrange(threads, InboxFilters(status=ThreadStatus.UNANSWERED))
    assert {t.id for t in waiting} == {"t2", "t3"}
    market = arrange(threads, InboxFilters(channel=Channel.MARKETPLACE))
    assert {t.id for t in market} == {"t2", "t4"}
    assert ThreadSort.OLDEST_FIRST.value == "last_question_date_asc"  # the spec's own ids


@pytest.mark.parametrize("stored", [
    {}, {"status": "bogus", "channel": 3, "sort": None}, {"sort": "last_question_date_asc"},
    {"status": "unanswered", "channel": "marketplace_long"},
])
def test_filters_read_back_tolerantly(stored: dict[str, object]) -> None:
    filters = InboxFilters.from_json(stored)
    assert InboxFilters.from_json(filters.to_json()) == filters
    assert not filters.words


async def test_a_queued_answer_takes_its_conversation_out_of_unanswered(
        store: Store, pending: PendingWrites) -> None:
    """The list's "unanswered" and the open conversation's "can answer" are one rule."""
    questions = [question(1, thread_id="t1"), question(2, thread_id="t2")]
    await answer(store, 1)
    held = set(pending_view(pending).held)
    rows = summarize([thread(1, unanswered=1), thread(2, unanswered=1)], questions, held)
    waiting = arrange(rows, InboxFilters(status=ThreadStatus.UNANSWERED))
    assert [t.id for t in waiting] == ["t2"]
    assert [t.write_state for t in with_write_states(rows, pending)] == ["queued", ""]
    opened = conversation("t1", rows[0], [questions[0]], pending, held)
    assert not opened.questions[0].can_answer and opened.target is None


async def test_each_question_carries_its_answer_and_write_state(
        store: Store, pending: PendingWrites) -> None:
    questions = [question(1, answered=True), question(2), question(3), question(4),
                 question(5, answered=True)]
    queued = await answer(store, 2, "Mañana sale")
    await store.run(store.outbox.mark_sending, queued)
    await store.run(store.outbox.mark_conflict, queued, b"{}", None, "Answered elsewhere.")
    await store.run(store.outbox.enqueue, IntentKind.DELETE_QUESTION, question_key(3),
                    dump(Intent(question_id=3)))
    sent = await answer(store, 5, "a5")
    await store.run(store.outbox.mark_sending, sent)
    await store.run(store.outbox.mark_done, sent)
    held = set(pending_view(pending).held)
    shown = conversation("t", None, questions, pending, held)
    states = [(q.id, q.can_answer, q.answer_state, q.answer_text) for q in shown.questions]
    assert states == [(1, False, "", "a1"), (2, False, "conflict", "Mañana sale"),
                      (3, False, "", ""), (4, True, "", ""), (5, False, "sent", "a5")]
    conflict = shown.find(2)
    assert conflict is not None and conflict.pending_answer is not None
    assert conflict.answered_at is None  # not on the shop yet
    deleting = shown.find(3)
    assert deleting is not None and deleting.pending_delete is not None
    assert shown.target == 4
    assert shown.target_for(None) == 4 and shown.target_for(2) == 4  # 2 waits no more


async def test_the_chosen_question_stays_the_target_while_it_can_be_answered(
        store: Store, pending: PendingWrites) -> None:
    questions = [question(1), question(2), question(3)]
    shown = conversation("t", None, questions, pending, set())
    assert shown.target == 1 and shown.target_for(3) == 3
    await answer(store, 3)
    again = conversation("t", None, questions, pending, set(pending_view(pending).held))
    assert again.target_for(3) == 1


async def test_the_most_urgent_write_state_speaks_for_a_conversation(
        store: Store, pending: PendingWrites) -> None:
    questions = [question(n, thread_id="t1") for n in (1, 2, 3)]
    first, second = await answer(store, 1), await answer(store, 2)
    await answer(store, 3)
    await store.run(store.outbox.mark_sending, first)
    held = set(pending_view(pending).held)
    row = summarize([thread(1, unanswered=3)], questions, held)
    assert with_write_states(row, pending)[0].write_state == "sending"
    await store.run(store.outbox.mark_failed, second, "Refused.")
    assert with_write_states(row, pending)[0].write_state == "failed"
