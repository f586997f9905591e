"""sellerdesk/services/convert.py: a conversation's questions as store rows."""

from __future__ import annotations

from sellerdesk.api.models import Publication, Question, QuestionText, Thread
from sellerdesk.services.convert import conversation_rows, question_row

SHIRT = Publication(id="MLA1", title="Remera lisa")
MUG = Publication(id="MLA2", title="Taza")


def _thread(publication: Publication | None) -> Thread:
    return Thread(id="t1", main_question=Question(id=1, publication=publication))


def test_entries_without_a_listing_get_the_main_questions() -> None:
    entry = Question(id=2, thread_id="t1", question=QuestionText(text="¿Hay talle M?"))
    own = Question(id=3, thread_id="t1", publication=MUG)
    rows = conversation_rows(_thread(SHIRT), [entry, own])
    # As InboxService.store_conversation writes them: the listing filled in, the thread's
    # title for every row.
    assert rows == [question_row(Question(id=2, thread_id="t1", publication=SHIRT,
                                          question=QuestionText(text="¿Hay talle M?")),
                                 product_title="Remera lisa"),
                    question_row(own, product_title="Remera lisa")]
    assert entry.publication is None  # the record handed in is left as it was


def test_without_a_main_listing_the_questions_stay_as_read() -> None:
    entry = Question(id=2, thread_id="t1")
    for thread in (_thread(None), Thread(id="t1"), None):
        assert conversation_rows(thread, [entry]) == [question_row(entry)]
