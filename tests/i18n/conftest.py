"""Fixtures of the translation tests: freshly compiled translations, and the GUI fixtures.

The .qm files are build output (`./run` compiles them); these tests compile their own from
the .ts sources into a temporary resources folder, so they always check what is in the .ts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# The window fixtures (a qasync loop, a live session over a sandbox) are the GUI suite's.
from tests.gui.conftest import (  # noqa: F401
    ctx,
    gui_session,
    live_ctx,
    qloop,
    runner,
    settings,
    settings_path,
)
from tests.i18n.catalogue import LANGUAGES, ROOT, translation_file


def _lrelease() -> str:
    name = "pyside6-lrelease" + (".exe" if os.name == "nt" else "")
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise RuntimeError("pyside6-lrelease not found (it comes with PySide6)")
    return found


@pytest.fixture(scope="session")
def compiled_resources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A resources folder (for SELLERDESK_RESOURCES) with the icons and .qm files compiled
    from the current .ts sources."""
    folder = tmp_path_factory.mktemp("resources")
    shutil.copytree(ROOT / "resources" / "icons", folder / "icons")
    (folder / "translations").mkdir()
    for lang in LANGUAGES:
        qm = folder / "translations" / f"sellerdesk_{lang}.qm"
        done = subprocess.run([_lrelease(), "-silent", str(translation_file(lang)), "-qm",
                               str(qm)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and qm.exists(), done.stdout + done.stderr
    return folder
