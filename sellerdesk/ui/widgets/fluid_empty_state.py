"""An empty state for panes of any width: icon, title and a hint that wraps to the pane.

`EmptyState` keeps its hint 440 px wide, which suits a whole view; in a list pane or beside
a splitter that width would set the window's minimum size or cut the hint.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import heading_label, plain_label


class FluidEmptyState(QWidget):
    def __init__(self, icon_name: str, parent: QWidget | None = None, *, title: str = "",
                 hint: str = "", icon_side: int = 48) -> None:
        super().__init__(parent)
        self._icon_name = icon_name
        self._side = icon_side
        self._icon = QLabel(self)
        self._icon.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._title = heading_label(title, self, scale=1.15)
        self._title.setWordWrap(True)
        self._title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._hint = plain_label(hint, self, wrap=True, muted=True)
        self._hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._hint.setVisible(bool(hint))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(8)
        layout.addStretch(2)
        layout.addWidget(self._icon)
        layout.addSpacing(4)
        # No alignment flags on the labels: a wrapped label placed with one gets a guessed
        # height and clips its second line; the text itself is centred instead.
        layout.addWidget(self._title)
        layout.addWidget(self._hint)
        layout.addStretch(3)
        self._paint_icon()

    def set_text(self, title: str, hint: str = "") -> None:
        self._title.setText(title)
        self._hint.setText(hint)
        self._hint.setVisible(bool(hint))

    def title(self) -> str:
        return self._title.text()

    def hint(self) -> str:
        return self._hint.text()

    def _paint_icon(self) -> None:
        self._icon.setPixmap(icon(self._icon_name, Tone.MUTED).pixmap(
            QSize(self._side, self._side), self.devicePixelRatioF()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._paint_icon()
