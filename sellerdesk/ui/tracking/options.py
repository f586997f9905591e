"""A tracking code's options as an editable key/value table (its own model and buttons)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip

_Index = QModelIndex | QPersistentModelIndex


def plain_value(value: Any) -> Any:
    """Decimals from the JSON decoder as int/float, so they go back out as numbers."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def value_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(plain_value(value), ensure_ascii=False, default=str)


def parse_value(text: str, before: Any) -> Any:
    """Typed text back to a value. A value that was a number, true/false or a structure stays
    one while the text still reads as one; everything else (and every new row) is text."""
    if isinstance(before, str) or before is None:
        return text
    try:
        parsed = json.loads(text)
    except ValueError:
        return text
    if isinstance(before, bool):
        return parsed if isinstance(parsed, bool) else text
    if isinstance(before, int | float | Decimal):
        number = isinstance(parsed, int | float) and not isinstance(parsed, bool)
        return parsed if number else text
    return parsed if isinstance(parsed, type(before)) else text


class OptionsModel(QAbstractTableModel):
    """Rows of [key, value]; keys are kept as typed so validation can point at them."""

    edited = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[list[Any]] = []

    def set_options(self, options: dict[str, Any]) -> None:
        """Show another code's options: a new document, so the model starts over."""
        self.beginResetModel()
        self._rows = [[str(k), plain_value(v)] for k, v in options.items()]
        self.endResetModel()

    def entries(self) -> list[tuple[str, Any]]:
        return [(k, v) for k, v in self._rows]

    def options(self) -> dict[str, Any]:
        return {k.strip(): v for k, v in self._rows}

    def add_row(self) -> int:
        row = len(self._rows)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.append(["", ""])
        self.endInsertRows()
        self.edited.emit()
        return row

    def remove_row(self, row: int) -> None:
        if not 0 <= row < len(self._rows):
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self.endRemoveRows()
        self.edited.emit()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 2

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return {0: self.tr("Option"), 1: self.tr("Value")}.get(section)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsEditable)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows) \
                or not 0 <= index.column() < 2:
            return None
        value = self._rows[index.row()][index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return value_text(value)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 1:
            kind = self.tr("text") if isinstance(value, str) else self.tr("number or value")
            return plain_tooltip(f"{value_text(value)}\n({kind})")
        return None

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() \
                or not 0 <= index.row() < len(self._rows):
            return False
        text = str(value)
        cell = self._rows[index.row()]
        new = text if index.column() == 0 else parse_value(text, cell[1])
        if new == cell[index.column()] and type(new) is type(cell[index.column()]):
            return True
        cell[index.column()] = new
        self.dataChanged.emit(index, index)
        self.edited.emit()
        return True


class OptionsEditor(QWidget):
    """The table with Add and Remove buttons beside it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = OptionsModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Options"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table: keyboard users go on
        self.table.verticalHeader().hide()
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 10)
        head = self.table.horizontalHeader()
        head.setStretchLastSection(True)
        head.resizeSection(0, 200)
        frame = head.sizeHint().height() + 2 * self.table.frameWidth() + 2
        self.table.setMinimumHeight(rows.defaultSectionSize() * 2 + frame)
        self.table.setMaximumHeight(rows.defaultSectionSize() * 4 + frame)

        self.add_button = QPushButton(self.tr("Add option"), self)
        self.add_button.setAccessibleName(self.tr("Add an option"))
        self.add_button.clicked.connect(self.add_option)
        self.remove_button = QPushButton(self.tr("Remove"), self)
        self.remove_button.setAccessibleName(self.tr("Remove the selected option"))
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QVBoxLayout()
        buttons.setSpacing(6)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.model.modelReset.connect(self._update_buttons)
        self.model.rowsInserted.connect(self._update_buttons)
        self.model.rowsRemoved.connect(self._update_buttons)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self._read_only = False
        self._update_buttons()

    def add_option(self) -> None:
        row = self.model.add_row()
        index = self.model.index(row, 0)
        self.table.setCurrentIndex(index)
        # With AllEditTriggers, becoming current may already have opened the editor; asking
        # again would fail (Qt's "edit: editing failed").
        if self.table.state() != QAbstractItemView.State.EditingState:
            self.table.edit(index)

    def remove_selected(self) -> None:
        index = self.table.currentIndex()
        if index.isValid():
            self.model.remove_row(index.row())

    def focus_row(self, row: int, column: int = 0) -> None:
        index = self.model.index(row, column)
        if index.isValid():
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
            self.table.setCurrentIndex(index)

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers if read_only
                                   else QAbstractItemView.EditTrigger.AllEditTriggers)
        self._update_buttons()

    def _update_buttons(self, *_: object) -> None:
        self.add_button.setEnabled(not self._read_only)
        self.remove_button.setEnabled(not self._read_only
                                      and self.table.currentIndex().isValid())
