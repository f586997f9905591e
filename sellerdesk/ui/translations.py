"""Which language the window speaks: Qt's and SellerDesk's translators, and the locale
numbers and dates are written in. Installed at start-up and again when the seller picks
another language in View → Language (the window is then rebuilt in it: `ui/windows.py`)."""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from sellerdesk.ui.resources import resource_path
from sellerdesk.ui.widgets import formatting

_installed: list[QTranslator] = []  # ours, so a new language replaces them, never stacks


def install_translations(app: QCoreApplication, lang: str | None) -> str:
    """Speak `lang` from now on (None or "": the system's language); returns the locale
    dates and numbers are written in."""
    for old in _installed:
        with contextlib.suppress(RuntimeError):  # already deleted with its parent
            app.removeTranslator(old)
    _installed.clear()
    locale = QLocale(lang) if lang else QLocale.system()
    QLocale.setDefault(locale)
    sources = (
        ("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
        ("sellerdesk", str(resource_path("translations"))),
    )
    for name, folder in sources:
        translator = QTranslator(app)
        loaded = translator.load(locale, name, "_", folder)
        if not loaded and name == "sellerdesk":
            # A language we have no translation for (or the "C" locale): English, whose
            # file holds the plural forms ("1 order", "2 orders"), not "order(s)".
            loaded = translator.load(QLocale(QLocale.Language.English), name, "_", folder)
        if loaded:
            app.installTranslator(translator)
            _installed.append(translator)
    return formatting.set_locale(locale.name())
