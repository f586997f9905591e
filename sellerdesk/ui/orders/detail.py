"""The detail pane of the selected order: everything about it, and its two forms.

Three columns under a title row: who (buyer, billing data, feedback), what (products and
totals, payments, notes), and what the seller does next (shipping and invoice, each with
its form). Read-only parts are rebuilt per order; the forms stay, so typing survives.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.changes import Changes
from sellerdesk.services.outbox.pending import order_key
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import IntentKind, Order
from sellerdesk.ui.icons import icon
from sellerdesk.ui.orders import detail_sections as sections
from sellerdesk.ui.orders.forms import InvoiceForm, ShippingForm
from sellerdesk.ui.orders.lines import clip
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.vocabulary import shipping_label
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.key_values import KeyValues
from sellerdesk.ui.widgets.separator import Separator
from sellerdesk.ui.widgets.state_chip import StateChip
from sellerdesk.ui.widgets.text import heading_label, plain_label

Builder = Callable[[Order, QWidget], QWidget]
_BUILDERS: dict[str, Builder] = {
    "buyer": sections.buyer_section, "billing": sections.billing_section,
    "feedback": sections.feedback_section, "products": sections.products_section,
    "payments": sections.payments_section, "notes": sections.notes_section,
    "shippings": sections.shippings_section, "invoice": sections.invoice_section,
}
# Where each part goes, by how many columns fit; "shipping_form" and "invoice_form" are the
# forms. The forms' column comes last and starts with them: what the seller does next is in
# view without scrolling, the shipping and invoice records follow.
_ARRANGEMENTS = {
    3: (("buyer", "billing", "feedback"), ("products", "payments", "notes"),
        ("shipping_form", "invoice_form", "shippings", "invoice")),
    2: (("buyer", "products", "payments", "billing", "feedback", "notes"),
        ("shipping_form", "invoice_form", "shippings", "invoice")),
}
_THREE_COLUMNS_FROM = 980  # px of the pane; below, two wider columns read better


def _last_in_chain(widget: QWidget) -> QWidget:
    """The last of `widget` and its children in the focus chain."""
    last, step = widget, widget.nextInFocusChain()
    while step is not None and widget.isAncestorOf(step):
        last, step = step, step.nextInFocusChain()
    return last


class OrderDetail(QWidget):
    def __init__(self, writes: PendingSignals, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._writes = writes
        self._order: Order | None = None
        self._parts: dict[str, QWidget] = {}
        self._arranged = 0  # columns of the current arrangement

        self.empty = EmptyState("orders", self.tr("No order selected"),
                                self.tr("Pick an order in the list to see its buyer, products, "
                                        "payments and shipping here."), self)
        self.title = heading_label("", self, scale=1.25)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.subtitle = plain_label("", self, muted=True)
        self.chips = [StateChip(parent=self) for _ in range(4)]
        self.refresh_button = QToolButton(self)
        self.refresh_button.setIcon(icon("refresh"))
        self.refresh_button.setText(self.tr("Refresh"))
        self.refresh_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.refresh_button.setAutoRaise(True)
        self.refresh_button.setToolTip(self.tr("Read this order again from the shop"))
        self.refresh_button.setAccessibleName(self.tr("Refresh this order from the shop"))
        self.close_button = QToolButton(self)
        self.close_button.setIcon(icon("close"))
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(self.tr("Close the detail (the list takes the whole "
                                             "height)"))
        self.close_button.setAccessibleName(self.tr("Close the order detail"))

        # On the scrolled page, which the empty state hides, even before a first arrangement.
        self._body = QWidget(self)
        self.shipping_form = ShippingForm(self._body)
        self.invoice_form = InvoiceForm(self._body)

        heading = QVBoxLayout()
        heading.setSpacing(2)
        heading.addWidget(self.title)
        heading.addWidget(self.subtitle)
        chips = QHBoxLayout()
        chips.setSpacing(6)
        for chip in self.chips:
            chips.addWidget(chip)
        chips.addStretch(1)
        chips.addWidget(self.refresh_button)
        chips.addWidget(self.close_button)
        heading.addLayout(chips)

        body = self._body
        self._columns = [QVBoxLayout() for _ in range(3)]
        row = QHBoxLayout(body)
        row.setContentsMargins(20, 12, 20, 16)
        row.setSpacing(24)
        for column in self._columns:
            column.setSpacing(18)
            row.addLayout(column, 1)
        self.scroller = QScrollArea(self)
        self.scroller.setWidget(body)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setAccessibleName(self.tr("Order detail"))
        self.scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        content = QWidget(self)
        inner = QVBoxLayout(content)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(0)
        top = QWidget(content)
        top.setLayout(heading)
        heading.setContentsMargins(20, 12, 20, 8)
        inner.addWidget(top)
        inner.addWidget(Separator(parent=content))
        inner.addWidget(self.scroller, 1)

        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

    def order(self) -> Order | None:
        return self._order

    def show_order(self, order: Order | None) -> None:
        """Show `order` (as it will be once the seller's queued writes land), or nothing."""
        same = order is not None and self._order is not None and order.id == self._order.id
        self._order = order
        self.shipping_form.set_order(order)
        self.invoice_form.set_order(order)
        if order is None:
            self.stack.setCurrentIndex(0)
            return
        self.title.setText(self.tr("Order {id}").format(id=one_line(clip(order.id, 60))))
        self.subtitle.setText(sections.summary_line(order))
        self._show_chips(order)
        scroll = self.scroller.verticalScrollBar().value() if same else 0
        for widget in self._parts.values():
            widget.hide()
            widget.deleteLater()
        self._parts = {name: build(order, self._body) for name, build in _BUILDERS.items()}
        self._arranged = 0
        self._arrange()
        self._show_writes()
        self.stack.setCurrentIndex(1)
        self.scroller.verticalScrollBar().setValue(scroll)

    def _arrange(self) -> None:
        """Lay the parts out in as many columns as the pane's width reads well with."""
        count = 3 if self.width() >= _THREE_COLUMNS_FROM else 2
        if count == self._arranged or not self._parts:
            return
        self._arranged = count
        parts: dict[str, QWidget] = {**self._parts, "shipping_form": self.shipping_form,
                                     "invoice_form": self.invoice_form}
        for column in self._columns:
            while column.count():
                column.takeAt(0)  # widgets stay; only their places go
        for column, names in zip(self._columns, _ARRANGEMENTS[count], strict=False):
            for name in names:
                column.addWidget(parts[name])
                parts[name].show()
            column.addStretch(1)
        layout = self._body.layout()
        if isinstance(layout, QHBoxLayout):
            layout.setStretch(2, 1 if count == 3 else 0)
        self._chain_values(count)

    def _chain_values(self, count: int) -> None:
        """Tab goes from the forms (what the seller does next) through every value in reading
        order, then on to where it went before (each value is put right after the one before
        it): values are made after the forms, and a widget made later would otherwise sit at
        the far end of the window's chain."""
        after = _last_in_chain(self.invoice_form)
        for names in _ARRANGEMENTS[count]:
            for name in names:
                part = self._parts.get(name)
                if not isinstance(part, KeyValues):
                    continue
                for value in part.values():
                    QWidget.setTabOrder(after, value)
                    after = value

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def _show_chips(self, order: Order) -> None:
        st = order.status
        paid, delivered, closed = (bool(st and st.paid), bool(st and st.delivered),
                                   bool(st and st.closed))
        statuses = [s.status.value for s in order.shippings or [] if s.status]
        self.chips[0].set_state_text(*((self.tr("Paid"), "check", Tone.SUCCESS) if paid
                                       else (self.tr("Unpaid"), "clock", Tone.WARNING)))
        if statuses:
            shipped = ", ".join(dict.fromkeys(shipping_label(s) for s in statuses))
            self.chips[1].set_state_text(self.tr("Shipping: {state}").format(state=shipped),
                                         "outbox", Tone.ACCENT)
        self.chips[1].setVisible(bool(statuses))
        self.chips[2].set_state_text(*((self.tr("Delivered"), "check", Tone.SUCCESS)
                                       if delivered else
                                       (self.tr("Not delivered"), "clock", Tone.MUTED)))
        self.chips[3].set_state_text(*((self.tr("Closed"), "close", Tone.MUTED) if closed
                                       else (self.tr("Open"), "info", Tone.ACCENT)))

    def _show_writes(self) -> None:
        order_id = self._order.id if self._order else None
        if order_id is None:
            return
        writes = self._writes.writes(order_key(order_id))
        self.invoice_form.status.show_write(writes.latest(IntentKind.INVOICE))
        self.shipping_form.status.show_write(writes.latest(IntentKind.SHIPPING))

    def writes_moved(self, changes: Changes) -> None:
        """The panel heard `changes` (its one route): show the order's writes as they are."""
        if self._order is not None and order_key(self._order.id) in changes.pending:
            self._show_writes()
