"""The Orders view's "Print…" menu: packing slips or a pick list for the selected orders (or
the whole view when none is selected), to a printer when there is one, or saved as a PDF."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu, QWidget

from sellerdesk.services.printing import PrintJob, gather
from sellerdesk.services.types import OrderFilter
from sellerdesk.ui import settings as keys
from sellerdesk.ui.printing.job import Kind, options_from, paint, save_pdf
from sellerdesk.ui.printing.render import PAGE_SIZES
from sellerdesk.ui.widgets.formatting import format_number

if TYPE_CHECKING:
    from sellerdesk.services.session import Session
    from sellerdesk.ui.runner import TaskRunner
    from sellerdesk.ui.settings import Settings


def printers_exist() -> bool:
    from PySide6.QtPrintSupport import QPrinterInfo

    return bool(QPrinterInfo.availablePrinters())


class PrintActions(QObject):
    """What to print comes from `which()`: the selected order ids and the view's filter."""

    notice_posted = Signal(str)  # a line for the view's header, in words
    saved = Signal(str, int)  # path, pages

    def __init__(self, runner: TaskRunner, settings: Settings,
                 which: Callable[[], tuple[Sequence[str], OrderFilter]], window: QWidget) -> None:
        super().__init__(window)
        self._runner = runner
        self._settings = settings
        self._which = which
        self._window = window
        self._session: Session | None = None
        self.menu = QMenu(window)
        self.slips_action = self.menu.addAction(self.tr("Print packing slips…"))
        self.pick_action = self.menu.addAction(self.tr("Print pick list…"))
        self.menu.addSeparator()
        self.slips_pdf_action = self.menu.addAction(self.tr("Save packing slips as PDF…"))
        self.pick_pdf_action = self.menu.addAction(self.tr("Save pick list as PDF…"))
        self.menu.addSeparator()
        # The seller's choices, remembered in the settings (`options_from` reads them).
        self.note_action = self.menu.addAction(self.tr("Note on packing slips…"))
        self.prices_action = self.menu.addAction(self.tr("Show prices on packing slips"))
        self.prices_action.setCheckable(True)
        paper_menu = self.menu.addMenu(self.tr("Paper"))
        self.paper_group = QActionGroup(self)
        for value, label in (("auto", self.tr("By region")), ("a4", self.tr("A4")),
                             ("letter", self.tr("Letter"))):
            action = paper_menu.addAction(label)
            action.setCheckable(True)
            action.setData(value)
            self.paper_group.addAction(action)
        self.note_action.triggered.connect(self.ask_note)
        self.prices_action.toggled.connect(self._on_prices_action_toggled)
        self.paper_group.triggered.connect(self._on_paper_group_triggered)
        self.slips_action.triggered.connect(functools.partial(self.start, "slips", False))
        self.pick_action.triggered.connect(functools.partial(self.start, "picklist", False))
        self.slips_pdf_action.triggered.connect(functools.partial(self.start, "slips", True))
        self.pick_pdf_action.triggered.connect(functools.partial(self.start, "picklist", True))
        self.menu.aboutToShow.connect(self._on_menu_about_to_show)

    def attach(self, session: Session) -> None:
        self._session = session

    def _on_menu_about_to_show(self) -> None:
        has = printers_exist()
        self.slips_action.setEnabled(has)
        self.pick_action.setEnabled(has)
        self.prices_action.setChecked(self._settings.get(keys.PRINT_PRICES))
        paper = self._settings.get(keys.PRINT_PAPER)
        for action in self.paper_group.actions():
            action.setChecked(action.data() == paper)

    def _on_prices_action_toggled(self, on: bool) -> None:
        self._settings.set(keys.PRINT_PRICES, on)

    def _on_paper_group_triggered(self, action: QAction) -> None:
        self._settings.set(keys.PRINT_PAPER, str(action.data()))

    def ask_note(self) -> QInputDialog:
        """The one line printed at the foot of every slip (a thank-you, a return address)."""
        dialog = QInputDialog(self._window)
        dialog.setWindowTitle(self.tr("Note on packing slips"))
        dialog.setLabelText(self.tr("Printed at the foot of every packing slip:"))
        dialog.setTextValue(self._settings.get(keys.PRINT_NOTE))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.textValueSelected.connect(self._on_note_selected)
        dialog.open()
        return dialog

    def _on_note_selected(self, text: str) -> None:
        self._settings.set(keys.PRINT_NOTE, " ".join(text.split())[:300])

    def start(self, kind: Kind, to_pdf: bool, *_: object) -> None:
        """Read the orders from the local copy, then ask where the paper goes."""
        if self._session is None:
            return
        ids, view = self._which()
        work = gather(self._session.orders, self._session.catalogue, order_ids=ids,
                      view=None if ids else view)
        self._runner.run(work, on_success=functools.partial(self._on_gathered, kind, to_pdf),
                         label=self.tr("Reading the orders to print…"), owner=self)

    def _on_gathered(self, kind: Kind, to_pdf: bool, job: PrintJob) -> None:
        if not job.slips:
            self.notice_posted.emit(self.tr("No orders to print in this view."))
            return
        if to_pdf or not printers_exist():
            self.ask_pdf(kind, job)
        else:
            self.ask_printer(kind, job)

    def ask_pdf(self, kind: Kind, job: PrintJob) -> QFileDialog:
        name = self.tr("packing-slips") if kind == "slips" else self.tr("pick-list")
        dialog = QFileDialog(self._window, self.tr("Save as PDF"), str(Path.home()),
                             self.tr("PDF files (*.pdf)"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("pdf")
        dialog.selectFile(name + ".pdf")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(functools.partial(self._on_pdf_selected, kind, job))
        dialog.open()
        return dialog

    def _on_pdf_selected(self, kind: Kind, job: PrintJob, name: str) -> None:
        if name:
            self.save(Path(name), kind, job)

    def save(self, path: Path, kind: Kind, job: PrintJob) -> int | None:
        try:
            pages = save_pdf(path, kind, job, options_from(self._settings))
        except OSError as exc:
            self.notice_posted.emit(self.tr("Could not save {file}: {reason}").format(
                file=path.name, reason=exc.strerror or str(exc)))
            return None
        self.notice_posted.emit(self.tr("PDF saved: {file} (pages: {pages})").format(
            pages=format_number(pages), file=path.name))
        self.saved.emit(str(path), pages)
        return pages

    def ask_printer(self, kind: Kind, job: PrintJob) -> None:
        from PySide6.QtGui import QPageLayout, QPageSize
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        options = options_from(self._settings)
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageSize(QPageSize(PAGE_SIZES[options.paper]))
        printer.setPageOrientation(QPageLayout.Orientation.Portrait)
        dialog = QPrintDialog(printer, self._window)
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return
        pages = paint(printer, kind, job, options)
        self.notice_posted.emit(self.tr("Sent to the printer (pages: {pages})").format(
            pages=format_number(pages)))


__all__ = ["PrintActions", "printers_exist"]
