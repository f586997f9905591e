"""The shop switcher: saved shops plus the demo; switch, add, edit (a new token) or remove.

Switching answers `ProfileAnswer(OPEN, name=...)`; the app closes this shop's window and
opens the chosen shop in a new one (ui/windows.py), so no view ever shows one shop's data under
another's name. Tokens stay in the keyring: this dialog never reads one.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.shops import DEMO_PROFILE, ProfileAnswer, ProfileChoice, Shops
from sellerdesk.services.sign_in import OAuthApp
from sellerdesk.services.types import (
    NO_SECURE_STORE,
    STORE_REFUSED,
    CredentialsError,
    Profile,
)
from sellerdesk.ui.dialogs.profile import ProfileDialog
from sellerdesk.ui.icons import icon
from sellerdesk.ui.runner import TaskRunner, describe_error
from sellerdesk.ui.widgets.confirm import confirm
from sellerdesk.ui.widgets.text import heading_label, plain_label

_NAME = Qt.ItemDataRole.UserRole


def storage_warning_text(warning: str | None) -> str | None:
    """The credential store's warning in the UI language."""
    if warning == NO_SECURE_STORE:
        return QCoreApplication.translate(
            "Profiles", "Your system has no secure password store; the token is kept only "
            "until you close SellerDesk.")
    if warning == STORE_REFUSED:
        return QCoreApplication.translate(
            "Profiles", "Your system's password store did not accept the token; it is kept "
            "only until you close SellerDesk.")
    return warning


class ProfilesDialog(QDialog):
    """Emits `answered(ProfileAnswer)` when the seller picks, adds or edits a shop."""

    answered = Signal(object)
    removed = Signal(str)  # a profile's name, after it and its token were removed

    def __init__(self, shops: Shops, current: str | None, runner: TaskRunner,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shops = shops
        self._runner = runner
        self._current = current
        self.setWindowTitle(self.tr("Shops"))
        self.setMinimumSize(480, 360)
        layout = QVBoxLayout(self)
        layout.addWidget(heading_label(self.tr("Your shops")))
        intro = plain_label(self.tr("Each shop keeps its own data on this computer and its own "
                                    "access token in the system's password store."),
                            wrap=True, muted=True)
        layout.addWidget(intro)
        self.list = QListWidget(self)
        self.list.setAccessibleName(self.tr("Saved shops"))
        self.list.setSpacing(3)
        self.list.setIconSize(QSize(22, 22))
        layout.addWidget(self.list, 1)
        self.error_label = plain_label("", wrap=True)
        self.error_label.setVisible(False)
        layout.addWidget(self.error_label)
        self._warning = storage_warning_text(shops.storage_warning)
        if self._warning:
            layout.addWidget(plain_label(self._warning, wrap=True))

        self.switch_button = self._button(self.tr("Switch to this shop"))
        self.switch_button.setDefault(True)
        self.add_button = self._button(self.tr("Add a shop…"))
        self.edit_button = self._button(self.tr("Edit…"))
        self.edit_button.setToolTip(self.tr("Change the address, shop number or token"))
        self.remove_button = self._button(self.tr("Remove…"))
        close = self._button(self.tr("Close"))
        tools = QHBoxLayout()
        tools.addWidget(self.add_button)
        tools.addWidget(self.edit_button)
        tools.addWidget(self.remove_button)
        tools.addStretch(1)
        layout.addLayout(tools)
        buttons = QDialogButtonBox(self)
        buttons.addButton(close, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.addButton(self.switch_button, QDialogButtonBox.ButtonRole.AcceptRole)
        layout.addWidget(buttons)

        self.switch_button.clicked.connect(self._on_switch_clicked)
        self.add_button.clicked.connect(self._on_add_clicked)
        self.edit_button.clicked.connect(self._on_edit_clicked)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        close.clicked.connect(self.reject)
        self.list.itemActivated.connect(lambda _item: self._on_switch_clicked())
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.reload()

    def _button(self, text: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(text.rstrip("…"))
        return button

    # ---- The list. -----------------------------------------------------------------------------

    def reload(self) -> None:
        self.list.clear()
        try:
            profiles = [p for p in self._shops.profiles() if not p.demo]
        except CredentialsError as exc:
            self._say(exc.message)
            profiles = []
        for profile in profiles:
            address = profile.base_url.split("://")[-1]
            detail = self.tr("{address} · shop {number}").format(address=address,
                                                                 number=profile.shop_id)
            self._add(profile.name, profile.name, detail)
        self._add(DEMO_PROFILE, self.tr("Demo shop"), self.tr("Sample data, no account needed"))
        # The seller opened this to go somewhere else: start on the first other shop.
        others = [r for r, name in enumerate(self.names()) if name != self._current]
        self.list.setCurrentRow(others[0] if others else 0)
        self._update_buttons()

    def _add(self, key: str, name: str, detail: str) -> None:
        here = key == self._current
        suffix = self.tr(" — open in this window") if here else ""
        item = QListWidgetItem(icon("check" if here else "shop"), f"{name}{suffix}\n{detail}")
        item.setData(_NAME, key)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{name}{suffix}. {detail}")
        self.list.addItem(item)

    def names(self) -> list[str]:
        return [str(self.list.item(r).data(_NAME)) for r in range(self.list.count())]

    def row_of(self, name: str) -> int:
        return self.names().index(name) if name in self.names() else -1

    def selected(self) -> str | None:
        item = self.list.currentItem()
        return str(item.data(_NAME)) if item is not None else None

    def select(self, name: str) -> None:
        self.list.setCurrentRow(self.row_of(name))

    def _update_buttons(self) -> None:
        name = self.selected()
        saved = name is not None and name != DEMO_PROFILE
        self.switch_button.setEnabled(name is not None and name != self._current)
        self.edit_button.setEnabled(saved)
        self.remove_button.setEnabled(saved and name != self._current)
        self.remove_button.setToolTip(
            self.tr("Switch to another shop first") if saved and name == self._current else "")

    def _say(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    # ---- Slots. ----------------------------------------------------------------------------------

    def _answer(self, answer: ProfileAnswer) -> None:
        self.answered.emit(answer)
        self.accept()

    def _on_switch_clicked(self) -> None:
        name = self.selected()
        if name is None or name == self._current:
            return
        self._answer(ProfileAnswer(ProfileChoice.DEMO) if name == DEMO_PROFILE
                     else ProfileAnswer(ProfileChoice.OPEN, name=name))

    def _on_add_clicked(self) -> None:
        dialog = ProfileDialog(self, warning=self._warning, name="", runner=self._runner,
                               demo=self._shops.demo_oauth_app())
        dialog.demo_button.setVisible(False)  # the demo is in the list already
        dialog.answered.connect(self._answer)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def _on_edit_clicked(self) -> None:
        name = self.selected()
        profile = self._shops.profile(name) if name else None
        if profile is None:
            return
        # A shop connected by signing in opens on its sign-in settings (read from the keyring).
        self._runner.run(self._shops.oauth_app(profile.name),
                         on_success=lambda app: self._edit(profile, app),
                         on_failure=lambda _exc: self._edit(profile, None),
                         report_errors=False, show_progress=False, owner=self)

    def _edit(self, profile: Profile, app: OAuthApp | None) -> None:
        dialog = ProfileDialog(self, warning=self._warning, name=profile.name,
                               base_url=profile.base_url, shop_id=profile.shop_id,
                               keep_token=True, runner=self._runner,
                               oauth=app, demo=self._shops.demo_oauth_app(),
                               sign_in_first=app is not None, message=self.tr(
                                   "Change what the shop service gave you; leave the token "
                                   "empty to keep the saved one."))
        dialog.name_edit.setReadOnly(True)  # the name is its data's and its token's key
        dialog.demo_button.setVisible(False)
        dialog.connect_button.setText(self.tr("Save and open"))
        dialog.connect_button.setAccessibleName(self.tr("Save and open"))
        dialog.answered.connect(self._answer)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def _on_remove_clicked(self) -> None:
        name = self.selected()
        if name is None or name in (DEMO_PROFILE, self._current):
            return
        confirm(self, self.tr("Remove shop"),
                self.tr("Remove “{name}” from SellerDesk?").format(name=name),
                self.tr("Remove"), lambda: self._remove(name),
                informative=self.tr("Its access token is deleted from the password store. "
                                    "Its data on this computer stays until you delete the "
                                    "data folder."))

    def _remove(self, name: str) -> None:
        self._runner.run(self._shops.remove_profile(name),
                         on_success=lambda _none: self._on_removed(name),
                         on_failure=self._on_remove_failed, report_errors=False,
                         label=self.tr("Removing {name}…").format(name=name), owner=self)

    def _on_removed(self, name: str) -> None:
        self.removed.emit(name)
        self.reload()

    def _on_remove_failed(self, exc: Exception) -> None:
        self._say(describe_error(exc))
