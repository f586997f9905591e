"""Pictures the view tests save (for a person to look at) and draw (thumbnails)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget


def save_picture(widget: QWidget, name: str) -> Path:
    """Render `widget` to PNG under $SELLERDESK_VIEW_PICTURES (the view tests point it at the
    run's temporary folder when it is not set)."""
    folder = Path(os.environ["SELLERDESK_VIEW_PICTURES"])
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    for _ in range(3):  # let posted layout requests through (a chip that changed its words)
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    assert widget.grab().save(str(path), "PNG")
    return path
