"""The inline "Question deleted — Undo (5 s)" bar shown while a delete is still held back."""

from __future__ import annotations

import time

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from sellerdesk.ui import theme
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.text import plain_label


class UndoBar(QWidget):
    """`offer(entry_id, seconds)` shows it; `undo_requested(entry_id)` when Undo is pressed."""

    undo_requested = Signal(str)
    expired = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entry_id = ""
        self._deadline = 0.0
        self.text = plain_label("", self, wrap=True)
        self.undo = QPushButton(self.tr("Undo"), self)
        self.undo.setAccessibleName(self.tr("Undo the delete"))
        self.undo.clicked.connect(self._on_undo_clicked)
        self._tick = QTimer(self)
        self._tick.setInterval(250)
        self._tick.timeout.connect(self._on_tick_timeout)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(14, 6, 8, 6)
        layout.setSpacing(10)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.undo)
        self.setAccessibleName(self.tr("Undo"))
        self.hide()

    def entry_id(self) -> str:
        return self._entry_id

    def offer(self, entry_id: str, seconds: float) -> None:
        self._entry_id = entry_id
        self._deadline = time.monotonic() + max(0.0, seconds)
        self.undo.setEnabled(True)
        self._on_tick_timeout()
        self._tick.start()
        self.show()

    def withdraw(self) -> None:
        self._tick.stop()
        self._entry_id = ""
        self.hide()

    def _on_tick_timeout(self) -> None:
        left = self._deadline - time.monotonic()
        if left <= 0:
            entry = self._entry_id
            self.withdraw()
            self.expired.emit(entry)
            return
        self.text.setText(self.tr("Question deleted — you can undo it for {n} s.").format(
            n=int(left + 0.999)))

    def _on_undo_clicked(self) -> None:
        if self._entry_id:
            self.undo.setEnabled(False)
            self.undo_requested.emit(self._entry_id)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        color = theme.tone_color(Tone.WARNING, pal)
        painter.setPen(QPen(theme.mix(color, pal.color(pal.ColorRole.Base), 0.35), 1))
        painter.setBrush(theme.tone_fill(Tone.WARNING, pal, 0.12))
        painter.drawRoundedRect(rect, 6, 6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawRoundedRect(QRectF(rect.left(), rect.top(), 4, rect.height()), 2, 2)
        painter.end()
