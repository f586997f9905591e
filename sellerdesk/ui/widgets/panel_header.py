"""The title row at the top of a view: its name, a muted line of status, and its tools."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QVBoxLayout, QWidget

from sellerdesk.ui.widgets.text import PlainLabel, heading_label


class _StatusLine(PlainLabel):
    """The header's status line: shortened with "…" (the whole line in its tooltip) when the
    tools leave it less room than it needs, instead of asking for that room: a long count
    ("543 orders match · 200 loaded, ...") made the header wider than the window, and the
    search field was drawn over "Sort by"."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("", parent)
        self._full = ""
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # muted, as plain_label's
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumHeight(self.fontMetrics().height())  # one line, shortened or empty

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setAccessibleName(text)  # a screen reader reads the whole line
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight,
                                              max(0, self.width()))
        if shown != self.text():
            self.setText(shown)
        self.setToolTip(self._full if shown != self._full else "")


class PanelHeader(QWidget):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = heading_label(title, self, scale=1.45)
        self._subtitle = _StatusLine(self)
        self._subtitle.hide()
        text = QVBoxLayout()
        text.setSpacing(0)
        text.addWidget(self._title)
        text.addWidget(self._subtitle)
        self._tools = QHBoxLayout()
        self._tools.setSpacing(6)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(20, 14, 16, 10)
        layout.addLayout(text, 1)
        layout.addLayout(self._tools)

    def set_title(self, title: str) -> None:
        self._title.setText(title)

    def title(self) -> str:
        return self._title.text()

    def set_subtitle(self, text: str) -> None:
        self._subtitle.set_full_text(text)
        self._subtitle.setVisible(bool(text))

    def subtitle(self) -> str:
        return self._subtitle.full_text()

    def add_tool(self, widget: QWidget) -> None:
        """Put a button or field at the right end of the header."""
        self._tools.addWidget(widget)
