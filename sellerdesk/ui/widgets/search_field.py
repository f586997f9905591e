"""A search box that waits for the seller to pause typing before it searches.

`search_settled(text)` fires once typing has paused (or at once on Enter, or when cleared),
so a list is not re-queried on every keystroke.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLineEdit, QWidget

from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone


def name_clear_button(edit: QLineEdit, text: str = "") -> None:
    """Turn on `edit`'s clear button and give it a name a screen reader can say (Qt leaves
    it unnamed: its action's text is empty)."""
    edit.setClearButtonEnabled(True)
    action = edit.findChild(QAction, "_q_qlineeditclearaction")
    if action is not None:
        action.setText(text or QCoreApplication.translate("SearchField", "Clear the search"))


class SearchField(QLineEdit):
    search_settled = Signal(str)

    def __init__(self, placeholder: str, parent: QWidget | None = None, *,
                 delay_ms: int = 300) -> None:
        super().__init__(parent)
        self._settled = ""
        self.setPlaceholderText(placeholder)
        self.setAccessibleName(placeholder)
        name_clear_button(self)
        glass = self.addAction(icon("search", Tone.MUTED), QLineEdit.ActionPosition.LeadingPosition)
        glass.setText(QCoreApplication.translate("SearchField", "Search"))  # its button's name
        glass.triggered.connect(self.settle_now)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.settle_now)
        self.textChanged.connect(self._on_text_changed)
        self.returnPressed.connect(self.settle_now)

    def set_text_quietly(self, text: str) -> None:
        """Show `text` without announcing a search (restoring a saved view)."""
        self._timer.stop()
        self._settled = text
        self.setText(text)

    def settle_now(self) -> None:
        self._timer.stop()
        text = self.text()
        if text != self._settled:
            self._settled = text
            self.search_settled.emit(text)

    def _on_text_changed(self, text: str) -> None:
        if not text:
            self.settle_now()  # the clear button: show everything again at once
        else:
            self._timer.start()
