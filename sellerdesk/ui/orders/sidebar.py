"""The facet sidebar: one-click summary views, saved views, and a check per filter value.

The sidebar never owns the filter: it shows the one the panel gives it (`set_filter`) and
proposes a new one with `filter_picked` whenever the seller clicks something.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.types import Facets, OrderFilter, OrderSummary
from sellerdesk.ui.icons import icon
from sellerdesk.ui.orders.facet_model import FacetModel
from sellerdesk.ui.orders.filters import (
    FACETS,
    SUMMARIES,
    active_facets,
    filter_from_json,
    filter_to_json,
    known_values,
    value_label,
    with_facet,
    without_facets,
)
from sellerdesk.ui.settings import SavedView, Settings
from sellerdesk.ui.vocabulary import summary_hint, summary_label
from sellerdesk.ui.widgets.count_button import CountButton
from sellerdesk.ui.widgets.formatting import format_number
from sellerdesk.ui.widgets.text import heading_label, plain_label

_AFTER_PAINT_MS = 100  # the rest of new counts, at the latest (a tree out of sight)


class _ToggleDelegate(QStyledItemDelegate):
    """A click anywhere on a value row (its words, its count) toggles its check; rows get a
    little air (the style's default rows are a hair taller than the text)."""

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(hint.width(), max(hint.height(), option.fontMetrics.height() + 8))

    def editorEvent(self, event: QEvent, model: QAbstractItemModel,
                    option: QStyleOptionViewItem,
                    index: QModelIndex | QPersistentModelIndex) -> bool:
        if event.type() == QEvent.Type.MouseButtonRelease and index.parent().isValid():
            if not model.flags(index) & Qt.ItemFlag.ItemIsEnabled:
                return False
            first = index.sibling(index.row(), 0)
            state = first.data(Qt.ItemDataRole.CheckStateRole)
            checked = state == Qt.CheckState.Checked
            return model.setData(first, Qt.CheckState.Unchecked if checked
                                 else Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
        if event.type() == QEvent.Type.MouseButtonDblClick and index.parent().isValid():
            return True  # the first release already toggled it
        return super().editorEvent(event, model, option, index)


class _FacetTree(QTreeView):
    """The facet tree. Neither the mouse nor the keys ever select in it (a click or Space
    ticks a value through the delegate). Selecting a cell is what an assistive technology's
    "Toggle" does (Qt's accessible item action), so the sidebar takes a selection as that
    toggle and ticks the value the same way a click does."""

    def selectionCommand(self, index: QModelIndex | QPersistentModelIndex,
                         event: QEvent | None = None) -> QItemSelectionModel.SelectionFlag:
        return QItemSelectionModel.SelectionFlag.NoUpdate


class FacetSidebar(QWidget):
    filter_picked = Signal(object)  # the OrderFilter the seller asked for
    saved_views_changed = Signal()

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._filter = OrderFilter()
        self.model = FacetModel(self)
        self.model.value_toggled.connect(self._on_model_value_toggled)

        self.summary_buttons: dict[OrderSummary, CountButton] = {}
        summaries = QVBoxLayout()
        summaries.setSpacing(1)
        for summary in SUMMARIES:
            button = CountButton(summary_label(summary), self)
            button.setToolTip(summary_hint(summary))
            # Toggled, not clicked: a screen reader's Toggle action (and setChecked) changes
            # the state without a click, and must filter as a click does.
            button.toggled.connect(self._on_summary_toggled)
            button.setProperty("summary", summary.value)
            summaries.addWidget(button)
            self.summary_buttons[summary] = button

        self.saved = QComboBox(self)
        self.saved.setPlaceholderText(self.tr("Saved views"))
        self.saved.setAccessibleName(self.tr("Saved views"))
        self.saved.setToolTip(self.tr("Open a view you saved"))
        self.saved.activated.connect(self._on_saved_activated)
        self.save_button = self._tool("", self.tr("Save the current filters as a view"),
                                      self.tr("Save view"))
        self.save_button.setText(self.tr("Save…"))
        self.save_button.clicked.connect(self._on_save_clicked)
        self.delete_button = self._tool("close", self.tr("Delete the chosen saved view"),
                                        self.tr("Delete saved view"))
        self.delete_button.clicked.connect(self._on_delete_clicked)
        # A visible caption, the combo's buddy: on Linux a combo is read by its current
        # value and says what it chooses only through this labelled-by relation. Above the
        # combo, not beside it: beside it, the caption widened the sidebar (in es and pt_BR
        # enough that the order list at 1280 px had to scroll sideways).
        saved_caption = plain_label(self.tr("Views:"), self, muted=True)
        saved_caption.setBuddy(self.saved)
        saved_buttons = QHBoxLayout()
        saved_buttons.setSpacing(4)
        saved_buttons.addWidget(self.saved, 1)
        saved_buttons.addWidget(self.save_button)
        saved_buttons.addWidget(self.delete_button)
        saved_row = QVBoxLayout()
        saved_row.setSpacing(2)
        saved_row.addWidget(saved_caption)
        saved_row.addLayout(saved_buttons)

        self.clear_button = QToolButton(self)
        self.clear_button.setText(self.tr("Clear"))
        self.clear_button.setAutoRaise(True)
        self.clear_button.setToolTip(self.tr("Show all orders again"))
        self.clear_button.setAccessibleName(self.tr("Clear filters"))
        self.clear_button.clicked.connect(self.clear_filters)
        filters_title = QHBoxLayout()
        filters_title.addWidget(heading_label(self.tr("Filters"), self, scale=1.0), 1)
        filters_title.addWidget(self.clear_button)

        self.tree = _FacetTree(self)
        self.tree.setModel(self.model)
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setIndentation(14)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # By item: Qt's accessible "Toggle" of a row-selecting tree selects the visual row
        # numbered like the cell's row within its group (a heading, for the first values).
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.tree.setItemDelegate(_ToggleDelegate(self.tree))
        self.tree.setAccessibleName(self.tr("Filters"))
        self.tree.setFrameShape(QTreeView.Shape.NoFrame)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        # A click ticks a value without taking the keyboard focus (as a toolbar's buttons):
        # taking it repaints the whole tree and its scroll bar (~4 ms) in the very frame the
        # list empties for the new filter. Tab still reaches it, and Space ticks there.
        self.tree.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        # Nothing in the tree moves when counts change: the count column has the width of the
        # largest count, the words take the rest, and no sideways scroll bar can appear (it
        # would lift every row when it did; the next click would land on a heading).
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(1, self.count_width())
        self.model.rowsInserted.connect(self._on_model_rows_inserted)
        self._after_paint: Callable[[], None] | None = None  # the rest of the new counts
        self._summary: Facets = {}
        self.tree.viewport().installEventFilter(self)
        self.tree.selectionModel().selectionChanged.connect(self._on_tree_selection_changed)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 6, 6)
        layout.setSpacing(6)
        layout.addWidget(heading_label(self.tr("Views"), self, scale=1.0))
        layout.addLayout(summaries)
        layout.addSpacing(6)
        layout.addLayout(saved_row)
        layout.addSpacing(6)
        layout.addLayout(filters_title)
        layout.addWidget(self.tree, 1)
        self.reload_saved_views()

    def count_width(self) -> int:
        """The count column: as wide as the largest count a shop of ours shows."""
        return self.fontMetrics().horizontalAdvance(format_number(888_888)) + 12

    def preferred_width(self) -> int:
        """Wide enough for the longest facet value, its box and its count, in this font."""
        fm = self.fontMetrics()
        words = [value_label(f, v) for f in FACETS for v in known_values(f)]
        words += [summary_label(s) for s in SUMMARIES]
        text = max(fm.horizontalAdvance(w) for w in words)
        box = self.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 8
        scroll = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return self.tree.indentation() + box + text + self.count_width() + scroll + 28

    def _tool(self, icon_name: str, tip: str, name: str) -> QToolButton:
        button = QToolButton(self)
        if icon_name:
            button.setIcon(icon(icon_name))
        button.setAutoRaise(True)
        button.setToolTip(tip)
        button.setAccessibleName(name)
        return button

    # ---- What the panel tells it. ----------------------------------------------------------

    def set_filter(self, f: OrderFilter) -> None:
        self._filter = f
        self.model.set_filter(f)
        for summary, button in self.summary_buttons.items():
            button.blockSignals(True)  # showing the filter is not picking one
            button.setChecked(f.summary == summary)
            button.blockSignals(False)
        self.clear_button.setEnabled(bool(active_facets(f)))
        match = next((i for i, v in enumerate(self._settings.saved_order_views())
                      if filter_from_json(v.filters) == msgspec.structs.replace(f, query=None)
                      and active_facets(f)), -1)
        self.saved.setCurrentIndex(match)
        self.delete_button.setEnabled(match >= 0)

    def set_counts(self, facets: Facets) -> None:
        # Half the tree's changed counts now, the rest and the view buttons once those
        # are painted: one frame does not repaint them all.
        self._run_after_paint()
        self._summary = facets
        self.model.set_counts(facets, later=self._later, at_once=self._in_upper_half)
        if self._after_paint is None:
            self._show_summary()

    def _in_upper_half(self, index: QModelIndex) -> bool:
        """Above the middle of the tree's view (or above the view: no paint at all)."""
        return self.tree.visualRect(index).top() < self.tree.viewport().height() // 2

    def _later(self, function: Callable[[], None]) -> None:
        self._after_paint = function
        QTimer.singleShot(_AFTER_PAINT_MS, self, self._run_after_paint)  # if none comes

    def _run_after_paint(self) -> None:
        function, self._after_paint = self._after_paint, None
        if function is not None:
            function()
            self._show_summary()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Paint and self._after_paint is not None
                and watched is self.tree.viewport()):
            QTimer.singleShot(0, self, self._run_after_paint)  # on the turn after it
        return False

    def _show_summary(self) -> None:
        facets = self._summary
        summary = facets.get("summary", {})
        for key, button in self.summary_buttons.items():
            count = format_number(summary.get(key.value, 0))
            if count != button.count():  # an unchanged count is not repainted
                button.set_count(count)

    # ---- Saved views. -----------------------------------------------------------------------

    def reload_saved_views(self) -> None:
        self.saved.clear()
        for view in self._settings.saved_order_views():
            self.saved.addItem(view.name)
        self.set_filter(self._filter)

    def save_current_view(self, name: str) -> None:
        """Store the current facets (not the words searched) under `name`; replaces a view
        of the same name."""
        name = name.strip()
        if not name:
            return
        views = [v for v in self._settings.saved_order_views() if v.name != name]
        unsearched = msgspec.structs.replace(self._filter, query=None)
        views.append(SavedView(name, filter_to_json(unsearched)))
        self._settings.set_saved_order_views(views)
        self.reload_saved_views()
        self.saved_views_changed.emit()

    def delete_saved_view(self, name: str) -> None:
        views = [v for v in self._settings.saved_order_views() if v.name != name]
        self._settings.set_saved_order_views(views)
        self.reload_saved_views()
        self.saved_views_changed.emit()

    def open_saved_view(self, name: str) -> None:
        for view in self._settings.saved_order_views():
            if view.name == name:
                picked = filter_from_json(view.filters)
                self.filter_picked.emit(msgspec.structs.replace(picked, query=self._filter.query))
                return

    def clear_filters(self) -> None:
        self.filter_picked.emit(without_facets(self._filter))

    # ---- Slots. -------------------------------------------------------------------------------

    def _on_model_value_toggled(self, facet: str, value: str, checked: bool) -> None:
        self.filter_picked.emit(with_facet(self._filter, facet, value if checked else None))

    def _on_summary_toggled(self, checked: bool) -> None:
        button = self.sender()
        if not isinstance(button, CountButton):
            return
        summary = str(button.property("summary"))
        shown = self._filter.summary == summary
        if checked == shown:
            return  # already what the filter says
        chosen = summary if checked else None
        self.filter_picked.emit(with_facet(self._filter, "summary", chosen))

    def _on_saved_activated(self, row: int) -> None:
        if row >= 0:
            self.open_saved_view(self.saved.itemText(row))

    def _on_save_clicked(self) -> None:
        name, ok = QInputDialog.getText(self, self.tr("Save view"),
                                        self.tr("Name of this view:"))
        if ok:
            self.save_current_view(name)

    def _on_delete_clicked(self) -> None:
        row = self.saved.currentIndex()
        if row >= 0:
            self.delete_saved_view(self.saved.itemText(row))

    def _on_tree_selection_changed(self, selected: QItemSelection, _: QItemSelection) -> None:
        """An assistive technology's "Toggle" on a value: tick or untick it, as a click."""
        indexes = [i for i in selected.indexes() if i.parent().isValid()]
        self.tree.selectionModel().clearSelection()
        for index in indexes[:1]:
            first = index.sibling(index.row(), 0)
            if self.model.flags(first) & Qt.ItemFlag.ItemIsEnabled:
                checked = first.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
                self.model.setData(first, Qt.CheckState.Unchecked if checked
                                   else Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)

    def _on_model_rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        if not parent.isValid():
            for row in range(first, last + 1):
                self.tree.expand(self.model.index(row, 0))
