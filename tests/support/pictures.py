"""Pictures the view tests save (for a person to look at) and draw (thumbnails)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget


def save_picture(widget: QWidget, name: str) -> Path:
    """Render `widget` to PNG under $SELLERDESK_VIEW_PICTURES (default: a temp folder)."""
    folder = Path(os.environ.get("SELLERDESK_VIEW_PICTURES", "/tmp/sellerdesk-views"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    for _ in range(3):  # let posted layout requests through (a chip that changed its words)
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    assert widget.grab().save(str(path), "PNG")
    return path
