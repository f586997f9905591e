"""The open conversation's model: one row per question, with its answer or unsent writes."""

from __future__ import annotations

from collections.abc import Hashable
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QByteArray, QObject, QPersistentModelIndex, Qt

from sellerdesk.services.conversation import ConversationQuestion
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


# A row: a question with what the seller's writes make of it, worked out by the service
# (`services/conversation.py`: can it be answered, the answer's text and write state).
ConversationItem = ConversationQuestion


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
