"""The open conversation's model: one row per question, with its answer or unsent writes."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from datetime import datetime
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QByteArray, QObject, QPersistentModelIndex, Qt

from sellerdesk.services.outbox.settle import parse
from sellerdesk.services.people import buyer_name
from sellerdesk.services.triage import is_open
from sellerdesk.services.types import IntentKind, OutboxEntry, Question, QuestionStatus
from sellerdesk.ui.widgets.keyed_model import Index, KeyedModel


class ConversationRole(IntEnum):
    ITEM = Qt.ItemDataRole.UserRole + 1  # the ConversationItem
    QUESTION_ID = Qt.ItemDataRole.UserRole + 2
    BUYER = Qt.ItemDataRole.UserRole + 3
    ASKED_AT = Qt.ItemDataRole.UserRole + 4  # datetime or None
    ANSWER_TEXT = Qt.ItemDataRole.UserRole + 5  # the answer, sent or waiting; "" if none
    ANSWER_STATE = Qt.ItemDataRole.UserRole + 6  # "queued", "sent", "conflict"... or ""
    DELETING = Qt.ItemDataRole.UserRole + 7  # bool: a delete waits in the outbox
    CAN_ANSWER = Qt.ItemDataRole.UserRole + 8  # bool


@dataclass(frozen=True)
class ConversationItem:
    """A question as the seller sees it: the cached record plus the writes not yet settled."""

    question: Question
    pending: tuple[OutboxEntry, ...] = ()
    sent: bool = False  # answered from this app during this session (shows *sent*)

    @property
    def id(self) -> int:
        return self.question.id

    def _latest(self, kind: IntentKind) -> OutboxEntry | None:
        found = [e for e in self.pending if e.kind is kind]
        return max(found, key=lambda e: e.seq) if found else None

    @property
    def pending_answer(self) -> OutboxEntry | None:
        return self._latest(IntentKind.ANSWER)

    @property
    def pending_delete(self) -> OutboxEntry | None:
        return self._latest(IntentKind.DELETE_QUESTION)

    @property
    def buyer(self) -> str:
        return buyer_name(self.question.from_)

    @property
    def text(self) -> str:
        return (self.question.question.text if self.question.question else None) or ""

    @property
    def asked_at(self) -> datetime | None:
        q = self.question
        return (q.question.date if q.question else None) or q.creation_date

    @property
    def answer_text(self) -> str:
        entry = self.pending_answer
        if entry is not None:
            return parse(entry.payload).text or ""
        answer = self.question.answer
        return (answer.text or "") if answer else ""

    @property
    def answered_at(self) -> datetime | None:
        answer = self.question.answer
        return answer.date if answer and self.pending_answer is None else None

    @property
    def answer_state(self) -> str:
        """The chip under the answer: the unsent write's state, or *sent* once it went."""
        entry = self.pending_answer
        if entry is not None:
            return entry.state.value  # queued, sending, conflict, failed
        if self.sent and self.question.answer is not None:
            return "sent"
        return ""

    @property
    def answered(self) -> bool:
        return self.question.status is QuestionStatus.ANSWERED or (
            self.question.answer is not None and bool(self.question.answer.text))

    @property
    def can_answer(self) -> bool:
        """Waiting for an answer, as the list and the header count it (services/triage.py)."""
        return (is_open(self.question) and self.pending_answer is None
                and self.pending_delete is None)


class ConversationModel(KeyedModel[ConversationItem]):
    """Questions oldest first; `update()` keeps rows (and the view's bubbles) in place."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread_id: str | None = None

    def key(self, item: ConversationItem) -> Hashable:
        return item.id

    def roleNames(self) -> dict[int, Any]:
        names = dict(super().roleNames())
        for role in ConversationRole:
            names[int(role)] = QByteArray(role.name.lower().encode())
        return names

    def show_conversation(self, items: list[ConversationItem]) -> None:
        """Another conversation: every row is new, so one reset says it (the view then
        refills the bubbles it has instead of taking them down and building new ones).
        Changes within a conversation go through `update()`, row by row."""
        self.beginResetModel()
        self._items = list(items)
        self._keys = [self.key(item) for item in self._items]
        self.endResetModel()

    def first_answerable(self) -> int | None:
        """The oldest question still waiting for an answer: where the composer replies."""
        for item in self._items:
            if item.can_answer:
                return item.id
        return None

    def find(self, question_id: int) -> ConversationItem | None:
        row = self.row_of(question_id)
        return self.item(row)

    def data(self, index: Index | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item_at(index)
        if item is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return item.text
        if role == ConversationRole.ITEM:
            return item
        if role == ConversationRole.QUESTION_ID:
            return item.id
        if role == ConversationRole.BUYER:
            return item.buyer
        if role == ConversationRole.ASKED_AT:
            return item.asked_at
        if role == ConversationRole.ANSWER_TEXT:
            return item.answer_text
        if role == ConversationRole.ANSWER_STATE:
            return item.answer_state
        if role == ConversationRole.DELETING:
            return item.pending_delete is not None
        if role == ConversationRole.CAN_ANSWER:
            return item.can_answer
        return None
