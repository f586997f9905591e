"""A control with its visible caption: "Provider [All providers ▾]".

On Linux a combo box reaches the accessibility bus named by its current value ("All
providers"); what it chooses is said through a label relation, which Qt builds from a
QLabel sibling whose buddy is the control. This keeps the two together, so the caption is
always a sibling (a relation is only found among siblings) and Alt+letter focuses the control.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget


class Labelled(QWidget):
    """`caption` (may hold a `&` mnemonic) then `control`, side by side — or the caption
    above the control (`above=True`) where the width belongs to the control's value: beside
    a narrow control, a Spanish caption cut the value it chooses ("Todos los es…")."""

    def __init__(self, caption: str, control: QWidget, parent: QWidget | None = None, *,
                 muted: bool = True, above: bool = False) -> None:
        super().__init__(parent)
        self.control = control
        self.caption = QLabel(caption, self)
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setBuddy(control)
        if muted:
            self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        control.setParent(self)
        layout: QBoxLayout = QVBoxLayout(self) if above else QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2 if above else 6)
        layout.addWidget(self.caption)
        layout.addWidget(control)
        # The control keeps the name of what it chooses on platforms that read the name
        # (Windows, macOS); on Linux the relation above says it.
        if not control.accessibleName():
            control.setAccessibleName(self.caption_text())

    def caption_text(self) -> str:
        """The caption as read aloud (without the mnemonic's `&`)."""
        return self.caption.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
