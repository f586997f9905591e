"""An open conversation as the window shows it, worked out once (architecture rule 9).

Per question: whether the seller can answer it (`triage.awaits_answer`), the answer's text
(the server's, or the one waiting in the outbox) and where its write stands
(`RecordWrites.latest`); per conversation: the question the composer answers. The window
renders these values; it reads no outbox payload and ranks no write state itself.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime

import msgspec

from sellerdesk.api.models import Question
from sellerdesk.services.outbox.pending import PendingWrites, RecordWrites, WriteState, question_key
from sellerdesk.services.outbox.settle import parse
from sellerdesk.services.people import buyer_name
from sellerdesk.services.suggestions import Suggestion
from sellerdesk.services.triage import InboxThread, asked_at, awaits_answer
from sellerdesk.store.outbox import IntentKind, OutboxEntry, OutboxState


class ConversationQuestion(msgspec.Struct, frozen=True):
    """A question with what the seller's writes make of it."""

    question: Question
    can_answer: bool  # waiting for an answer, nothing of the seller's for it in the outbox
    answer_text: str  # the answer waiting in the outbox, else the one on the shop; "" if none
    answer_state: str  # the answer's write: "queued", "sending", "failed", "conflict",
    #                    "sent" (sent during this session), "" when none
    answered_at: datetime | None  # when the shop's answer was given (not while one waits)
    pending_answer: OutboxEntry | None = None  # the answer waiting in the outbox
    pending_delete: OutboxEntry | None = None  # a deletion waiting in the outbox

    @classmethod
    def of(cls, question: Question, writes: RecordWrites, held: Collection[int]
           ) -> ConversationQuestion:
        """`question` with its record's writes; `held`: the questions with an answer or a
        deletion of the seller's waiting (`InboxService.held`)."""
        answer = writes.latest(IntentKind.ANSWER)
        waiting = answer if answer is not None and answer.state is not OutboxState.DONE \
            else None
        delete = writes.latest(IntentKind.DELETE_QUESTION)
        if delete is not None and delete.state is OutboxState.DONE:
            delete = None
        given = question.answer
        state: WriteState | None
        if waiting is not None:
            text, state, when = parse(waiting.payload).text or "", WriteState.of(waiting), None
        else:
            text = (given.text or "") if given else ""
            when = given.date if given else None
            state = WriteState.SENT if answer is not None and given is not None else None
        return cls(question, awaits_answer(question, held), text,
                   state.value if state is not None else "", when, waiting, delete)

    @property
    def id(self) -> int:
        return self.question.id

    @property
    def buyer(self) -> str:
        return buyer_name(self.question.from_)

    @property
    def text(self) -> str:
        return (self.question.question.text if self.question.question else None) or ""

    @property
    def asked_at(self) -> datetime | None:
        return asked_at(self.question)


class Conversation(msgspec.Struct, frozen=True):
    """One conversation: its row as the list counts it, its questions oldest first, and the
    question the composer answers (the oldest waiting)."""

    thread_id: str
    thread: InboxThread | None
    questions: tuple[ConversationQuestion, ...]
    suggestions: tuple[Suggestion, ...] | None = None  # for `target`, when read with it

    @property
    def target(self) -> int | None:
        return next((q.id for q in self.questions if q.can_answer), None)

    def target_for(self, chosen: int | None) -> int | None:
        """The question the composer answers: the one the seller chose while it can still
        be answered, else the oldest waiting."""
        if chosen is not None and any(q.id == chosen and q.can_answer for q in self.questions):
            return chosen
        return self.target

    def find(self, question_id: int) -> ConversationQuestion | None:
        return next((q for q in self.questions if q.id == question_id), None)


def conversation(thread_id: str, thread: InboxThread | None, questions: Iterable[Question],
                 pending: PendingWrites | None, held: Collection[int],
                 suggestions: Iterable[Suggestion] | None = None) -> Conversation:
    """A `Conversation` of cached records and the writes `pending` holds for them."""
    def writes(q: Question) -> RecordWrites:
        key = question_key(q.id)
        return pending.writes(key) if pending is not None else RecordWrites(key)

    return Conversation(thread_id, thread,
                        tuple(ConversationQuestion.of(q, writes(q), held) for q in questions),
                        None if suggestions is None else tuple(suggestions))


__all__ = ["Conversation", "ConversationQuestion", "conversation"]
