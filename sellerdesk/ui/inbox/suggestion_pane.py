"""Beside the composer: the seller's own answers to the questions most like the open one.

Each suggestion that fits is a button showing the question it answered (one line, the words
it shares with the open question marked) and the answer (one line; the whole of it in the
button's tooltip and accessible name); Alt+1..3, a click, or Enter on it puts the answer into
the composer for editing. An answer to another colour, size, model or number
(`Suggestion.mismatch`) is never a button: it is listed under them, saying why it was left
out, and with no answer that fits the pane says "No close match".

The pane folds to its title (Alt+0, remembered between runs) and never takes more height
than `set_room` gives it (the thread view keeps the conversation most of its height); what
does not fit scrolls. `InboxService.suggestions` reads them from the local store (offline
too). Outside text is painted as plain strings, one line at a time, through `one_line`;
marks are character formats of a text layout, never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.attributes import Kind, Mismatch, Reason
from sellerdesk.services.suggestions import Suggestion, word_spans
from sellerdesk.ui import settings as keys
from sellerdesk.ui import theme
from sellerdesk.ui.inbox.thread_model import one_line
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import plain_label

if TYPE_CHECKING:
    from PySide6.QtGui import QTextCharFormat

KEYS = ("Alt+1", "Alt+2", "Alt+3")
TOGGLE_KEY = "Alt+0"
_PAD_X = 10
_PAD_Y = 5


class SuggestionButton(QAbstractButton):
    """One suggestion: its key, the question it answered (shared words marked), the answer."""

    def __init__(self, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = number
        self.painted: Callable[[], None] = lambda: None  # told after each paint
        self.suggestion: Suggestion | None = None
        self._question = ""
        self._answer = ""
        self._marks: list[tuple[int, int]] = []
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)

    def set_suggestion(self, suggestion: Suggestion | None) -> None:
        self.suggestion = suggestion
        self._question = one_line(suggestion.question, 200) if suggestion else ""
        self._answer = one_line(suggestion.answer, 600) if suggestion else ""
        self._marks = word_spans(self._question, suggestion.matched) if suggestion else []
        key = KEYS[self.number - 1] if self.number <= len(KEYS) else ""
        self.setText(self._answer)
        self.setToolTip(self._answer)
        self.setAccessibleName(self.tr("Use suggested answer {n}: {answer}").format(
            n=self.number, answer=self._answer) if suggestion else "")
        described = ""
        if suggestion:
            described = self.tr("Your answer to: {question}. Shortcut {key}").format(
                question=self._question, key=key)
            words = self.marked_words()
            if words:
                described += " " + self.tr("Words in common: {words}").format(
                    words=", ".join(words))
        self.setAccessibleDescription(described)
        self.setVisible(suggestion is not None)
        self.updateGeometry()
        self.update()

    def marked_words(self) -> list[str]:
        """The words of the past question marked as shared with the open one, as shown."""
        return [self._question[a:b] for a, b in self._marks]

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().lineSpacing()
        return QSize(260, 2 * line + 2 * _PAD_Y + 2)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, self.sizeHint().height())

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        accent = theme.tone_color(Tone.ACCENT, pal)
        hovered = self.underMouse() or self.isDown()
        rect = self.rect().adjusted(1, 1, -1, -1)
        painter.setPen(QPen(accent if self.hasFocus() else theme.mix(text, base, 0.18),
                            1.5 if self.hasFocus() else 1.0))
        painter.setBrush(theme.mix(accent, base, 0.12 if hovered else 0.05))
        painter.drawRoundedRect(rect, 7, 7)

        fm = self.fontMetrics()
        line = fm.lineSpacing()
        inner = rect.adjusted(_PAD_X, _PAD_Y, -_PAD_X, -_PAD_Y)
        small = QFont(self.font())
        if small.pointSizeF() > 0:
            small.setPointSizeF(small.pointSizeF() * 0.9)
        key = KEYS[self.number - 1] if self.number <= len(KEYS) else ""
        painter.setFont(small)
        key_w = painter.fontMetrics().horizontalAdvance(key) + 10
        key_rect = QRect(inner.right() - key_w + 1, inner.top(), key_w, line)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.mix(text, base, 0.10))
        painter.drawRoundedRect(key_rect, line / 2, line / 2)
        muted = theme.mix(text, base, 0.6)
        painter.setPen(muted)
        painter.drawText(key_rect, int(Qt.AlignmentFlag.AlignCenter), key)
        question_rect = QRect(inner.left(), inner.top(), inner.width() - key_w - 6, line)
        self._paint_question(painter, question_rect, small, muted, text)
        painter.setFont(self.font())
        painter.setPen(text)
        answer_rect = QRect(inner.left(), inner.top() + line, inner.width(), line)
        painter.drawText(answer_rect, int(Qt.AlignmentFlag.AlignLeft
                                          | Qt.AlignmentFlag.AlignVCenter),
                         fm.elidedText(self._answer, Qt.TextElideMode.ElideRight,
                                       answer_rect.width()))
        painter.end()
        self.painted()

    def _paint_question(self, painter: QPainter, area: QRect, font: QFont, muted: QColor,
                        strong: QColor) -> None:
        """The past question on one line, elided, its shared words bold in the text colour:
        a text layout with character formats over plain text (no markup is parsed)."""
        shown = painter.fontMetrics().elidedText(self._question, Qt.TextElideMode.ElideRight,
                                                 area.width())
        layout = QTextLayout(shown, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.NoWrap)
        layout.setTextOption(option)
        formats = []
        cut = len(shown) - 1 if shown != self._question else len(shown)  # before the "…"
        for start, end in self._marks:
            end = min(end, cut)
            if start >= end:
                continue
            mark = QTextLayout.FormatRange()
            mark.start, mark.length = start, end - start
            fmt = _char_format()
            fmt.setFontWeight(QFont.Weight.Bold)
            fmt.setForeground(strong)
            mark.format = fmt
            formats.append(mark)
        layout.setFormats(formats)
        layout.beginLayout()
        row = layout.createLine()
        if row.isValid():
            row.setLineWidth(area.width())
        layout.endLayout()
        painter.setPen(muted)
        top = area.top() + (area.height() - painter.fontMetrics().lineSpacing()) / 2
        layout.draw(painter, QPointF(area.left(), top))


class SuggestionPane(QWidget):
    """Up to three suggestions; `chosen(answer)` when one is picked. Hidden when nothing is
    being answered; folded to its title when the seller folds it."""

    chosen = Signal(str)
    # The question id (past 32 bits) whose suggestions are now on screen: painted, or none.
    shown = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, settings: Settings | None = None
                 ) -> None:
        super().__init__(parent)
        self._settings = settings
        self.question_id: int | None = None
        self._unpainted: int | None = None  # suggestions set, not painted yet, for this id
        self._found: list[Suggestion] = []
        self.title = QToolButton(self)
        self.title.setText(self.tr("Answered before"))
        self.title.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.title.setAutoRaise(True)
        self.title.setCheckable(True)
        font = QFont(self.title.font())
        font.setBold(True)
        self.title.setFont(font)
        self.title.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.title.setAccessibleName(self.tr("Suggested answers"))
        self.title.toggled.connect(self.set_expanded)

        self.body = QWidget(self)
        self.buttons = [SuggestionButton(n, self.body) for n in range(1, len(KEYS) + 1)]
        self.none = plain_label(self.tr("No close match among your past answers."), self.body,
                                wrap=True, muted=True)
        self.none.setAccessibleName(self.none.text())
        self.left_out = [plain_label("", self.body, wrap=True) for _ in KEYS]
        inner = QVBoxLayout(self.body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(4)
        for button in self.buttons:
            button.clicked.connect(self._on_button_clicked)
            inner.addWidget(button)
        inner.addWidget(self.none)
        for label in self.left_out:
            inner.addWidget(label)
        inner.addStretch(1)
        self.buttons[0].painted = self._on_first_painted
        self.area = QScrollArea(self)
        self.area.setWidget(self.body)
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # A screen reader names a scroll bar by what it scrolls.
        self.area.verticalScrollBar().setAccessibleName(self.tr("Suggested answers"))
        self.area.viewport().setAutoFillBackground(False)
        self.body.setAutoFillBackground(False)
        self.area.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 20, 8)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.area, 1)
        self.setAccessibleName(self.tr("Suggested answers"))

        self.toggle_action = QAction(self.tr("Show suggested answers"), self)
        self.toggle_action.setCheckable(True)
        self.toggle_action.setShortcut(QKeySequence(TOGGLE_KEY))
        self.toggle_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.toggle_action.toggled.connect(self.set_expanded)
        self._actions = []
        for n, key in enumerate(KEYS, start=1):
            action = QAction(self.tr("Use suggested answer {n}").format(n=n), self)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _=False, n=n: self.choose(n))
            self._actions.append(action)
        self._expanded = True
        self.set_expanded(settings.get(keys.INBOX_SUGGESTIONS_SHOWN) if settings else True,
                          remember=False)
        self.set_suggestions(None, [])

    def shortcut_actions(self) -> list[QAction]:
        """Alt+1..3 and Alt+0 (the panel adds them to the window's shortcuts sheet)."""
        return [*self._actions, self.toggle_action]

    # ---- Folding. ----------------------------------------------------------------------------

    def expanded(self) -> bool:
        return self._expanded

    def set_expanded(self, expanded: bool, *, remember: bool = True) -> None:
        """Show the suggestions, or fold the pane to its title (remembered between runs)."""
        changed = expanded != self._expanded
        self._expanded = expanded
        for control in (self.title, self.toggle_action):
            if control.isChecked() != expanded:
                control.blockSignals(True)
                control.setChecked(expanded)
                control.blockSignals(False)
        self.title.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self.title.setToolTip((self.tr("Hide suggested answers ({key})") if expanded
                               else self.tr("Show suggested answers ({key})"))
                              .format(key=TOGGLE_KEY))
        self.title.setAccessibleDescription(
            (self.tr("Shown. {key} hides them.") if expanded
             else self.tr("Hidden. {key} shows them.")).format(key=TOGGLE_KEY))
        self.area.setVisible(expanded)
        self._enable_keys()
        if remember and changed and self._settings is not None:
            self._settings.set(keys.INBOX_SUGGESTIONS_SHOWN, expanded)
        if not expanded and self.focusWidget() in self.buttons:
            self.title.setFocus(Qt.FocusReason.OtherFocusReason)  # its button just went away
        self.updateGeometry()

    def set_room(self, height: int) -> None:
        """The most height the pane may take; its suggestions scroll within it."""
        if self.maximumHeight() != height:
            self.setMaximumHeight(max(height, self.title.sizeHint().height() + 14))

    # ---- What is shown. ----------------------------------------------------------------------

    def set_suggestions(self, question_id: int | None, suggestions: list[Suggestion]) -> None:
        self.question_id = question_id
        self._found = list(suggestions)
        fits = [s for s in suggestions if s.fits]
        for n, button in enumerate(self.buttons):
            button.set_suggestion(fits[n] if n < len(fits) else None)
        left = [s for s in suggestions if not s.fits][:len(KEYS) - len(fits)]
        for n, label in enumerate(self.left_out):
            shown = left[n] if n < len(left) else None
            text = self.left_out_line(shown) if shown is not None else ""
            label.setText(text)
            label.setAccessibleName(text)
            label.setVisible(shown is not None)
            if shown is not None:
                pal = QPalette(label.palette())
                pal.setColor(QPalette.ColorRole.WindowText, theme.tone_color(Tone.WARNING, pal))
                label.setPalette(pal)
        self.none.setVisible(question_id is not None and not fits)
        self._enable_keys()
        self.setVisible(question_id is not None)
        painting = bool(fits) and self._expanded
        self._unpainted = question_id if painting else None
        if question_id is not None and not painting:
            self.shown.emit(question_id)  # nothing to wait for: shown as it is

    def left_out_line(self, suggestion: Suggestion) -> str:
        """Why `suggestion` is not offered, with the question it answered."""
        reason = self.why(suggestion.mismatch) if suggestion.mismatch else ""
        return self.tr("“{question}”: {reason}").format(
            question=one_line(suggestion.question, 120), reason=reason)

    def why(self, found: Mismatch) -> str:
        theirs = ", ".join(one_line(t, 40) for t in found.theirs)
        ours = ", ".join(one_line(t, 40) for t in found.ours)
        if found.reason is Reason.OTHER_VALUE:
            text = {Kind.COLOUR: self.tr("answers a different colour: {theirs}"),
                    Kind.SIZE: self.tr("answers a different size: {theirs}"),
                    Kind.MODEL: self.tr("answers a different model: {theirs}"),
                    Kind.NUMBER: self.tr("answers a different number: {theirs}")}[found.kind]
            return text.format(theirs=theirs)
        if found.reason is Reason.OTHER_KIND:
            return self.tr("answers about {theirs}, not {ours}").format(theirs=theirs,
                                                                       ours=ours)
        return self.tr("does not mention {ours}").format(ours=ours)

    def _enable_keys(self) -> None:
        """Alt+1..3 stay taken with nothing to insert (`choose` does nothing then): a
        disabled shortcut lets the key through, and the editor would type a "1"."""
        for action in self._actions:
            action.setEnabled(self.question_id is not None)

    def _on_first_painted(self) -> None:
        if self._unpainted is not None:
            question_id, self._unpainted = self._unpainted, None
            self.shown.emit(question_id)

    def suggestions(self) -> list[Suggestion]:
        """The answers offered (the ones that fit), in their keys' order."""
        return [b.suggestion for b in self.buttons if b.suggestion is not None]

    def left_out_suggestions(self) -> list[Suggestion]:
        """The answers read for this question and not offered: another colour, size..."""
        return [s for s in self._found if not s.fits]

    def left_out_lines(self) -> list[str]:
        return [label.text() for label in self.left_out if not label.isHidden()]

    def choose(self, number: int) -> bool:
        """Insert suggestion `number` (1-based); False when there is none."""
        found = self.suggestions()
        if not 1 <= number <= len(found) or not self.isVisible() or not self._expanded:
            return False
        self.chosen.emit(found[number - 1].answer)
        return True

    def _on_button_clicked(self) -> None:
        button = self.sender()
        if isinstance(button, SuggestionButton) and button.suggestion is not None:
            self.chosen.emit(button.suggestion.answer)


__all__ = ["KEYS", "TOGGLE_KEY", "SuggestionButton", "SuggestionPane"]


def _char_format() -> QTextCharFormat:
    """A new character format; QTextCharFormat is named when a suggestion's words are first
    marked, not at import: its enum types (and QTextFormat's) cost the first paint ~5 ms."""
    from PySide6.QtGui import QTextCharFormat

    return QTextCharFormat()
