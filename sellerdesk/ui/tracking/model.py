"""The tracking-code list as a table model; rows merge in place as the cache and outbox move."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QFontDatabase

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.tracking_rows import TrackingRow
from sellerdesk.ui.vocabulary import (
    event_description,
    event_name,
    provider_name,
    tracking_status_key,
    tracking_status_name,
)
from sellerdesk.ui.widgets.chip_delegate import STATE_ROLE
from sellerdesk.ui.widgets.keyed_model import KeyedModel
from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip
from sellerdesk.ui.widgets.state_chip import chip_style

ROW_ROLE = int(Qt.ItemDataRole.UserRole) + 1
_Index = QModelIndex | QPersistentModelIndex
_PREVIEW = 120


class Column(IntEnum):
    NAME = 0
    EVENT = 1
    PROVIDER = 2
    STATUS = 3
    CHANGES = 4
    SNIPPET = 5


def sync_words(row: TrackingRow) -> str:
    """What is happening to the seller's writes of this code, in words ("" when nothing)."""
    if row.sync is None:
        return ""
    if row.deleting and row.sync == "queued":
        return QCoreApplication.translate("TrackingListModel", "Delete queued")
    if row.deleting and row.sync == "sending":
        return QCoreApplication.translate("TrackingListModel", "Deleting…")
    return chip_style(row.sync)[0]


def snippet_preview(code: str | None) -> str:
    """The first line with text, cut short: enough to recognise a snippet. One isolated run
    (`one_line`): a U+202E in someone else's script cannot reverse the row around it."""
    for line in (code or "").splitlines():
        if line.strip():
            line = line.strip()
            return one_line(line if len(line) <= _PREVIEW else line[:_PREVIEW - 1] + "…")
    return ""


def code_name(name: str | None) -> str:
    """A code's name for a one-line place (row, title, question): isolated, on one line;
    "(no name)" when it has none."""
    return one_line(name) if name else QCoreApplication.translate("TrackingListModel",
                                                                  "(no name)")


class TrackingListModel(KeyedModel[TrackingRow]):
    def key(self, row: TrackingRow) -> Hashable:
        return row.key

    def column_titles(self) -> Sequence[str]:
        titles = {Column.NAME: self.tr("Name"), Column.EVENT: self.tr("Inserted on"),
                  Column.PROVIDER: self.tr("Provider"), Column.STATUS: self.tr("Status"),
                  Column.CHANGES: self.tr("Changes"), Column.SNIPPET: self.tr("Snippet")}
        return [titles[c] for c in Column]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.item_at(index)
        if row is None or not 0 <= index.column() < len(Column):
            return None
        column = Column(index.column())
        code = row.code
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                Column.NAME: code_name(code.name),
                Column.EVENT: event_name(code.event),
                Column.PROVIDER: provider_name(code.provider),
                Column.STATUS: tracking_status_name(code.status),
                Column.CHANGES: sync_words(row),
                Column.SNIPPET: snippet_preview(code.code),
            }[column]
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._accessible_text(row, column)
        if role == STATE_ROLE:
            if column is Column.STATUS:
                return tracking_status_key(code.status)
            if column is Column.CHANGES:
                return row.sync
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(self._tooltip(row, column))
        if role == Qt.ItemDataRole.FontRole:
            if column is Column.SNIPPET:
                return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
            if column is Column.NAME and row.deleting:
                font = QFont()
                font.setStrikeOut(True)
                return font
        return None

    def _accessible_text(self, row: TrackingRow, column: Column) -> str | None:
        """A name for every cell, the empty ones too: a screen reader says nothing for an
        empty "Changes" or "Snippet" cell, and the seller cannot tell it from a missing one."""
        code = row.code
        if column is Column.CHANGES:
            return sync_words(row) or self.tr("No changes waiting")
        if column is Column.SNIPPET:
            return snippet_preview(code.code) or self.tr("Empty snippet")
        return None

    def _tooltip(self, row: TrackingRow, column: Column) -> str | None:
        code = row.code
        if column is Column.SNIPPET and code.code:
            text = code.code
            return text if len(text) <= 600 else text[:599] + "…"
        if column is Column.EVENT:
            return event_description(code.event)
        if column is Column.PROVIDER and code.provider is not None:
            return str(code.provider.value)
        if column is Column.CHANGES and row.problem:
            return row.problem
        return None
