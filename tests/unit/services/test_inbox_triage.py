"""sellerdesk/services/triage.py: what waits for the seller, per conversation, and groups."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sellerdesk.api.enums import QuestionStatus, ThreadStatus
from sellerdesk.api.models import Answer, From, Publication, Question, QuestionText, Thread
from sellerdesk.services.triage import (
    AlikeCounts,
    alike_counts,
    alike_waiting,
    awaits_answer,
    summarize,
)

T0 = datetime(2026, 11, 15, 12, 0, tzinfo=UTC)


def q(n: int, thread: str, text: str, *, answered: bool = False, minutes: int = 0,
      listing: str | None = "MKT1", buyer: str = "") -> Question:
    return Question(
        id=n, thread_id=thread,
        status=QuestionStatus.ANSWERED if answered else QuestionStatus.UNANSWERED,
        from_=From(name=buyer or f"Buyer {n}"),
        question=QuestionText(text=text, date=T0 + timedelta(minutes=minutes)),
        answer=Answer(text="Sí", date=T0) if answered else None,
        publication=Publication(id=listing, title=f"Listing {listing}") if listing else None)


def t(thread_id: str, unanswered: int, minutes: int, main: Question | None = None) -> Thread:
    return Thread(id=thread_id, unanswered_quantity=unanswered,
                  status=ThreadStatus.UNANSWERED if unanswered else ThreadStatus.ANSWERED,
                  last_question_date=T0 + timedelta(minutes=minutes), main_question=main)


def test_the_questions_decide_what_waits_and_the_preview_is_the_latest_waiting() -> None:
    first = q(1, "a", "¿Es original?", answered=True, minutes=0)
    waiting_old = q(2, "a", "¿Tiene garantía?", minutes=10)
    waiting_new = q(3, "a", "¿Y factura A?", minutes=20)
    [row] = summarize([t("a", 2, 20, main=first)], [first, waiting_new, waiting_old], set())
    assert row.waiting == 2 and row.pending == 0
    assert row.preview is not None and row.preview.id == 3  # not the first, answered one
    assert row.waiting_since == T0 + timedelta(minutes=10)  # the oldest still waiting


def test_a_queued_answer_takes_its_question_out_of_waiting() -> None:
    """Issue 15, item 5: offline, a queued answer leaves "unanswered" everywhere."""
    only = q(7, "b", "¿Hay stock?", minutes=5)
    [row] = summarize([t("b", 1, 5)], [only], held={7})
    assert row.waiting == 0 and row.held == (7,) and row.pending == 1
    assert row.waiting_since is None
    assert row.preview is not None and row.preview.id == 7  # still what the row shows
    assert not awaits_answer(only, {7}) and awaits_answer(only, set())


def test_a_conversation_never_read_counts_what_the_thread_says() -> None:
    main = q(9, "c", "¿Envían hoy?", minutes=30)
    [row] = summarize([t("c", 3, 30, main=main)], [], set())
    assert row.waiting == 3 and row.preview is main
    assert row.waiting_since == T0 + timedelta(minutes=30)


def test_alike_questions_of_other_conversations_about_the_same_listing_are_counted() -> None:
    questions = [q(11, "x", "¿Hacen envíos a Córdoba?"),
                 q(12, "y", "Hola, ¿hacen envíos a Rosario?", minutes=1),
                 q(13, "z", "¿Hacen envíos a Salta?", minutes=2),
                 q(14, "w", "¿Hacen envíos a Jujuy?", minutes=3, listing="MKT2"),
                 q(15, "v", "¿Me hacen factura A?", minutes=4)]
    threads = [t(x, 1, m) for x, m in (("x", 0), ("y", 1), ("z", 2), ("w", 3), ("v", 4))]
    rows = {r.id: r for r in summarize(threads, questions, set())}
    assert {k: r.alike for k, r in rows.items()} == {"x": 2, "y": 2, "z": 2, "w": 0, "v": 0}
    # Answered (queued) questions leave the group.
    rows = {r.id: r for r in summarize(threads, questions, {13})}
    assert (rows["x"].alike, rows["z"].alike) == (1, 0)


def test_remembered_alike_counts_match_a_fresh_count_as_questions_come_and_go() -> None:
    """The list is read again at every change; the counter that remembers each listing
    must say what a count from scratch says."""
    remembering = AlikeCounts()
    alike = [q(41, "x", "¿Hacen envíos a Córdoba?"), q(42, "y", "¿Hacen envíos a Salta?"),
             q(43, "z", "¿Hacen envíos a Jujuy?", listing="MKT2")]
    steps = [{"x": [alike[0]], "y": [alike[1]], "z": [alike[2]]},
             {"x": [alike[0]], "y": [alike[1]], "z": [alike[2]]},  # nothing changed
             {"x": [alike[0]], "y": [], "z": [alike[2]]},  # one answered
             {"x": [alike[0]], "y": [alike[1]],  # a new alike one, the other listing
              "z": [alike[2]], "w": [q(44, "w", "¿Hacen envíos a Mendoza?", listing="MKT2")]},
             {"x": [alike[0]], "y": [q(42, "y", "¿Es original?")], "z": []}]  # text edited
    for waiting_of in steps:
        assert remembering(waiting_of) == alike_counts(waiting_of)
    assert remembering(steps[3]) == {"x": 1, "y": 1, "z": 1, "w": 1}


def test_the_group_of_a_question_is_the_waiting_alike_ones_oldest_first() -> None:
    target = q(21, "a", "¿Hacen envíos a Córdoba?", minutes=9)
    others = [q(22, "b", "¿Hacen envíos a Rosario?", minutes=5),
              q(23, "c", "¿hacen envios a Tandil?", minutes=1),
              q(24, "d", "¿Hacen envíos a Salta?", minutes=2, answered=True),
              q(25, "e", "¿Hacen envíos a Salta?", minutes=3, listing="OTHER"),
              q(26, "f", "¿Hacen envíos a Lima?", minutes=4),
              q(27, "g", "¿El envío es gratis?", minutes=6)]
    group = alike_waiting(target, [target, *others], held={26})
    assert [x.id for x in group] == [23, 22]
    shop = q(31, "s", "¿Cuál es el horario de atención?", listing=None)
    same = q(32, "u", "Hola! cual es el horario de atencion?", listing=None)
    assert [x.id for x in alike_waiting(shop, [same], set())] == [32]
