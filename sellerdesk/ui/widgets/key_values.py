"""A titled block of "key   value" lines whose values are outside text, shown literally.

Values are `ValueText`s: wrapped read-only plain text in the Tab chain, named "caption: value"
and labelled by their caption (a seller who cannot see the pane reads it by Tab and by its
Text interface), and cut at a length no real name or address reaches, saying how much was
left out.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from sellerdesk.ui.widgets.formatting import format_number
from sellerdesk.ui.widgets.text import heading_label, plain_label
from sellerdesk.ui.widgets.value_text import ValueText

VALUE_LIMIT = 2000


def literal(text: str, limit: int = VALUE_LIMIT) -> str:
    """`text` as is, or its first `limit` characters and how many more there were."""
    if len(text) <= limit:
        return text
    # Not a %n plural: lupdate only sees the count of a tr() inside a class (the one case
    # that reads oddly is a cut of exactly one character).
    more = QCoreApplication.translate("KeyValues", "… ({count} more characters)")
    return text[:limit] + more.format(count=format_number(len(text) - limit))


def value_label(text: str, parent: QWidget | None = None, *, muted: bool = False) -> ValueText:
    return ValueText(literal(text), parent, muted=muted)


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

    def add(self, key: str, value: str | None, *, spoken: str = "") -> ValueText | None:
        """A line; nothing when the value is empty (the spec lets every field be null).
        `spoken`: the caption as heard when `key` alone would sound like another line's
        ("Shipping status" for a "Status" that a payment has too)."""
        if value is None or value == "":
            return None
        name = plain_label(key, self, muted=True)
        name.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        shown = value_label(value, self)
        shown.set_caption(spoken or key)
        name.setBuddy(shown)
        self._grid.addWidget(name, self._rows, 0, Qt.AlignmentFlag.AlignTop)
        self._grid.addWidget(shown, self._rows, 1)
        self._rows += 1
        return shown

    def values(self) -> list[ValueText]:
        """The value lines, top to bottom (the order Tab reaches them in)."""
        items = (self._grid.itemAt(i) for i in range(self._grid.count()))
        return [w for item in items if item is not None
                and isinstance(w := item.widget(), ValueText)]

    def add_text(self, text: str, *, muted: bool = False) -> ValueText:
        """A line across both columns (a product's title, a note)."""
        shown = value_label(text, self, muted=muted)
        self._grid.addWidget(shown, self._rows, 0, 1, 2)
        self._rows += 1
        return shown

    def add_spacer(self) -> None:
        self._grid.setRowMinimumHeight(self._rows, 6)
        self._rows += 1
