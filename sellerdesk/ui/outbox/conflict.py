"""A conflict, resolved by the seller: their unsent version beside the shop's, then a choice.

Both versions are shown as plain text (a snippet in the monospaced editor, read-only). "Keep
mine" queues the seller's version again over the shop's; "Keep the shop's" drops it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.types import OutboxEntry, Resolution
from sellerdesk.ui.outbox.describe import Field, Versions, error_words, versions, what
from sellerdesk.ui.widgets.code_editor import CodeEditor
from sellerdesk.ui.widgets.separator import Separator
from sellerdesk.ui.widgets.text import PlainLabel, heading_label, plain_label


class ConflictDialog(QDialog):
    """Emits `resolved` with the seller's choice (a `Resolution`), then closes."""

    resolved = Signal(object)

    def __init__(self, entry: OutboxEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entry = entry
        self.versions: Versions = versions(entry)
        self.setWindowTitle(self.tr("Resolve a conflict"))
        self.setMinimumWidth(680)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        heading = heading_label(what(entry), self, scale=1.25)
        reason = plain_label(error_words(entry), self, wrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(reason)
        if self.versions.context:
            context = plain_label(self.tr("Buyer's question: {text}").format(
                text=self.versions.context), self, wrap=True, muted=True, selectable=True)
            layout.addWidget(context)
        layout.addWidget(Separator(parent=self))
        layout.addWidget(self._comparison(), 1)
        if not self.versions.can_keep_mine and self.versions.why_not_mine:
            self.why_label: PlainLabel | None = plain_label(self.versions.why_not_mine, self,
                                                            wrap=True, muted=True)
            layout.addWidget(self.why_label)
        else:
            self.why_label = None

        buttons = QDialogButtonBox(self)
        self.keep_mine = QPushButton(self.tr("Keep mine (send again)"), self)
        self.keep_mine.setAccessibleName(self.tr("Keep my version and send it again"))
        self.keep_mine.setEnabled(self.versions.can_keep_mine)
        theirs_text = (self.tr("Drop my change") if self.versions.server_gone
                       else self.tr("Keep the shop's"))
        self.keep_theirs = QPushButton(theirs_text, self)
        self.keep_theirs.setAccessibleName(theirs_text)
        self.later = QPushButton(self.tr("Decide later"), self)
        self.later.setAccessibleName(self.tr("Close without deciding"))
        buttons.addButton(self.keep_mine, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.keep_theirs, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later, QDialogButtonBox.ButtonRole.RejectRole)
        self.later.setDefault(True)
        self.keep_mine.clicked.connect(self._on_keep_mine_clicked)
        self.keep_theirs.clicked.connect(self._on_keep_theirs_clicked)
        self.later.clicked.connect(self.reject)
        layout.addWidget(buttons)

    def _comparison(self) -> QWidget:
        grid_host = QWidget(self)
        grid = QGridLayout(grid_host)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(10)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        grid.addWidget(heading_label(self.tr("Your version (not sent)"), grid_host, scale=1.0),
                       0, 1)
        grid.addWidget(heading_label(self.tr("On the shop now"), grid_host, scale=1.0), 0, 2)
        self.cells: list[tuple[QWidget, QWidget]] = []
        for row, field in enumerate(self.versions.fields, start=1):
            label = plain_label(field.label if not field.differs
                                else self.tr("{label} (differs)").format(label=field.label),
                                grid_host, muted=not field.differs)
            if field.differs:
                font = QFont(label.font())
                font.setBold(True)
                label.setFont(font)
            grid.addWidget(label, row, 0, Qt.AlignmentFlag.AlignTop)
            mine = self._value(field, field.mine, self.tr("Your {label}"), grid_host)
            theirs = self._value(field, field.theirs, self.tr("The shop's {label}"), grid_host)
            grid.addWidget(mine, row, 1, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(theirs, row, 2, Qt.AlignmentFlag.AlignTop)
            self.cells.append((mine, theirs))
        grid.setRowStretch(len(self.versions.fields) + 1, 1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(grid_host)
        # As tall as the fields need (a snippet is taller than a name), within reason.
        scroll.setMinimumHeight(min(grid_host.sizeHint().height() + 8, 460))
        return scroll

    @staticmethod
    def _value(field: Field, text: str, name: str, parent: QWidget) -> QWidget:
        accessible = name.format(label=field.label.lower())
        if field.code:
            editor = CodeEditor(parent)
            editor.setPlainText(text)
            editor.setReadOnly(True)
            editor.setAccessibleName(accessible)
            editor.setMinimumHeight(90)
            editor.setMaximumHeight(180)
            return editor
        label = plain_label(text, parent, wrap=True, selectable=True)
        label.setAccessibleName(accessible)
        return label

    def texts(self) -> list[tuple[str, str]]:
        """(mine, theirs) as shown, row by row (for tests and screen readers)."""
        def text_of(widget: QWidget) -> str:
            if isinstance(widget, CodeEditor):
                return widget.toPlainText()
            return widget.text() if isinstance(widget, PlainLabel) else ""

        return [(text_of(a), text_of(b)) for a, b in self.cells]

    def _on_keep_mine_clicked(self) -> None:
        self.resolved.emit(Resolution.KEEP_LOCAL)
        self.accept()

    def _on_keep_theirs_clicked(self) -> None:
        self.resolved.emit(Resolution.KEEP_SERVER)
        self.accept()
