""""Something went wrong": one dialog for any number of bugs, what to send and where the log
is, and details copied without the token or a buyer, exactly as shown; a bug found on another
thread reaches it too."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from sellerdesk.api.redact import register_secret
from sellerdesk.services.bug_report import BugReports
from sellerdesk.ui.dialogs.bug_report import BugReportDialog
from sellerdesk.ui.dialogs.bug_reporter import BugReporter
from tests.support.values import raised

TOKEN = "APP_USR-dialog-secret-9876543210"


def test_one_dialog_says_what_to_send_and_copies_the_details(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    register_secret(TOKEN)
    log_file = tmp_path / "logs" / "sellerdesk.log"
    bugs = BugReports(log_file=lambda: log_file)
    reporter = BugReporter(bugs, window=lambda: None)
    bugs.report(raised(KeyError(f"access_token={TOKEN}")), "Saving your answer…")
    qtbot.waitUntil(lambda: reporter.dialog is not None, timeout=5000)
    dialog = reporter.dialog
    assert isinstance(dialog, BugReportDialog)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Something went wrong"
    assert "while: Saving your answer" in dialog.summary.text()
    assert str(log_file) in dialog.what_to_send.text()
    assert "Traceback" in dialog.details.toPlainText()
    dialog.copy_button.click()
    copied = QGuiApplication.clipboard().text()
    assert "KeyError" in copied and TOKEN not in copied

    # A second bug while it is open: the same dialog, which now counts two.
    bugs.report(raised(ValueError("again")))
    qtbot.waitUntil(lambda: len(dialog.reports) == 2, timeout=5000)
    assert reporter.dialog is dialog and "2 unexpected problem" in dialog.summary.text()
    dialog.accept()
    qtbot.waitUntil(lambda: reporter.dialog is None, timeout=5000)


def test_a_bug_on_another_thread_reaches_the_dialog_on_the_gui_thread(qtbot: QtBot) -> None:
    bugs = BugReports(log_file=lambda: None)
    reporter = BugReporter(bugs, window=lambda: None)
    uninstall = bugs.install()
    try:
        worker = threading.Thread(target=lambda: 1 / 0, name="sync-worker")
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: reporter.dialog is not None, timeout=5000)
    finally:
        uninstall()
    assert reporter.dialog is not None
    qtbot.addWidget(reporter.dialog)
    assert reporter.dialog.reports[0].kind == "ZeroDivisionError"
    assert "what you saved is safe" in reporter.dialog.summary.text().lower()


def test_the_dialog_shows_exactly_what_is_copied_and_no_buyer(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    log_file = tmp_path / "sellerdesk.log"
    log_file.write_text("2026-11-27 06:00:00,000 INFO sellerdesk.orders: order 2000012345678 "
                        "for ana@correo.com.br\n", encoding="utf-8")
    bugs = BugReports(log_file=lambda: log_file)
    reporter = BugReporter(bugs, window=lambda: None)
    bugs.report(raised(ValueError("buyer ana@correo.com.br, +55 11 98765-4321, "
                                  "CPF 123.456.789-09")), "Printing a label…")
    qtbot.waitUntil(lambda: reporter.dialog is not None, timeout=5000)
    dialog = reporter.dialog
    assert isinstance(dialog, BugReportDialog)
    qtbot.addWidget(dialog)
    shown = dialog.details.toPlainText()
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == shown == dialog.reports[0].details
    for value in ("ana@correo.com.br", "98765-4321", "123.456.789-09"):
        assert value not in shown
    assert "ValueError: buyer <email>, <phone>, CPF <document>" in shown
    assert "order 2000012345678 for <email>" in shown  # the log's last lines, cleaned
    assert "user name have been taken out" in dialog.what_to_send.text()
    dialog.accept()
    qtbot.waitUntil(lambda: reporter.dialog is None, timeout=5000)
