"""The order table: fixed row heights, header clicks mapped to orderings, a sort arrow that
points the way the values go, and a header menu to show or hide columns.

Nothing here measures rows: column widths are set from sample texts in the table's own font
(a fixed pixel width clips at a larger desktop font), never fitted to contents (fitting would
read every loaded row, and a 100,000-order shop would stall on it). Products takes what is
left, so the key columns fit a 1280-pixel window without scrolling sideways.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QMenu,
    QStyle,
    QStyleOptionFocusRect,
    QStyleOptionHeader,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from sellerdesk.services.types import OrderSort
from sellerdesk.ui.orders.columns import (
    SORTS,
    Column,
    cached_icon,
    column_for,
    column_words,
    sort_for,
)
from sellerdesk.ui.orders.row_delegate import ICON_SIZE, Cell, OrderRowDelegate
from sellerdesk.ui.orders.table_model import ORDER_ID_ROLE, OrdersTableModel
from sellerdesk.ui.widgets.formatting import format_datetime, format_money

_WORD_COLUMNS = (Column.PAID, Column.STATE, Column.CHANNEL)
_ICON_ONLY = ICON_SIZE + 9  # the Changes column: its icon and the cell's margins
_PAD = 10  # a cell's margins (9 px, row_delegate.text_width), and a pixel to spare
_NO_ICON = (Column.CHANNEL,)
# First click on a column sorts the way a seller usually wants it.
_FIRST_ORDER = {Column.DATE: Qt.SortOrder.DescendingOrder,
                Column.BUYER: Qt.SortOrder.AscendingOrder,
                Column.TOTAL: Qt.SortOrder.DescendingOrder}
_SortIndicator = QStyleOptionHeader.SortIndicator


class SortHeader(QHeaderView):
    """A header whose sort arrow points the way the values go: down for a descending list
    (newest first, highest total first), up for an ascending one.

    Qt paints a descending order as "sort up" (an arrow pointing up in most styles, Fusion
    included), which sellers read backwards."""

    def initStyleOptionForIndex(self, option: QStyleOptionHeader, logicalIndex: int) -> None:
        super().initStyleOptionForIndex(option, logicalIndex)
        if option.sortIndicator == _SortIndicator.SortUp:
            option.sortIndicator = _SortIndicator.SortDown
        elif option.sortIndicator == _SortIndicator.SortDown:
            option.sortIndicator = _SortIndicator.SortUp


class OrdersTableView(QTableView):
    sort_picked = Signal(object)  # OrderSort

    def __init__(self, model: OrdersTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalHeader(SortHeader(Qt.Orientation.Horizontal, self))
        self.setModel(model)
        self._model = model
        self._bar_held = False  # the scroll bar kept as it was while a new query is read
        self._bar_after_paint = False  # ...and drawn anew on the turn after the rows'
        self._halve_next = False  # the next paint is a new query's first screenful
        self.rows = OrderRowDelegate(model, self)
        self.setItemDelegate(self.rows)
        model.set_layout(self.rows)
        self.setAccessibleName(self.tr("Orders"))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setCornerButtonEnabled(False)
        self.setTabKeyNavigation(False)  # arrows move in the list; Tab leaves it
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setFrameShape(QTableView.Shape.NoFrame)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSectionsMovable(True)
        header.setSortIndicatorShown(True)
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setStretchLastSection(False)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._on_header_menu_requested)
        header.sectionClicked.connect(self._on_header_section_clicked)
        # A new query empties the list until its first page lands: the scroll bar is kept
        # meanwhile, else it hides and shows again and each time the viewport and header
        # change width, relay out and repaint whole (twice per filter click or search).
        model.modelAboutToBeReset.connect(self._on_model_about_to_be_reset)
        model.page_loaded.connect(self._on_first_page)
        model.loading_failed.connect(self._on_first_page)
        model.changes_applied.connect(self._fit_scroll_bar)
        self._amounts: list[str] = []  # the widest amount listed (Total is never cut)
        self._sized: set[Column] = set()  # widths the seller set by hand
        self._fitting = False  # Products being fitted to what is left
        header.sectionResized.connect(self._on_section_resized)
        model.amounts_listed.connect(self._on_amounts_listed)
        self.set_starting_widths()
        # At 1280 px, beside the views and the filters, nine columns leave Products a few
        # letters: Channel starts hidden (the filters and the detail name it; the header's
        # menu shows it again).
        self.setColumnHidden(Column.CHANNEL, True)
        self.show_sort(model.order_sort())

    def set_starting_widths(self) -> None:
        """Widths from sample texts; Products takes what is left."""
        for column, width in self.least_widths().items():
            self.setColumnWidth(column, width)
        self.setColumnWidth(Column.SYNC, _ICON_ONLY)
        self._fit_stretch()

    def sized_by_seller(self) -> set[Column]:
        """The columns the seller widened or narrowed by hand (kept across languages)."""
        return set(self._sized)

    def adopt_widths(self, sized: set[Column]) -> None:
        """Widths restored from settings: the seller's own stand (grown to this language's
        words if need be); the others are the least this language and font need, so a
        width that fitted another language's words is not carried over."""
        self._sized = set(sized)
        least = self.least_widths()
        for column, width in least.items():
            if column not in self._sized or self.columnWidth(column) < width:
                self.setColumnWidth(column, width)
        self._fit_stretch()

    def least_widths(self) -> dict[Column, int]:
        """The width each column needs in this language and font: its header and sample (a
        date, an amount, a name of 18 letters), every word a word column can show, the
        widest amount listed so far. Narrower, a text would be cut."""
        fm = self.fontMetrics()
        arrow = 14  # a sortable column's header also shows the sort arrow
        icon = ICON_SIZE + 4
        moment = datetime(2026, 12, 28, 22, 59, tzinfo=UTC)
        samples = {
            Column.ID: ["31019999"],
            Column.DATE: [format_datetime(moment, "short")],
            # Longer names are elided (the tooltip and the name for a reader have it all).
            Column.BUYER: ["Florencia Rodríg"],  # 16 letters
            Column.TOTAL: [format_money(Decimal("123456.78"), "ARS"), *self._amounts],
        }
        widths: dict[Column, int] = {}
        for column, texts in samples.items():
            title = str(self._model.headerData(column, Qt.Orientation.Horizontal))
            widths[column] = max(max(fm.horizontalAdvance(t) for t in texts),
                                 fm.horizontalAdvance(title)
                                 + (arrow if column in SORTS else 0)) + _PAD
        for column in _WORD_COLUMNS:  # the icon, then the longest of the column's words
            words = [str(self._model.headerData(column, Qt.Orientation.Horizontal))]
            words += column_words(column)
            widest = max(fm.horizontalAdvance(w) for w in words)
            widths[column] = widest + (0 if column in _NO_ICON else icon) + _PAD
        return widths

    def least_products(self) -> int:
        """Products never narrower than 13 average letters (then the list scrolls sideways)."""
        return 13 * self.fontMetrics().averageCharWidth() + _PAD

    def _fit_stretch(self) -> None:
        """Products takes what the other columns leave, at least `least_products` (Qt's
        Stretch mode would squeeze it to a few pixels in a narrow window)."""
        header = self.horizontalHeader()
        header.setMinimumSectionSize(_ICON_ONLY)
        header.setSectionResizeMode(Column.PRODUCTS, QHeaderView.ResizeMode.Interactive)
        others = sum(header.sectionSize(c) for c in range(header.count())
                     if c != Column.PRODUCTS and not header.isSectionHidden(c))
        width = max(self.least_products(), self.viewport().width() - others)
        if header.sectionSize(Column.PRODUCTS) != width:
            self._fitting = True
            try:
                header.resizeSection(Column.PRODUCTS, width)
            finally:
                self._fitting = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_stretch()

    def _on_section_resized(self, column: int, _old: int, _new: int) -> None:
        if self._fitting:
            return
        # Only the mouse resizes a section by hand (the code's own resizes come with no
        # button held): that column's width is the seller's from now on.
        if QApplication.mouseButtons() & Qt.MouseButton.LeftButton:
            self._sized.add(Column(column))
        if column != Column.PRODUCTS:
            self._fit_stretch()

    def _on_amounts_listed(self, amounts: list[str]) -> None:
        """A page brought amounts: the Total column widens to the widest (an amount is
        never cut; only the page's own few hundred texts are measured)."""
        fm = self.fontMetrics()
        widest = max(amounts, key=fm.horizontalAdvance)
        if fm.horizontalAdvance(widest) + _PAD > self.columnWidth(Column.TOTAL):
            self._amounts = [widest]
            self.setColumnWidth(Column.TOTAL, fm.horizontalAdvance(widest) + _PAD)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The rows in view, each painted by one call of the row delegate (Qt's own paint
        calls the delegate once per cell). Rows are whole-row selected, so a row's
        background is one fill; the current cell gets the style's focus frame."""
        model = self._model
        count = model.rowCount()
        area = event.rect()
        cells = self._cells(area)
        if count == 0 or not cells:
            self._after_paint()
            return
        rows = self.verticalHeader()
        first = rows.visualIndexAt(area.top())
        if first < 0:
            self._after_paint()
            return
        last = rows.visualIndexAt(area.bottom())
        last = count - 1 if last < 0 else last
        height = rows.defaultSectionSize()
        top = rows.sectionViewportPosition(first)
        if self._halve_next:
            # A new query's first screenful, none of its texts laid out yet: its upper
            # half in this frame, the rest in the next (each half ~1-2 ms, not one of ~4).
            self._halve_next = False
            middle = first + (last - first + 1) // 2
            if first < middle <= last:
                rest = top + (middle - first) * height
                width, bottom = self.viewport().width(), self.viewport().height()
                QTimer.singleShot(0, self, lambda: self.viewport().update(
                    QRect(0, rest, width, bottom - rest)))
                last = middle - 1
            else:
                self._after_paint()
        else:
            self._after_paint()
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        active = self.isActiveWindow()
        colors = self.rows.colors(option.palette, active)
        selected = self._selected_rows(first, last)
        alternate = self.alternatingRowColors()
        painter = QPainter(self.viewport())
        self.rows.begin_paint()
        # The texts were laid out in this font: a painter in another one would lay every
        # text out again as it draws it.
        painter.setFont(option.font)
        if area.width() >= self.viewport().width():  # every column in view, not one cell
            self.rows.note_cells(cells, option.font)
        paint_row = self.rows.paint_row
        for row in range(first, last + 1):
            paint_row(painter, option, row, top + (row - first) * height, height, cells,
                      colors, selected=row in selected, alternate=alternate and row % 2 == 1)
        current = self.currentIndex()
        if (current.isValid() and first <= current.row() <= last and self.hasFocus()
                and not self.isColumnHidden(current.column())):
            frame = QStyleOptionFocusRect()
            frame.initFrom(self)
            frame.rect = QRect(self.columnViewportPosition(current.column()),
                               top + (current.row() - first) * height,
                               self.columnWidth(current.column()), height)
            frame.backgroundColor = option.palette.color(
                QPalette.ColorRole.Highlight if current.row() in selected
                else QPalette.ColorRole.Base)
            self.style().drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, frame,
                                       painter, self)
        painter.end()

    def _cells(self, area: QRect) -> list[Cell]:
        """The shown columns crossing `area`, in the order they are shown."""
        header = self.horizontalHeader()
        cells = []
        left, right = area.left(), area.right()
        for visual in range(header.count()):
            column = header.logicalIndex(visual)
            if header.isSectionHidden(column):
                continue
            x, width = header.sectionViewportPosition(column), header.sectionSize(column)
            if width > 0 and x + width > left and x <= right:
                cells.append(Cell(column, x, width))
        return cells

    def _selected_rows(self, first: int, last: int) -> set[int]:
        """The selected rows among `first`..`last` (a selection holds whole rows)."""
        rows: set[int] = set()
        selection = self.selectionModel().selection()
        for i in range(selection.size()):
            span = selection.at(i)
            rows.update(range(max(span.top(), first), min(span.bottom(), last) + 1))
        return rows

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # light/dark: tint the icons anew
            cached_icon.cache_clear()
            self.rows.forget()
            self.viewport().update()
        elif event.type() == QEvent.Type.LanguageChange:
            self._model.clear_texts()
            self.rows.forget()
            self.adopt_widths(self._sized)  # the seller's widths stand; others fit the words
        elif event.type() == QEvent.Type.FontChange:
            self.rows.forget()

    def show_sort(self, sort: OrderSort) -> None:
        """Put the header's indicator on `sort`'s column (none for a column-less ordering)."""
        place = column_for(sort)
        header = self.horizontalHeader()
        header.blockSignals(True)
        if place is None:
            header.setSortIndicator(-1, Qt.SortOrder.DescendingOrder)
        else:
            header.setSortIndicator(*place)
        header.blockSignals(False)

    def _on_model_about_to_be_reset(self) -> None:
        bar = self.verticalScrollBar()
        if bar.isVisible() and not self._bar_held:
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
            # Nor is it repainted empty (1-2 ms) in the click's frame, and again when the
            # first page comes: it is drawn once, with the new list's length.
            self._bar_held = True
            bar.setUpdatesEnabled(False)
            QTimer.singleShot(0, self, self._release_if_idle)

    def _release_if_idle(self) -> None:
        if not self._model.is_fetching():  # no page on its way (no shop, or it failed)
            self._on_first_page()

    def _on_first_page(self, *_: object) -> None:
        """Lay the rows out now, not on the view's next turn: the new page is painted
        once (laid out later, Qt paints the whole view twice); its scroll bar on the turn
        after, so one frame does not paint both."""
        if self._bar_held:
            self._bar_held = False
            self._bar_after_paint = self._halve_next = True
            self.doItemsLayout()
        self._fit_scroll_bar()

    def _after_paint(self) -> None:
        """The new query's scroll bar, once its rows are painted: on the next frame."""
        if self._bar_after_paint:
            self._bar_after_paint = False
            QTimer.singleShot(0, self, self._show_bar)

    def _show_bar(self) -> None:
        if not self._bar_held:
            self.verticalScrollBar().setUpdatesEnabled(True)

    def _fit_scroll_bar(self, *_: object) -> None:
        """The scroll bar as needed again once the rows are known to fit (more rows to page
        in, or more than a screenful, need it anyway: it stays)."""
        model = self._model
        rows = model.rowCount() * self.verticalHeader().defaultSectionSize()
        if not model.canFetchMore() and rows <= self.viewport().height():
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def selected_ids(self) -> list[str]:
        rows = sorted(index.row() for index in self.selectionModel().selectedRows())
        return [str(self._model.index(row, 0).data(ORDER_ID_ROLE)) for row in rows]

    def selected_rows(self) -> list[int]:
        return sorted(index.row() for index in self.selectionModel().selectedRows())

    def select_order(self, order_id: str) -> bool:
        row = self._model.row_of(order_id)
        if row is None:
            return False
        self.selectRow(row)
        self.scrollTo(self._model.index(row, 0), QAbstractItemView.ScrollHint.EnsureVisible)
        return True

    def _on_header_section_clicked(self, section: int) -> None:
        current = self._model.order_sort()
        place = column_for(current)
        if place is not None and place[0] == section:
            order = (Qt.SortOrder.AscendingOrder if place[1] == Qt.SortOrder.DescendingOrder
                     else Qt.SortOrder.DescendingOrder)
        else:
            order = _FIRST_ORDER.get(Column(section), Qt.SortOrder.AscendingOrder)
        sort = sort_for(section, order)
        if sort is None:  # no ordering for this column: keep the indicator
            self.show_sort(current)
            return
        self.show_sort(sort)
        self.sort_picked.emit(sort)

    def _on_header_menu_requested(self, pos: QPoint) -> None:
        menu = QMenu(self)
        header = self.horizontalHeader()
        for column in Column:
            title = str(self._model.headerData(column, Qt.Orientation.Horizontal))
            action = QAction(title, menu)
            action.setCheckable(True)
            action.setChecked(not header.isSectionHidden(column))
            action.setData(int(column))
            action.toggled.connect(self._on_column_action_toggled)
            menu.addAction(action)
        menu.exec(header.mapToGlobal(pos))

    def _on_column_action_toggled(self, shown: bool) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.setColumnHidden(int(action.data()), not shown)
