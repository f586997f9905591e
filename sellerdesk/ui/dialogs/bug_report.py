""""Something went wrong": the one report of a bug (services/bug_report.py decides what is one).

What happened in one sentence, what to send and where the log file is, and a button that
copies the details for an e-mail or an issue. The details shown are exactly the text copied,
already without secrets or buyers' data (services/bug_report.py). Several bugs while it is
open are added to it, never one dialog each.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.bug_report import BugReport
from sellerdesk.ui.widgets.text import heading_label, plain_label

__all__ = ["BugReportDialog"]


class BugReportDialog(QDialog):
    def __init__(self, report: BugReport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reports: list[BugReport] = []
        self.setWindowTitle(self.tr("Something went wrong"))
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        layout.addWidget(heading_label(self.tr("Something went wrong"), self))
        self.summary = plain_label("", self, wrap=True)
        layout.addWidget(self.summary)
        self.what_to_send = plain_label("", self, wrap=True, selectable=True)
        layout.addWidget(self.what_to_send)
        self.details = QPlainTextEdit(self)
        self.details.setReadOnly(True)
        self.details.setAccessibleName(self.tr("Details of the problem"))
        self.details.setMaximumHeight(180)
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(self)
        self.copy_button = QPushButton(self.tr("Copy the details"), self)
        self.copy_button.setAccessibleName(self.tr("Copy the details"))
        self.copy_button.clicked.connect(self.copy_details)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        close.clicked.connect(self.accept)
        layout.addWidget(buttons)
        self.add(report)

    def add(self, report: BugReport) -> None:
        """One more bug while the dialog is open."""
        self.reports.append(report)
        first = self.reports[0]
        if len(self.reports) > 1:
            summary = self.tr("SellerDesk ran into %n unexpected problem(s). What you saved "
                              "is safe, and you can keep working.", "", len(self.reports))
        elif first.where:
            summary = self.tr("SellerDesk ran into an unexpected problem while: {doing}. "
                              "What you saved is safe, and you can keep working.").format(
                doing=first.where.rstrip("…."))
        else:
            summary = self.tr("SellerDesk ran into an unexpected problem. What you saved is "
                              "safe, and you can keep working.")
        self.summary.setText(summary)
        log_file = first.log_file
        if log_file is not None:
            where = self.tr("To help fix it, copy the details below and send them to your "
                            "SellerDesk support. They are exactly what is copied: buyers' "
                            "e-mails, phone numbers, documents and addresses, your access "
                            "token and your user name have been taken out. If support asks "
                            "for the whole log, it is {path}").format(path=str(log_file))
        else:
            where = self.tr("To help fix it, copy the details below and send them to your "
                            "SellerDesk support. They are exactly what is copied: buyers' "
                            "e-mails, phone numbers, documents and addresses, your access "
                            "token and your user name have been taken out.")
        self.what_to_send.setText(where)
        self.details.setPlainText(self.details_text())

    def details_text(self) -> str:
        return "\n\n".join(r.details for r in self.reports)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details_text())
        self.copy_button.setText(self.tr("Copied"))
