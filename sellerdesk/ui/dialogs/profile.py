"""Connect a shop: base URL and shop id, then an access token or a sign-in with the shop
service (OAuth) — or try the demo shop.

The token, or the grant a sign-in gives, goes to the OS keyring (services/shops.py), never to
a settings file. Signing in opens the system browser on the shop service's page; SellerDesk
waits for it on this computer (a loopback address) or, for an app whose redirect address is
elsewhere, the seller pastes back the address the browser ended on. The sign-in address is
always shown with a Copy button and a field for that paste: a browser that could not open
(none installed, none on this computer) must not leave the seller waiting with nothing to
do. The demo shop's own server is refused as a shop to connect: it runs only while the demo
is open, on a port that changes every start (docs/decisions.md). Where the system has no
secure store, the dialog says the token is kept for this session only.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.shops import DEMO_PROFILE, ProfileAnswer, ProfileChoice
from sellerdesk.services.sign_in import (
    BrowserSignIn,
    OAuthApp,
    PastedSignIn,
    PastedTextError,
    same_server,
)
from sellerdesk.services.types import OAuthGrant
from sellerdesk.ui.runner import TaskHandle, TaskRunner, describe_error
from sellerdesk.ui.widgets.text import heading_label, plain_label

__all__ = ["DEMO_PROFILE", "ProfileAnswer", "ProfileChoice", "ProfileDialog",
           "open_in_browser"]

TOKEN_TAB, SIGN_IN_TAB = 0, 1


def open_in_browser(url: str) -> bool:
    """The system browser (the sign-in page of the shop service); False when none could be
    started (True only says one was started, not that it shows the page)."""
    return bool(QDesktopServices.openUrl(QUrl(url)))


class ProfileDialog(QDialog):
    """Emits `answered(ProfileAnswer)` on Connect or "Try the demo shop"; `rejected` on cancel.

    Opened with `open()` (window-modal, no nested event loop, so the qasync loop keeps going).
    Signing in needs a `runner` (the sign-in waits for the browser on the loop); `oauth`
    prefills the sign-in settings and, with `sign_in_first`, opens on them ("Connect
    again"); `open_browser` replaces the system browser (tests); `demo`: the running demo
    shop's sign-in, whose server is refused as a shop to connect.
    """

    answered = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, warning: str | None = None,
                 name: str = "", base_url: str = "", shop_id: int = 0,
                 message: str = "", keep_token: bool = False,
                 runner: TaskRunner | None = None, oauth: OAuthApp | None = None,
                 sign_in_first: bool = False,
                 open_browser: Callable[[str], object] | None = None,
                 demo: OAuthApp | None = None) -> None:
        super().__init__(parent)
        self._keep_token = keep_token  # editing a saved profile: an empty token keeps its own
        self._runner = runner
        self._open_browser = open_browser or open_in_browser
        self._pasted: PastedSignIn | None = None
        self._browser: BrowserSignIn | None = None  # the loopback sign-in under way
        self._handle: TaskHandle[OAuthGrant] | None = None
        self._demo = demo
        self._app: OAuthApp | None = None
        self.setWindowTitle(self.tr("Connect your shop"))
        self.setMinimumWidth(500)
        layout = QVBoxLayout(self)
        layout.addWidget(heading_label(self.tr("Connect your shop")))
        intro = plain_label(message or self.tr(
            "Enter the address of the shop service and your shop's number, then the access "
            "token you got from the marketplace or sign in with it. Or look around first with "
            "the demo shop."))
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
        form.addRow(self.tr("Profile name"), self.name_edit)
        form.addRow(self.tr("Service address"), self.url_edit)
        form.addRow(self.tr("Shop number"), self.shop_edit)
        layout.addLayout(form)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._token_page(keep_token), self.tr("Access token"))
        self.tabs.addTab(self._sign_in_page(oauth), self.tr("Sign in"))
        self.tabs.setCurrentIndex(SIGN_IN_TAB if sign_in_first else TOKEN_TAB)
        layout.addWidget(self.tabs)

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
        cancel = QPushButton(self.tr("Cancel"))
        cancel.setAccessibleName(self.tr("Cancel"))
        buttons.addButton(self.demo_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(cancel, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.addButton(self.connect_button, QDialogButtonBox.ButtonRole.AcceptRole)
        layout.addWidget(buttons)
        # Only once it is the dialog's can it be the dialog's default: made default before,
        # Enter pressed the first button in the focus chain (a hidden one, or the demo).
        self.connect_button.setDefault(True)
        self.demo_button.clicked.connect(self._on_demo_clicked)
        self.connect_button.clicked.connect(self._on_connect_clicked)
        cancel.clicked.connect(self.reject)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _token_page(self, keep_token: bool) -> QWidget:
        page = QWidget(self)
        form = QFormLayout(page)
        self.token_edit = QLineEdit()
        self.token_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_edit.setAccessibleName(self.tr("Access token"))
        if keep_token:
            self.token_edit.setPlaceholderText(self.tr("Leave empty to keep the saved token"))
        form.addRow(self.tr("Access token"), self.token_edit)
        return page

    def _sign_in_page(self, oauth: OAuthApp | None) -> QWidget:
        page = QWidget(self)
        box = QVBoxLayout(page)
        about = plain_label(self.tr(
            "SellerDesk opens the shop service's sign-in page in your browser; allow "
            "SellerDesk there and it renews its access by itself from then on."), wrap=True,
            muted=True)
        box.addWidget(about)
        form = QFormLayout()
        self.auth_url_edit = self._line(oauth.authorization_url if oauth else "",
                                        self.tr("Sign-in page"), "https://auth.example.com/…")
        self.token_url_edit = self._line(oauth.token_url if oauth else "",
                                         self.tr("Token address"), "https://api.example.com/…")
        self.client_id_edit = self._line(oauth.client_id if oauth else "", self.tr("App ID"))
        self.client_secret_edit = self._line(oauth.client_secret if oauth else "",
                                             self.tr("App secret"))
        self.client_secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.redirect_edit = self._line(oauth.redirect_uri if oauth else "",
                                        self.tr("Redirect address"),
                                        self.tr("Empty: back to SellerDesk on this computer"))
        for label, edit in ((self.tr("Sign-in page"), self.auth_url_edit),
                            (self.tr("Token address"), self.token_url_edit),
                            (self.tr("App ID"), self.client_id_edit),
                            (self.tr("App secret"), self.client_secret_edit),
                            (self.tr("Redirect address"), self.redirect_edit)):
            form.addRow(label, edit)
        box.addLayout(form)
        self.sign_in_status = plain_label("", wrap=True)
        self.sign_in_status.setVisible(False)
        box.addWidget(self.sign_in_status)
        # The sign-in address, to copy into a browser: selectable, read-only, with Copy.
        address_row = QHBoxLayout()
        self.address_edit = self._line("", self.tr("Sign-in address"))
        self.address_edit.setReadOnly(True)
        self.copy_button = QPushButton(self.tr("Copy address"))
        self.copy_button.setAccessibleName(self.tr("Copy the sign-in address"))
        self.copy_button.clicked.connect(self._on_copy_clicked)
        address_row.addWidget(self.address_edit, 1)
        address_row.addWidget(self.copy_button)
        self.address_row = QWidget(page)
        self.address_row.setLayout(address_row)
        self.address_row.setVisible(False)
        box.addWidget(self.address_row)
        paste_row = QHBoxLayout()
        self.paste_edit = self._line("", self.tr("Address or code from the browser"),
                                     self.tr("Paste the address your browser ended on"))
        self.finish_button = QPushButton(self.tr("Finish signing in"))
        self.finish_button.setAccessibleName(self.tr("Finish signing in"))
        self.finish_button.clicked.connect(self._on_finish_clicked)
        paste_row.addWidget(self.paste_edit, 1)
        paste_row.addWidget(self.finish_button)
        self.paste_row = QWidget(page)
        self.paste_row.setLayout(paste_row)
        self.paste_row.setVisible(False)
        box.addWidget(self.paste_row)
        box.addStretch(1)
        return page

    def _line(self, text: str, name: str, placeholder: str = "") -> QLineEdit:
        edit = QLineEdit(text)
        edit.setAccessibleName(name)
        if placeholder:
            edit.setPlaceholderText(placeholder)
        return edit

    # ---- What the seller entered. ---------------------------------------------------------

    def signing_in(self) -> bool:
        return self.tabs.currentIndex() == SIGN_IN_TAB

    def oauth_app(self) -> OAuthApp:
        return OAuthApp(self.auth_url_edit.text().strip(), self.token_url_edit.text().strip(),
                        self.client_id_edit.text().strip(),
                        self.client_secret_edit.text().strip(),
                        self.redirect_edit.text().strip())

    def problem(self) -> str:
        """What is missing or wrong, in words; empty when the form can be used."""
        url = self.url_edit.text().strip()
        if not self.name_edit.text().strip():
            return self.tr("Give the profile a name.")
        if self.name_edit.text().strip().casefold() == DEMO_PROFILE:
            return self.tr("That name is kept for the demo shop; choose another.")
        if not url.startswith(("http://", "https://")):
            return self.tr("The service address starts with https:// (or http://).")
        if self._demo is not None and self._on_demo_server(url):
            return self.tr("That is the demo shop's own server: it runs only while the demo "
                           "shop is open, on an address that changes every time, so a shop "
                           "connected to it would be offline at once. Enter your shop "
                           "service's address, or use “Try the demo shop”.")
        if self.signing_in():
            app = self.oauth_app()
            if not (app.authorization_url.startswith(("http://", "https://"))
                    and app.token_url.startswith(("http://", "https://"))):
                return self.tr("The sign-in page and the token address start with https:// "
                               "(or http://).")
            if not app.client_id or not app.client_secret:
                return self.tr("Enter the app's ID and secret (from the marketplace's "
                               "developer page).")
            if app.redirect_uri and not app.redirect_uri.startswith(("http://", "https://")):
                return self.tr("The redirect address starts with https:// (or http://).")
            if self._runner is None:
                return self.tr("Signing in is not possible here; paste an access token.")
            return ""
        if not self.token_edit.text().strip() and not self._keep_token:
            return self.tr("Paste the access token.")
        return ""

    def _on_demo_server(self, url: str) -> bool:
        demo = self._demo
        assert demo is not None
        ours = (url, *((self.auth_url_edit.text(), self.token_url_edit.text())
                       if self.signing_in() else ()))
        return any(same_server(mine, theirs) for mine in ours
                   for theirs in (demo.authorization_url, demo.token_url))

    def _say(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _status(self, text: str) -> None:
        self.sign_in_status.setText(text)
        self.sign_in_status.setVisible(bool(text))

    # ---- Slots. -------------------------------------------------------------------------------

    def _on_demo_clicked(self) -> None:
        self.answered.emit(ProfileAnswer(ProfileChoice.DEMO))
        self.accept()

    def _answer(self, *, token: str = "", grant: OAuthGrant | None = None,
                authorization_url: str = "") -> None:
        self.answered.emit(ProfileAnswer(
            ProfileChoice.CONNECT, name=self.name_edit.text().strip(),
            base_url=self.url_edit.text().strip().rstrip("/"), shop_id=self.shop_edit.value(),
            token=token, grant=grant, authorization_url=authorization_url))
        self.accept()

    def _on_connect_clicked(self) -> None:
        problem = self.problem()
        if problem:
            self._say(problem)
            return
        self._say("")
        if not self.signing_in():
            self._answer(token=self.token_edit.text().strip())
            return
        assert self._runner is not None
        app = self._app = self.oauth_app()
        if app.redirect_uri:  # the app's redirect is elsewhere: the seller pastes the code
            self._pasted = PastedSignIn(app)
            opened = bool(self._open_browser(self._pasted.url))
            self._show_address(self._pasted.url, opened, loopback=False)
            return
        self.connect_button.setEnabled(False)
        self._status(self.tr("Opening the sign-in page…"))
        self._browser = BrowserSignIn(app, self._open_browser)
        self._browser.address_shown.connect(
            lambda url: self._show_address(url, self._browser_opened(), loopback=True))
        self._handle = self._runner.run(
            self._browser.run(), on_success=self._on_signed_in,
            on_failure=self._on_sign_in_failed, report_errors=False,
            label=self.tr("Waiting for the sign-in…"), key="sign-in", owner=self)

    def _browser_opened(self) -> bool:
        return self._browser is not None and self._browser.browser_opened

    def _show_address(self, url: str, opened: bool, *, loopback: bool) -> None:
        """The address to copy, and the field for what the browser ended on: shown whether a
        browser opened or not (one that "opened" may show nothing, or be on another
        computer)."""
        if opened and loopback:
            text = self.tr("Allow SellerDesk on the page that opened in your browser; "
                           "SellerDesk goes on by itself once you do. No page opened, or "
                           "your browser is on another computer? Copy this address into it, "
                           "allow SellerDesk, then paste below the address it ended on.")
        elif opened:
            text = self.tr("Allow SellerDesk on the page that opened in your browser, then "
                           "paste below the address it ended on (or the code it shows). No "
                           "page opened? Copy this address into a browser.")
        else:
            text = self.tr("No browser could be opened here. Copy this address into a "
                           "browser (on this computer or another), allow SellerDesk there, "
                           "then paste below the address the browser ended on (or the code "
                           "it shows).")
        self._status(text)
        self.address_edit.setText(url)
        self.address_edit.setCursorPosition(0)
        self.address_row.setVisible(True)
        self.paste_row.setVisible(True)
        self.finish_button.setEnabled(True)
        self.connect_button.setDefault(False)
        self.finish_button.setDefault(True)  # Enter in the paste field finishes
        self.setTabOrder(self.address_edit, self.copy_button)
        self.setTabOrder(self.copy_button, self.paste_edit)
        self.setTabOrder(self.paste_edit, self.finish_button)
        self.copy_button.setFocus()
        QTimer.singleShot(0, self._grow_to_fit)

    def _grow_to_fit(self) -> None:
        """The rows that appeared get their room, wrapped words included (the dialog's own
        minimum leaves height-for-width text out, and squeezed the form above them)."""
        layout = self.layout()
        if layout is None:
            return
        need = (layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth()
                else layout.totalSizeHint().height())
        if need > self.height():
            self.resize(self.width(), need)

    def _on_copy_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.address_edit.text())
        self._say(self.tr("The sign-in address is copied."))

    def _on_finish_clicked(self) -> None:
        text = self.paste_edit.text().strip()
        if not text:
            self._say(self.tr("Paste the address your browser ended on, or the code."))
            return
        if self._browser is not None:  # the loopback sign-in takes it (it is waiting)
            try:
                self._browser.paste(text)
            except PastedTextError:
                self._say(self._wrong_paste())
                return
            self._say("")
            self.finish_button.setEnabled(False)
            return
        if self._pasted is None or self._runner is None:
            return
        self.finish_button.setEnabled(False)
        self._runner.run(self._pasted.finish(text), on_success=self._on_signed_in,
                         on_failure=self._on_sign_in_failed, report_errors=False,
                         label=self.tr("Finishing the sign-in…"), key="sign-in", owner=self)

    def _wrong_paste(self) -> str:
        return self.tr("That holds no code of this sign-in. Paste the whole address your "
                       "browser ended on after you allowed SellerDesk, or the code it shows.")

    def reject(self) -> None:
        """Cancel also stops a sign-in under way (its loopback address closes)."""
        if self._handle is not None:
            self._handle.cancel()
        super().reject()

    def _on_signed_in(self, grant: OAuthGrant) -> None:
        app = self._app
        self._answer(grant=grant, authorization_url=app.authorization_url if app else "")

    def _on_sign_in_failed(self, exc: Exception) -> None:
        self.connect_button.setEnabled(True)
        self.finish_button.setEnabled(True)
        if isinstance(exc, PastedTextError) and self._pasted is not None:
            self._say(self._wrong_paste())  # the pasted sign-in still waits: paste again
            return
        self._browser = self._handle = None
        self.address_row.setVisible(False)
        self.paste_row.setVisible(False)
        self.finish_button.setDefault(False)
        self.connect_button.setDefault(True)
        self._status("")
        self._say(describe_error(exc))
