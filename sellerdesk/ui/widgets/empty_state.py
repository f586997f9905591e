"""What a view shows when it has nothing to show: an icon, a line that says so, and a hint."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import heading_label, plain_label


class EmptyState(QWidget):
    """Centred icon + title + hint ("No questions here" / "Buyers' questions appear here")."""

    def __init__(self, icon_name: str, title: str, hint: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._icon_name = icon_name
        self._icon = QLabel(self)
        self._icon.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._title = heading_label(title, self, scale=1.2)
        self._title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._title.setWordWrap(True)
        self._hint = plain_label(hint, self, wrap=True, muted=True)
        self._hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._hint.setFixedWidth(440)
        self._hint.setVisible(bool(hint))
        self._fit_hint()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(8)
        layout.addStretch(3)
        layout.addWidget(self._icon)
        layout.addSpacing(4)
        layout.addWidget(self._title)
        layout.addWidget(self._hint, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(4)
        self._paint_icon()

    def set_text(self, title: str, hint: str = "") -> None:
        self._title.setText(title)
        self._hint.setText(hint)
        self._hint.setVisible(bool(hint))
        self._fit_hint()

    def _fit_hint(self) -> None:
        # An aligned word-wrapped label gets the height of a guess at its width and clips
        # its second line; give it the height its fixed width needs.
        self._hint.setFixedHeight(max(0, self._hint.heightForWidth(self._hint.width())))

    def title(self) -> str:
        return self._title.text()

    def hint(self) -> str:
        return self._hint.text()

    def _paint_icon(self) -> None:
        side = 56
        self._icon.setPixmap(icon(self._icon_name, Tone.MUTED).pixmap(
            QSize(side, side), self.devicePixelRatioF()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._paint_icon()
        if event.type() == QEvent.Type.FontChange:
            self._fit_hint()
