"""State chips inside list and table cells: icon + words on a soft pill, like `StateChip`.

A model gives the state's key ("queued", "sent", "active"...) under `STATE_ROLE` and the
words under `DisplayRole`; the words are what screen readers and tests read, the icon and
the colour only repeat them.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QFontMetrics, QIcon, QPainter, QPen
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.state_chip import chip_style

STATE_ROLE = int(Qt.ItemDataRole.UserRole) + 40

_PAD_X, _GAP, _MARGIN = 7, 4, 4


def chip_width(fm: QFontMetrics, words: str) -> int:
    """The width of a cell that shows `words` as a chip, margins included."""
    return 2 * _MARGIN + 2 * _PAD_X + max(12, fm.height() - 2) + _GAP \
        + fm.horizontalAdvance(words)


class ChipDelegate(QStyledItemDelegate):
    """Paints cells that carry a `STATE_ROLE` as chips; other cells as usual."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        state = index.data(STATE_ROLE)
        if not state:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        words = opt.text or chip_style(str(state))[0]
        opt.text = ""
        opt.icon = QIcon()
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)

        _, icon_name, tone = chip_style(str(state))
        fm = opt.fontMetrics
        side = max(12, fm.height() - 2)
        width = min(2 * _PAD_X + side + _GAP + fm.horizontalAdvance(words),
                    opt.rect.width() - 2 * _MARGIN)
        height = fm.height() + 4
        rect = QRectF(opt.rect.x() + _MARGIN, opt.rect.center().y() - height / 2 + 1,
                      width, height)
        pal = opt.palette
        color = theme.tone_color(tone, pal)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(theme.mix(color, pal.color(pal.ColorRole.Base), 0.45), 1))
        painter.setBrush(theme.tone_fill(tone, pal))
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), height / 2, height / 2)
        top = int(rect.center().y() - side / 2)
        icon(icon_name, tone).paint(painter, QRect(int(rect.x()) + _PAD_X, top, side, side))
        text_tone = Tone.TEXT if tone is Tone.MUTED else tone
        painter.setPen(theme.tone_color(text_tone, pal))
        text_rect = rect.toRect().adjusted(_PAD_X + side + _GAP, 0, -_PAD_X + 2, 0)
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter),
                         fm.elidedText(words, Qt.TextElideMode.ElideRight, text_rect.width()))
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        size = super().sizeHint(option, index)
        state = index.data(STATE_ROLE)
        if not state:
            return size
        fm = option.fontMetrics
        words = str(index.data(Qt.ItemDataRole.DisplayRole) or chip_style(str(state))[0])
        return QSize(max(size.width(), chip_width(fm, words)),
                     max(size.height(), fm.height() + 8))
