"""What a view shows when it has nothing to show: an icon, a line that says so, and a hint.

Two shapes: a whole view's (the hint 440 px wide, centred) and, with `fluid=True`, a pane's
of any width (a list pane, one side of a splitter): there the hint wraps to the pane, since a
fixed width would set the window's minimum size or cut the hint.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import heading_label, plain_label

HINT_WIDTH = 440  # a whole view's hint


class EmptyState(QWidget):
    """Centred icon + title + hint ("No questions here" / "Buyers' questions appear here")."""

    def __init__(self, icon_name: str, title: str = "", hint: str = "",
                 parent: QWidget | None = None, *, fluid: bool = False) -> None:
        super().__init__(parent)
        self._icon_name = icon_name
        self._fluid = fluid
        self._side = 48 if fluid else 56
        self._icon = QLabel(self)
        self._icon.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._title = heading_label(title, self, scale=1.15 if fluid else 1.2)
        self._title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._title.setWordWrap(True)
        self._hint = plain_label(hint, self, wrap=True, muted=True)
        self._hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self._hint.setVisible(bool(hint))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(8)
        layout.addStretch(2 if fluid else 3)
        layout.addWidget(self._icon)
        layout.addSpacing(4)
        if fluid:
            # No alignment flags on the labels: a wrapped label placed with one gets a
            # guessed height and clips its second line; the text itself is centred instead.
            self._title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
            layout.addWidget(self._title)
            layout.addWidget(self._hint)
        else:
            self._hint.setFixedWidth(HINT_WIDTH)
            self._fit_hint()
            layout.addWidget(self._title)
            layout.addWidget(self._hint, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3 if fluid else 4)
        self._paint_icon()

    def take_focus(self) -> None:
        """Give the keyboard to the title: a view emptied under the seller's hands (the
        last change discarded) leaves focus on what it says, never nowhere."""
        self._title.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # focusable, no Tab stop
        self._title.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_text(self, title: str, hint: str = "") -> None:
        self._title.setText(title)
        self._hint.setText(hint)
        self._hint.setVisible(bool(hint))
        self._fit_hint()

    def _fit_hint(self) -> None:
        # An aligned word-wrapped label gets the height of a guess at its width and clips
        # its second line; give it the height its fixed width needs.
        if not self._fluid:
            self._hint.setFixedHeight(max(0, self._hint.heightForWidth(self._hint.width())))

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
        if event.type() == QEvent.Type.FontChange:
            self._fit_hint()
