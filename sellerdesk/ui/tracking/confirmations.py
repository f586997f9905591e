"""The questions the tracking view asks before a code goes away."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from sellerdesk.ui.tracking.rows import TrackingRow
from sellerdesk.ui.widgets.confirm import confirm


def _tr(text: str) -> str:
    return QCoreApplication.translate("TrackingConfirmations", text)


def confirm_removal(parent: QWidget, row: TrackingRow, on_delete: Callable[[], None],
                    on_cancel_create: Callable[[], None]) -> QMessageBox:
    """Delete a code from the shop; or, for one not created yet, cancel its creation."""
    name = row.code.name or _tr("this tracking code")
    if row.creating:
        return confirm(parent, _tr("Cancel the new code"),
                       _tr("“{name}” has not been created on the shop yet. Cancel it?")
                       .format(name=name), _tr("Cancel creating it"), on_cancel_create)
    return confirm(parent, _tr("Delete tracking code"),
                   _tr("Delete “{name}” from the shop?").format(name=name), _tr("Delete"),
                   on_delete, informative=_tr("The shop stops inserting this snippet. This "
                                              "cannot be undone once it has been sent."))
