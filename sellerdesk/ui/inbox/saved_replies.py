"""Saved replies: the menu that inserts or saves them. Their `{buyer}` and `{product}` are
filled by `services.suggestions.fill_placeholders` (the composer calls it)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMenu, QWidget

from sellerdesk.ui.settings import SavedReply, Settings


class SavedRepliesMenu(QMenu):
    """Lists the saved replies (insert on click), "Save current text as a reply…", "Remove"."""

    reply_chosen = Signal(str)  # the template, placeholders not filled yet

    def __init__(self, settings: Settings, current_text: QWidget, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._source = current_text  # asked for its text when saving
        self._dialog: QInputDialog | None = None
        self.setTitle(self.tr("Saved replies"))
        self.aboutToShow.connect(self._on_about_to_show)
        self._on_about_to_show()

    def replies(self) -> list[SavedReply]:
        return self._settings.saved_replies()

    def _on_about_to_show(self) -> None:
        self.clear()
        replies = self.replies()
        if not replies:
            empty = self.addAction(self.tr("No saved replies yet"))
            empty.setEnabled(False)
        for reply in replies:
            action = self.addAction(reply.name or reply.text[:40])
            action.setToolTip(reply.text)
            action.setData(reply.text)
            action.triggered.connect(self._on_reply_action_triggered)
        self.addSeparator()
        save = self.addAction(self.tr("Save current text as a reply…"))
        save.setEnabled(bool(self._text().strip()))
        save.triggered.connect(self.ask_to_save)
        if replies:
            remove = self.addMenu(self.tr("Remove a saved reply"))
            for index, reply in enumerate(replies):
                action = remove.addAction(reply.name or reply.text[:40])
                action.setData(index)
                action.triggered.connect(self._on_remove_action_triggered)

    def _text(self) -> str:
        text = getattr(self._source, "toPlainText", None)
        return str(text()) if callable(text) else ""

    def _on_reply_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.reply_chosen.emit(str(action.data()))

    def _on_remove_action_triggered(self) -> None:
        action = self.sender()
        if not isinstance(action, QAction):
            return
        replies = self.replies()
        index = int(action.data())
        if 0 <= index < len(replies):
            del replies[index]
            self._settings.set_saved_replies(replies)

    def ask_to_save(self) -> QInputDialog:
        """Ask for a name (non-modal to the loop: `open()`, not `exec()`) and save the text."""
        dialog = QInputDialog(self.parentWidget())
        dialog.setWindowTitle(self.tr("Save as a reply"))
        dialog.setLabelText(self.tr("Name of the reply. In its text, {buyer} and {product} are "
                                    "replaced by the buyer's first name and the product."))
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setAccessibleName(self.tr("Save as a reply"))
        text = self._text().strip()
        dialog.setTextValue(text.splitlines()[0][:40] if text else "")
        dialog.textValueSelected.connect(lambda name: self.save(name, text))
        self._dialog = dialog
        dialog.open()
        return dialog

    def save(self, name: str, text: str) -> None:
        name = name.strip() or text[:40]
        if not text.strip():
            return
        replies = [r for r in self.replies() if r.name != name]
        replies.append(SavedReply(name=name, text=text))
        self._settings.set_saved_replies(replies)
