"""A link that opens in the browser: a flat button showing the address as plain text.

Addresses come from the shop service, so only web and mail links are ever opened (never
`file:` or `javascript:`), and the text is escaped for the button's mnemonic parser.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip

SAFE_SCHEMES = ("http", "https", "mailto")


def open_url(url: QUrl) -> bool:
    """Hand the address to the desktop (tests replace this)."""
    return QDesktopServices.openUrl(url)


def is_safe_url(address: str) -> bool:
    url = QUrl(address.strip(), QUrl.ParsingMode.StrictMode)
    return url.isValid() and url.scheme().lower() in SAFE_SCHEMES and (
        bool(url.host()) or url.scheme().lower() == "mailto")


class LinkButton(QPushButton):
    """Shows `text` (default: the address) elided to fit; a click opens the address."""

    link_opened = Signal(str)

    def __init__(self, address: str = "", text: str = "", parent: QWidget | None = None,
                 *, what: str = "") -> None:
        super().__init__(parent)
        self._address = ""
        self._text = ""
        self._what = what
        self.setFlat(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setStyleSheet(
            "QPushButton { color: palette(link); border: none; padding: 0; text-align: left; }"
            "QPushButton:hover, QPushButton:focus { text-decoration: underline; }"
            "QPushButton:disabled { color: palette(placeholder-text); }")
        self.clicked.connect(self._on_clicked)
        self.set_address(address, text)

    def address(self) -> str:
        return self._address

    def shown_text(self) -> str:
        return self._text

    def set_address(self, address: str | None, text: str = "") -> None:
        self._address = (address or "").strip()
        self._text = text or self._address or "—"
        safe = is_safe_url(self._address)
        self.setEnabled(safe)
        what = self._what or self.tr("link")
        if safe:
            self.setToolTip(plain_tooltip(self.tr("Open {address}").format(address=self._address)))
            self.setAccessibleName(self.tr("Open {what}: {address}").format(what=what,
                                                                        address=self._address))
        else:
            self.setToolTip(self.tr("Not a web address SellerDesk opens") if self._address else "")
            self.setAccessibleName(self.tr("{what}: none").format(what=what) if not self._address
                                   else self.tr("{what}: {address}").format(what=what,
                                                                         address=self._address))
        self._fit()

    def _fit(self) -> None:
        room = max(self.width(), 80)
        elided = QFontMetrics(self.font()).elidedText(self._text, Qt.TextElideMode.ElideMiddle,
                                                      room)
        super().setText(elided.replace("&", "&&"))  # a literal "&", not a mnemonic

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        hint.setWidth(QFontMetrics(self.font()).horizontalAdvance(self._text) + 4)
        return hint

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        hint.setWidth(60)
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _on_clicked(self) -> None:
        if is_safe_url(self._address):
            open_url(QUrl(self._address))
            self.link_opened.emit(self._address)
