"""Settings over a file of a test's own."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from sellerdesk.ui.settings import Settings


def make_settings(path: Path) -> Settings:
    """Settings in a file of the test's own, never the user's; the file's QSettings goes
    with them (Qt destroys it with its parent, on the GUI thread)."""
    store = QSettings(str(path), QSettings.Format.IniFormat)
    made = Settings(store)
    store.setParent(made)
    return made
