"""View → Language: the seller picks the window's language, or lets it follow the system.

The choice is stored in the LANGUAGE setting and read at start-up (`install_translations`).
Widgets translate their words when they are built, so a change takes effect at once by
rebuilding the window in the new language over the same shop (`ui/windows.py`), what the
seller typed carried across.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from sellerdesk.ui import settings as keys
from sellerdesk.ui.settings import Settings

# Each name in its own language, as language pickers write them (never translated).
LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("es", "Español"),
    ("pt_BR", "Português (Brasil)"),
)


class LanguageMenu(QMenu):
    """Exclusive choice of "System language" or one of LANGUAGES; `language_chosen` carries
    the stored code ("" for the system's) after the seller changed it."""

    language_chosen = Signal(str)

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("&Language"), parent)
        self._settings = settings
        current = settings.get(keys.LANGUAGE)
        group = QActionGroup(self)
        group.setExclusive(True)
        choices = [("", self.tr("System language")), *LANGUAGES]
        for code, name in choices:
            action = QAction(name, self)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.setData(code)
            group.addAction(action)
            self.addAction(action)
            if not code:
                self.addSeparator()
        if group.checkedAction() is None:  # a code that is no longer offered
            self.actions()[0].setChecked(True)
        group.triggered.connect(self._on_group_triggered)

    def chosen(self) -> str:
        return self._settings.get(keys.LANGUAGE)

    def _on_group_triggered(self, action: QAction) -> None:
        code = str(action.data() or "")
        if code == self._settings.get(keys.LANGUAGE):
            return
        self._settings.set(keys.LANGUAGE, code)
        self.language_chosen.emit(code)
