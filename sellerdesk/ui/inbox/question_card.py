"""One question of the conversation as a pair of bubbles: the buyer's question on the left,
the seller's answer (sent, or waiting in the outbox with its chip) on the right.

All outside text goes into `PlainLabel`s: a buyer's `<script>` is characters on screen. The
question and the answer are shown exactly as written (multi-line, where a bidi control acts
only within its own paragraph); the one-line parts (the buyer's name, a state) go through
`one_line`.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from sellerdesk.services.suggestions import placeholder_values
from sellerdesk.ui import theme
from sellerdesk.ui.inbox.conversation_model import ConversationItem
from sellerdesk.ui.inbox.thread_model import one_line
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.vocabulary import question_status_text
from sellerdesk.ui.widgets.formatting import format_datetime, format_relative
from sellerdesk.ui.widgets.state_chip import StateChip
from sellerdesk.ui.widgets.text import PlainLabel, plain_label
from sellerdesk.ui.widgets.value_text import ValueText

# Beyond this a question is shown in parts: laying out 100 KB of wrapped text in one label
# costs a visible stall on every resize, and no real question is that long.
SHOWN_CHARS = 6000


class Bubble(QWidget):
    """A rounded, softly tinted box; `highlighted` draws the accent ring of the reply target."""

    def __init__(self, tone: Tone, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tone = tone
        self.highlighted = False
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(12, 8, 12, 9)
        self.body.setSpacing(4)

    def set_highlighted(self, on: bool) -> None:
        if on != self.highlighted:
            self.highlighted = on
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        rect = QRectF(self.rect()).adjusted(0.75, 0.75, -0.75, -0.75)
        color = theme.tone_color(Tone.ACCENT if self.highlighted else self._tone, pal)
        border = color if self.highlighted else theme.mix(color, pal.color(pal.ColorRole.Base),
                                                          0.25)
        painter.setPen(QPen(border, 1.5 if self.highlighted else 1.0))
        painter.setBrush(theme.tone_fill(self._tone, pal, 0.09 if self._tone is Tone.MUTED
                                         else 0.10))
        painter.drawRoundedRect(rect, 10, 10)
        painter.end()


def _time_label(moment: datetime | None, parent: QWidget) -> PlainLabel:
    label = plain_label(format_relative(moment) if moment else "", parent, muted=True)
    label.setToolTip(format_datetime(moment) if moment else "")
    return label


def _flat_button(text: str, accessible: str, parent: QWidget) -> QPushButton:
    button = QPushButton(text, parent)
    button.setFlat(True)
    button.setAccessibleName(accessible)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    return button


class QuestionCard(QWidget):
    """Shows one `ConversationItem`; asks the panel to reply, delete, undo or open the outbox."""

    reply_requested = Signal(object)  # question id (an int past 32 bits)
    delete_requested = Signal(object)  # question id (an int past 32 bits)
    undo_requested = Signal(str)  # outbox entry id
    outbox_requested = Signal()

    def __init__(self, item: ConversationItem, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.item = item
        self._full = False
        self.question = Bubble(Tone.MUTED, self)
        self.buyer = plain_label("", self.question)
        font = self.buyer.font()
        font.setBold(True)
        self.buyer.setFont(font)
        self.asked = _time_label(None, self.question)
        self.status = plain_label("", self.question, muted=True)
        head = QHBoxLayout()
        head.setSpacing(8)
        head.addWidget(self.buyer)
        head.addWidget(self.asked)
        head.addWidget(self.status)
        head.addStretch(1)
        self._qhead, self._ahead = head, QHBoxLayout()
        # The question's words: read-only text in the Tab chain, read by a screen reader's
        # Text interface and named "Question from <buyer>: <words>".
        self.text = ValueText("", self.question)
        self.more = _flat_button(self.tr("Show the whole question"),
                                 self.tr("Show the whole question"), self.question)
        self.more.clicked.connect(self._on_more_clicked)
        # Named by set_item: which question each button acts on (every card has a pair).
        self.reply = _flat_button(self.tr("Reply"), "", self.question)
        self.reply.clicked.connect(self._on_reply_clicked)
        self.delete = _flat_button(self.tr("Delete…"), "", self.question)
        self.delete.clicked.connect(self._on_delete_clicked)
        self.deleting = StateChip(self.tr("Deleting…"), "clock", Tone.WARNING, self.question)
        self.undo = _flat_button(self.tr("Undo"), self.tr("Undo the delete"), self.question)
        self.undo.clicked.connect(self._on_undo_clicked)
        actions = QHBoxLayout()
        actions.setContentsMargins(0, 2, 0, 0)
        actions.setSpacing(2)
        actions.addWidget(self.deleting)
        actions.addWidget(self.undo)
        actions.addWidget(self.reply)
        actions.addWidget(self.delete)
        actions.addStretch(1)
        self._actions = actions
        self.question.body.addLayout(head)
        self.question.body.addWidget(self.text)
        self.question.body.addWidget(self.more, 0, Qt.AlignmentFlag.AlignLeft)
        self.question.body.addLayout(actions)

        self.answer = Bubble(Tone.ACCENT, self)
        self.answer_title = plain_label(self.tr("Your answer"), self.answer)
        self.answer_title.setFont(font)
        self.answered = _time_label(None, self.answer)
        self.chip = StateChip.for_state("queued", self.answer)
        ahead = self._ahead
        ahead.setSpacing(8)
        ahead.addWidget(self.answer_title)
        ahead.addWidget(self.answered)
        ahead.addStretch(1)
        ahead.addWidget(self.chip)
        self.answer_text = plain_label("", self.answer, wrap=True)
        self.answer_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hint = plain_label("", self.answer, wrap=True, muted=True)
        self.open_outbox = _flat_button(self.tr("Open the outbox"), self.tr("Open the outbox"),
                                        self.answer)
        self.open_outbox.clicked.connect(self.outbox_requested)
        self.answer.body.addLayout(ahead)
        self.answer.body.addWidget(self.answer_text)
        self.answer.body.addWidget(self.hint)
        self.answer.body.addWidget(self.open_outbox, 0, Qt.AlignmentFlag.AlignLeft)

        for bubble in (self.question, self.answer):
            # Expanding up to the maximum width `_fit_bubbles` sets: as wide as the text.
            bubble.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        # Conversation layout: question hugs the left, answer the right; the spacer (no
        # stretch) only takes what the bubble does not want.
        qrow = QHBoxLayout()
        qrow.addWidget(self.question, 1)
        qrow.addStretch(0)
        arow = QHBoxLayout()
        arow.addStretch(0)
        arow.addWidget(self.answer, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(qrow)
        layout.addLayout(arow)
        self.set_item(item)

    # ---- Showing an item. --------------------------------------------------------------------

    def set_item(self, item: ConversationItem) -> None:
        if item.id != self.item.id:
            self._full = False  # a card reused for another question starts folded
        self.item = item
        buyer = one_line(item.buyer, 120) or self.tr("Buyer")
        self.buyer.setText(buyer)
        self._set_time(self.asked, item.asked_at)
        self.status.setText(one_line(question_status_text(item.question.status), 60))
        self.status.setVisible(bool(self.status.text()))
        self._show_text()
        deleting = item.pending_delete
        self.deleting.setVisible(deleting is not None)
        self.undo.setVisible(deleting is not None and deleting.state.value == "queued")
        self.reply.setVisible(item.can_answer)
        self.delete.setVisible(deleting is None)
        caption = self.tr("Question from {buyer}").format(buyer=buyer)
        self.question.setAccessibleName(caption)
        self.text.set_caption(caption)
        self._name_actions(buyer)

        text = item.answer_text
        self.answer.setVisible(bool(text))
        self.answer_text.setText(text)
        self._set_time(self.answered, item.answered_at)
        state = item.answer_state
        self.chip.setVisible(bool(state))
        if state:
            self.chip.set_state(state)
        entry = item.pending_answer
        hint = ""
        if state == "conflict":
            why = entry.conflict.message if entry is not None and entry.conflict else ""
            hint = (why or self.tr("This question changed on the shop before your answer "
                               "arrived.")) + " " + self.tr("Open the outbox to compare both "
                                                        "versions and choose one.")
        elif state == "failed" and entry is not None:
            hint = self.tr("Not sent: {reason}").format(reason=entry.last_error or "")
        elif state == "queued" and entry is not None and entry.last_error:
            hint = self.tr("Waiting for the connection; it is sent by itself.")
        self.hint.setText(hint)
        self.hint.setVisible(bool(hint))
        self.open_outbox.setVisible(state in ("conflict", "failed"))
        self._fit_bubbles()

    def _name_actions(self, buyer: str) -> None:
        """Names that say which question a button acts on: its buyer, its listing and its
        first words (one buyer asks several questions about one listing)."""
        _buyer, product = placeholder_values(self.item.question)
        words = one_line(self.item.text, 50)
        if product:
            about = self.tr("{buyer}'s question about {product}: “{question}”").format(
                buyer=buyer, product=one_line(product, 40), question=words)
        else:
            about = self.tr("{buyer}'s question: “{question}”").format(buyer=buyer,
                                                                        question=words)
        self.reply.setAccessibleName(self.tr("Reply to {question}").format(question=about))
        self.delete.setAccessibleName(self.tr("Delete {question}").format(question=about))
        self.undo.setAccessibleName(self.tr("Undo deleting {question}").format(
            question=about))
        self.more.setAccessibleName(self.tr("Show the whole of {question}").format(
            question=about))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_bubbles()

    def _fit_bubbles(self) -> None:
        """Bubbles as wide as their text (up to ~4/5 of the row), like a chat, not slabs."""
        limit = max(240, int(self.width() * 0.8))
        pairs = ((self.question, [self.text], [self._qhead, self._actions]),
                 (self.answer, [self.answer_text, self.hint], [self._ahead]))
        for bubble, labels, rows in pairs:
            natural = 0
            for label in labels:
                if label.isHidden() and label is not self.text:
                    continue
                fm = label.fontMetrics()
                # A few hundred lines are plenty to know the widest; a huge text is capped.
                for line in label.text()[:20_000].splitlines()[:300]:
                    natural = max(natural, fm.horizontalAdvance(line[:400]))
            chrome = max((row.sizeHint().width() for row in rows), default=0)
            margins = bubble.body.contentsMargins()
            width = max(natural, chrome) + margins.left() + margins.right() + 4
            bubble.setMaximumWidth(min(limit, width))

    def _show_text(self) -> None:
        text = self.item.text
        long = len(text) > SHOWN_CHARS and not self._full
        self.text.set_text(text[:SHOWN_CHARS] + "…" if long else text)
        self.more.setVisible(long)

    @staticmethod
    def _set_time(label: PlainLabel, moment: datetime | None) -> None:
        label.setText(format_relative(moment) if moment else "")
        label.setToolTip(format_datetime(moment) if moment else "")
        label.setVisible(moment is not None)

    def refresh_times(self) -> None:
        self._set_time(self.asked, self.item.asked_at)
        self._set_time(self.answered, self.item.answered_at)

    def set_target(self, on: bool) -> None:
        """Mark this question as the one the composer answers."""
        self.question.set_highlighted(on)

    # ---- Slots. ------------------------------------------------------------------------------

    def _on_more_clicked(self) -> None:
        self._full = True
        self._show_text()

    def _on_reply_clicked(self) -> None:
        self.reply_requested.emit(self.item.id)

    def _on_delete_clicked(self) -> None:
        self.delete_requested.emit(self.item.id)

    def _on_undo_clicked(self) -> None:
        entry = self.item.pending_delete
        if entry is not None:
            self.undo_requested.emit(entry.id)
