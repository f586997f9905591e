"""Fixtures of the translation tests: freshly compiled translations, and the GUI fixtures.

The .qm files are build output (`./run` compiles them); these tests compile their own from
the .ts sources into a temporary resources folder, so they always check what is in the .ts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from sellerdesk.app import install_translations
from sellerdesk.ui.widgets import formatting

# The window fixtures (a qasync loop, a live session over a sandbox) are the GUI suite's.
from tests.gui.conftest import (  # noqa: F401
    ctx,
    gui_session,
    live_ctx,
    no_window_left_open,
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
    for lang in (*LANGUAGES, "en"):  # English: the source language's plural forms
        qm = folder / "translations" / f"sellerdesk_{lang}.qm"
        done = subprocess.run([_lrelease(), "-silent", str(translation_file(lang)), "-qm",
                               str(qm)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and qm.exists(), done.stdout + done.stderr
    return folder


@pytest.fixture
def use_language(qapp: QApplication, compiled_resources: Path,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], str]]:
    """`use_language("es")` runs the app's start-up translation step (translators, default
    QLocale, formatting locale) with the freshly compiled .qm files; undone afterwards."""
    monkeypatch.setenv("SELLERDESK_RESOURCES", str(compiled_resources))
    before = (QLocale(), formatting.current_locale(), set(qapp.findChildren(QTranslator)))

    def use(lang: str) -> str:
        return install_translations(qapp, lang)

    yield use
    for translator in set(qapp.findChildren(QTranslator)) - before[2]:
        QApplication.removeTranslator(translator)
        translator.deleteLater()
    QLocale.setDefault(before[0])
    formatting.set_locale(before[1])
