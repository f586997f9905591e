"""A record's value as a screen reader and a keyboard need it: read-only text in the Tab chain.

A QLabel reaches AT-SPI without a Text interface, so a reader cannot read it by character or
word, and a selectable label is no Tab stop. This is a read-only, frameless QTextEdit that
looks like a label: plain text only (outside words never become markup), wrapped to the
width it is given and as tall as its text, named "caption: value" so a value is never heard
without what it is (the caption, a QLabel whose buddy this is, gives the labelled-by
relation).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QFocusEvent, QPalette, QResizeEvent, QTextDocument, QTextOption
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextEdit, QWidget

_HINT_WIDTH = 320  # px: the widest a value asks for; the layout may give it more or less
# A visible focus mark that keeps the text where it was (the border is always 1 px).
_STYLE = ("ValueText { border: 1px solid transparent; border-radius: 3px; "
          "background: transparent; }"
          "ValueText:focus { border: 1px solid palette(highlight); }")


class ValueText(QTextEdit):
    """Read-only plain text, selectable by keyboard and mouse, a Tab stop."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, wrap: bool = True,
                 muted: bool = False) -> None:
        super().__init__(parent)
        self._caption = ""
        self._text = ""
        self._wrap = wrap
        self.setReadOnly(True)
        self.setAcceptRichText(False)
        self.setUndoRedoEnabled(False)
        self.setTabChangesFocus(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard
                                     | Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setStyleSheet(_STYLE)
        self.viewport().setAutoFillBackground(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth if wrap
                             else QTextEdit.LineWrapMode.NoWrap)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.document().setDocumentMargin(0)
        if muted:  # a palette role, not a colour, so it follows light/dark switches
            self.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            pal = self.palette()
            pal.setColor(QPalette.ColorRole.Text, pal.color(QPalette.ColorRole.PlaceholderText))
            self.setPalette(pal)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        # A long unbreakable string must not widen the pane: it wraps anywhere instead.
        self.setMinimumWidth(40)
        self.set_text(text)

    # ---- Text and name. -----------------------------------------------------------------------

    def set_text(self, text: str) -> None:
        self._text = text  # as given: toPlainText() turns no-break spaces into spaces
        self.setPlainText(text)
        self._measured = -1
        self._name()
        self.updateGeometry()

    def text(self) -> str:
        return self._text

    def set_caption(self, caption: str) -> None:
        """What the value is, said before it ("Feedback from the buyer: Pending")."""
        self._caption = caption
        self._name()

    def _name(self) -> str:
        text = self._text
        said = QCoreApplication.translate("ValueText", "{caption}: {value}")
        name = said.format(caption=self._caption, value=text) if self._caption else text
        self.setAccessibleName(name)
        return name

    # ---- Size: as tall as the text at the width given. ----------------------------------------

    def _chrome(self) -> int:
        """The border's width on both sides (the style sheet's, kept when unfocused)."""
        return 2 * self.frameWidth()

    def _height_at(self, width: int) -> int:
        doc = QTextDocument()
        doc.setDefaultFont(self.font())
        doc.setDocumentMargin(0)
        option = QTextOption()
        option.setWrapMode(self.wordWrapMode() if self._wrap else QTextOption.WrapMode.NoWrap)
        doc.setDefaultTextOption(option)
        doc.setPlainText(self._text or " ")
        if self._wrap:
            doc.setTextWidth(max(1, width - self._chrome()))
        return math.ceil(doc.size().height()) + self._chrome()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width != self._measured:
            self._measured = width
            self._measured_height = self._height_at(width)
        return self._measured_height

    def sizeHint(self) -> QSize:
        ideal = math.ceil(self.document().idealWidth()) + self._chrome() + 2
        width = min(ideal, _HINT_WIDTH) if self._wrap else ideal
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(40, self.heightForWidth(self.width() if self.width() > 40 else 40))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        height = self.heightForWidth(self.width())
        if height != self.height():
            self.setFixedHeight(height)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.ensureCursorVisible()
