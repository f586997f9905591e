"""View → Language stores the seller's choice; start-up reads it (install_translations)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.ui import settings as keys
from sellerdesk.ui.language_menu import LANGUAGES, LanguageMenu
from sellerdesk.ui.settings import Key, Settings
from tests.i18n.catalogue import LANGUAGES as TRANSLATED
from tests.support.gui_settings import make_settings


def _read_in_a_new_process(path: Path) -> str:
    """The language a fresh start of SellerDesk reads from the settings file at `path`."""
    script = ("import sys\n"
              "from PySide6.QtCore import QSettings\n"
              "from sellerdesk.ui import settings as keys\n"
              "store = QSettings(sys.argv[1], QSettings.Format.IniFormat)\n"
              "print(keys.Settings(store).get(keys.LANGUAGE))\n")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout.strip()


def _action(menu: LanguageMenu, code: str) -> QAction:
    return next(a for a in menu.actions() if not a.isSeparator() and a.data() == code)


def test_every_translated_language_is_offered() -> None:
    offered = {code for code, _ in LANGUAGES}
    assert set(TRANSLATED) <= offered and "en" in offered


def test_the_system_language_is_the_default(settings: Settings, qapp: QApplication) -> None:
    menu = LanguageMenu(settings)
    assert _action(menu, "").isChecked()
    assert menu.chosen() == ""


def test_choosing_a_language_stores_it(
        settings: Settings, qtbot: QtBot) -> None:
    menu = LanguageMenu(settings)
    with qtbot.waitSignal(menu.language_chosen) as chosen:
        _action(menu, "pt_BR").trigger()
    assert chosen.args == ["pt_BR"]
    assert settings.get(keys.LANGUAGE) == "pt_BR"
    assert LanguageMenu(settings).chosen() == "pt_BR"
    assert _action(LanguageMenu(settings), "pt_BR").isChecked()
    _action(menu, "").trigger()
    assert settings.get(keys.LANGUAGE) == ""


def test_a_stored_code_no_longer_offered_falls_back_to_the_system(
        settings: Settings, qapp: QApplication) -> None:
    settings.set(keys.LANGUAGE, "fr")
    assert _action(LanguageMenu(settings), "").isChecked()


def test_the_chosen_language_survives_a_restart(settings_path: Path, qtbot: QtBot) -> None:
    """Chosen with the keyboard in the menu, written to the settings file, read back by the
    fresh Settings a restart makes (the value once went to a key the file reads back under
    another name, and the choice was forgotten)."""
    first = make_settings(settings_path)
    menu = LanguageMenu(first)
    qtbot.addWidget(menu)
    menu.popup(QPoint(0, 0))
    qtbot.waitExposed(menu)
    target = _action(menu, "es")
    with qtbot.waitSignal(menu.language_chosen):
        for _ in range(len(menu.actions())):  # Down through the items to "Español"
            if menu.activeAction() is target:
                break
            qtbot.keyClick(menu, Qt.Key.Key_Down)
        assert menu.activeAction() is target
        qtbot.keyClick(menu, Qt.Key.Key_Return)
    first.sync()
    # Another process reads the file, as the next start does (within one process QSettings
    # hands back its own cache, which would hide a key the file cannot keep).
    assert _read_in_a_new_process(settings_path) == "es"


def test_a_choice_stored_by_an_earlier_version_is_still_read(settings_path: Path,
                                                             qapp: QApplication) -> None:
    # What earlier versions left in the file for "general/language".
    settings_path.write_text("[%General]\nlanguage=pt_BR\n", encoding="utf-8")
    assert make_settings(settings_path).get(keys.LANGUAGE) == "pt_BR"
    assert _read_in_a_new_process(settings_path) == "pt_BR"


def test_no_setting_lives_in_the_ini_formats_general_section() -> None:
    with pytest.raises(ValueError, match="reserved"):
        Key("General/anything", "", "a key the INI format would rename")
    assert all(k.name.split("/")[0].lower() != "general" for k in keys.ALL_KEYS)
