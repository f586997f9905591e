"""The Categories view: the shop's tree and the selected category's record (read-only)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import (
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLineEdit,
    QSplitter,
    QStackedWidget,
    QStyle,
    QToolButton,
    QTreeView,
    QWidget,
)

from sellerdesk.services.session import Session
from sellerdesk.services.types import Category, Resource
from sellerdesk.ui import settings as keys
from sellerdesk.ui.cached_panel import CachedPanel
from sellerdesk.ui.categories.detail import CategoryDetail
from sellerdesk.ui.categories.model import CategoryTreeModel, Column
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.icons import icon
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.follow_selection import follow_selection
from sellerdesk.ui.widgets.loading import updated_text
from sellerdesk.ui.widgets.search_field import name_clear_button
from sellerdesk.ui.widgets.service_link import subscribe_changes


class CategoriesPanel(CachedPanel[list[Category]]):
    view_id = "categories"
    synced_resource = Resource.CATEGORIES

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = CategoryTreeModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setAutoAcceptChildRows(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(Column.NAME)
        self._build()
        self._build_actions()
        if ctx.services is not None:
            subscribe_changes(self, ctx.services.changes, lambda _: self.reread_when_seen(),
                              area="categories")

    def title(self) -> str:
        return self.tr("Categories")

    def icon_name(self) -> str:
        return "categories"

    # ---- Building. -------------------------------------------------------------------------

    def _build(self) -> None:
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by name"))
        name_clear_button(self.filter_edit, self.tr("Clear the filter"))
        self.filter_edit.setAccessibleName(self.tr("Filter categories by name"))
        glass = self.filter_edit.addAction(icon("search"),
                                           QLineEdit.ActionPosition.LeadingPosition)
        glass.setText(self.tr("Filter"))  # the name its button is read by
        self.filter_edit.setFixedWidth(220)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self.expand_button = self._tool_button(self.tr("Expand all"), self.expand_all)
        self.collapse_button = self._tool_button(self.tr("Collapse all"), self.collapse_all)
        self.header.add_tool(self.filter_edit)
        self.header.add_tool(self.expand_button)
        self.header.add_tool(self.collapse_button)

        self.tree = QTreeView(self)
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree.setAccessibleName(self.tr("Category tree"))
        self.tree.setFrameShape(QTreeView.Shape.NoFrame)
        self._fit_header()
        follow_selection(self.tree)  # a row selected over AT-SPI opens too
        self.tree.selectionModel().selectionChanged.connect(self._on_tree_selection_changed)
        self.tree.activated.connect(self._on_tree_activated)

        self.detail = CategoryDetail(self)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.detail)
        # The tree takes what its columns need (set once the tree is known), the record
        # the rest: a wider window widens the record, whose permalink then wraps less.
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self._split_restored = False  # the seller's own divider position stands
        self.splitter.splitterMoved.connect(self._on_splitter_moved)

        self.empty_state = EmptyState(
            "categories", self.tr("No categories yet"),
            self.tr("Your shop's category tree appears here once it has been fetched."), self)
        self.no_match = EmptyState("search", self.tr("No category matches this filter"),
                                   self.tr("Try fewer letters, or clear the filter."), self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty_state)
        self.stack.addWidget(self.splitter)
        self.stack.addWidget(self.no_match)

        self.lay_out(self.stack)

    def _fit_header(self) -> None:
        """Every column as wide as its title and its cells (names, positions, "Default",
        the permalinks' paths), so no header or permalink is cut; names take the rest."""
        head = self.tree.header()
        head.setStretchLastSection(False)
        head.setMinimumSectionSize(24)
        head.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        for column in (Column.POSITION, Column.DEFAULT, Column.PERMALINK):
            head.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

    def tree_width(self) -> int:
        """The width the tree needs to show every column whole, every branch open (measured
        on the model: collapsed rows count too)."""
        head = self.tree.header()
        fm = self.tree.fontMetrics()
        need = {c: head.sectionSizeHint(c) for c in Column}
        pad = 2 * self.tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 8
        icon = self.tree.iconSize().width() if self.tree.iconSize().isValid() else 16

        def walk(parent: QModelIndex, depth: int) -> None:
            for row in range(self.model.rowCount(parent)):
                for column in Column:
                    index = self.model.index(row, column, parent)
                    text = str(index.data() or "")
                    width = fm.horizontalAdvance(text) + pad
                    if column is Column.NAME:
                        width += (depth + 1) * self.tree.indentation()
                    if index.data(Qt.ItemDataRole.DecorationRole) is not None:
                        width += icon + 4
                    need[column] = max(need[column], width)
                walk(self.model.index(row, 0, parent), depth + 1)

        walk(QModelIndex(), 0)
        scroll = self.tree.verticalScrollBar().sizeHint().width()
        return sum(need.values()) + scroll + 2 * self.tree.frameWidth() + 2

    def _fit_split(self) -> None:
        """Give the tree what it needs and the record the rest (unless the seller moved the
        divider: a restored position stands)."""
        if self._split_restored or self.model.total() == 0:
            return
        total = sum(self.splitter.sizes()) or self.splitter.width()
        tree = self.tree_width()
        detail = max(self.detail.minimumSizeHint().width(), total - tree)
        self.splitter.setSizes([max(tree, total - detail), detail])

    def _tool_button(self, text: str, slot: Callable[[], object]) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setAccessibleName(text)
        button.setAutoRaise(True)
        button.clicked.connect(slot)
        return button

    def _build_actions(self) -> None:
        def make(text: str, keys_: str, slot: Callable[[], object]) -> QAction:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(keys_))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)  # only while shown
            action.triggered.connect(slot)
            self.addAction(action)
            return action

        self._actions = [
            make(self.tr("Find a category"), "Ctrl+F", self._focus_filter),
            make(self.tr("Expand all"), "Ctrl+E", self.expand_all),
            make(self.tr("Collapse all"), "Ctrl+Shift+E", self.collapse_all),
            make(self.tr("Open the category's page in the browser"), "Ctrl+O",
                 self.open_permalink),
        ]

    def panel_actions(self) -> list[QAction]:
        return list(self._actions)

    # ---- Loading. ---------------------------------------------------------------------------

    def read_cache(self, services: Session) -> Coroutine[Any, Any, list[Category]]:
        return services.catalogue.category_tree()

    def show_cached(self, value: list[Category]) -> bool:
        self._show_tree(value)
        return bool(value)

    def show_no_shop(self) -> None:
        self._show_tree([])

    def fetch(self, services: Session) -> Coroutine[Any, Any, object]:
        return services.catalogue.refresh_categories()

    def fetch_label(self) -> str:
        return self.tr("Updating categories…")

    def fetch_failed(self, words: str) -> None:
        if self.model.total() == 0:
            self.empty_state.set_text(self.tr("Categories could not be fetched"), words)

    def _show_tree(self, tree: list[Category]) -> None:
        selected = self.selected_category()
        fresh = self.model.total() == 0
        self.model.set_tree(tree)
        if fresh:
            self._fit_split()
        self.update_subtitle()
        self._update_stack()
        if selected is not None and not self.selected_category():
            self.select_category(selected.id)
        elif self.selected_category() is None and self.model.total():
            default = self.model.default_category()
            first = self.proxy.index(0, 0)
            if default is not None:
                self.select_category(default.id)
            elif first.isValid():
                self.tree.setCurrentIndex(first)
        self._refresh_detail()

    def update_subtitle(self) -> None:
        total = self.model.total()
        count = self.tr("%n categories", "", total) if total else ""
        parts = [p for p in (count, updated_text(self.last_sync)
                             if self.ctx.services is not None else "") if p]
        self.header.set_subtitle(" · ".join(parts))

    def _update_stack(self) -> None:
        if self.model.total() == 0:
            self.stack.setCurrentWidget(self.empty_state)
        elif self.proxy.rowCount() == 0:
            self.stack.setCurrentWidget(self.no_match)
        else:
            self.stack.setCurrentWidget(self.splitter)

    # ---- Selection and actions. ----------------------------------------------------------------

    def selected_category(self) -> Category | None:
        return self.model.category(self.proxy.mapToSource(self.tree.currentIndex()))

    def select_category(self, category_id: int) -> bool:
        index = self.proxy.mapFromSource(self.model.index_of(category_id))
        if not index.isValid():
            return False
        parent = index.parent()
        while parent.isValid():
            self.tree.expand(parent)
            parent = parent.parent()
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        return True

    def expand_all(self) -> None:
        self.tree.expandAll()

    def collapse_all(self) -> None:
        self.tree.collapseAll()

    def open_permalink(self) -> None:
        if self.detail.category is not None:
            self.detail.permalink.click()

    def _focus_filter(self) -> None:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def _refresh_detail(self) -> None:
        source = self.proxy.mapToSource(self.tree.currentIndex())
        self.detail.show_category(self.model.category(source), self.model.path(source))

    def _on_tree_selection_changed(self, _selected: QItemSelection,
                                   _deselected: QItemSelection) -> None:
        self._refresh_detail()

    def _on_tree_activated(self, index: QModelIndex | QPersistentModelIndex) -> None:
        if index.column() == Column.PERMALINK:
            self.open_permalink()

    def _on_splitter_moved(self, _pos: int, _index: int) -> None:
        self._split_restored = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_split()

    def _on_filter_edit_text_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        if text.strip():
            self.tree.expandAll()
        self._update_stack()
        if not self.tree.currentIndex().isValid():
            first = self.proxy.index(0, 0)
            if first.isValid():
                self.tree.setCurrentIndex(first)
        self._refresh_detail()

    # ---- Remembering. -------------------------------------------------------------------------

    def save_state(self) -> None:
        settings = self.ctx.settings
        settings.save_splitter("categories", self.splitter)
        settings.save_header("categories", self.tree.header())
        settings.set(keys.VIEW_FILTERS.at("categories"), {"text": self.filter_edit.text()})

    def restore_state(self) -> None:
        settings = self.ctx.settings
        self._split_restored = settings.restore_splitter("categories", self.splitter)
        settings.restore_header("categories", self.tree.header())
        self._fit_header()  # a header saved by an older version kept cut columns
        text = settings.get(keys.VIEW_FILTERS.at("categories")).get("text", "")
        if isinstance(text, str):
            self.filter_edit.setText(text)

    async def prepare_snapshot(self) -> None:
        self.tree.expandAll()
        selected = self.selected_category()
        if selected is None or not selected.permalink:
            first = self.proxy.index(0, 0)
            if first.isValid():
                self.tree.setCurrentIndex(first)
