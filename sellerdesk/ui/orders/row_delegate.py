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
from PySide6.QtGui import QIcon, QPainter, QPalette, QPixmap, QStaticText
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from sellerdesk.ui.orders.columns import Column
from sellerdesk.ui.orders.table_model import OrdersTableModel

AnyIndex = QModelIndex | QPersistentModelIndex
_MARGIN = 4  # text and icon margins in a cell, as Qt's own delegate leaves them
ICON_SIZE = _ICON = 16
_CACHE_LIMIT = 4000  # laid-out texts kept (a few screenfuls, every column)
_RIGHT = frozenset({Column.TOTAL.value})
_SELECTED = QStyle.StateFlag.State_Selected
_ACTIVE = QStyle.StateFlag.State_Active
_FOCUS = QStyle.StateFlag.State_HasFocus


class OrderRowDelegate(QStyledItemDelegate):
    def __init__(self, model: OrdersTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._texts: dict[tuple[str, int], QStaticText] = {}  # (text, width)
        self._pixmaps: dict[int, QPixmap] = {}
        model.modelReset.connect(self.forget)

    def forget(self) -> None:
        """Drop the laid-out texts (new rows, another font or language)."""
        self._texts.clear()
        self._pixmaps.clear()

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        row, column = index.row(), index.column()
        model = self._model
        if not 0 <= row < model.rowCount():
            return
        rect: QRect = option.rect
        state = option.state
        palette: QPalette = option.palette
        group = (QPalette.ColorGroup.Active if state & _ACTIVE
                 else QPalette.ColorGroup.Inactive)
        selected = bool(state & _SELECTED)
        if selected:
            painter.fillRect(rect, palette.brush(group, QPalette.ColorRole.Highlight))
        left = rect.x() + _MARGIN
        icon = model.cell_icon(row, column)
        if icon is not None:
            pixmap = self._pixmap(icon, painter.device().devicePixelRatioF())
            painter.drawPixmap(left, rect.y() + (rect.height() - _ICON) // 2, pixmap)
            left += _ICON + _MARGIN
        text = model.cell_text(row, column)
        if text:
            width = rect.right() - _MARGIN - left
            static = self._static(text, width, option)
            painter.setPen(palette.color(group, QPalette.ColorRole.HighlightedText if selected
                                         else QPalette.ColorRole.Text))
            size = static.size()
            x = rect.right() - _MARGIN - int(size.width()) if column in _RIGHT else left
            painter.drawStaticText(QPoint(x, rect.y() + (rect.height()
                                                         - int(size.height())) // 2), static)
        if state & _FOCUS:
            widget = option.widget
            style = widget.style() if widget is not None else None
            if style is not None:
                style.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, option,
                                    painter, widget)

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
        key = icon.cacheKey()
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            pixmap = self._pixmaps[key] = icon.pixmap(QSize(_ICON, _ICON), ratio)
        return pixmap
