"""The row a screen reader selects becomes the current row, as a click's does.

Views show the detail of their current row. A click or an arrow key moves the current row
and selects it; AT-SPI's selectChild and a cell's Toggle action only select (Qt's accessible
table calls the selection model, never setCurrentIndex), so the detail stayed on another
record while the reader said the new one was selected.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView


def follow_selection(view: QAbstractItemView) -> None:
    """Make a single newly selected row current. Connect it before the view's own
    selectionChanged handlers, so they already see the new current row."""
    selection = view.selectionModel()

    def on_selection_changed(selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        rows = {(index.parent(), index.row()) for index in indexes}
        if len(rows) != 1:
            return  # a range, all, or nothing: the keyboard or the mouse moved current too
        index = indexes[0]
        current = selection.currentIndex()
        if current.isValid() and current.row() == index.row() \
                and current.parent() == index.parent():
            return
        column = current.column() if current.isValid() else index.column()
        target = index.siblingAtColumn(max(column, 0))
        selection.setCurrentIndex(target, QItemSelectionModel.SelectionFlag.NoUpdate)

    selection.selectionChanged.connect(on_selection_changed)
