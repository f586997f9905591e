"""Shows the bugs `BugReports` reports, on the GUI thread, in one dialog at a time.

Made at start, before the first paint: the dialog's module (`bug_report.py`) loads with the
first bug.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget

from sellerdesk.ui.widgets.service_link import subscribe

if TYPE_CHECKING:
    from sellerdesk.services.bug_report import BugReport, BugReports
    from sellerdesk.ui.dialogs.bug_report import BugReportDialog


class BugReporter(QObject):
    """Shows what `BugReports` reports, on the GUI thread, in one dialog at a time."""

    found = Signal(object)  # BugReport; emitted on any thread, delivered on this one's

    def __init__(self, bugs: BugReports, parent: QObject | None = None, *,
                 window: Callable[[], QWidget | None] = QApplication.activeWindow) -> None:
        super().__init__(parent)
        self._window = window
        self.dialog: BugReportDialog | None = None
        self.found.connect(self._on_found)
        subscribe(self, bugs.reported, self.found.emit)

    def _on_found(self, report: BugReport) -> None:
        if self.dialog is not None:
            self.dialog.add(report)
            return
        # The dialog's module loads with the first bug, not at start (before the first paint).
        from sellerdesk.ui.dialogs.bug_report import BugReportDialog

        dialog = BugReportDialog(report, self._window())
        dialog.finished.connect(self._on_dialog_finished)
        self.dialog = dialog
        dialog.show()

    def _on_dialog_finished(self, _result: int) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None
