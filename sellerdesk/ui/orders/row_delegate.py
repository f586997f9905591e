"""Paints the order table's cells with their texts laid out once.

Qt's own delegate lays every visible cell's text out again on every repaint (itemize, shape,
elide: about half of a repaint of the order table, measured with py-spy), and asks the model
for seven roles per cell. This one asks the row for its texts (kept with the row), keeps each
cell's text laid out and elided as a `QStaticText` for its column's width, and draws it with
the row's icon: a repaint of a screenful of orders takes a third of the time. What it paints
is what the model's roles say (tests read the roles; screen readers too).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPalette, QPixmap, QStaticText
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from sellerdesk.ui.orders.columns import Column
from sellerdesk.ui.orders.table_model import OrdersTableModel

AnyIndex = QModelIndex | QPersistentModelIndex
_MARGIN = 4  # text and icon margins in a cell, as Qt's own delegate leaves them
ICON_SIZE = _ICON = 16
_CACHE_LIMIT = 4000  # laid-out texts kept (a few screenfuls, every column)
_RIGHT = frozenset({Column.TOTAL.value})
# State flags as ints: `&` on PySide's Flag enums runs Python enum code (about 5 µs each, four
# per cell), the largest cost of a cached repaint after the call itself.
_SELECTED = QStyle.StateFlag.State_Selected.value
_ACTIVE = QStyle.StateFlag.State_Active.value
_FOCUS = QStyle.StateFlag.State_HasFocus.value
_ICON_COLUMNS = frozenset({Column.PAID.value, Column.STATE.value, Column.SYNC.value})


class OrderRowDelegate(QStyledItemDelegate):
    def __init__(self, model: OrdersTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        # (text, width): kept across a new query, so sorting back or clearing a filter
        # repaints its first screenful from texts already laid out.
        self._texts: dict[tuple[str, int], QStaticText] = {}
        self._pixmaps: dict[tuple[int, float], QPixmap] = {}  # (icon key, pixel ratio)
        self._colors: dict[tuple[bool, bool], tuple[QBrush, QColor]] = {}  # (active, selected)

    def forget(self) -> None:
        """Drop the laid-out texts, pixmaps and colours (another font, language or palette)."""
        self._texts.clear()
        self._pixmaps.clear()
        self._colors.clear()

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        row, column = index.row(), index.column()
        model = self._model
        if not 0 <= row < model.rowCount():
            return
        rect: QRect = option.rect
        state = option.state.value
        selected = bool(state & _SELECTED)
        colors = self._colors.get((bool(state & _ACTIVE), selected))
        if colors is None:
            colors = self._colors_for(option.palette, bool(state & _ACTIVE), selected)
        if selected:
            painter.fillRect(rect, colors[0])
        left = rect.x() + _MARGIN
        if column in _ICON_COLUMNS:
            icon = model.cell_icon(row, column)
            if icon is not None:
                pixmap = self._pixmap(icon, painter.device().devicePixelRatioF())
                painter.drawPixmap(left, rect.y() + (rect.height() - _ICON) // 2, pixmap)
                left += _ICON + _MARGIN
        text = model.cell_text(row, column)
        if text:
            right = rect.right() - _MARGIN
            static = self._static(text, right - left, option)
            painter.setPen(colors[1])
            size = static.size()
            x = right - int(size.width()) if column in _RIGHT else left
            painter.drawStaticText(QPoint(x, rect.y() + (rect.height()
                                                         - int(size.height())) // 2), static)
        if state & _FOCUS:
            widget = option.widget
            style = widget.style() if widget is not None else None
            if style is not None:
                style.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, option,
                                    painter, widget)

    def _colors_for(self, palette: QPalette, active: bool, selected: bool
                    ) -> tuple[QBrush, QColor]:
        group = QPalette.ColorGroup.Active if active else QPalette.ColorGroup.Inactive
        colors = (QBrush(palette.brush(group, QPalette.ColorRole.Highlight)),
                  QColor(palette.color(group, QPalette.ColorRole.HighlightedText if selected
                                       else QPalette.ColorRole.Text)))
        self._colors[(active, selected)] = colors
        return colors

    def _static(self, text: str, width: int, option: QStyleOptionViewItem) -> QStaticText:
        key = (text, width)
        static = self._texts.get(key)
        if static is None:
            if len(self._texts) > _CACHE_LIMIT:
                self._texts.clear()
            static = QStaticText(option.fontMetrics.elidedText(
                text, Qt.TextElideMode.ElideRight, max(width, 0)))
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(font=option.font)
            self._texts[key] = static
        return static

    def _pixmap(self, icon: QIcon, ratio: float) -> QPixmap:
        key = (icon.cacheKey(), ratio)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            pixmap = self._pixmaps[key] = icon.pixmap(QSize(_ICON, _ICON), ratio)
        return pixmap
