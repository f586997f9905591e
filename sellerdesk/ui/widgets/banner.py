"""The window's message area: failures and notices in words, each with an icon and a dismiss.

The same message arriving again is folded into the one already shown (with a count), so a
flapping connection does not stack ten identical banners.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import plain_label

if TYPE_CHECKING:
    from PySide6.QtGui import QAccessibleInterface


class MessageLevel(Enum):
    INFO = "info"
    SUCCESS = "success"
    WARNING = "warning"
    ERROR = "error"


_LOOK: dict[MessageLevel, tuple[str, Tone]] = {
    MessageLevel.INFO: ("info", Tone.ACCENT),
    MessageLevel.SUCCESS: ("check", Tone.SUCCESS),
    MessageLevel.WARNING: ("warning", Tone.WARNING),
    MessageLevel.ERROR: ("error", Tone.DANGER),
}


# What a screen reader is told each message is: a problem is an alert (read at once, as
# Orca reads a dialog's alert), anything else a notification. Qt gives a plain widget no
# role of its own choosing but through an accessibility factory. (QAccessible is named
# when a message is first made: its enum types cost the first paint a few milliseconds.)
_ALERTS = (MessageLevel.WARNING, MessageLevel.ERROR)
_factory_installed = False


def _accessible(key: str, obj: QObject) -> QAccessibleInterface | None:
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QAccessibleWidget

    if key == "BannerMessage" and isinstance(obj, BannerMessage):
        # Asked for while the widget is being made, its level may not be set yet.
        level = getattr(obj, "level", MessageLevel.ERROR)
        role = (QAccessible.Role.AlertMessage if level in _ALERTS
                else QAccessible.Role.Notification)
        return QAccessibleWidget(obj, role, "")
    return None


def _install_roles() -> None:
    global _factory_installed
    if not _factory_installed:
        from PySide6.QtGui import QAccessible

        QAccessible.installFactory(_accessible)
        _factory_installed = True


class BannerMessage(QWidget):
    """One message: icon, the words, an optional action, and a dismiss button; to a screen
    reader, an alert (a problem) or a notification."""

    dismissed = Signal()

    def __init__(self, text: str, level: MessageLevel, parent: QWidget | None = None,
                 *, action_text: str | None = None,
                 on_action: Callable[[], None] | None = None) -> None:
        _install_roles()
        super().__init__(parent)
        self.level = level
        self.count = 1
        icon_name, self._tone = _LOOK[level]

        self._icon_name = icon_name
        self._icon = QLabel(self)
        self._icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._paint_icon()
        self._text = plain_label(text, self, wrap=True, selectable=True)
        self._count = plain_label("", self, muted=True)
        self._count.hide()

        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 7, 6, 7)
        layout.setSpacing(10)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self._text, 1)
        layout.addWidget(self._count)
        if action_text and on_action is not None:
            action = QPushButton(action_text, self)
            action.setAccessibleName(action_text)
            action.clicked.connect(on_action)
            action.clicked.connect(self.dismiss)
            layout.addWidget(action)
        close = QToolButton(self)
        close.setIcon(icon("close"))
        close.setAutoRaise(True)
        close.setToolTip(self.tr("Dismiss"))
        close.setAccessibleName(self.tr("Dismiss message"))
        close.clicked.connect(self.dismiss)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignVCenter)
        self.setAccessibleName(text)

    def text(self) -> str:
        return self._text.text()

    def _paint_icon(self) -> None:
        self._icon.setPixmap(icon(self._icon_name, self._tone).pixmap(
            QSize(18, 18), self.devicePixelRatioF()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._paint_icon()

    def bump(self) -> None:
        self.count += 1
        self._count.setText(self.tr("×{count}").format(count=self.count))
        self._count.show()

    def dismiss(self) -> None:
        self.dismissed.emit()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        color = theme.tone_color(self._tone, pal)
        painter.setPen(QPen(theme.mix(color, pal.color(pal.ColorRole.Base), 0.35), 1))
        painter.setBrush(theme.tone_fill(self._tone, pal, 0.10))
        painter.drawRoundedRect(rect, 6, 6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)  # the accent stripe on the leading edge
        painter.drawRoundedRect(QRectF(rect.left(), rect.top(), 4, rect.height()), 2, 2)
        painter.end()


class MessageBanner(QWidget):
    """A stack of at most `limit` messages over the views; hidden when empty."""

    message_shown = Signal(str)
    message_dismissed = Signal(str)

    def __init__(self, parent: QWidget | None = None, limit: int = 3) -> None:
        super().__init__(parent)
        self._limit = limit
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(12, 10, 12, 0)
        self._layout.setSpacing(6)
        self._items: list[BannerMessage] = []
        self.setAutoFillBackground(True)  # on the views' base colour, not a grey strip
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAccessibleName(self.tr("Messages"))
        self.hide()

    def show_message(self, text: str, level: MessageLevel = MessageLevel.ERROR, *,
                     action_text: str | None = None,
                     on_action: Callable[[], None] | None = None,
                     timeout_ms: int | None = None) -> BannerMessage:
        """Show `text` (plain text, any origin). Info may pass `timeout_ms` to go by itself."""
        for item in self._items:
            if item.text() == text and item.level == level:
                item.bump()
                return item
        item = BannerMessage(text, level, self, action_text=action_text, on_action=on_action)
        item.dismissed.connect(self._on_item_dismissed)
        self._items.append(item)
        self._layout.addWidget(item)
        # Shown now, not on the next turn of the loop: added to a banner already on screen
        # (another message in it), a child is only queued to show, so for a turn its words
        # were in messages() while its action button was not visible yet.
        item.show()
        while len(self._items) > self._limit:
            self._remove(self._items[0])
        if timeout_ms:
            QTimer.singleShot(timeout_ms, item, item.dismiss)
        self.show()
        self.message_shown.emit(text)
        return item

    def messages(self) -> list[str]:
        return [item.text() for item in self._items]

    def withdraw(self, text: str) -> None:
        """Take back the message saying `text`, if shown (what it said is no longer true)."""
        for item in [i for i in self._items if i.text() == text]:
            self._remove(item)

    def clear(self) -> None:
        for item in list(self._items):
            self._remove(item)

    def _on_item_dismissed(self) -> None:
        # A bound slot and sender(), not a lambda holding the item: a closure would keep a
        # reference cycle through the connection that outlives the widget.
        item = self.sender()
        if isinstance(item, BannerMessage):
            self._remove(item)

    def _remove(self, item: BannerMessage) -> None:
        if item not in self._items:
            return
        self._items.remove(item)
        self._layout.removeWidget(item)
        item.hide()
        item.deleteLater()
        self.message_dismissed.emit(item.text())
        if not self._items:
            self.hide()
