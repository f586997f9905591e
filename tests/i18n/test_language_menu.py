"""View → Language stores the seller's choice; start-up reads it (install_translations)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.ui import settings as keys
from sellerdesk.ui.language_menu import LANGUAGES, LanguageMenu
from sellerdesk.ui.settings import Settings
from tests.i18n.catalogue import LANGUAGES as TRANSLATED


def _action(menu: LanguageMenu, code: str) -> QAction:
    return next(a for a in menu.actions() if not a.isSeparator() and a.data() == code)


def test_every_translated_language_is_offered() -> None:
    offered = {code for code, _ in LANGUAGES}
    assert set(TRANSLATED) <= offered and "en" in offered


def test_the_system_language_is_the_default(settings: Settings, qapp: QApplication) -> None:
    menu = LanguageMenu(settings)
    assert _action(menu, "").isChecked()
    assert menu.chosen() == ""


def test_choosing_a_language_stores_it_and_says_when_it_applies(
        settings: Settings, qtbot: QtBot) -> None:
    menu = LanguageMenu(settings)
    with qtbot.waitSignal(menu.language_chosen) as chosen:
        _action(menu, "pt_BR").trigger()
    assert chosen.args == ["pt_BR"]
    assert settings.get(keys.LANGUAGE) == "pt_BR"
    assert LanguageMenu(settings).chosen() == "pt_BR"
    assert _action(LanguageMenu(settings), "pt_BR").isChecked()
    assert "next time" in menu.restart_notice()
    _action(menu, "").trigger()
    assert settings.get(keys.LANGUAGE) == ""


def test_a_stored_code_no_longer_offered_falls_back_to_the_system(
        settings: Settings, qapp: QApplication) -> None:
    settings.set(keys.LANGUAGE, "fr")
    assert _action(LanguageMenu(settings), "").isChecked()
