"""Labels for text SellerDesk did not write: buyers' questions, names, snippets.

QLabel guesses whether its text is rich text, so `<b>x</b>` from a buyer would render bold
(and `<img src=...>` would fetch). Every label that can show outside text is made here, with
the format pinned to plain text.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class PlainLabel(QLabel):
    """A QLabel that only ever shows its text literally."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        super().setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setTextFormat(self, fmt: Qt.TextFormat) -> None:
        """Refused: this label is plain text by contract."""
        if fmt != Qt.TextFormat.PlainText:
            raise ValueError("PlainLabel shows plain text only")
        super().setTextFormat(fmt)


class ElidingLabel(PlainLabel):
    """One plain line that gives way to its neighbours: short of room, it ends in "…" instead
    of pushing them out of a crowded bar. Its text (and so its accessible name) stays whole."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *,
                 min_chars: int = 8) -> None:
        super().__init__(text, parent)
        self._min_chars = min_chars
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        room = self.fontMetrics().horizontalAdvance("x" * self._min_chars + "…")
        return QSize(min(hint.width(), room), hint.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                              rect.width())
        painter = QPainter(self)
        self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(),
                                  self.isEnabled(), shown, self.foregroundRole())


def plain_label(text: str = "", parent: QWidget | None = None, *, wrap: bool = False,
                selectable: bool = False, muted: bool = False) -> PlainLabel:
    """A label for untrusted or user-supplied text."""
    label = PlainLabel(text, parent)
    label.setWordWrap(wrap)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                      | Qt.TextInteractionFlag.TextSelectableByKeyboard)
    if muted:  # a palette role, not a colour, so it follows light/dark switches
        label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def heading_label(text: str, parent: QWidget | None = None, *, scale: float = 1.35,
                  bold: bool = True) -> PlainLabel:
    """A title line: the application font, larger, for a panel or a section."""
    label = PlainLabel(text, parent)
    font = QFont(label.font())
    size = font.pointSizeF()
    if size > 0:
        font.setPointSizeF(size * scale)
    font.setBold(bold)
    label.setFont(font)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return label
