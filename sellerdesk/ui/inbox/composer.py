"""The answer composer: plain-text editor, character counter, saved replies, Send (Ctrl+Enter).

The composer never clears itself: the panel calls `clear()` once the answer is safely in the
outbox, so what the seller typed survives any failure. A saved reply's `{buyer}` and
`{product}` are filled as it is inserted (`services.suggestions.fill_placeholders`), so what
is shown is what is sent; a `{product}` in an answer to a question about the shop (no
listing) cannot be, so it stays selected for the seller to type over, and Send waits until it
is gone. Answering a group, `{buyer}` stays and becomes each buyer's first name when sent.
A `{buyer}` or `{product}` typed by hand is filled when sent (`InboxService.answer`, with the
same `fill_placeholders`); the preview under the editor shows the answer as the buyer will
read it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.inbox import MAX_ANSWER
from sellerdesk.services.suggestions import (
    PLACEHOLDERS,
    PRODUCT,
    fill_placeholders,
    first_name,
)
from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.inbox.saved_replies import SavedRepliesMenu
from sellerdesk.ui.inbox.thread_model import one_line
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.announce import announce
from sellerdesk.ui.widgets.plain_tooltip import set_plain_tooltip
from sellerdesk.ui.widgets.text import plain_label

WARN_AT = MAX_ANSWER - 200


class AnswerEdit(QPlainTextEdit):
    """Plain text only (pasted HTML arrives as its text); Escape hands focus back."""

    escape_pressed = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escape_pressed.emit()
            return
        super().keyPressEvent(event)


class AnswerComposer(QWidget):
    send_requested = Signal(str)  # the text, not yet stripped
    escape_pressed = Signal()
    focus_released = Signal()  # the editor had the focus and folded: nothing left to answer

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._busy = False
        self._loading = False
        self._has_target = False
        self._buyer = ""
        self._product = ""
        self._group = 0  # answers one Send queues when a group is on (0: just the target)
        self.target = plain_label("", self, wrap=True, muted=True)
        self.editor = AnswerEdit(self)
        self.editor.setAccessibleName(self.tr("Answer"))
        self.editor.setPlaceholderText(self.tr("Write your answer…  Ctrl+Enter sends it."))
        self.editor.setTabChangesFocus(True)
        self.editor.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.editor.textChanged.connect(self._on_editor_text_changed)
        self.editor.escape_pressed.connect(self.escape_pressed)

        self.replies = QPushButton(self.tr("Saved replies"), self)
        self.replies.setAccessibleName(self.tr("Saved replies"))
        self.replies_menu = SavedRepliesMenu(settings, self.editor, self)
        self.replies_menu.reply_chosen.connect(self._on_replies_menu_reply_chosen)
        self.replies.setMenu(self.replies_menu)
        self.notice = plain_label("", self, wrap=True)
        self.notice.setAccessibleName(self.tr("Before sending"))
        self.preview = plain_label("", self, wrap=True, muted=True)
        self.preview.setAccessibleName(self.tr("As the buyer will read it"))
        self.counter = plain_label("", self, muted=True)
        self.counter.setAccessibleName(self.tr("Characters used"))
        self.send = QPushButton(icon("outbox"), self.tr("Send"), self)
        self.send.setAccessibleName(self.tr("Send the answer"))
        self.send.setToolTip(self.tr("Send the answer (Ctrl+Enter)"))
        self.send.clicked.connect(self._on_send_clicked)

        self.send_action = QAction(self.tr("Send the answer"), self)
        self.send_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.send_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.send_action.triggered.connect(self._on_send_clicked)
        self.addAction(self.send_action)

        self._tools = QWidget(self)
        row = QHBoxLayout(self._tools)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        row.addWidget(self.replies)
        row.addStretch(1)
        row.addWidget(self.counter)
        row.addWidget(self.send)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 10, 20, 14)
        layout.setSpacing(6)
        layout.addWidget(self.target)
        layout.addWidget(self.editor)
        layout.addWidget(self.notice)
        layout.addWidget(self.preview)
        layout.addWidget(self._tools)
        QWidget.setTabOrder(self.editor, self.replies)
        QWidget.setTabOrder(self.replies, self.send)
        self.set_target(None)

    def minimumSizeHint(self) -> QSize:
        # Never narrower than its buttons and counter: beside the suggestions, a long
        # caption ("Respuestas guardadas") was cut at both ends instead.
        hint = super().minimumSizeHint()
        margins = self.contentsMargins()
        layout = self.layout()
        if layout is not None:
            margins = layout.contentsMargins()
        tools = self._tools.sizeHint().width() + margins.left() + margins.right()
        return QSize(max(hint.width(), tools), hint.height())

    # ---- What the panel sets. ----------------------------------------------------------------

    def set_context(self, *, buyer: str, product: str) -> None:
        """Who and what the placeholders stand for: the buyer's name and the listing's title
        as they are, "" when unknown or when the question is about the shop."""
        self._buyer, self._product = buyer, product
        self._refresh()

    def set_group(self, answers: int) -> None:
        """How many questions one Send answers (0 or 1: just the target)."""
        self._group = answers if answers > 1 else 0
        self._refresh()

    def problems(self) -> list[str]:
        """Why the text cannot be sent as it is (shown under the editor)."""
        if PRODUCT in self.text() and not self._product:
            return [self.tr("Replace {product} with words of your own: this question is "
                            "about your shop, not about a listing.")]
        return []

    def warnings(self) -> list[str]:
        """What to look at before sending to a group (it does not stop Send)."""
        name = first_name(self._buyer)
        if self._group and len(name) > 2 and name.casefold() in {
                w.casefold() for w in self.text().replace(",", " ").split()}:
            return [self.tr("Your text names {name}: the other buyers would read that name. "
                            "Write {buyer} instead.").format(name=one_line(name, 40),
                                                             buyer="{buyer}")]
        return []

    def filled(self) -> str:
        """The answer as the target's buyer will read it: placeholders filled, as when sent."""
        return fill_placeholders(self.text(), buyer=self._buyer,
                                 product=self._product).strip()

    def insert_text(self, text: str) -> None:
        """Put `text` in at the cursor (a suggested answer) and hand the seller the editor."""
        self.editor.insertPlainText(text)
        self.focus_editor()

    def set_target(self, description: tuple[str, str] | None) -> None:
        """(buyer, question) being answered, or None when nothing in the thread waits."""
        had_focus = self.editor.hasFocus()
        before = self.target.text() if self._has_target else ""
        self._has_target = description is not None
        if description is None:
            self.target.setText(self.tr("Nothing left to answer in this conversation."))
        else:
            buyer, question = description
            self.target.setText(self.tr("Replying to {buyer}: “{question}”").format(
                buyer=one_line(buyer, 60) or self.tr("the buyer"),
                question=one_line(question, 120)))
        set_plain_tooltip(self.target, self.target.text())
        # Heard with the field when it gets the focus; said at once when the question it
        # answers changes under the seller's hands (the one before was just answered).
        self.editor.setAccessibleDescription(self.target.text() if self._has_target else "")
        if had_focus and self._has_target and self.target.text() != before:
            announce(self.editor, self.target.text())
        if had_focus and not self._has_target:
            # The keyboard goes on to the next conversation waiting, before the field
            # folds away (else Qt hands the focus to whatever follows it, for a moment).
            self.focus_released.emit()
        # Nothing to answer: the composer folds to its one line, leaving room to read.
        self.editor.setVisible(self._has_target)
        self._tools.setVisible(self._has_target)
        self._refresh()

    def set_busy(self, busy: bool) -> None:
        """While the answer is being queued the text is frozen (so nothing typed is lost)."""
        self._busy = busy
        self.editor.setReadOnly(busy)
        self._refresh()

    def set_loading(self, loading: bool) -> None:
        """While another thread is being opened nothing can be sent (typing still works)."""
        self._loading = loading
        self._refresh()

    def text(self) -> str:
        return self.editor.toPlainText()

    def set_text(self, text: str) -> None:
        if text != self.text():
            self.editor.setPlainText(text)
            self.editor.moveCursor(self.editor.textCursor().MoveOperation.End)

    def clear(self) -> None:
        self.editor.clear()

    def focus_editor(self) -> None:
        self.editor.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def start_typing(self, text: str) -> bool:
        """A letter typed where no field takes it (the conversation list): the answer starts
        with it, at the editor's cursor, and the editor has the keyboard for the rest. False
        when there is nothing to answer or the text is frozen (the key goes on as it was)."""
        if not self._has_target or self._busy or not text:
            return False
        self.focus_editor()
        self.editor.insertPlainText(text)
        return True

    def can_send(self) -> bool:
        length = len(self.text().strip())
        return (self._has_target and not self._busy and not self._loading
                and 0 < length <= MAX_ANSWER and not self.problems())

    # ---- Internals. --------------------------------------------------------------------------

    def _fit_height(self) -> None:
        """Four lines to start with, growing with the text up to ten, then scrolling."""
        lines = int(self.editor.document().size().height())  # laid-out lines, wraps included
        shown = min(max(lines, 4), 10)
        margins = self.editor.contentsMargins()
        frame = 2 * int(self.editor.document().documentMargin()) + margins.top() + \
            margins.bottom() + 2
        self.editor.setFixedHeight(shown * self.editor.fontMetrics().lineSpacing() + frame)

    def _refresh(self) -> None:
        self._fit_height()
        length = len(self.text().strip())
        self.counter.setText(self.tr("{n} / {limit}").format(n=length, limit=MAX_ANSWER))
        # Its name is the caption; the count shown is read as its description.
        self.counter.setAccessibleDescription(self.counter.text())
        tone = Tone.DANGER if length > MAX_ANSWER else Tone.WARNING if length > WARN_AT else None
        pal = QPalette(self.palette())
        if tone is None:
            self.counter.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        else:
            pal.setColor(QPalette.ColorRole.WindowText, theme.tone_color(tone, pal))
            self.counter.setForegroundRole(QPalette.ColorRole.WindowText)
        self.counter.setPalette(pal)
        if length > MAX_ANSWER:
            self.counter.setToolTip(self.tr("{n} characters over the limit").format(
                n=length - MAX_ANSWER))
        else:
            self.counter.setToolTip("")
        notes = self.problems() + self.warnings()
        self.notice.setText(" ".join(notes))
        self.notice.setVisible(bool(notes) and self._has_target)
        if notes:
            pal.setColor(QPalette.ColorRole.WindowText, theme.tone_color(Tone.WARNING, pal))
            self.notice.setPalette(pal)
        self._show_preview()
        self.send.setText(self.tr("Send %n answers", "", self._group) if self._group
                          else self.tr("Send"))
        self.send.setEnabled(self.can_send())
        self.replies.setEnabled(self._has_target and not self._busy)

    def _show_preview(self) -> None:
        """A typed placeholder is filled when sent: say how the buyer will read it."""
        text = self.text()
        shown = self._has_target and any(p in text for p in PLACEHOLDERS)
        if shown:
            filled = one_line(self.filled(), 300)
            if self._group:
                name = one_line(first_name(self._buyer), 40) or self.tr("the buyer")
                line = self.tr("{name} will read: “{answer}” Each buyer gets their own "
                               "name.").format(name=name, answer=filled)
            else:
                line = self.tr("The buyer will read: “{answer}”").format(answer=filled)
            self.preview.setText(line)
            self.preview.setAccessibleDescription(line)
            set_plain_tooltip(self.preview, line)
        self.preview.setVisible(shown)

    def _on_editor_text_changed(self) -> None:
        self._refresh()

    def _on_send_clicked(self) -> None:
        if self.can_send():
            self.send_requested.emit(self.text())

    def _on_replies_menu_reply_chosen(self, template: str) -> None:
        if self._group:  # each buyer's own name goes in when sent
            text = template.replace(PRODUCT, self._product) if self._product else template
        else:
            text = fill_placeholders(template, buyer=self._buyer, product=self._product)
        cursor = self.editor.textCursor()
        start = cursor.selectionStart()
        self.editor.insertPlainText(text)
        at = text.find(PRODUCT)
        if at >= 0:  # no listing to name: hand the seller the placeholder to type over
            cursor = self.editor.textCursor()
            cursor.setPosition(start + at)
            cursor.setPosition(start + at + len(PRODUCT), cursor.MoveMode.KeepAnchor)
            self.editor.setTextCursor(cursor)
        self.focus_editor()
