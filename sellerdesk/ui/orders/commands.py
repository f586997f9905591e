"""What the seller does to orders from the view: invoice and shipping updates (one order or
many), the CSV export and re-reading an order from the shop.

Each goes through the task runner, so a failure reaches the banner in words and the form
keeps what was typed; each write's chip follows it from queued to sent through the session's
pending writes. Texts keep the panel's translation context (they moved from it).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from sellerdesk.services.orders import ShippingChange
from sellerdesk.services.types import OrderFilter, OrderSort, OutboxEntry, ShippingStatus
from sellerdesk.ui.orders.bulk import BulkShippingDialog
from sellerdesk.ui.orders.detail import OrderDetail
from sellerdesk.ui.orders.forms import InvoiceForm, ShippingForm
from sellerdesk.ui.orders.lines import OrderLine
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.widgets.formatting import format_number

if TYPE_CHECKING:
    from sellerdesk.services.session import Session


class OrderCommands(QObject):
    export_finished = Signal(str, int)  # path, orders written
    notice_posted = Signal(str)  # a line for the view's header, in words

    def __init__(self, runner: TaskRunner, writes: PendingSignals, detail: OrderDetail,
                 window: QWidget) -> None:
        super().__init__(window)
        self._runner = runner
        self._writes = writes
        self._detail = detail
        self._window = window  # parent of the dialogs
        self._session: Session | None = None
        detail.invoice_form.invoice_requested.connect(self._on_invoice_requested)
        detail.shipping_form.shipping_requested.connect(self._on_shipping_requested)
        detail.refresh_button.clicked.connect(self.refresh_order)

    def attach(self, session: Session) -> None:
        self._session = session

    # ---- One order, from the detail pane. ----------------------------------------------------

    def refresh_order(self) -> None:
        """Read the order on show again from the shop (online)."""
        order = self._detail.order()
        if self._session is None or order is None:
            return
        self._runner.run(self._session.orders.refresh_order(order.id),
                         label=QCoreApplication.translate(
                             "OrdersPanel", "Refreshing order {id}…").format(id=order.id),
                         owner=self)

    def _on_invoice_requested(self, invoiced: bool, number: str, kind: str) -> None:
        order, session = self._detail.order(), self._session
        if order is None or session is None:
            return
        self._runner.run(
            session.orders.update_invoice(order, invoiced=invoiced, number=number, type=kind),
            on_success=functools.partial(self._on_write_queued, self._detail.invoice_form),
            label=QCoreApplication.translate(
                "OrdersPanel", "Saving the invoice of order {id}…").format(id=order.id),
            owner=self)

    def _on_shipping_requested(self, shipping_id: int, status: str, code: str) -> None:
        order, session = self._detail.order(), self._session
        if order is None or session is None:
            return
        self._runner.run(
            session.orders.update_shipping(order, shipping_id, status=ShippingStatus(status),
                                           tracking_code=code),
            on_success=functools.partial(self._on_write_queued, self._detail.shipping_form),
            label=QCoreApplication.translate(
                "OrdersPanel", "Saving the shipping of order {id}…").format(id=order.id),
            owner=self)

    def _on_write_queued(self, form: InvoiceForm | ShippingForm, _entry: OutboxEntry) -> None:
        form.mark_sent()  # its state follows from the pending writes

    # ---- Several orders. -----------------------------------------------------------------------

    def open_bulk_shipping(self, lines: list[OrderLine]) -> BulkShippingDialog | None:
        """The bulk shipping dialog for `lines` (None without a shop or without lines)."""
        if self._session is None or not lines:
            return None
        dialog = BulkShippingDialog(lines, self._writes, self._window)
        dialog.changes_requested.connect(functools.partial(self._on_bulk_requested, dialog))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _on_bulk_requested(self, dialog: BulkShippingDialog,
                           changes: list[tuple[int, ShippingChange]]) -> None:
        if self._session is None:
            return
        rows = [row for row, _ in changes]

        def _done(results: list[OutboxEntry | ValueError]) -> None:
            dialog.show_results(rows, results)

        # self.tr with the count: lupdate reads plural forms from tr() in a class only.
        label = self.tr("Updating {count} shippings…", "", len(changes))
        self._runner.run(self._session.orders.bulk_shipping([c for _, c in changes]),
                         on_success=_done, on_failure=lambda _exc: dialog.failed(),
                         label=label.format(count=len(changes)), owner=dialog)

    # ---- The list as a file. ---------------------------------------------------------------------

    def ask_export(self, f: OrderFilter, sort: OrderSort) -> None:
        """Ask where, then export (Ctrl+E, the Export button)."""
        if self._session is None:
            return
        name, _ = QFileDialog.getSaveFileName(
            self._window, QCoreApplication.translate("OrdersPanel", "Export orders"),
            "orders.csv", QCoreApplication.translate("OrdersPanel", "CSV files (*.csv)"))
        if name:
            self.export_csv(Path(name), f, sort)

    def export_csv(self, path: Path, f: OrderFilter, sort: OrderSort) -> None:
        if self._session is None:
            return
        self._runner.run(self._session.orders.export_csv(path, f, sort=sort),
                         on_success=functools.partial(self._on_exported, path),
                         label=QCoreApplication.translate("OrdersPanel", "Exporting orders…"),
                         owner=self)

    def _on_exported(self, path: Path, count: int) -> None:
        text = self.tr("Exported {count} orders to {file}", "", count)
        self.notice_posted.emit(text.format(count=format_number(count), file=path.name))
        self.export_finished.emit(str(path), count)
