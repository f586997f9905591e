"""Labels for text SellerDesk did not write: buyers' questions, names, snippets.

QLabel guesses whether its text is rich text, so `<b>x</b>` from a buyer would render bold
(and `<img src=...>` would fetch). Every label that can show outside text is made here, with
the format pinned to plain text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
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
