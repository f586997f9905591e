"""The left pane: search box, status / channel / order filters, the thread list or its empty
state. It owns no data: the rows live in `ThreadListModel`, the panel decides what to load."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QModelIndex, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QListView,
    QSizePolicy,
    QStackedWidget,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.inbox_list import InboxFilters, ThreadSort
from sellerdesk.services.types import Channel, ThreadStatus
from sellerdesk.ui.icons import icon
from sellerdesk.ui.inbox.thread_delegate import ThreadDelegate, row_height
from sellerdesk.ui.inbox.thread_model import ThreadListModel
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.labelled import Labelled
from sellerdesk.ui.widgets.search_field import name_clear_button
from sellerdesk.ui.widgets.text import plain_label

SEARCH_DEBOUNCE_MS = 350


class ThreadListView(QListView):
    """The list; Return / Enter asks to reply (the panel focuses the composer)."""

    activated_by_key = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activated_by_key.emit()
            return
        super().keyPressEvent(event)


class ThreadListPane(QWidget):
    """Emits `filters_changed` (status/channel/order) and `words_changed` (debounced)."""

    filters_changed = Signal()
    words_changed = Signal(str)

    def __init__(self, model: ThreadListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(self.tr("Search questions…"))
        self.search.setAccessibleName(self.tr("Search questions"))
        name_clear_button(self.search)
        glass = self.search.addAction(icon("search"), QLineEdit.ActionPosition.LeadingPosition)
        # Its button's name, for a screen reader (the search field's own words).
        glass.setText(QCoreApplication.translate("SearchField", "Search"))
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(SEARCH_DEBOUNCE_MS)
        self._debounce.timeout.connect(self._on_debounce_timeout)
        self.search.textChanged.connect(self._on_search_text_changed)
        self.search.returnPressed.connect(self._on_search_return_pressed)
        glass.triggered.connect(self._on_search_return_pressed)

        self.status = self._combo(self.tr("Status filter"), [
            (self.tr("All statuses"), ""), (self.tr("Unanswered"), ThreadStatus.UNANSWERED.value),
            (self.tr("Answered"), ThreadStatus.ANSWERED.value)])
        self.channel = self._combo(self.tr("Channel filter"), [
            (self.tr("All channels"), ""), (self.tr("Shopfront"), Channel.SHOPFRONT.value),
            (self.tr("Marketplace"), Channel.MARKETPLACE.value)])
        self.sort = self._combo(self.tr("Sort order"), [
            (self.tr("Waiting longest first"), ThreadSort.UNANSWERED_FIRST.value),
            (self.tr("Newest first"), ThreadSort.NEWEST_FIRST.value),
            (self.tr("Oldest first"), ThreadSort.OLDEST_FIRST.value)])
        self.sort.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

        self.view = ThreadListView(self)
        self.view.setModel(model)
        self.view.setItemDelegate(ThreadDelegate(self.view))
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.setUniformItemSizes(True)
        self.view.setMouseTracking(True)
        self.view.setAccessibleName(self.tr("Conversations"))
        self.empty = EmptyState("inbox", parent=self, fluid=True)
        self._warmed = False

        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.empty)

        self.sort.setFrame(False)  # a quiet sort beside the count, not a third filter
        # The count wraps ("Conversaciones:" over "123") before the sort's choice is cut.
        self.count = plain_label("", self, muted=True, wrap=True)
        self.sort.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        # Visible captions, each the buddy of its combo: on Linux a combo is read by its
        # current value, and says what it chooses only through this labelled-by relation.
        self.status_box = Labelled(self.tr("Status"), self.status, self, above=True)
        self.channel_box = Labelled(self.tr("Channel"), self.channel, self, above=True)
        self.sort_box = Labelled(self.tr("Sort"), self.sort, self, above=True)
        filters = QHBoxLayout()
        filters.setSpacing(10)
        filters.addWidget(self.status_box, 1)
        filters.addWidget(self.channel_box, 1)
        summary = QHBoxLayout()
        summary.setContentsMargins(2, 0, 0, 0)
        summary.setSpacing(4)
        summary.addWidget(self.count, 1, Qt.AlignmentFlag.AlignBottom)
        summary.addWidget(self.sort_box)
        top = QVBoxLayout()
        top.setContentsMargins(12, 10, 12, 2)
        top.setSpacing(8)
        top.addWidget(self.search)
        top.addLayout(filters)
        top.addLayout(summary)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        self.setMinimumWidth(250)
        QWidget.setTabOrder(self.search, self.status)
        QWidget.setTabOrder(self.status, self.channel)
        QWidget.setTabOrder(self.channel, self.sort)
        QWidget.setTabOrder(self.sort, self.view)

    def sizeHint(self) -> QSize:
        return QSize(380, 600)

    def _combo(self, name: str, entries: list[tuple[str, str]]) -> QComboBox:
        combo = QComboBox(self)
        combo.setAccessibleName(name)
        combo.setToolTip(name)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(6)
        for text, value in entries:
            combo.addItem(text, value)
        combo.currentIndexChanged.connect(self._on_combo_current_index_changed)
        return combo

    # ---- Filters in and out. -----------------------------------------------------------------

    def filters(self) -> InboxFilters:
        status = str(self.status.currentData() or "")
        channel = str(self.channel.currentData() or "")
        return InboxFilters(
            status=ThreadStatus(status) if status else None,
            channel=Channel(channel) if channel else None,
            sort=ThreadSort(str(self.sort.currentData())),
            words=self.search.text().strip())

    def set_filters(self, filters: InboxFilters) -> None:
        """Show `filters` without announcing them (restoring state)."""
        self.search.blockSignals(True)
        self.search.setText(filters.words)
        self.search.blockSignals(False)
        self._debounce.stop()
        for combo, value in ((self.status, filters.status.value if filters.status else ""),
                             (self.channel, filters.channel.value if filters.channel else ""),
                             (self.sort, filters.sort.value)):
            found = combo.findData(value)
            combo.blockSignals(True)
            combo.setCurrentIndex(max(0, found))
            combo.blockSignals(False)

    def set_count(self, text: str) -> None:
        self.count.setText(text)

    def show_empty(self, title: str, hint: str = "") -> None:
        self.empty.set_text(title, hint)
        self.stack.setCurrentWidget(self.empty)

    def show_list(self) -> None:
        self.stack.setCurrentWidget(self.view)

    def warm_up_soon(self) -> None:
        """Once, on a later turn: let the delegate draw its first row while nothing waits
        (an empty inbox's first sync would pay for it on the rows it brings)."""
        if not self._warmed:
            self._warmed = True
            QTimer.singleShot(0, self, self._on_warm_up_timeout)

    def _on_warm_up_timeout(self) -> None:
        delegate = self.view.itemDelegate()
        if isinstance(delegate, ThreadDelegate):
            option = QStyleOptionViewItem()
            option.initFrom(self.view)
            option.font = self.view.font()
            option.rect = QRect(0, 0, self.view.viewport().width(), 0)
            delegate.warm_up(option)

    def expect_rows(self, count: int) -> None:
        """Rows are arriving a few per turn: when `count` of them will need the scroll bar,
        show it from the first ones, so each row is drawn once at its final width (a row is
        drawn again at every new width, and the bar appearing halfway means a screenful)."""
        overflow = count * row_height(self.view.fontMetrics()) > self.stack.height()
        if overflow:
            self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)

    def rows_in_view(self) -> int:
        """How many rows from the top reach into the visible part of the list (rows past it
        are not drawn when they change)."""
        height = max(1, row_height(self.view.fontMetrics()))
        # The stack's height: the list's own is not laid out while the empty state shows.
        bottom = self.view.verticalScrollBar().value() + self.stack.height()
        return bottom // height + 1

    def rows_settled(self) -> None:
        """Every row is in: the scroll bar as needed again (`expect_rows`)."""
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def showing_empty(self) -> bool:
        return self.stack.currentWidget() is self.empty

    def current_row(self) -> int:
        index = self.view.currentIndex()
        return index.row() if index.isValid() else -1

    def select_row(self, row: int) -> None:
        index = self.model.index(row, 0) if row >= 0 else QModelIndex()
        self.view.setCurrentIndex(index)
        if index.isValid():
            self.view.scrollTo(index)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    # ---- Slots. ------------------------------------------------------------------------------

    def _on_search_text_changed(self, _text: str) -> None:
        self._debounce.start()

    def _on_search_return_pressed(self) -> None:
        self._debounce.stop()
        self._on_debounce_timeout()

    def _on_debounce_timeout(self) -> None:
        self.words_changed.emit(self.search.text().strip())

    def _on_combo_current_index_changed(self, _index: int) -> None:
        self.filters_changed.emit()
