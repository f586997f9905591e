"""The shop's category tree (at most 3 levels) as a Qt item model, read-only."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QUrl,
)
from PySide6.QtGui import QPalette

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import Category
from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip

CATEGORY_ROLE = int(Qt.ItemDataRole.UserRole) + 1  # the Category itself
PATH_ROLE = int(Qt.ItemDataRole.UserRole) + 2  # "Root › Child › Grandchild"
_Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    NAME = 0
    POSITION = 1
    DEFAULT = 2
    PERMALINK = 3


@dataclass(eq=False)
class _Node:
    category: Category
    parent: _Node | None
    row: int
    children: list[_Node] = field(default_factory=list)


def _same(a: Category, b: Category) -> bool:
    """Equal as shown (children are compared by the tree walk itself)."""
    return (a.id, a.name, a.position, a.default_category, a.permalink, a.date_created,
            a.last_updated) == (b.id, b.name, b.position, b.default_category, b.permalink,
                                b.date_created, b.last_updated)


def _short_link(link: str | None) -> str:
    """The page's path ("/moda/hombre"): every permalink is on the shop's own site. One
    isolated line, as every text from the service in a row."""
    if not link:
        return ""
    url = QUrl(link)
    return one_line(url.path() if url.isValid() and url.host() and url.path() else link)


def shown_path(names: list[str]) -> str:
    """"Root › Child" with each name isolated: a name cannot reorder its neighbours."""
    return " › ".join(one_line(name) for name in names)


class CategoryTreeModel(QAbstractItemModel):
    """Roots with their children; an index's internal id is its category id."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._roots: list[_Node] = []
        self._by_id: dict[int, _Node] = {}

    # ---- Feeding. ---------------------------------------------------------------------

    def set_tree(self, roots: list[Category]) -> None:
        """Show `roots` (each with `children`). The service replaces the whole tree on each
        refresh; when its shape is unchanged only the changed rows are announced, otherwise
        (categories added, moved or removed elsewhere: rare) the model is rebuilt."""
        if self._shape(roots) == self._shape_of_nodes(self._roots):
            self._update(roots, self._roots)
            return
        self.beginResetModel()
        self._by_id = {}
        self._roots = self._build(roots, None)
        self.endResetModel()

    def _build(self, cats: list[Category], parent: _Node | None) -> list[_Node]:
        nodes = []
        for row, cat in enumerate(cats):
            node = _Node(cat, parent, row)
            self._by_id[cat.id] = node
            node.children = self._build(list(cat.children or []), node)
            nodes.append(node)
        return nodes

    def _shape(self, cats: list[Category]) -> list[Any]:
        return [(c.id, self._shape(list(c.children or []))) for c in cats]

    def _shape_of_nodes(self, nodes: list[_Node]) -> list[Any]:
        return [(n.category.id, self._shape_of_nodes(n.children)) for n in nodes]

    def _update(self, cats: list[Category], nodes: list[_Node]) -> None:
        for cat, node in zip(cats, nodes, strict=True):
            if not _same(cat, node.category):
                node.category = cat
                first = self.createIndex(node.row, 0, cat.id)
                last = self.createIndex(node.row, len(Column) - 1, cat.id)
                self.dataChanged.emit(first, last)
            self._update(list(cat.children or []), node.children)

    # ---- Lookups. -------------------------------------------------------------------------

    def category(self, index: _Index) -> Category | None:
        node = self._node(index)
        return node.category if node else None

    def index_of(self, category_id: int, column: int = 0) -> QModelIndex:
        node = self._by_id.get(category_id)
        if node is None:
            return QModelIndex()
        return self.createIndex(node.row, column, category_id)

    def path(self, index: _Index) -> list[str]:
        node = self._node(index)
        names: list[str] = []
        while node is not None:
            names.insert(0, node.category.name or "")
            node = node.parent
        return names

    def total(self) -> int:
        return len(self._by_id)

    def default_category(self) -> Category | None:
        return next((n.category for n in self._by_id.values()
                     if n.category.default_category), None)

    def _node(self, index: _Index) -> _Node | None:
        if not index.isValid() or index.model() is not self:
            return None
        return self._by_id.get(int(index.internalId()))

    # ---- QAbstractItemModel. ----------------------------------------------------------------

    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:
        if column < 0 or column >= len(Column) or row < 0:
            return QModelIndex()
        siblings = self._children(parent)
        if siblings is None or row >= len(siblings):
            return QModelIndex()
        return self.createIndex(row, column, siblings[row].category.id)

    def parent(self, index: _Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        node = self._node(index)
        if node is None or node.parent is None:
            return QModelIndex()
        return self.createIndex(node.parent.row, 0, node.parent.category.id)

    def _children(self, parent: _Index) -> list[_Node] | None:
        if not parent.isValid():
            return self._roots
        if parent.column() != 0:
            return None
        node = self._node(parent)
        return node.children if node else None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:
        children = self._children(parent)
        return len(children) if children is not None else 0

    def columnCount(self, parent: _Index = QModelIndex()) -> int:
        return len(Column)

    def hasChildren(self, parent: _Index = QModelIndex()) -> bool:
        return self.rowCount(parent) > 0

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return {Column.NAME: self.tr("Name"), Column.POSITION: self.tr("Position"),
                Column.DEFAULT: self.tr("Default"), Column.PERMALINK: self.tr("Permalink")
                }.get(Column(section)) if 0 <= section < len(Column) else None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        node = self._node(index)
        if node is None:
            return None
        cat = node.category
        column = Column(index.column())
        if role == CATEGORY_ROLE:
            return cat
        if role == PATH_ROLE:
            return shown_path(self.path(index))
        if role == Qt.ItemDataRole.DisplayRole:
            if column is Column.NAME:
                return one_line(cat.name) if cat.name else self.tr("(no name)")
            if column is Column.POSITION:
                return "" if cat.position is None else str(cat.position)
            if column is Column.DEFAULT:
                return self.tr("Default") if cat.default_category else ""
            return _short_link(cat.permalink)
        if role == Qt.ItemDataRole.DecorationRole and column is Column.DEFAULT \
                and cat.default_category:
            return icon("check", Tone.SUCCESS)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column is Column.PERMALINK and cat.permalink:
                return plain_tooltip(self.tr("{link}\nPress Enter or Ctrl+O to open it in the "
                                             "browser").format(link=one_line(cat.permalink)))
            if column is Column.DEFAULT and cat.default_category:
                return self.tr("The shop's default category")
            if column is Column.NAME:
                return plain_tooltip(shown_path(self.path(index)))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            if column is Column.NAME:
                text = one_line(cat.name) if cat.name else ""
                return self.tr("{name} (default category)").format(name=text) \
                    if cat.default_category else text
            # Empty cells are named too, so a screen reader says "not the default" rather
            # than nothing.
            if column is Column.DEFAULT:
                return self.tr("Default category") if cat.default_category \
                    else self.tr("Not the default")
            if column is Column.POSITION and cat.position is None:
                return self.tr("No position")
            if column is Column.PERMALINK and not cat.permalink:
                return self.tr("No permalink")
        if role == Qt.ItemDataRole.ForegroundRole and column is Column.PERMALINK:
            return theme.palette().color(QPalette.ColorRole.Link)
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.POSITION:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
