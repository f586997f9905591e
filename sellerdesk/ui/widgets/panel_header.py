"""The title row at the top of a view: its name, a muted line of status, and its tools."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from sellerdesk.ui.widgets.text import heading_label, plain_label


class PanelHeader(QWidget):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = heading_label(title, self, scale=1.45)
        self._subtitle = plain_label("", self, muted=True)
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
        self._subtitle.setText(text)
        self._subtitle.setVisible(bool(text))

    def subtitle(self) -> str:
        return self._subtitle.text()

    def add_tool(self, widget: QWidget) -> None:
        """Put a button or field at the right end of the header."""
        self._tools.addWidget(widget)
