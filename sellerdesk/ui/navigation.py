"""The navigation column: one row per view with its icon, name and an optional count badge."""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QFocusEvent,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QIcon,
    QPainter,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.ui import theme
from sellerdesk.ui.widgets.text import heading_label, plain_label

_VIEW_ID = Qt.ItemDataRole.UserRole
_BADGE = Qt.ItemDataRole.UserRole + 1
_ROW_HEIGHT = 36
# Row geometry: the highlight's inset, the room left of the text (icon and gaps), the room
# right of it, and the gap before a badge.
_INSET, _TEXT_LEFT, _TEXT_RIGHT, _BADGE_GAP = 8, 10 + 20 + 10, 8, 6


def _badge_font(font: QFont) -> QFont:
    badge = QFont(font)
    badge.setBold(True)
    badge.setPointSizeF(max(6.0, badge.pointSizeF() * 0.85))
    return badge


def _badge_width(font: QFont, text: str) -> int:
    fm = QFontMetrics(_badge_font(font))
    height = fm.height() + 2
    return max(height, fm.horizontalAdvance(text) + 12)


class _NavigationDelegate(QStyledItemDelegate):
    """Rounded selection, icon, title and a pill with the count, painted from the palette."""

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        return QSize(option.rect.width(), max(_ROW_HEIGHT, option.fontMetrics.height() + 16))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver)
        focused = bool(option.state & QStyle.StateFlag.State_HasFocus)
        area = option.rect.adjusted(_INSET, 2, -_INSET, -2)
        if selected:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pal.color(QPalette.ColorRole.Highlight))
            painter.drawRoundedRect(area, 6, 6)
        elif hovered:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.mix(pal.color(QPalette.ColorRole.Highlight),
                                       theme.sidebar_color(pal), 0.14))
            painter.drawRoundedRect(area, 6, 6)
        if focused:  # visible keyboard focus, not only the selection colour
            ring = pal.color(QPalette.ColorRole.HighlightedText if selected
                             else QPalette.ColorRole.Highlight)
            ring.setAlphaF(0.7)
            painter.setPen(QPen(ring, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(area).adjusted(2.5, 2.5, -2.5, -2.5), 4, 4)

        side = 20
        icon = index.data(Qt.ItemDataRole.DecorationRole)
        if isinstance(icon, QIcon):
            mode = QIcon.Mode.Selected if selected else QIcon.Mode.Normal
            icon.paint(painter, QRect(area.left() + 10, area.center().y() - side // 2 + 1,
                                      side, side), Qt.AlignmentFlag.AlignCenter, mode)
        text_color = pal.color(QPalette.ColorRole.HighlightedText if selected
                               else QPalette.ColorRole.WindowText)
        badge = index.data(_BADGE)
        right = area.right() - _TEXT_RIGHT
        if isinstance(badge, int) and badge > 0:
            right = self._paint_badge(painter, option, area, str(badge), selected) - _BADGE_GAP
        painter.setPen(text_color)
        font = QFont(option.font)
        font.setWeight(QFont.Weight.DemiBold if selected else QFont.Weight.Normal)
        painter.setFont(font)
        text_rect = QRect(area.left() + _TEXT_LEFT, area.top(),
                          right - (area.left() + _TEXT_LEFT), area.height())
        text = painter.fontMetrics().elidedText(str(index.data() or ""),
                                                Qt.TextElideMode.ElideRight, text_rect.width())
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter), text)
        painter.restore()

    def _paint_badge(self, painter: QPainter, option: QStyleOptionViewItem, area: QRect,
                     text: str, selected: bool) -> int:
        pal = option.palette
        painter.setFont(_badge_font(option.font))
        height = painter.fontMetrics().height() + 2
        width = _badge_width(option.font, text)
        rect = QRect(area.right() - _TEXT_RIGHT - width, area.center().y() - height // 2 + 1,
                     width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        fill = (pal.color(QPalette.ColorRole.HighlightedText) if selected
                else pal.color(QPalette.ColorRole.Highlight))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setPen(pal.color(QPalette.ColorRole.Highlight) if selected
                       else pal.color(QPalette.ColorRole.HighlightedText))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
        return rect.left()

    @staticmethod
    def row_width(font: QFont, text: str, badge: int) -> int:
        """How wide a row must be to show `text` (in the selected row's weight) uncut."""
        bold = QFont(font)
        bold.setWeight(QFont.Weight.DemiBold)
        # +4: QRect.right() is one short of the edge, and glyphs may overhang their advance.
        width = 2 * _INSET + _TEXT_LEFT + QFontMetrics(bold).horizontalAdvance(text) + 4
        if badge > 0:
            width += _BADGE_GAP + _badge_width(font, str(badge))
        return width + _TEXT_RIGHT


class NavigationList(QListWidget):
    """The list of views; `view_selected` says which one the seller picked."""

    view_selected = Signal(str)
    needed_width_changed = Signal()  # a name, a badge or the font changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._widths: dict[tuple[str, str, int], int] = {}  # needed_width's, per row
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setItemDelegate(_NavigationDelegate(self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setUniformItemSizes(True)
        self.setSpacing(0)
        self.setAccessibleName(QCoreApplication.translate("NavigationList", "Views"))
        self.currentItemChanged.connect(self._on_current_item_changed)
        # A screen reader selects a row (AT-SPI selectChild, a cell's Toggle) without moving
        # the current item: the row selected is the view picked, as a click's would be.
        self.itemSelectionChanged.connect(self._on_item_selection_changed)

    def add_view(self, view_id: str, title: str, icon: QIcon) -> None:
        item = QListWidgetItem(icon, title, self)
        item.setData(_VIEW_ID, view_id)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, title)
        item.setToolTip(title)
        self.needed_width_changed.emit()

    def select_view(self, view_id: str | None) -> None:
        """Highlight `view_id`'s row, or none (for a view that is not in the list)."""
        self.blockSignals(True)
        try:
            row = self._row(view_id) if view_id is not None else None
            if row is None:
                self.clearSelection()
                self.setCurrentRow(-1)
            else:
                self.setCurrentRow(row)
        finally:
            self.blockSignals(False)
        self.viewport().update()

    def set_badge(self, view_id: str, count: int, spoken: str = "") -> None:
        """Show `count` (0 hides it) on a view's row; `spoken` is what a screen reader says."""
        row = self._row(view_id)
        if row is None:
            return
        item = self.item(row)
        item.setData(_BADGE, count)
        item.setData(Qt.ItemDataRole.AccessibleTextRole,
                     f"{item.text()}, {spoken}" if count and spoken else item.text())
        self.needed_width_changed.emit()

    def needed_width(self) -> int:
        """The width at which no view's name is cut (translations run longer than English)."""
        font = self.font()
        font_key = font.toString()
        widths = []
        for row in range(self.count()):
            item = self.item(row)
            # Asked once per row added at start (each of 7 rows measured 7 times); a row's
            # width depends only on the font, its name and its badge.
            key = (font_key, item.text(), self.badge(str(item.data(_VIEW_ID))))
            width = self._widths.get(key)
            if width is None:
                width = _NavigationDelegate.row_width(font, key[1], key[2])
                if len(self._widths) > 256:  # badges change: keep the cache bounded
                    self._widths.clear()
                self._widths[key] = width
            widths.append(width)
        return max(widths, default=0) + 2 * self.frameWidth()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.needed_width_changed.emit()

    def badge(self, view_id: str) -> int:
        row = self._row(view_id)
        value = self.item(row).data(_BADGE) if row is not None else 0
        return value if isinstance(value, int) else 0

    def _row(self, view_id: str) -> int | None:
        for row in range(self.count()):
            if self.item(row).data(_VIEW_ID) == view_id:
                return row
        return None

    def _on_current_item_changed(self, current: QListWidgetItem | None,
                                 _previous: QListWidgetItem | None) -> None:
        if current is not None:
            self.view_selected.emit(str(current.data(_VIEW_ID)))


    def _on_item_selection_changed(self) -> None:
        items = self.selectedItems()
        if len(items) == 1 and items[0] is not self.currentItem():
            self.setCurrentItem(items[0])  # emits currentItemChanged: the view switches

    def focusInEvent(self, event: QFocusEvent) -> None:
        # Qt makes the first row current when a list with no current row gets focus; with the
        # outbox shown (it has no row here) that would switch the window to the inbox.
        if self.currentItem() is not None:
            super().focusInEvent(event)
            return
        self.blockSignals(True)
        try:
            super().focusInEvent(event)
            self.setCurrentRow(-1)
        finally:
            self.blockSignals(False)


class Sidebar(QWidget):
    """The left column: the shop's name over the list of views, on a source-list shade."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.shop_name = heading_label("", self, scale=1.1)
        self.shop_detail = plain_label("", self, muted=True)
        self.shop_name.setWordWrap(True)
        self.shop_detail.setWordWrap(True)
        self.navigation = NavigationList(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 14, 0, 8)
        layout.setSpacing(2)
        header = QVBoxLayout()
        header.setContentsMargins(18, 0, 14, 10)
        header.setSpacing(1)
        header.addWidget(self.shop_name)
        header.addWidget(self.shop_detail)
        layout.addLayout(header)
        layout.addWidget(self.navigation, 1)
        self._apply_sidebar_colour()
        self.navigation.needed_width_changed.connect(self._fit_names)

    def _fit_names(self) -> None:
        """Widen the column (never narrow it) when a view's name would be cut: the window
        picks the usual width, a longer translation or a larger font may need more."""
        needed = self.navigation.needed_width()
        if needed > self.minimumWidth():
            self.setMinimumWidth(needed)
        if needed > self.maximumWidth():
            self.setMaximumWidth(needed)

    def set_shop(self, name: str, detail: str = "") -> None:
        """Shop name (plain text from the service) and a second line (profile, plan...)."""
        self.shop_name.setText(name)
        self.shop_detail.setText(detail)
        self.shop_detail.setVisible(bool(detail))

    def _apply_sidebar_colour(self) -> None:
        colour = theme.sidebar_color(QGuiApplication.palette())
        pal = self.palette()
        if pal.color(QPalette.ColorRole.Base) == colour:
            return  # also ends the PaletteChange this very call causes
        pal.setColor(QPalette.ColorRole.Window, colour)
        pal.setColor(QPalette.ColorRole.Base, colour)
        self.setPalette(pal)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._apply_sidebar_colour()
