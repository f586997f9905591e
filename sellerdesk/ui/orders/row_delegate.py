"""Paints the order table a whole row per call, from texts laid out once.

Qt's table calls its delegate once per cell (about 260 cells a screenful), and that call
alone (the view's per-cell work, wrapping the painter, option and index for Python, then
Python's own frame) was most of a repaint. The view paints its rows itself instead
(`OrdersTableView.paintEvent`) and asks this delegate for one row at a time: each cell's text
is kept laid out and elided as a `QStaticText` for its column's width, icons as pixmaps, so a
repaint is a few C++ draw calls per cell. A text drawn for the first time (a fresh screenful
while scrolling) is drawn plainly from its elided form, and laid out once the view is still.
What it paints is what the model's roles say (tests read the roles; screen readers too).
`paint()` still draws a single cell the same way, for anything that asks the delegate
directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QIcon,
    QPainter,
    QPalette,
    QPixmap,
    QStaticText,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from sellerdesk.ui.orders.columns import Column
from sellerdesk.ui.orders.table_model import OrdersTableModel

AnyIndex = QModelIndex | QPersistentModelIndex
_MARGIN = 4  # text and icon margins in a cell, as Qt's own delegate leaves them
ICON_SIZE = _ICON = 16
_CACHE_LIMIT = 1000  # laid-out texts per generation: two kept (a few screenfuls); freeing
# a generation of 3,000 took ~2 ms, in the middle of a scroll
_RIGHT = frozenset({Column.TOTAL.value})
# State flags as ints: `&` on PySide's Flag enums runs Python enum code (about 5 µs each).
_SELECTED = QStyle.StateFlag.State_Selected.value
_ACTIVE = QStyle.StateFlag.State_Active.value
_FOCUS = QStyle.StateFlag.State_HasFocus.value
_ICON_COLUMNS = frozenset({Column.PAID.value, Column.STATE.value, Column.SYNC.value})
_ALWAYS_ICON = frozenset({Column.PAID.value, Column.STATE.value})  # an icon on every row
_ELIDED_LIMIT = 20_000  # texts elided ahead, kept until the next query's pages replace them
# A text not laid out yet is drawn plainly (drawText: ~8 µs, against ~15 µs to lay out a
# QStaticText and draw it, ~5 µs to draw one laid out) and laid out once the view has been
# still this long (a scroll paints each screenful once: laying it out then is wasted).
IDLE_MS = 150
_IDLE_SLICE = 80  # texts laid out per turn of the event loop once idle (about 1 ms)
_UNLAID_LIMIT = 800  # texts waiting to be laid out: more than a screenful, about two


class Cell(NamedTuple):
    """A shown column of the paint at hand: its logical index, left edge and width."""

    column: int
    x: int
    width: int


def text_width(column: int, width: int) -> int:
    """The room a column of `width` leaves its text (margins, and the icon of a column
    whose every row has one), as `paint_row` places it."""
    room = width - 1 - 2 * _MARGIN
    return room - (_ICON + _MARGIN) if column in _ALWAYS_ICON else room


class _PlainFont(NamedTuple):
    """A paint's font and what drawing a text plainly needs of it, made once per paint."""

    font: QFont
    metrics: QFontMetrics
    advance: Callable[[str], float]  # fractional, as a laid-out text is placed
    height: int
    ascent: int

    @classmethod
    def of(cls, font: QFont) -> _PlainFont:
        font = QFont(font)  # the option (and its font) goes
        metrics = QFontMetrics(font)
        return cls(font, metrics, QFontMetricsF(font).horizontalAdvance, metrics.height(),
                   metrics.ascent())


class RowColors(NamedTuple):
    selection: QBrush
    text: QColor
    selected_text: QColor
    alternate: QBrush


class OrderRowDelegate(QStyledItemDelegate):
    def __init__(self, model: OrdersTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        # (text, width): kept across a new query, so sorting back or clearing a filter
        # repaints its first screenful from texts already laid out.
        self._texts: dict[tuple[str, int], QStaticText] = {}
        self._older: dict[tuple[str, int], QStaticText] = {}  # the generation before
        self._pixmaps: dict[tuple[int, float], QPixmap] = {}  # (icon key, pixel ratio)
        self._colors: dict[tuple[int, bool], RowColors] = {}  # (palette key, active)
        # Elided ahead on the store's thread as pages are read, (text, width) -> elided:
        # eliding is a third of laying a new row out, and the first use of a font for a
        # script (a fallback font found and read) is paid there instead of in a paint.
        self._elided: dict[tuple[str, int], str] = {}
        self._font: QFont | None = None  # the font and text widths of the last paint
        self._widths: dict[int, int] = {}
        # Texts of the last paints drawn plainly, (text, width) -> elided: laid out on idle.
        self._unlaid: dict[tuple[str, int], str] = {}
        self._layout_font = QFont()
        self._plain: _PlainFont | None = None  # the font of the paint at hand, measured
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.timeout.connect(self._on_idle_timeout)

    def forget(self) -> None:
        """Drop the laid-out texts, pixmaps and colours (another font, language or palette)."""
        self._elided = {}
        self._font = None
        self._texts.clear()
        self._older.clear()
        self._unlaid.clear()
        self._plain = None
        self._pixmaps.clear()
        self._colors.clear()

    def colors(self, palette: QPalette, active: bool) -> RowColors:
        key = (palette.cacheKey(), active)
        colors = self._colors.get(key)
        if colors is None:
            group = QPalette.ColorGroup.Active if active else QPalette.ColorGroup.Inactive
            colors = self._colors[key] = RowColors(
                QBrush(palette.brush(group, QPalette.ColorRole.Highlight)),
                QColor(palette.color(group, QPalette.ColorRole.Text)),
                QColor(palette.color(group, QPalette.ColorRole.HighlightedText)),
                QBrush(palette.brush(group, QPalette.ColorRole.AlternateBase)))
        return colors

    def note_cells(self, cells: Sequence[Cell], font: QFont) -> None:
        """The columns and font of this paint: what the next pages are elided ahead for."""
        widths = {column: text_width(column, width) for column, _, width in cells}
        if widths != self._widths or self._font is None:
            # New objects, never changed in place: the store's thread reads them meanwhile.
            self._widths, self._font = widths, QFont(font)

    def elide_ahead(self, texts: Sequence[tuple[str, ...]]) -> None:
        """For the store's thread: each row's texts elided to the widths last painted (a
        QFontMetrics of its own: font metrics are reentrant, one object per thread)."""
        font, widths = self._font, self._widths
        if font is None or not widths:
            return
        metrics = QFontMetrics(font)
        elided = self._elided
        if len(elided) > _ELIDED_LIMIT:
            elided = self._elided = {}
        right = Qt.TextElideMode.ElideRight
        for row in texts:
            for column, width in widths.items():
                text = row[column]
                if text and (text, width) not in elided:
                    elided[(text, width)] = metrics.elidedText(text, right, max(width, 0))

    def paint_row(self, painter: QPainter, option: QStyleOptionViewItem, row: int, y: int,
                  height: int, cells: Sequence[Cell], colors: RowColors, *,
                  selected: bool, alternate: bool) -> None:
        """Every shown cell of `row`, its background included, in one call."""
        model = self._model
        texts = model.row_texts(row)
        if selected:
            painter.fillRect(cells[0].x, y, cells[-1].x + cells[-1].width - cells[0].x,
                             height, colors.selection)
        elif alternate:
            painter.fillRect(cells[0].x, y, cells[-1].x + cells[-1].width - cells[0].x,
                             height, colors.alternate)
        painter.setPen(colors.selected_text if selected else colors.text)
        ratio = painter.device().devicePixelRatioF()
        icon_y = y + (height - _ICON) // 2
        texts_get, older_get = self._texts.get, self._older.get
        plain: _PlainFont | None = None
        base = 0
        for column, x, width in cells:
            left = x + _MARGIN
            if column in _ICON_COLUMNS:
                icon = model.cell_icon(row, column)
                if icon is not None:
                    painter.drawPixmap(left, icon_y, self._pixmap(icon, ratio))
                    left += _ICON + _MARGIN
            text = texts[column]
            if not text:
                continue
            right = x + width - 1 - _MARGIN
            key = (text, right - left)
            laid = texts_get(key)
            if laid is None:
                laid = older_get(key)
                if laid is not None:  # still on show: kept into the next generation
                    self._texts[key] = laid
            if laid is not None:
                size = laid.size()
                painter.drawStaticText(
                    QPoint(right - int(size.width()) if column in _RIGHT else left,
                           y + (height - int(size.height())) // 2), laid)
                continue
            # Not laid out yet (a fresh screenful): drawn plainly, laid out when idle.
            if plain is None:
                plain = self._plain
                if plain is None:  # once per paint, not per row (each is a few µs)
                    plain = self._plain = _PlainFont.of(option.font)
                base = y + (height - plain.height) // 2 + plain.ascent
            elided = self._elided.get(key)
            if elided is None:
                elided = plain.metrics.elidedText(text, Qt.TextElideMode.ElideRight,
                                                  max(key[1], 0))
            if column in _RIGHT:  # placed as its laid-out form is (fractional advances)
                left = right - int(plain.advance(elided))
            painter.drawText(left, base, elided)
            unlaid = self._unlaid
            if len(unlaid) >= _UNLAID_LIMIT:  # screenfuls scrolled past: never laid out
                unlaid.clear()
            unlaid[key] = elided
        if plain is not None:
            self._layout_font = plain.font
            self._idle.start(IDLE_MS)  # again: laid out once the view is still

    def begin_paint(self) -> None:
        """A new paint: its font is read again (from its option) when first needed."""
        self._plain = None

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """One cell, as `paint_row` draws it (the table itself paints whole rows)."""
        row, column = index.row(), index.column()
        if not 0 <= row < self._model.rowCount():
            return
        self.begin_paint()
        rect: QRect = option.rect
        state = option.state.value
        colors = self.colors(option.palette, bool(state & _ACTIVE))
        self.paint_row(painter, option, row, rect.y(), rect.height(),
                       (Cell(column, rect.x(), rect.width()),), colors,
                       selected=bool(state & _SELECTED), alternate=False)
        if state & _FOCUS:
            widget = option.widget
            style = widget.style() if widget is not None else None
            if style is not None:
                style.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, option,
                                    painter, widget)

    def _on_idle_timeout(self) -> None:
        """Lay out a slice of the texts last drawn plainly; the rest on the next turns."""
        unlaid = self._unlaid
        font = self._layout_font
        for _ in range(min(_IDLE_SLICE, len(unlaid))):
            key, elided = unlaid.popitem()
            if key in self._texts or key in self._older:
                continue
            if len(self._texts) > _CACHE_LIMIT:
                # A new generation, the last one kept: what is on screen now stays laid
                # out (emptying all would re-lay a whole screenful on the next repaint).
                self._older, self._texts = self._texts, {}
            static = QStaticText(elided)
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(font=font)
            self._texts[key] = static
        if unlaid:
            self._idle.start(0)

    def laid_out(self, text: str, width: int) -> bool:
        """Whether (text, width) is kept laid out (tests)."""
        return (text, width) in self._texts or (text, width) in self._older

    def _pixmap(self, icon: QIcon, ratio: float) -> QPixmap:
        key = (icon.cacheKey(), ratio)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            pixmap = self._pixmaps[key] = icon.pixmap(QSize(_ICON, _ICON), ratio)
        return pixmap
