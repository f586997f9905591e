"""Paints one thread row: buyer and time; product and the waiting badge (or, when every
waiting question has its answer in the outbox, that answer's state); channel, "N alike" and
the question waiting for an answer.

Everything is drawn with `drawText` on plain strings, so a buyer's `<b>` is characters; each
field has its own rectangle, so a right-to-left override in a name cannot run into the next.

A drawn row is kept as a pixmap, keyed by everything it shows (its fields, size, state,
palette, font, pixel ratio): a sync or a drain repaints the list many times with rows that
did not change, and drawing a row (fonts, elision, text shaping) costs about a millisecond,
a frame for a screenful.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.inbox.thread_model import RowLook, ThreadRole
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.state_chip import chip_style

_PAD_X = 14
_PAD_Y = 9
_LINE_GAP = 3
_STATES = (QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_MouseOver
           | QStyle.StateFlag.State_HasFocus)
_CACHED_ROWS = 300  # a few screenfuls at every state


def row_height(metrics: QFontMetrics) -> int:
    """A row's height in the list's font: three lines with their gaps and padding."""
    return 3 * metrics.height() + 2 * _LINE_GAP + 2 * _PAD_Y + 4


class ThreadDelegate(QStyledItemDelegate):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        return QSize(option.rect.width(), row_height(option.fontMetrics))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        size = option.rect.size()
        if size.isEmpty():
            return
        look = index.data(ThreadRole.LOOK)  # what the row shows, in one call to the model
        if not isinstance(look, RowLook):
            return
        ratio = painter.device().devicePixelRatioF()
        key = (look, size.width(), size.height(),
               int((option.state & _STATES).value), option.palette.cacheKey(),
               option.font.key(), ratio)
        pixmap = self._rows.get(key)
        if pixmap is None:
            pixmap = QPixmap(size * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            at_origin = QStyleOptionViewItem(option)
            at_origin.rect = QRect(0, 0, size.width(), size.height())
            row_painter = QPainter(pixmap)
            try:
                self._paint_row(row_painter, at_origin, look)
            finally:
                row_painter.end()
            self._rows[key] = pixmap
            if len(self._rows) > _CACHED_ROWS:
                self._rows.popitem(last=False)
        else:
            self._rows.move_to_end(key)
        painter.drawPixmap(option.rect.topLeft(), pixmap)

    def warm_up(self, option: QStyleOptionViewItem) -> None:
        """Draw sample rows (every font, chip and icon a row uses) and throw them away: the
        first row ever drawn loads fonts and draws glyphs, several milliseconds that would
        otherwise fall on the first rows a sync brings into an empty list."""
        size = QSize(max(option.rect.width(), 200), row_height(option.fontMetrics))
        letters = "Áaçéíñóúü ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789?¿"
        samples = (RowLook(12, letters, True, letters, "", letters, letters, letters, 3),
                   RowLook(0, letters, False, letters, "queued", letters, letters, letters, 0))
        at_origin = QStyleOptionViewItem(option)
        at_origin.rect = QRect(0, 0, size.width(), size.height())
        pixmap = QPixmap(size)
        for look in samples:
            painter = QPainter(pixmap)
            try:
                self._paint_row(painter, at_origin, look)
            finally:
                painter.end()

    def _paint_row(self, painter: QPainter, option: QStyleOptionViewItem, look: RowLook) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver)
        focused = bool(option.state & QStyle.StateFlag.State_HasFocus)
        area = option.rect.adjusted(6, 2, -6, -2)
        base = pal.color(QPalette.ColorRole.Base)
        if selected:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pal.color(QPalette.ColorRole.Highlight))
            painter.drawRoundedRect(area, 7, 7)
        elif hovered:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.mix(pal.color(QPalette.ColorRole.Highlight), base, 0.10))
            painter.drawRoundedRect(area, 7, 7)
        if focused:  # keyboard focus stays visible on top of the selection colour
            ring = pal.color(QPalette.ColorRole.HighlightedText if selected
                             else QPalette.ColorRole.Highlight)
            ring.setAlphaF(0.7)
            painter.setPen(QPen(ring, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(area).adjusted(2.5, 2.5, -2.5, -2.5), 5, 5)

        count = look.unanswered
        text = pal.color(QPalette.ColorRole.HighlightedText if selected
                         else QPalette.ColorRole.Text)
        muted = theme.mix(text, pal.color(QPalette.ColorRole.Highlight) if selected else base,
                          0.78 if selected else 0.6)
        late = look.late
        if count and not selected:  # a leading stripe marks rows that wait for an answer
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.tone_color(Tone.WARNING if late else Tone.ACCENT, pal))
            painter.drawRoundedRect(QRectF(area.left() + 1, area.top() + 8, 3,
                                           area.height() - 16), 1.5, 1.5)

        inner = area.adjusted(_PAD_X, _PAD_Y, -_PAD_X + 2, -_PAD_Y)
        line = option.fontMetrics.height()
        rows = [QRect(inner.left(), inner.top() + i * (line + _LINE_GAP), inner.width(), line)
                for i in range(3)]

        # Line 1: buyer (bold when waiting) and the relative time on the right.
        small = QFont(option.font)
        if small.pointSizeF() > 0:
            small.setPointSizeF(small.pointSizeF() * 0.92)
        when = look.when
        painter.setFont(small)
        when_w = painter.fontMetrics().horizontalAdvance(when) if when else 0
        painter.setPen(theme.tone_color(Tone.WARNING, pal) if late and not selected else muted)
        painter.drawText(rows[0], int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                         when)
        if late:  # a clock before the time: waiting longer than the seller's goal (issue 9)
            side = line - 2
            clock = QRect(rows[0].right() - when_w - side - 4, rows[0].top() + 1, side, side)
            icon("clock", Tone.WARNING).paint(painter, clock)
            when_w += side + 4
        name_font = QFont(option.font)
        name_font.setWeight(QFont.Weight.Bold if count else QFont.Weight.DemiBold)
        self._text(painter, name_font, text, rows[0].adjusted(0, 0, -(when_w + 10), 0),
                   look.buyer)

        # Line 2: product title, and the waiting badge (or the outbox state) on the right.
        right = rows[1].right()
        pending = look.pending
        if count:
            right = self._badge(painter, option, rows[1], str(count), selected) - 8
        elif pending:
            right = self._state(painter, option, rows[1], pending, selected) - 8
        product_rect = QRect(rows[1].left(), rows[1].top(), right - rows[1].left(), line)
        self._text(painter, QFont(option.font), text, product_rect,
                   look.product)

        # Line 3: channel, then the main question's first words.
        channel = look.channel
        snippet = look.snippet
        painter.setFont(small)
        fm = painter.fontMetrics()
        left = rows[2].left()
        if channel:
            chan_w = min(fm.horizontalAdvance(channel) + 12, rows[2].width() // 2)
            chip = QRect(left, rows[2].top(), chan_w, line)
            painter.setPen(Qt.PenStyle.NoPen)
            fill = theme.mix(text, pal.color(QPalette.ColorRole.Highlight) if selected else base,
                             0.10)
            painter.setBrush(fill)
            painter.drawRoundedRect(chip, line / 2, line / 2)
            painter.setPen(muted)
            painter.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), channel)
            left += chan_w + 8
        alike = look.alike
        if alike > 0:
            words = self.tr("+%n alike", "", alike)
            alike_w = min(fm.horizontalAdvance(words) + 12, max(0, rows[2].right() - left) // 2)
            chip = QRect(left, rows[2].top(), alike_w, line)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.tone_fill(Tone.ACCENT, pal, 0.16))
            painter.drawRoundedRect(chip, line / 2, line / 2)
            painter.setPen(text if selected else theme.tone_color(Tone.ACCENT, pal))
            painter.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), words)
            left += alike_w + 8
        self._text(painter, small, muted, QRect(left, rows[2].top(), rows[2].right() - left,
                                                line), snippet)
        painter.restore()

    @staticmethod
    def _text(painter: QPainter, font: QFont, color: QColor, rect: QRect, text: str) -> None:
        if rect.width() <= 0 or not text:
            return
        painter.setFont(font)
        painter.setPen(color)
        shown = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        # Left alignment in the row's direction; the field keeps its own bidi run.
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         shown)

    @staticmethod
    def _state(painter: QPainter, option: QStyleOptionViewItem, row: QRect, state: str,
               selected: bool) -> int:
        """The state chip of answers waiting in the outbox; returns its left edge."""
        words, icon_name, tone = chip_style(state)
        pal = option.palette
        font = QFont(option.font)
        if font.pointSizeF() > 0:
            font.setPointSizeF(max(6.0, font.pointSizeF() * 0.88))
        painter.setFont(font)
        fm = painter.fontMetrics()
        height = fm.height() + 2
        side = height - 4
        width = fm.horizontalAdvance(words) + side + 16
        rect = QRect(row.right() - width, row.center().y() - height // 2 + 1, width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.color(QPalette.ColorRole.HighlightedText) if selected
                         else theme.tone_fill(tone, pal, 0.16))
        painter.drawRoundedRect(rect, height / 2, height / 2)
        icon(icon_name, tone).paint(painter, QRect(rect.left() + 6, rect.top() + 2, side, side))
        painter.setPen(pal.color(QPalette.ColorRole.Highlight) if selected
                       else theme.tone_color(tone, pal))
        painter.drawText(rect.adjusted(side + 10, 0, -6, 0),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), words)
        return rect.left()

    @staticmethod
    def _badge(painter: QPainter, option: QStyleOptionViewItem, row: QRect, text: str,
               selected: bool) -> int:
        pal = option.palette
        font = QFont(option.font)
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(max(6.0, font.pointSizeF() * 0.85))
        painter.setFont(font)
        fm = painter.fontMetrics()
        height = fm.height() + 2
        width = max(height, fm.horizontalAdvance(text) + 12)
        rect = QRect(row.right() - width, row.center().y() - height // 2 + 1, width, height)
        accent = theme.tone_color(Tone.ACCENT, pal)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.color(QPalette.ColorRole.HighlightedText) if selected else accent)
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setPen(pal.color(QPalette.ColorRole.Highlight) if selected
                       else QColor("#ffffff") if not theme.is_dark(pal) else QColor("#0d1117"))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
        return rect.left()
