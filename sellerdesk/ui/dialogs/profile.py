"""Connect a shop: base URL, shop id and access token — or try the demo shop.

The token goes to the OS keyring (services/shops.py), never to a settings file. Where the
system has no secure store, the dialog says the token is kept for this session only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.shops import DEMO_PROFILE, ProfileAnswer, ProfileChoice
from sellerdesk.ui.widgets.text import heading_label, plain_label

__all__ = ["DEMO_PROFILE", "ProfileAnswer", "ProfileChoice", "ProfileDialog"]


class ProfileDialog(QDialog):
    """Emits `answered(ProfileAnswer)` on Connect or "Try the demo shop"; `rejected` on cancel.

    Opened with `open()` (window-modal, no nested event loop, so the qasync loop keeps going).
    """

    answered = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, warning: str | None = None,
                 name: str = "", base_url: str = "", shop_id: int = 0,
                 message: str = "", keep_token: bool = False) -> None:
        super().__init__(parent)
        self._keep_token = keep_token  # editing a saved profile: an empty token keeps its own
        self.setWindowTitle(self.tr("Connect your shop"))
        self.setMinimumWidth(460)
        layout = QVBoxLayout(self)
        layout.addWidget(heading_label(self.tr("Connect your shop")))
        intro = plain_label(message or self.tr(
            "Enter the address of the shop service, your shop's number and the access token "
            "you got from the marketplace. Or look around first with the demo shop."))
        intro.setWordWrap(True)
        layout.addWidget(intro)

        form = QFormLayout()
        self.name_edit = QLineEdit(name or self.tr("My shop"))
        self.name_edit.setAccessibleName(self.tr("Profile name"))
        self.url_edit = QLineEdit(base_url)
        self.url_edit.setPlaceholderText("https://api.example.com")
        self.url_edit.setAccessibleName(self.tr("Service address"))
        self.shop_edit = QSpinBox()
        self.shop_edit.setRange(1, 2_000_000_000)
        self.shop_edit.setValue(shop_id or 1)
        self.shop_edit.setAccessibleName(self.tr("Shop number"))
        self.token_edit = QLineEdit()
        self.token_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_edit.setAccessibleName(self.tr("Access token"))
        if keep_token:
            self.token_edit.setPlaceholderText(self.tr("Leave empty to keep the saved token"))
        form.addRow(self.tr("Profile name"), self.name_edit)
        form.addRow(self.tr("Service address"), self.url_edit)
        form.addRow(self.tr("Shop number"), self.shop_edit)
        form.addRow(self.tr("Access token"), self.token_edit)
        layout.addLayout(form)

        self.error_label = plain_label("")
        self.error_label.setWordWrap(True)
        self.error_label.setVisible(False)
        layout.addWidget(self.error_label)
        if warning:
            note = plain_label(warning)
            note.setWordWrap(True)
            layout.addWidget(note)

        buttons = QDialogButtonBox()
        self.demo_button = QPushButton(self.tr("Try the demo shop"))
        self.demo_button.setAccessibleName(self.tr("Try the demo shop"))
        self.connect_button = QPushButton(self.tr("Connect"))
        self.connect_button.setAccessibleName(self.tr("Connect"))
        self.connect_button.setDefault(True)
        cancel = QPushButton(self.tr("Cancel"))
        cancel.setAccessibleName(self.tr("Cancel"))
        buttons.addButton(self.demo_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(cancel, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.addButton(self.connect_button, QDialogButtonBox.ButtonRole.AcceptRole)
        layout.addWidget(buttons)
        self.demo_button.clicked.connect(self._on_demo_clicked)
        self.connect_button.clicked.connect(self._on_connect_clicked)
        cancel.clicked.connect(self.reject)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _on_demo_clicked(self) -> None:
        self.answered.emit(ProfileAnswer(ProfileChoice.DEMO))
        self.accept()

    def _on_connect_clicked(self) -> None:
        problem = self.problem()
        if problem:
            self.error_label.setText(problem)
            self.error_label.setVisible(True)
            return
        self.answered.emit(ProfileAnswer(
            ProfileChoice.CONNECT, name=self.name_edit.text().strip(),
            base_url=self.url_edit.text().strip().rstrip("/"), shop_id=self.shop_edit.value(),
            token=self.token_edit.text().strip()))
        self.accept()

    def problem(self) -> str:
        """What is missing or wrong, in words; empty when the form can be used."""
        url = self.url_edit.text().strip()
        if not self.name_edit.text().strip():
            return self.tr("Give the profile a name.")
        if self.name_edit.text().strip().casefold() == DEMO_PROFILE:
            return self.tr("That name is kept for the demo shop; choose another.")
        if not url.startswith(("http://", "https://")):
            return self.tr("The service address starts with https:// (or http://).")
        if not self.token_edit.text().strip() and not self._keep_token:
            return self.tr("Paste the access token.")
        return ""
