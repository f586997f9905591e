"""A flat, checkable row button: words on the left, a count on the right ("To ship   71").

For one-click views in a sidebar. Checked reads as a filled highlight plus a check mark, so
the state does not hang on colour alone.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone


class CountButton(QAbstractButton):
    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._count = ""
        self.setText(text)
        self.setCheckable(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self.setAccessibleName(text)

    def set_count(self, count: str) -> None:
        self._count = count
        self.setAccessibleDescription(count)
        self.update()

    def count(self) -> str:
        return self._count

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        return QSize(fm.horizontalAdvance(self.text()) + fm.horizontalAdvance(self._count) + 56,
                     fm.height() + 12)

    def minimumSizeHint(self) -> QSize:
        return QSize(80, self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        area = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        highlight = pal.color(QPalette.ColorRole.Highlight)
        base = pal.color(QPalette.ColorRole.Base)
        if self.isChecked():
            painter.setPen(QPen(theme.mix(highlight, base, 0.55), 1))
            painter.setBrush(theme.mix(highlight, base, 0.16))
            painter.drawRoundedRect(area, 5, 5)
        elif self.underMouse():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.mix(highlight, base, 0.08))
            painter.drawRoundedRect(area, 5, 5)
        if self.hasFocus():
            ring = QPen(highlight, 1.5)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(area.adjusted(1, 1, -1, -1), 4, 4)
        side = max(12, self.fontMetrics().height() - 3)
        mark = QRect(8, (self.height() - side) // 2, side, side)
        if self.isChecked():
            icon("check", Tone.ACCENT).paint(painter, mark)
        text_left = mark.right() + 8
        count_width = self.fontMetrics().horizontalAdvance(self._count) + 10
        painter.setPen(pal.color(QPalette.ColorRole.Text))
        text_rect = QRect(text_left, 0, self.width() - text_left - count_width, self.height())
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter),
                         self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                                       text_rect.width()))
        painter.setPen(theme.tone_color(Tone.MUTED, pal))
        painter.drawText(QRect(0, 0, self.width() - 10, self.height()),
                         int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight),
                         self._count)
        painter.end()
