"""Help → Keyboard shortcuts: every action that has one, read from the actions themselves."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

Section = tuple[str, Sequence[QAction]]


def _shortcut_text(action: QAction) -> str:
    return ", ".join(seq.toString(QKeySequence.SequenceFormat.NativeText)
                     for seq in action.shortcuts() if not seq.isEmpty())


class ShortcutsDialog(QDialog):
    """A read-only two-column sheet, one section per menu or view."""

    def __init__(self, sections: Sequence[Section], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Action"), self.tr("Shortcut")])
        self.tree.setRootIsDecorated(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        for title, actions in sections:
            rows = [(a.text().replace("&", ""), _shortcut_text(a)) for a in actions
                    if _shortcut_text(a)]
            if not rows:
                continue
            head = QTreeWidgetItem(self.tree, [title, ""])
            font = head.font(0)
            font.setBold(True)
            head.setFont(0, font)
            head.setFirstColumnSpanned(True)
            for name, keys in rows:
                QTreeWidgetItem(head, [name, keys])
        self.tree.expandAll()
        self.tree.header().setMinimumSectionSize(140)
        first = self.tree.topLevelItem(0)
        if first is not None:  # keyboard focus starts at the top, nothing highlighted
            self.tree.setCurrentItem(first)
            self.tree.clearSelection()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setAccessibleName(
            self.tr("Close"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addWidget(buttons)
        # Wide enough for the longest action and keys (translations and Qt's key names run
        # longer than English), within reason.
        needed = (self.tree.sizeHintForColumn(0) + self.tree.sizeHintForColumn(1)
                  + self.tree.indentation() + 64)
        self.resize(min(max(460, needed), 760), 480)

    def rows(self) -> list[tuple[str, str]]:
        """(action, shortcut) pairs as shown, for tests."""
        out = []
        for i in range(self.tree.topLevelItemCount()):
            head = self.tree.topLevelItem(i)
            if head is None:
                continue
            for j in range(head.childCount()):
                child = head.child(j)
                if child is not None:
                    out.append((child.text(0), child.text(1)))
        return out
