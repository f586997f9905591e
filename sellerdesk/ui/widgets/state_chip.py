"""A state chip: icon + words on a soft tinted pill (queued, sent, conflict...).

Colour is the third carrier of the state, after the icon and the words, so a chip still
reads correctly in greyscale or for a colour-blind seller.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from sellerdesk.ui import theme
from sellerdesk.ui.icons import icon
from sellerdesk.ui.theme import Tone


def chip_style(state: str) -> tuple[str, str, Tone]:
    """(words, icon, tone) for a known state; unknown states show their own name, neutral."""
    styles: dict[str, tuple[str, str, Tone]] = {
        "queued": (QCoreApplication.translate("StateChip", "Queued"), "clock", Tone.WARNING),
        "scheduled": (QCoreApplication.translate("StateChip", "Scheduled"), "clock",
                      Tone.ACCENT),
        "sending": (QCoreApplication.translate("StateChip", "Sending…"), "outbox", Tone.ACCENT),
        "sent": (QCoreApplication.translate("StateChip", "Sent"), "check", Tone.SUCCESS),
        "conflict": (QCoreApplication.translate("StateChip", "Conflict"), "conflict", Tone.DANGER),
        "failed": (QCoreApplication.translate("StateChip", "Failed"), "error", Tone.DANGER),
        "active": (QCoreApplication.translate("StateChip", "Active"), "check", Tone.SUCCESS),
        "inactive": (QCoreApplication.translate("StateChip", "Inactive"), "close", Tone.MUTED),
        "offline": (QCoreApplication.translate("StateChip", "Offline copy"), "offline", Tone.MUTED),
    }
    return styles.get(state, (state, "info", Tone.MUTED))


class StateChip(QWidget):
    """A compact pill with an icon and a word or two."""

    _PAD_X = 7
    _PAD_Y = 2
    _GAP = 4

    def __init__(self, text: str = "", icon_name: str = "info", tone: Tone = Tone.MUTED,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._icon_name = icon_name
        self._tone = tone
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.set_state_text(text, icon_name, tone)

    @classmethod
    def for_state(cls, state: str, parent: QWidget | None = None) -> StateChip:
        text, icon_name, tone = chip_style(state)
        return cls(text, icon_name, tone, parent)

    def set_state(self, state: str) -> None:
        self.set_state_text(*chip_style(state))

    def set_state_text(self, text: str, icon_name: str, tone: Tone) -> None:
        self._text, self._icon_name, self._tone = text, icon_name, tone
        self.setAccessibleName(text)
        self.setToolTip(text)
        self.updateGeometry()
        self.update()

    def text(self) -> str:
        return self._text

    def tone(self) -> Tone:
        return self._tone

    def _icon_side(self) -> int:
        return max(12, self.fontMetrics().height() - 2)

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        width = (2 * self._PAD_X + self._icon_side() + self._GAP
                 + fm.horizontalAdvance(self._text))
        return QSize(width, fm.height() + 2 * self._PAD_Y + 2)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        color = theme.tone_color(self._tone, pal)
        painter.setPen(QPen(theme.mix(color, pal.color(pal.ColorRole.Base), 0.45), 1))
        painter.setBrush(theme.tone_fill(self._tone, pal))
        radius = rect.height() / 2
        painter.drawRoundedRect(rect, radius, radius)

        side = self._icon_side()
        top = (self.height() - side) // 2
        icon(self._icon_name, self._tone).paint(painter, QRect(self._PAD_X, top, side, side))
        text_tone = Tone.TEXT if self._tone is Tone.MUTED else self._tone
        painter.setPen(theme.tone_color(text_tone, pal))
        text_rect = self.rect().adjusted(self._PAD_X + side + self._GAP, 0, -self._PAD_X, 0)
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter), self._text)
        painter.end()
