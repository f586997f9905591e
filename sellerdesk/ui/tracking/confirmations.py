"""The questions the tracking view asks before a code goes away."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.tracking_rows import TrackingRow
from sellerdesk.ui.widgets.confirm import confirm


def confirm_removal(parent: QWidget, row: TrackingRow, on_delete: Callable[[], None],
                    on_cancel_create: Callable[[], None]) -> QMessageBox:
    """Delete a code from the shop; or, for one not created yet, cancel its creation."""
    name = (one_line(row.code.name) if row.code.name
            else QCoreApplication.translate("TrackingConfirmations", "this tracking code"))
    if row.creating:
        question = QCoreApplication.translate(
            "TrackingConfirmations", "“{name}” has not been created on the shop yet. Cancel it?")
        return confirm(parent,
                       QCoreApplication.translate("TrackingConfirmations", "Cancel the new code"),
                       question.format(name=name),
                       QCoreApplication.translate("TrackingConfirmations", "Cancel creating it"),
                       on_cancel_create)
    question = QCoreApplication.translate("TrackingConfirmations", "Delete “{name}” from the shop?")
    return confirm(parent,
                   QCoreApplication.translate("TrackingConfirmations", "Delete tracking code"),
                   question.format(name=name),
                   QCoreApplication.translate("TrackingConfirmations", "Delete"), on_delete,
                   informative=QCoreApplication.translate(
                       "TrackingConfirmations", "The shop stops inserting this snippet. This "
                                                "cannot be undone once it has been sent."))
