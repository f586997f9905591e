"""A view of `ConversationModel`: one `QuestionCard` per row in a scroll area.

Bubbles with wrapped, selectable text and buttons are widgets, not delegate paintings; this
class keeps them in step with the model's row signals (insert, remove, move, dataChanged), so
a queued answer turning *sent* updates one card and the scroll position stays put.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from sellerdesk.ui.inbox.conversation_model import ConversationModel, ConversationRole
from sellerdesk.ui.inbox.question_card import QuestionCard
from sellerdesk.ui.widgets.text import plain_label

Index = QModelIndex | QPersistentModelIndex
REVEAL_WINDOW_S = 0.6
SPARE_CARDS = 24  # cards kept aside for reuse: a conversation rarely holds more


class ConversationView(QScrollArea):
    reply_requested = Signal(object)
    delete_requested = Signal(object)
    undo_requested = Signal(str)
    outbox_requested = Signal()

    def __init__(self, model: ConversationModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.cards: list[QuestionCard] = []
        self._spare: list[QuestionCard] = []
        self._target: int | None = None
        self._reveal: tuple[int | None, float] | None = None
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its buttons take focus, not the area
        self.setAccessibleName(self.tr("Conversation"))
        self.verticalScrollBar().setAccessibleName(self.tr("Conversation"))
        self._content = QWidget(self)
        self._content.setAccessibleName(self.tr("Questions and answers"))
        self._layout = QVBoxLayout(self._content)
        self._layout.setContentsMargins(20, 14, 20, 14)
        self._layout.setSpacing(14)
        self.nothing = plain_label(self.tr("No questions left in this conversation."),
                                   self._content, muted=True)
        self.nothing.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._layout.addWidget(self.nothing)
        self._layout.addStretch(1)  # cards go above it, so a short chat starts at the top
        self.setWidget(self._content)
        self.viewport().setAutoFillBackground(False)
        self._content.setAutoFillBackground(False)

        self.verticalScrollBar().rangeChanged.connect(self._on_reveal_due)
        model.rowsInserted.connect(self._on_model_rows_inserted)
        model.rowsRemoved.connect(self._on_model_rows_removed)
        model.rowsMoved.connect(self._on_model_rows_moved)
        model.dataChanged.connect(self._on_model_data_changed)
        model.modelReset.connect(self._on_model_reset)
        model.layoutChanged.connect(self._on_model_reset)
        self._on_model_reset()

    # ---- The reply target and scrolling. -----------------------------------------------------

    def set_target(self, question_id: int | None) -> None:
        self._target = question_id
        for card in self.cards:
            card.set_target(card.item.id == question_id)

    def refresh_times(self) -> None:
        for card in self.cards:
            card.refresh_times()

    def card_for(self, question_id: int) -> QuestionCard | None:
        return next((c for c in self.cards if c.item.id == question_id), None)

    def reveal(self, question_id: int | None) -> None:
        """Scroll so that question's card (None: the end) is in view. Cards are laid out
        after they are made, so the scroll is repeated while the content grows just after."""
        self._reveal = (question_id, time.monotonic() + REVEAL_WINDOW_S)
        QTimer.singleShot(0, self, self._on_reveal_due)

    def _on_reveal_due(self, *_: object) -> None:
        if self._reveal is None:
            return
        question_id, until = self._reveal
        if time.monotonic() > until:
            self._reveal = None
            return
        self._reveal_now(question_id)

    def _reveal_now(self, question_id: int | None) -> None:
        card = self.card_for(question_id) if question_id is not None else None
        if card is None:
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())
            return
        self.ensureWidgetVisible(card, 0, 24)

    # ---- Following the model. ----------------------------------------------------------------

    def _make_card(self, row: int) -> QuestionCard:
        item = self.model.data(self.model.index(row, 0), ConversationRole.ITEM)
        if self._spare:  # a card of an earlier conversation: far cheaper than a new one
            card = self._spare.pop()
            card.set_item(item)
            card.show()
        else:
            card = QuestionCard(item, self._content)
            card.reply_requested.connect(self.reply_requested)
            card.delete_requested.connect(self.delete_requested)
            card.undo_requested.connect(self.undo_requested)
            card.outbox_requested.connect(self.outbox_requested)
        card.set_target(item.id == self._target)
        return card

    def _drop(self, card: QuestionCard) -> None:
        """A card whose question left: kept aside (hidden) for the next conversation."""
        self._layout.removeWidget(card)
        card.hide()
        if len(self._spare) < SPARE_CARDS:
            self._spare.append(card)
        else:
            card.deleteLater()

    def _on_model_rows_inserted(self, _parent: Index, first: int, last: int) -> None:
        for row in range(first, last + 1):
            card = self._make_card(row)
            self.cards.insert(row, card)
            self._layout.insertWidget(row, card)
        self.nothing.setVisible(not self.cards)
        self._fix_tab_order()

    def _on_model_rows_removed(self, _parent: Index, first: int, last: int) -> None:
        for card in self.cards[first:last + 1]:
            self._drop(card)
        del self.cards[first:last + 1]
        self.nothing.setVisible(not self.cards)

    def _on_model_rows_moved(self, _parent: Index, start: int, end: int, _dest: Index,
                             row: int) -> None:
        moving = self.cards[start:end + 1]
        del self.cards[start:end + 1]
        at = row if row < start else row - len(moving)
        self.cards[at:at] = moving
        for card in moving:
            self._layout.removeWidget(card)
        for offset, card in enumerate(moving):
            self._layout.insertWidget(at + offset, card)
        self._fix_tab_order()

    def _on_model_data_changed(self, top_left: Index, bottom_right: Index,
                               _roles: list[int] | None = None) -> None:
        for row in range(top_left.row(), bottom_right.row() + 1):
            item = self.model.data(self.model.index(row, 0), ConversationRole.ITEM)
            if item is not None and row < len(self.cards):
                self.cards[row].set_item(item)

    def _on_model_reset(self) -> None:
        """Every row changed (another conversation): the cards on screen show the new rows
        in place, as many as there are; the rest go aside or are added."""
        count = self.model.rowCount()
        for card in self.cards[count:]:
            self._drop(card)
        del self.cards[count:]
        for row, card in enumerate(self.cards):
            item = self.model.data(self.model.index(row, 0), ConversationRole.ITEM)
            card.set_item(item)
            card.set_target(item.id == self._target)
        self.nothing.setVisible(not count)
        if count > len(self.cards):
            self._on_model_rows_inserted(QModelIndex(), len(self.cards), count - 1)

    def _fix_tab_order(self) -> None:
        """Tab walks the cards top to bottom, whatever order they were created in."""
        previous: QWidget | None = None
        for card in self.cards:
            for widget in (card.more, card.undo, card.reply, card.delete, card.open_outbox):
                if previous is not None:
                    QWidget.setTabOrder(previous, widget)
                previous = widget
