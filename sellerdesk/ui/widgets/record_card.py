"""A record laid out like a card: a title, then label → value rows, all plain text.

Each value is a `ValueText`: read-only text in the Tab chain with a Text interface, named
"caption: value" ("Status: Active") and labelled by its caption (a relation), so a screen
reader on the value says both, never a caption without its value.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from sellerdesk.ui import theme
from sellerdesk.ui.widgets.text import PlainLabel, heading_label, plain_label
from sellerdesk.ui.widgets.value_text import ValueText


def _spoken(value: str) -> str:
    """A value as a screen reader should say it: "—" is read as "empty"."""
    return value if value.strip() else QCoreApplication.translate("RecordCard", "empty")


def _said(caption: str, value: str) -> str:
    return QCoreApplication.translate("ValueText", "{caption}: {value}").format(
        caption=caption, value=value)


class RecordCard(QWidget):
    """Rows are added with `add_row(key, label)` (a selectable plain-text value) or
    `add_widget_row(key, label, widget)`; `set_value(key, text)` fills them in."""

    def __init__(self, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._values: dict[str, QWidget] = {}
        self._labels: dict[str, PlainLabel] = {}
        self._title = heading_label(title, self, scale=1.1)
        self._title.setVisible(bool(title))
        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(18)
        self._grid.setVerticalSpacing(9)
        self._grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 16)
        layout.setSpacing(12)
        layout.addWidget(self._title)
        layout.addLayout(self._grid)
        layout.addStretch(1)

    def set_title(self, title: str) -> None:
        self._title.setText(title)
        self._title.setVisible(bool(title))

    def title(self) -> str:
        return self._title.text()

    def add_row(self, key: str, label: str, *, wrap: bool = True) -> ValueText:
        value = ValueText("—", self, wrap=wrap)
        value.set_caption(label)
        value.setAccessibleName(_said(label, _spoken("")))
        self.add_widget_row(key, label, value)
        return value

    def add_widget_row(self, key: str, label: str, widget: QWidget) -> QWidget:
        row = self._grid.rowCount()
        caption = plain_label(label, self, muted=True)
        caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        caption.setBuddy(widget)
        self._grid.addWidget(caption, row, 0, Qt.AlignmentFlag.AlignTop)
        # A label takes the row's width (to wrap); a chip or a link keeps its own size,
        # and left-aligning it stops its fixed width from capping the whole column.
        align = Qt.AlignmentFlag.AlignVCenter
        if not isinstance(widget, ValueText):
            align |= Qt.AlignmentFlag.AlignLeft
        self._grid.addWidget(widget, row, 1, align)
        self._labels[key] = caption
        self._values[key] = widget
        return widget

    def set_value(self, key: str, text: str | None) -> None:
        widget = self._values[key]
        if isinstance(widget, ValueText):
            widget.set_text(text if text not in (None, "") else "—")
            if not text:  # "—" is heard as "empty"
                widget.setAccessibleName(_said(self._labels[key].text(), _spoken("")))

    def set_caption(self, key: str, label: str) -> None:
        """Rename a row (a pane that shows several kinds of record)."""
        self._labels[key].setText(label)
        widget = self._values[key]
        if isinstance(widget, ValueText):
            widget.set_caption(label)
            if widget.text() == "—":
                widget.setAccessibleName(_said(label, _spoken("")))

    def caption(self, key: str) -> str:
        return self._labels[key].text()

    def value(self, key: str) -> str:
        widget = self._values[key]
        return widget.text() if isinstance(widget, ValueText) else ""

    def widget(self, key: str) -> QWidget:
        return self._values[key]

    def set_row_visible(self, key: str, visible: bool) -> None:
        self._values[key].setVisible(visible)
        self._labels[key].setVisible(visible)

    def paintEvent(self, event: QPaintEvent) -> None:
        pal = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(theme.mix(pal.color(QPalette.ColorRole.WindowText),
                                      pal.color(QPalette.ColorRole.Base), 0.16), 1))
        painter.setBrush(theme.mix(pal.color(QPalette.ColorRole.Window),
                                   pal.color(QPalette.ColorRole.Base), 0.35))
        painter.drawRoundedRect(rect, 8, 8)
        painter.end()
