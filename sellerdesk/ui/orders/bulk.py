"""Bulk shipping: one status for several orders, a tracking code per order, typed or pasted.

Pasting a column of codes (from a spreadsheet or the carrier's list) fills the lines in
order from the current one down. After Apply each line says what became of it: queued, then
sent as the outbox reports, or the reason it could not be queued.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QStyledItemDelegate,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.changes import Changes
from sellerdesk.services.order_list import OrderItem
from sellerdesk.services.orders import ShippingChange
from sellerdesk.services.outbox.pending import (
    WriteState,
    id_in,
    order_key,
    problem_of,
)
from sellerdesk.services.types import IntentKind, OutboxEntry, ShippingStatus
from sellerdesk.ui.orders.columns import cached_icon
from sellerdesk.ui.orders.forms import SHIPPING_STATUSES
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.vocabulary import shipping_label
from sellerdesk.ui.widgets.service_link import subscribe_changes
from sellerdesk.ui.widgets.state_chip import chip_style
from sellerdesk.ui.widgets.text import heading_label, plain_label

AnyIndex = QModelIndex | QPersistentModelIndex
ORDER, BUYER, SHIPPING, CODE, RESULT = range(5)


@dataclass(slots=True)
class BulkLine:
    order_id: str
    buyer: str
    shipping_id: int | None
    code: str = ""
    error: str = ""  # why this line was not queued, in words
    queued: bool = False


def split_codes(text: str) -> list[str]:
    """One code per pasted line; from a table, its last cell. Trailing blank lines go."""
    codes = [line.split("\t")[-1].strip() for line in text.splitlines()]
    while codes and not codes[-1]:
        codes.pop()
    return codes


class BulkLinesModel(QAbstractTableModel):
    def __init__(self, lines: list[BulkLine], writes: PendingSignals,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lines = lines
        self._writes = writes
        if writes.pending is not None:  # the dialog's one route of changes
            subscribe_changes(self, writes.pending.feed, self._on_changes, area="orders")

    def lines(self) -> list[BulkLine]:
        return self._lines

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else 5

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        names = (self.tr("Order"), self.tr("Buyer"), self.tr("Shipping"),
                 self.tr("Tracking code"), self.tr("Result"))
        return names[section] if 0 <= section < len(names) else None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                 | Qt.ItemFlag.ItemNeverHasChildren)
        line = self._lines[index.row()]
        if index.column() == CODE and line.shipping_id is not None and not line.queued:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        line = self._lines[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == ORDER:
                return line.order_id
            if column == BUYER:
                return line.buyer
            if column == SHIPPING:
                return str(line.shipping_id) if line.shipping_id is not None else "—"
            if column == CODE:
                return line.code
            if column == RESULT and role == Qt.ItemDataRole.DisplayRole:
                return self._result(line)[0]
        if role == Qt.ItemDataRole.DecorationRole and column == RESULT:
            _, name, tone = self._result(line)
            return cached_icon(name, tone) if name else None
        return None

    def _result(self, line: BulkLine) -> tuple[str, str, Tone]:
        if line.error:
            return line.error, "error", Tone.DANGER
        if line.queued:
            entry = self._writes.writes(order_key(line.order_id)).latest(IntentKind.SHIPPING)
            state = WriteState.of(entry) if entry else WriteState.QUEUED
            message = problem_of(entry) if entry else ""
            text, name, tone = chip_style(state)
            return (f"{text}: {message}" if message else text), name, tone
        return "", "", Tone.MUTED

    def setData(self, index: AnyIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() != CODE:
            return False
        if not self.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return False
        self._lines[index.row()].code = str(value).strip()
        self.dataChanged.emit(index, index)
        return True

    def fill_codes(self, codes: list[str], start: int = 0) -> int:
        """Put `codes` in the editable lines from row `start` down; returns how many."""
        placed = 0
        row = start
        while placed < len(codes) and row < len(self._lines):
            if self.setData(self.index(row, CODE), codes[placed]):
                placed += 1
            row += 1
        return placed

    def mark_results(self, results: list[tuple[int, OutboxEntry | ValueError]]) -> None:
        for row, result in results:
            line = self._lines[row]
            line.queued = not isinstance(result, ValueError)
            line.error = str(result) if isinstance(result, ValueError) else ""
        if self._lines:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._lines) - 1, RESULT))

    def _on_changes(self, changes: Changes) -> None:
        moved = {id_in(key, "order") for key in changes.pending}
        for row, line in enumerate(self._lines):
            if line.order_id in moved and line.queued:
                cell = self.index(row, RESULT)
                self.dataChanged.emit(cell, cell)


_RETURN = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class _CodesTable(QTableView):
    """The lines: Return in a code field keeps it and opens the next line's code, so typing
    code, Return, code, Return... never leaves the codes (a Return the table left to the
    dialog pressed Apply, and the focus then landed on the status box, where Down changed the
    status of every order)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemDelegate(_CodeDelegate(self))

    def edit_code(self, row: int) -> bool:
        """Open the code field of `row`, or of the first editable line below it."""
        model = self.model()
        for r in range(max(row, 0), model.rowCount()):
            index = model.index(r, CODE)
            if model.flags(index) & Qt.ItemFlag.ItemIsEditable:
                self.setCurrentIndex(index)
                # Becoming current opens the editor already (AllEditTriggers); asking again
                # would fail (Qt's "edit: editing failed").
                if self.state() != QAbstractItemView.State.EditingState:
                    self.edit(index)
                return True
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _RETURN and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            self.edit_code(max(self.currentIndex().row(), 0))
            event.accept()  # never the dialog's default button from here
            return
        super().keyPressEvent(event)


class _CodeDelegate(QStyledItemDelegate):
    def __init__(self, table: _CodesTable) -> None:
        super().__init__(table)
        self._table = table

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in _RETURN
                and event.modifiers() == Qt.KeyboardModifier.NoModifier
                and isinstance(editor, QWidget)):
            row = self._table.currentIndex().row()
            self.commitData.emit(editor)
            self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)
            if not self._table.edit_code(row + 1):
                self._table.setFocus()  # the last line: stay in the table
            return True
        return super().eventFilter(editor, event)


class BulkShippingDialog(QDialog):
    changes_requested = Signal(list)  # [(row, ShippingChange)]

    def __init__(self, lines: list[OrderItem], writes: PendingSignals,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Update shipping of several orders"))
        self.resize(760, 460)
        bulk = [BulkLine(line.id, line.buyer, line.shipping_ids[0] if line.shipping_ids
                         else None) for line in lines]
        for line in bulk:
            if line.shipping_id is None:
                line.error = self.tr("This order has no shipping to update.")
        self.model = BulkLinesModel(bulk, writes, self)

        self.status_combo = QComboBox(self)
        for status in SHIPPING_STATUSES:
            self.status_combo.addItem(shipping_label(status.value), status.value)
        self.status_combo.setCurrentIndex(SHIPPING_STATUSES.index(ShippingStatus.ON_ROUTE))
        self.status_combo.setAccessibleName(self.tr("New status for every order"))
        self.table = _CodesTable(self)
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Orders and their tracking codes"))
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(RESULT, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(BUYER, 170)
        self.table.setColumnWidth(CODE, 170)
        paste = QAction(self.tr("Paste tracking codes"), self.table)
        paste.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Paste))
        paste.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        paste.triggered.connect(self.paste_from_clipboard)
        self.table.addAction(paste)
        self.paste_button = QPushButton(self.tr("Paste codes"), self)
        self.paste_button.setAccessibleName(self.tr("Paste tracking codes"))
        self.paste_button.setToolTip(self.tr("Fill the codes from the clipboard, one per line, "
                                             "from the selected order down"))
        self.paste_button.clicked.connect(self.paste_from_clipboard)
        self.apply_button = QPushButton(self.tr("Apply"), self)
        self.apply_button.setDefault(True)
        self.apply_button.setAccessibleName(self.tr("Apply to every order"))
        self.apply_button.clicked.connect(self.apply)
        self.close_button = QPushButton(self.tr("Close"), self)
        self.close_button.setAccessibleName(self.tr("Close"))
        self.close_button.clicked.connect(self.accept)

        top = QHBoxLayout()
        top.addWidget(plain_label(self.tr("New status:"), self))
        top.addWidget(self.status_combo)
        top.addStretch(1)
        top.addWidget(self.paste_button)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(heading_label(self.tr("{count} orders", "", len(bulk)).format(
            count=len(bulk)), self))
        layout.addWidget(plain_label(self.tr(
            "Type a tracking code for each order, or paste a column of codes: they fill the "
            "lines in order from the selected one down. Leave a code empty to change only the "
            "status."), self, wrap=True, muted=True))
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def paste_from_clipboard(self) -> int:
        return self.paste_codes(QGuiApplication.clipboard().text())

    def paste_codes(self, text: str) -> int:
        start = self.table.currentIndex().row() if self.table.currentIndex().isValid() else 0
        return self.model.fill_codes(split_codes(text), max(start, 0))

    def changes(self) -> list[tuple[int, ShippingChange]]:
        status = ShippingStatus(str(self.status_combo.currentData()))
        return [(row, ShippingChange(line.order_id, line.shipping_id, status, line.code or None))
                for row, line in enumerate(self.model.lines())
                if line.shipping_id is not None and not line.queued]

    def apply(self) -> None:
        changes = self.changes()
        if changes:
            self.apply_button.setEnabled(False)
            self.changes_requested.emit(changes)

    def show_results(self, rows: list[int], results: list[OutboxEntry | ValueError]) -> None:
        self.model.mark_results(list(zip(rows, results, strict=True)))
        self.apply_button.setEnabled(any(line.shipping_id is not None and not line.queued
                                         for line in self.model.lines()))

    def failed(self) -> None:
        """The whole batch could not be queued (the runner already said why)."""
        self.apply_button.setEnabled(True)
