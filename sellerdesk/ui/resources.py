"""Where the files of `resources/` (icons, translations, stylesheet) are found at run time."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Looked up in this order: an explicit override (tests, unusual installs), a PyInstaller
# bundle, then the source tree (`resources/` next to the package).
_ENV = "SELLERDESK_RESOURCES"


def resources_dir() -> Path:
    """The folder that holds `icons/`, `translations/` and friends."""
    override = os.environ.get(_ENV)
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def resource_path(*parts: str) -> Path:
    """Path of one resource file; it may not exist (callers degrade gracefully)."""
    return resources_dir().joinpath(*parts)
