"""Beside the composer: the seller's own answers to the questions most like the open one.

Each suggestion is a button showing the question it answered (one line) and the answer (two
lines); Alt+1..3, a click, or Enter on it puts the answer into the composer for editing.
`InboxService.suggestions` reads them from the local store (offline too). Outside text is
painted as plain strings, one line at a time, through `one_line`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QFont,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QVBoxLayout, QWidget

from sellerdesk.services.suggestions import Suggestion
from sellerdesk.ui import theme
from sellerdesk.ui.inbox.thread_model import one_line
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import heading_label

KEYS = ("Alt+1", "Alt+2", "Alt+3")
_PAD_X = 10
_PAD_Y = 6
_ANSWER_LINES = 2


class SuggestionButton(QAbstractButton):
    """One suggestion: its key, the question it answered, and the answer's first lines."""

    def __init__(self, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = number
        self.painted: Callable[[], None] = lambda: None  # told after each paint
        self.suggestion: Suggestion | None = None
        self._question = ""
        self._answer = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)

    def set_suggestion(self, suggestion: Suggestion | None) -> None:
        self.suggestion = suggestion
        self._question = one_line(suggestion.question, 200) if suggestion else ""
        self._answer = one_line(suggestion.answer, 600) if suggestion else ""
        key = KEYS[self.number - 1] if self.number <= len(KEYS) else ""
        self.setText(self._answer)
        self.setAccessibleName(self.tr("Use suggested answer {n}: {answer}").format(
            n=self.number, answer=self._answer) if suggestion else "")
        self.setAccessibleDescription(self.tr("Your answer to: {question}. Shortcut {key}")
                                      .format(question=self._question, key=key)
                                      if suggestion else "")
        self.setVisible(suggestion is not None)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().lineSpacing()
        return QSize(260, (1 + _ANSWER_LINES) * line + 2 * _PAD_Y + 2)

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
        painter.drawText(question_rect, int(Qt.AlignmentFlag.AlignLeft
                                            | Qt.AlignmentFlag.AlignVCenter),
                         painter.fontMetrics().elidedText(self._question,
                                                          Qt.TextElideMode.ElideRight,
                                                          question_rect.width()))
        painter.setFont(self.font())
        painter.setPen(text)
        self._paint_answer(painter, QRect(inner.left(), inner.top() + line, inner.width(),
                                          _ANSWER_LINES * line))
        painter.end()
        self.painted()

    def _paint_answer(self, painter: QPainter, area: QRect) -> None:
        """The answer wrapped over its lines, the last one elided."""
        fm = painter.fontMetrics()
        layout = QTextLayout(self._answer, painter.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        layout.beginLayout()
        starts: list[tuple[int, int]] = []
        while len(starts) < _ANSWER_LINES:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(area.width())
            starts.append((line.textStart(), line.textLength()))
        layout.endLayout()
        for n, (start, length) in enumerate(starts):
            last = n == len(starts) - 1
            piece = self._answer[start:] if last else self._answer[start:start + length]
            shown = fm.elidedText(piece.strip(), Qt.TextElideMode.ElideRight, area.width())
            row = QRect(area.left(), area.top() + n * fm.lineSpacing(), area.width(),
                        fm.lineSpacing())
            painter.drawText(row, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             shown)


class SuggestionPane(QWidget):
    """Up to three suggestions; `chosen(answer)` when one is picked. Hidden when none."""

    chosen = Signal(str)
    # The question id (past 32 bits) whose suggestions are now on screen: painted, or none.
    shown = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question_id: int | None = None
        self._unpainted: int | None = None  # suggestions set, not painted yet, for this id
        self.title = heading_label(self.tr("Your answers to similar questions"), self,
                                   scale=0.95)
        self.title.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.buttons = [SuggestionButton(n, self) for n in range(1, len(KEYS) + 1)]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 10, 20, 14)
        layout.setSpacing(6)
        layout.addWidget(self.title)
        for button in self.buttons:
            button.clicked.connect(self._on_button_clicked)
            layout.addWidget(button)
        self.buttons[0].painted = self._on_first_painted
        layout.addStretch(1)
        self.setAccessibleName(self.tr("Suggested answers"))
        self._actions = []
        for n, key in enumerate(KEYS, start=1):
            action = QAction(self.tr("Use suggested answer {n}").format(n=n), self)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _=False, n=n: self.choose(n))
            self._actions.append(action)
        self.set_suggestions(None, [])

    def shortcut_actions(self) -> list[QAction]:
        """Alt+1..3 (the panel adds them to the window's shortcuts sheet)."""
        return list(self._actions)

    def set_suggestions(self, question_id: int | None, suggestions: list[Suggestion]) -> None:
        self.question_id = question_id
        for n, button in enumerate(self.buttons):
            button.set_suggestion(suggestions[n] if n < len(suggestions) else None)
        for n, action in enumerate(self._actions):
            action.setEnabled(n < len(suggestions))
        self.setVisible(bool(suggestions))
        self._unpainted = question_id if suggestions else None
        if question_id is not None and not suggestions:
            self.shown.emit(question_id)  # nothing to paint: shown as it is, hidden

    def _on_first_painted(self) -> None:
        if self._unpainted is not None:
            question_id, self._unpainted = self._unpainted, None
            self.shown.emit(question_id)

    def suggestions(self) -> list[Suggestion]:
        return [b.suggestion for b in self.buttons if b.suggestion is not None]

    def choose(self, number: int) -> bool:
        """Insert suggestion `number` (1-based); False when there is none."""
        found = self.suggestions()
        if not 1 <= number <= len(found) or not self.isVisible():
            return False
        self.chosen.emit(found[number - 1].answer)
        return True

    def _on_button_clicked(self) -> None:
        button = self.sender()
        if isinstance(button, SuggestionButton) and button.suggestion is not None:
            self.chosen.emit(button.suggestion.answer)
