"""The inbox's reads for the command line: every cached question, the unanswered ones, and
a word search over the local index (offline)."""

from __future__ import annotations

from sellerdesk.services.session import Session
from sellerdesk.services.types import QuestionStatus


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
