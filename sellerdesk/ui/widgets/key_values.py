"""A titled block of "key   value" lines whose values are outside text, shown literally.

Values are `PlainLabel`s: wrapped, selectable with the mouse (not in the Tab chain: a detail
pane of forty values would make the keyboard walk through all of them), and cut at a length
no real name or address reaches, saying how much was left out.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from sellerdesk.ui.widgets.formatting import format_number
from sellerdesk.ui.widgets.text import PlainLabel, heading_label, plain_label

VALUE_LIMIT = 2000


def literal(text: str, limit: int = VALUE_LIMIT) -> str:
    """`text` as is, or its first `limit` characters and how many more there were."""
    if len(text) <= limit:
        return text
    # Not a %n plural: lupdate only sees the count of a tr() inside a class (the one case
    # that reads oddly is a cut of exactly one character).
    more = QCoreApplication.translate("KeyValues", "… ({count} more characters)")
    return text[:limit] + more.format(count=format_number(len(text) - limit))


def value_label(text: str, parent: QWidget | None = None, *, muted: bool = False) -> PlainLabel:
    label = plain_label(literal(text), parent, wrap=True, muted=muted)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    # A long unbreakable string must not widen the pane: the label may be narrower than its
    # longest word and clips it instead.
    label.setMinimumWidth(40)
    return label


class KeyValues(QWidget):
    """A section: a heading, then one line per non-empty value."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(12)
        self._grid.setVerticalSpacing(3)
        self._grid.setColumnStretch(1, 1)
        self._rows = 0
        self.title = heading_label(title, self, scale=1.05)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.title)
        layout.addLayout(self._grid)

    def add(self, key: str, value: str | None) -> PlainLabel | None:
        """A line; nothing when the value is empty (the spec lets every field be null)."""
        if value is None or value == "":
            return None
        name = plain_label(key, self, muted=True)
        name.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        shown = value_label(value, self)
        self._grid.addWidget(name, self._rows, 0, Qt.AlignmentFlag.AlignTop)
        self._grid.addWidget(shown, self._rows, 1)
        self._rows += 1
        return shown

    def add_text(self, text: str, *, muted: bool = False) -> PlainLabel:
        """A line across both columns (a product's title, a note)."""
        shown = value_label(text, self, muted=muted)
        self._grid.addWidget(shown, self._rows, 0, 1, 2)
        self._rows += 1
        return shown

    def add_spacer(self) -> None:
        self._grid.setRowMinimumHeight(self._rows, 6)
        self._rows += 1
