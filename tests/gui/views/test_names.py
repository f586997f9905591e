"""Names a screen reader says in the categories and tracking views (issue 15, items 19-20):
combo boxes are named by what they choose and carry a label relation to their caption, the
search fields' buttons are named, and no cell of the trees is left unnamed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.ui.categories import CategoriesPanel
from sellerdesk.ui.categories.model import Column as CategoryColumn
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.tracking.model import Column as TrackingColumn
from sellerdesk.ui.tracking.panel import TrackingPanel
from sellerdesk.ui.widgets.search_field import SearchField


def said(widget: QWidget) -> str:
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    return iface.text(QAccessible.Text.Name).strip()


def labelled_by(widget: QWidget) -> list[str]:
    """The texts of the labels the accessibility bus relates to `widget` (seen from the
    widget, each such label is its Label)."""
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    return [other.text(QAccessible.Text.Name) for other, relation
            in iface.relations(QAccessible.RelationFlag.Label)
            if relation & QAccessible.RelationFlag.Label]


def line_edit_buttons(edit: QLineEdit) -> list[QToolButton]:
    edit.setText("x")  # the clear button shows only with text
    return [b for b in edit.findChildren(QToolButton) if b.defaultAction() is not None]


def cells(model: QAbstractItemModel, parent: QModelIndex = QModelIndex()) -> Iterator[QModelIndex]:
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            yield model.index(row, column, parent)
        yield from cells(model, model.index(row, 0, parent))


def test_search_field_buttons_are_named(qtbot: QtBot) -> None:
    field = SearchField("Search orders")
    qtbot.addWidget(field)
    buttons = line_edit_buttons(field)
    assert sorted(said(b) for b in buttons) == ["Clear the search", "Search"]


@pytest.fixture
def tracking(live_ctx: UiContext, qtbot: QtBot) -> TrackingPanel:
    view = TrackingPanel(live_ctx)
    qtbot.addWidget(view)
    view.resize(1100, 780)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=20_000):
        view.activate()
    qtbot.waitUntil(lambda: view.model.rowCount() > 0, timeout=20_000)
    return view


def test_tracking_filters_are_named_by_what_they_choose(tracking: TrackingPanel,
                                                        qtbot: QtBot) -> None:
    filters = tracking.filters
    for combo, caption in ((filters.event_combo, "Inserted on"),
                           (filters.provider_combo, "Provider")):
        assert isinstance(combo, QComboBox)
        assert labelled_by(combo) == [caption]
        assert combo.accessibleName()  # what it chooses, where the name is read
    # Alt+letter of a caption focuses its filter, as a keyboard user would reach it.
    captions = {lab.text(): lab for lab in filters.findChildren(QLabel)}
    assert captions["&Inserted on"].buddy() is filters.event_combo
    assert captions["P&rovider"].buddy() is filters.provider_combo
    tracking.activateWindow()
    QTest.keyClick(tracking, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(filters.provider_combo.hasFocus, timeout=5000)


def test_every_tracking_cell_is_named(tracking: TrackingPanel) -> None:
    model = tracking.model
    unnamed = [(index.row(), index.column()) for index in cells(model)
               if not str(index.data(Qt.ItemDataRole.AccessibleTextRole)
                          or index.data() or "").strip()]
    assert unnamed == []
    changes = {str(model.index(r, TrackingColumn.CHANGES).data(Qt.ItemDataRole.AccessibleTextRole))
               for r in range(model.rowCount())}
    assert "No changes waiting" in changes


@pytest.fixture
def categories(live_ctx: UiContext, qtbot: QtBot) -> CategoriesPanel:
    view = CategoriesPanel(live_ctx)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=20_000):
        view.activate()
    qtbot.waitUntil(lambda: view.model.total() > 0, timeout=20_000)
    return view


def test_every_category_cell_and_filter_button_is_named(categories: CategoriesPanel) -> None:
    model = categories.model
    unnamed = [(index.row(), index.column()) for index in cells(model)
               if not str(index.data(Qt.ItemDataRole.AccessibleTextRole)
                          or index.data() or "").strip()]
    assert unnamed == []
    defaults = [str(i.data(Qt.ItemDataRole.AccessibleTextRole)) for i in cells(model)
                if i.column() == CategoryColumn.DEFAULT]
    assert defaults.count("Default category") == 1 and "Not the default" in defaults
    buttons = line_edit_buttons(categories.filter_edit)
    assert sorted(said(b) for b in buttons) == ["Clear the filter", "Filter"]
