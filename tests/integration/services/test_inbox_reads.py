"""The inbox's reads for the command line: every cached question, the unanswered ones, and
a word search over the local index (offline)."""

from __future__ import annotations

import functools
from datetime import UTC, datetime

from sellerdesk.api.enums import QuestionOrder
from sellerdesk.api.paging import paginate_thread
from sellerdesk.services.session import Session
from sellerdesk.services.types import QuestionStatus
from sellerdesk.store.outbox import OutboxState


async def test_questions_and_a_word_search_come_from_the_local_copy(synced: Session) -> None:
    everything = await synced.inbox.questions()
    waiting = await synced.inbox.questions(unanswered=True)
    assert waiting and len(waiting) < len(everything)
    assert all(q.status == QuestionStatus.UNANSWERED for q in waiting)
    word = next(w for q in everything if q.question and q.question.text
                for w in q.question.text.split() if len(w) > 5 and w.isalpha())
    found = await synced.inbox.search_questions(word, limit=10)
    assert found and len(found) <= 10
    assert {q.id for q in found} <= {q.id for q in everything}


async def test_a_conversation_read_before_an_answer_landed_does_not_take_it_back(
        synced: Session) -> None:
    """Opening a conversation reads it from the server; read while the seller's answer to it
    was on its way, it still shows the question unanswered. Stored after the answer's done
    mark, it must not put the question back in the inbox as waiting for an answer."""
    (question, *_) = await synced.inbox.questions(unanswered=True)
    assert question.thread_id is not None
    thread_id = str(question.thread_id)
    began = datetime.now(UTC)
    fetch = functools.partial(synced.client.thread, thread_id, order=QuestionOrder.DATE_ASC)
    before = [q async for q in paginate_thread(fetch)]  # the read, answer not yet there
    assert any(q.id == question.id and q.answer is None for q in before)
    await synced.inbox.answer(question.id, "Sí, hay stock.")
    await synced.outbox.flush()
    (entry,) = await synced.outbox.entries(entity=f"question:{question.id}")
    assert entry.state is OutboxState.DONE

    await synced.inbox.store_conversation(thread_id, before, began=began)  # it lands now
    assert question.id not in {q.id for q in await synced.inbox.questions(unanswered=True)}
    (cached,) = [q for q in await synced.inbox.conversation(thread_id) if q.id == question.id]
    assert cached.answer is not None and cached.answer.text == "Sí, hay stock."

    # Read again now, the conversation is the server's (the answer there too).
    await synced.inbox.refresh_thread(thread_id)
    (cached,) = [q for q in await synced.inbox.conversation(thread_id) if q.id == question.id]
    assert cached.answer is not None and cached.answer.text == "Sí, hay stock."
