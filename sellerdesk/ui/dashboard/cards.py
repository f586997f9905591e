"""A figure card: a big number with what it counts and a line of detail; a click opens the
view that lists what is counted ("To ship 71" opens the orders to ship).

A button, so it takes focus, answers Space/Enter and is announced as one control with a
name ("To ship: 71") and a description (its detail and where it leads).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import PlainLabel, plain_label


class FigureCard(QAbstractButton):
    """Title on top, the figure large, a muted detail line; painted from the palette."""

    def __init__(self, title: str, icon_name: str, leads_to: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._icon_name = icon_name
        self._leads_to = leads_to  # "Opens the orders to ship", said after the detail
        self._tone = Tone.TEXT
        self.setText(title)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        # Minimum height: cards of one row grow to the tallest, so their tops and bottoms line
        # up; height for width: a title or detail that wraps (Spanish, Portuguese) is not cut.
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

        self._icon = QLabel(self)
        self._title = plain_label(title, self, wrap=True)
        self._value = PlainLabel("—", self)
        font = QFont(self._value.font())
        font.setPointSizeF(max(font.pointSizeF(), 9.0) * 2.1)
        font.setWeight(QFont.Weight.DemiBold)
        self._value.setFont(font)
        self._detail = plain_label("", self, wrap=True, muted=True)
        for label in (self._icon, self._title, self._value, self._detail):
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self._title, 1)
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self._value)
        layout.addWidget(self._detail)
        layout.addStretch(1)
        self._paint_icon()
        self._announce()

    # ---- Content. -----------------------------------------------------------------------------

    def set_figure(self, value: str, detail: str = "", tone: Tone = Tone.TEXT) -> None:
        self._value.setText(value)
        self._detail.setText(detail)
        self._tone = tone
        pal = self.palette()  # a fresh copy of ours, so a light/dark switch carries over
        pal.setColor(QPalette.ColorRole.WindowText, theme.tone_color(tone, pal))
        self._value.setPalette(pal)
        self._paint_icon()
        self._announce()
        self.update()

    def title(self) -> str:
        return self._title.text()

    def value(self) -> str:
        return self._value.text()

    def detail(self) -> str:
        return self._detail.text()

    def icon_name(self) -> str:
        return self._icon_name

    def _announce(self) -> None:
        self.setAccessibleName(QCoreApplication.translate("FigureCard", "{title}: {value}")
                               .format(title=self._title.text(), value=self._value.text()))
        detail = self._detail.text()
        self.setAccessibleDescription(f"{detail}. {self._leads_to}" if detail
                                      else self._leads_to)
        self.setToolTip(self._leads_to)

    def _paint_icon(self) -> None:
        side = max(14, self.fontMetrics().height())
        tone = self._tone if self._tone is not Tone.TEXT else Tone.MUTED
        self._icon.setPixmap(icon(self._icon_name, tone).pixmap(QSize(side, side),
                                                                self.devicePixelRatioF()))

    # ---- Painting. ----------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(150, self._layout.sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(110, self._layout.minimumSize().height())

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._layout.totalHeightForWidth(width)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.WindowText)
        highlight = pal.color(QPalette.ColorRole.Highlight)
        area = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        fill = theme.mix(text, base, 0.035)
        if self.isDown():
            fill = theme.mix(highlight, base, 0.16)
        elif self.underMouse():
            fill = theme.mix(highlight, base, 0.08)
        border = theme.mix(text, base, 0.16)
        if self._tone in (Tone.WARNING, Tone.DANGER):
            border = theme.mix(theme.tone_color(self._tone, pal), base, 0.55)
        painter.setPen(QPen(border, 1))
        painter.setBrush(fill)
        painter.drawRoundedRect(area, 8, 8)
        if self.hasFocus():  # the keyboard focus shows as a ring, not only a colour change
            painter.setPen(QPen(highlight, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(area.adjusted(1.5, 1.5, -1.5, -1.5), 7, 7)
        painter.end()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self.set_figure(self._value.text(), self._detail.text(), self._tone)


def balanced_columns(cards: int, room: int) -> int:
    """Columns for `cards` when at most `room` fit side by side: the fewest rows, then rows
    as even as can be (7 cards in room for 6 make 4 + 3, never 6 + 1 left alone)."""
    if cards <= 0:
        return 1
    room = max(1, min(cards, room))
    rows = -(-cards // room)
    return -(-cards // rows)


class CardGrid(QWidget):
    """Cards in as many columns as the width allows (all in one row on a desktop window)."""

    MIN_CARD = 124

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cards: list[FigureCard] = []
        self._columns = 0
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(10)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)  # as tall as its wrapped cards need
        self.setSizePolicy(policy)

    def add(self, card: FigureCard) -> FigureCard:
        self._cards.append(card)
        self._reflow(force=True)
        return card

    def _reflow(self, *, force: bool = False) -> None:
        width = self.width() or self.sizeHint().width()
        columns = balanced_columns(len(self._cards), (width + 10) // (self.MIN_CARD + 10))
        if columns == self._columns and not force:
            return
        self._columns = columns
        for card in self._cards:
            self._grid.removeWidget(card)
        for column in range(self._grid.columnCount()):
            self._grid.setColumnStretch(column, 0)
        for i, card in enumerate(self._cards):
            self._grid.addWidget(card, i // columns, i % columns)
        for column in range(columns):
            self._grid.setColumnStretch(column, 1)

    def columns(self) -> int:
        return self._columns

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._reflow()
