"""The two writes of an order: its invoice and a shipping's status and tracking code.

The forms only collect and check what the seller typed and say where the last write stands
(queued, sent, conflict); the panel sends through the outbox. What the seller typed is kept
when the order changes underneath (a sync, the write itself coming back) until it is sent.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.outbox.pending import WriteState, problem_of
from sellerdesk.services.types import Order, OutboxEntry, ShippingStatus
from sellerdesk.ui.vocabulary import shipping_label
from sellerdesk.ui.widgets.state_chip import StateChip
from sellerdesk.ui.widgets.text import PlainLabel, heading_label, plain_label

INVOICE_TYPES = ("A", "B", "C", "E", "M", "NF-e", "NFC-e")
SHIPPING_STATUSES = (ShippingStatus.PENDING, ShippingStatus.IN_PROGRESS, ShippingStatus.PICKUP,
                     ShippingStatus.ON_ROUTE, ShippingStatus.DELIVERED)


class WriteStatus(QWidget):
    """A chip with the last write's state and, when it is stuck, why, in words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chip = StateChip.for_state("queued", self)
        self.message = plain_label("", self, wrap=True, muted=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.chip, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.message)
        self.show_write(None)

    def show_write(self, entry: OutboxEntry | None) -> None:
        """Where the form's latest write stands (None: no write this session)."""
        self.setVisible(entry is not None)
        if entry is None:
            return
        message = problem_of(entry)
        self.chip.set_state(WriteState.of(entry))
        self.message.setText(message)
        self.message.setVisible(bool(message))

    def state(self) -> str | None:
        return self.chip.text() if self.isVisible() else None


class _Form(QWidget):
    def __init__(self, title: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self._order: Order | None = None
        self._dirty = False
        self.status = WriteStatus(self)
        self.problem: PlainLabel = plain_label("", self, wrap=True)
        self.problem.hide()
        self.form = QFormLayout()
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.buttons = QHBoxLayout()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(heading_label(title, self, scale=1.05))
        layout.addLayout(self.form)
        layout.addWidget(self.problem)
        layout.addLayout(self.buttons)
        layout.addWidget(self.status)

    def _edited(self, *_: object) -> None:
        self._dirty = True
        self.problem.hide()

    def is_dirty(self) -> bool:
        return self._dirty

    def mark_sent(self) -> None:
        """The write is queued: the next refill may replace the fields."""
        self._dirty = False

    def say_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def order_id(self) -> str | None:
        return self._order.id if self._order else None


class InvoiceForm(_Form):
    invoice_requested = Signal(bool, str, str)  # invoiced, number, type

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Update the invoice"), parent)
        self.invoiced = QCheckBox(self.tr("Invoiced"), self)
        self.invoiced.setAccessibleName(self.tr("Invoiced"))
        self.number = QLineEdit(self)
        self.number.setPlaceholderText(self.tr("e.g. 0001-00001234"))
        self.number.setAccessibleName(self.tr("Invoice number"))
        self.type = QComboBox(self)
        self.type.setEditable(True)
        self.type.addItems(list(INVOICE_TYPES))
        self.type.setAccessibleName(self.tr("Invoice type"))
        editor = self.type.lineEdit()
        if editor is not None:
            editor.setAccessibleName(self.tr("Invoice type"))
        self.submit = QPushButton(self.tr("Update invoice"), self)
        self.submit.setAccessibleName(self.tr("Update invoice"))
        self.form.addRow("", self.invoiced)
        self.form.addRow(self.tr("Number"), self.number)
        self.form.addRow(self.tr("Type"), self.type)
        self.buttons.addWidget(self.submit)
        self.buttons.addStretch(1)
        self._filling = False
        self.invoiced.clicked.connect(self._edited)
        self.number.textEdited.connect(self._edited)
        self.type.editTextChanged.connect(self._on_type_edit_text_changed)
        self.number.returnPressed.connect(self.request)
        self.submit.clicked.connect(self.request)

    def set_order(self, order: Order | None) -> None:
        """Show `order`'s invoice, keeping the seller's edits to this same order."""
        same = order is not None and self._order is not None and order.id == self._order.id
        self._order = order
        self.setEnabled(order is not None)
        if order is None or (same and self._dirty):
            return
        inv = order.invoice
        self._filling = True
        self.invoiced.setChecked(bool(inv and inv.invoiced))
        self.number.setText((inv.number or "") if inv else "")
        self.type.setEditText((inv.type or "") if inv else "")
        self._filling = False
        self._dirty = False
        self.problem.hide()

    def request(self) -> None:
        number, kind = self.number.text().strip(), self.type.currentText().strip()
        if self.invoiced.isChecked() and not number:
            self.say_problem(self.tr("Enter the invoice number, or untick Invoiced."))
            self.number.setFocus()
            return
        self.say_problem("")
        self.invoice_requested.emit(self.invoiced.isChecked(), number, kind)

    def _on_type_edit_text_changed(self, _text: str) -> None:
        if not self._filling:
            self._edited()


class ShippingForm(_Form):
    shipping_requested = Signal(int, str, str)  # shipping id, status value, tracking code

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Update the shipping"), parent)
        self.shipping = QComboBox(self)
        self.shipping.setAccessibleName(self.tr("Shipping to update"))
        self.status_combo = QComboBox(self)
        for status in SHIPPING_STATUSES:
            self.status_combo.addItem(shipping_label(status.value), status.value)
        self.status_combo.setAccessibleName(self.tr("Shipping status"))
        self.code = QLineEdit(self)
        self.code.setPlaceholderText(self.tr("Carrier's tracking code"))
        self.code.setAccessibleName(self.tr("Tracking code"))
        self.submit = QPushButton(self.tr("Update shipping"), self)
        self.submit.setAccessibleName(self.tr("Update shipping"))
        self.form.addRow(self.tr("Shipping"), self.shipping)
        self.form.addRow(self.tr("Status"), self.status_combo)
        self.form.addRow(self.tr("Tracking"), self.code)
        self.buttons.addWidget(self.submit)
        self.buttons.addStretch(1)
        self.shipping.activated.connect(self._on_shipping_activated)
        self.status_combo.activated.connect(self._edited)
        self.code.textEdited.connect(self._edited)
        self.code.returnPressed.connect(self.request)
        self.submit.clicked.connect(self.request)

    def set_order(self, order: Order | None) -> None:
        same = order is not None and self._order is not None and order.id == self._order.id
        chosen = self.shipping_id() if same else None
        self._order = order
        ships = [s for s in (order.shippings or []) if s.id is not None] if order else []
        self.setEnabled(bool(ships))
        if order is None or (same and self._dirty):
            return
        self.shipping.clear()
        for s in ships:
            method = s.method or (s.ship_type.value if s.ship_type else "")
            self.shipping.addItem(self.tr("#{id} {method}").format(id=s.id, method=method).strip(),
                                  s.id)
        self.form.setRowVisible(self.shipping, len(ships) > 1)
        if chosen is not None and self.shipping.findData(chosen) >= 0:
            self.shipping.setCurrentIndex(self.shipping.findData(chosen))
        self._fill()
        self.say_problem("" if ships else self.tr("This order has no shipping to update."))

    def shipping_id(self) -> int | None:
        data = self.shipping.currentData()
        return int(data) if data is not None else None

    def _fill(self) -> None:
        ship = next((s for s in (self._order.shippings or []) if s.id == self.shipping_id()),
                    None) if self._order else None
        status = ship.status.value if ship and ship.status else ShippingStatus.PENDING.value
        row = self.status_combo.findData(status)
        self.status_combo.setCurrentIndex(max(row, 0))
        self.code.setText((ship.tracking_code or "") if ship else "")
        self._dirty = False

    def request(self) -> None:
        shipping_id = self.shipping_id()
        if shipping_id is None:
            self.say_problem(self.tr("This order has no shipping to update."))
            return
        self.say_problem("")
        self.shipping_requested.emit(shipping_id, str(self.status_combo.currentData()),
                                     self.code.text().strip())

    def _on_shipping_activated(self, _row: int) -> None:
        self._fill()
