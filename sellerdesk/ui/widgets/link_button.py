"""A link that opens in the browser: a flat button showing the address as plain text.

Addresses come from the shop service, so only web and mail links are ever opened (never
`file:` or `javascript:`). The button paints its own text: literally (no mnemonic, no rich
text) and wrapped, at a "/" or a word when it can and anywhere when it must, so a long
permalink is read whole instead of cut in the middle. Screen readers get a plain-text name
and description (a tooltip is HTML-escaped markup, never read as the description).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QUrl, Signal
from PySide6.QtGui import (
    QDesktopServices,
    QFont,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from sellerdesk.ui import theme
from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip

SAFE_SCHEMES = ("http", "https", "mailto")
ZWSP = "\u200b"
_BREAKABLE = re.compile(r"(?<=[^/])[/.?&=_-](?=[^/])|//")
_PAD = 2  # room for the focus ring around the text


def open_url(url: QUrl) -> bool:
    """Hand the address to the desktop (tests replace this)."""
    return QDesktopServices.openUrl(url)


def is_safe_url(address: str) -> bool:
    url = QUrl(address.strip(), QUrl.ParsingMode.StrictMode)
    return url.isValid() and url.scheme().lower() in SAFE_SCHEMES and (
        bool(url.host()) or url.scheme().lower() == "mailto")


class LinkButton(QPushButton):
    """Shows `text` (default: the address), wrapped to the width it gets; a click opens
    the address."""

    link_opened = Signal(str)

    def __init__(self, address: str = "", text: str = "", parent: QWidget | None = None,
                 *, what: str = "") -> None:
        super().__init__(parent)
        self._address = ""
        self._text = ""
        self._what = what
        self.setFlat(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.clicked.connect(self._on_clicked)
        self.set_address(address, text)

    def address(self) -> str:
        return self._address

    def shown_text(self) -> str:
        return self._text

    def set_address(self, address: str | None, text: str = "") -> None:
        self._address = (address or "").strip()
        self._text = text or self._address or "—"
        super().setText(self._text.replace("&", "&&"))  # what a style may read; never drawn
        safe = is_safe_url(self._address)
        self.setEnabled(safe)
        what = self._what or self.tr("link")
        if safe:
            tip = self.tr("Open {address}").format(address=self._address)
            self.setToolTip(plain_tooltip(tip))
            self.setAccessibleName(self.tr("Open {what}: {address}").format(what=what,
                                                                        address=self._address))
        else:
            tip = self.tr("Not a web address SellerDesk opens") if self._address else ""
            self.setToolTip(tip)
            self.setAccessibleName(self.tr("{what}: none").format(what=what) if not self._address
                                   else self.tr("{what}: {address}").format(what=what,
                                                                         address=self._address))
        # Said as it is: the tooltip is markup, and Qt would read it as the description.
        self.setAccessibleDescription(tip)
        self.updateGeometry()
        self.update()

    # ---- Text layout. ----------------------------------------------------------------------

    def _layout(self, width: float) -> QTextLayout:
        # Painted only (never copied, never read aloud): a chance to break after each
        # separator of an address, so lines end at "/" or "." rather than mid-word.
        shown = _BREAKABLE.sub(lambda m: m.group() + ZWSP, self._text)
        layout = QTextLayout(shown, self._font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        layout.beginLayout()
        y = 0.0
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(max(1.0, width))
            line.setPosition(QPointF(0, y))
            y += line.height()
        layout.endLayout()
        return layout

    def _font(self) -> QFont:
        font = QFont(self.font())
        font.setUnderline(self.isEnabled() and (self.hasFocus() or self.underMouse()))
        return font

    def lines(self, width: int | None = None) -> int:
        """How many lines the text takes at `width` (default: the current width)."""
        room = (self.width() if width is None else width) - 2 * _PAD
        return self._layout(room).lineCount()

    def sizeHint(self) -> QSize:
        one = self._layout(1e6)
        width = max((one.lineAt(i).naturalTextWidth() for i in range(one.lineCount())),
                    default=0.0)
        return QSize(int(width + 0.999) + 2 * _PAD, int(one.boundingRect().height()) + 2 * _PAD)

    def minimumSizeHint(self) -> QSize:
        return QSize(60, self.fontMetrics().height() + 2 * _PAD)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return int(self._layout(width - 2 * _PAD).boundingRect().height() + 0.999) + 2 * _PAD

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pal = self.palette()
        role = QPalette.ColorRole.Link if self.isEnabled() else QPalette.ColorRole.PlaceholderText
        painter.setPen(pal.color(role))
        self._layout(self.width() - 2 * _PAD).draw(painter, QPointF(_PAD, _PAD))
        if self.hasFocus():
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(theme.mix(pal.color(QPalette.ColorRole.Highlight),
                                          pal.color(QPalette.ColorRole.Base), 0.8), 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
        painter.end()

    def _on_clicked(self) -> None:
        if is_safe_url(self._address):
            open_url(QUrl(self._address))
            self.link_opened.emit(self._address)
