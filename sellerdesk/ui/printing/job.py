"""A print job from start to paper: the options the settings give, and the PDF or printer
pages of slips or a pick list. Shared by the window and `sellerdesk print`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QPagedPaintDevice

from sellerdesk.services.printing import PrintJob, pick_list
from sellerdesk.ui.printing.paper import paper_for
from sellerdesk.ui.printing.render import (
    PrintOptions,
    paint_pick_list,
    paint_slips,
    write_pdf,
)
from sellerdesk.ui.widgets.formatting import current_locale

if TYPE_CHECKING:
    from sellerdesk.ui.settings import Settings

Kind = Literal["slips", "picklist"]


def options_from(settings: Settings, locale: str | None = None) -> PrintOptions:
    """The seller's choices (note, paper, prices) and the locale dates are written in."""
    from sellerdesk.ui.settings import PRINT_NOTE, PRINT_PAPER, PRINT_PRICES

    return PrintOptions(paper=paper_for(settings.get(PRINT_PAPER)),
                        note=settings.get(PRINT_NOTE), prices=settings.get(PRINT_PRICES),
                        locale=locale or current_locale())


def paint(device: QPagedPaintDevice, kind: Kind, job: PrintJob, options: PrintOptions) -> int:
    if kind == "slips":
        return paint_slips(device, job.slips, options)
    return paint_pick_list(device, pick_list(job.slips), len(job.slips), options)


def save_pdf(path: Path, kind: Kind, job: PrintJob, options: PrintOptions) -> int:
    """Write the job to `path` (whole or not at all); returns the pages."""
    title = (QCoreApplication.translate("Printing", "Packing slips") if kind == "slips"
             else QCoreApplication.translate("Printing", "Pick list"))
    return write_pdf(path, lambda device: paint(device, kind, job, options), options.paper,
                     title)


__all__ = ["Kind", "options_from", "paint", "save_pdf"]
