"""The demo's example queued answer uses the demo shop's own words: an answer it already
gave in the same conversation (so in its buyers' language), held back in the outbox."""

from __future__ import annotations

from sellerdesk.services.outbox.pending import WriteState, question_key
from sellerdesk.services.outbox.settle import parse
from sellerdesk.services.session import Session
from sellerdesk.services.shops import queue_demo_answer
from sellerdesk.services.types import OutboxState, QuestionStatus


async def test_the_example_answer_reuses_an_answer_of_its_conversation(synced: Session) -> None:
    entry = await queue_demo_answer(synced)
    assert entry is not None and entry.state is OutboxState.QUEUED
    text = parse(entry.payload).text
    question_id = parse(entry.payload).question_id
    assert question_id is not None
    question = await synced.inbox.question(question_id)
    assert question is not None and question.status == QuestionStatus.UNANSWERED
    assert question.thread_id is not None
    conversation = await synced.inbox.conversation(question.thread_id)
    assert text in {q.answer.text for q in conversation if q.answer}
    assert synced.pending.state(question_key(question_id)) is WriteState.QUEUED
    assert entry.next_attempt_at is not None  # held back: it is a picture, not a send
