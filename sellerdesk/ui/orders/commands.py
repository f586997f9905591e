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

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QStandardPaths, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from sellerdesk.services.csv_file import separator_for
from sellerdesk.services.order_list import OrderItem
from sellerdesk.services.orders import CSV_COLUMNS, CsvWords, ShippingChange
from sellerdesk.services.types import OrderFilter, OrderSort, OutboxEntry, ShippingStatus
from sellerdesk.ui import settings as keys
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP
from sellerdesk.ui.orders.bulk import BulkShippingDialog
from sellerdesk.ui.orders.columns import state_text
from sellerdesk.ui.orders.detail import OrderDetail
from sellerdesk.ui.orders.forms import InvoiceForm, ShippingForm
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.vocabulary import channel_label, shipping_label
from sellerdesk.ui.widgets.formatting import format_number

if TYPE_CHECKING:
    from sellerdesk.services.session import Session


# The export's column titles, in CSV_COLUMNS' order.
_CSV_HEADERS = {
    "id": QT_TRANSLATE_NOOP("OrdersExport", "Order"),
    "date": QT_TRANSLATE_NOOP("OrdersExport", "Date"),
    "buyer": QT_TRANSLATE_NOOP("OrdersExport", "Buyer"),
    "nickname": QT_TRANSLATE_NOOP("OrdersExport", "Nickname"),
    "channel": QT_TRANSLATE_NOOP("OrdersExport", "Channel"),
    "products": QT_TRANSLATE_NOOP("OrdersExport", "Products"),
    "currency": QT_TRANSLATE_NOOP("OrdersExport", "Currency"),
    "grand_total": QT_TRANSLATE_NOOP("OrdersExport", "Total"),
    "paid": QT_TRANSLATE_NOOP("OrdersExport", "Paid"),
    "processed": QT_TRANSLATE_NOOP("OrdersExport", "Processed"),
    "state": QT_TRANSLATE_NOOP("OrdersExport", "State"),
    "shipping": QT_TRANSLATE_NOOP("OrdersExport", "Shipping"),
    "tracking_codes": QT_TRANSLATE_NOOP("OrdersExport", "Tracking codes"),
    "delivered": QT_TRANSLATE_NOOP("OrdersExport", "Delivered"),
    "closed": QT_TRANSLATE_NOOP("OrdersExport", "Closed"),
    "invoiced": QT_TRANSLATE_NOOP("OrdersExport", "Invoiced"),
    "invoice_number": QT_TRANSLATE_NOOP("OrdersExport", "Invoice number"),
}


def _csv_label(kind: str, code: str) -> str:
    """A coded cell of the export in the words the table shows (codes it has none for stay
    as they came: the file keeps the seller's data exact)."""
    if kind == "flag":
        return QCoreApplication.translate("OrdersExport", "Yes" if code == "true" else "No")
    if kind == "channel":
        return channel_label(code)
    if kind == "shipping":
        return shipping_label(code)
    if kind == "state":
        return state_text(code)
    return code


def csv_words() -> CsvWords:
    """The export's titles and words in the UI language (the table's own)."""
    return CsvWords(headers=tuple(QCoreApplication.translate("OrdersExport", _CSV_HEADERS[c])
                                  for c in CSV_COLUMNS), label=_csv_label)


def export_folder(settings: Settings) -> str:
    """Where the export dialog opens: the last export's folder if it is still there, else
    the seller's Documents (else their home)."""
    last = settings.get(keys.EXPORT_FOLDER)
    if last and Path(last).is_dir():
        return last
    for place in (QStandardPaths.StandardLocation.DocumentsLocation,
                  QStandardPaths.StandardLocation.HomeLocation):
        folder = QStandardPaths.writableLocation(place)
        if folder and Path(folder).is_dir():
            return folder
    return str(Path.home())


class OrderCommands(QObject):
    export_finished = Signal(str, int)  # path, orders written
    notice_posted = Signal(str)  # a line for the view's header, in words

    def __init__(self, runner: TaskRunner, settings: Settings, writes: PendingSignals,
                 detail: OrderDetail, window: QWidget) -> None:
        super().__init__(window)
        self._runner = runner
        self._settings = settings
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

    def open_bulk_shipping(self, lines: list[OrderItem]) -> BulkShippingDialog | None:
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

    def ask_export(self, f: OrderFilter, sort: OrderSort) -> QFileDialog | None:
        """Ask where (in the folder of the last export, else the seller's Documents), then
        export (Ctrl+E, the Export button); returns the dialog, open."""
        if self._session is None:
            return None
        dialog = QFileDialog(self._window,
                             QCoreApplication.translate("OrdersPanel", "Export orders"),
                             export_folder(self._settings),
                             QCoreApplication.translate("OrdersPanel", "CSV files (*.csv)"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("csv")
        dialog.selectFile(QCoreApplication.translate("OrdersPanel", "orders") + ".csv")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(functools.partial(self._on_export_file_selected, f, sort))
        dialog.open()
        return dialog

    def _on_export_file_selected(self, f: OrderFilter, sort: OrderSort, name: str) -> None:
        if name:
            path = Path(name)
            self._settings.set(keys.EXPORT_FOLDER, str(path.parent))
            self.export_csv(path, f, sort)

    def export_csv(self, path: Path, f: OrderFilter, sort: OrderSort) -> None:
        if self._session is None:
            return
        # The separator the seller's spreadsheet reads: the system's region, as Excel's
        # (';' beside a decimal comma), whatever language the window speaks.
        delimiter = separator_for(QLocale.system().decimalPoint())
        self._runner.run(self._session.orders.export_csv(path, f, sort=sort, words=csv_words(),
                                                         delimiter=delimiter),
                         on_success=functools.partial(self._on_exported, path),
                         label=QCoreApplication.translate("OrdersPanel", "Exporting orders…"),
                         owner=self)

    def _on_exported(self, path: Path, count: int) -> None:
        text = self.tr("Exported {count} orders to {file}", "", count)
        self.notice_posted.emit(text.format(count=format_number(count), file=path.name))
        self.export_finished.emit(str(path), count)
