"""The outbox as a table model: unfinished writes, merged in place on every outbox change."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt

from sellerdesk.services.types import OutboxEntry, OutboxState
from sellerdesk.ui.outbox.describe import details, error_words, what
from sellerdesk.ui.widgets.chip_delegate import STATE_ROLE
from sellerdesk.ui.widgets.formatting import format_datetime
from sellerdesk.ui.widgets.keyed_model import KeyedModel
from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip
from sellerdesk.ui.widgets.state_chip import chip_style

ENTRY_ROLE = int(Qt.ItemDataRole.UserRole) + 1
_Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    WHAT = 0
    DETAILS = 1
    STATE = 2
    ATTEMPTS = 3
    ERROR = 4
    CREATED = 5


def state_words(entry: OutboxEntry) -> str:
    if entry.state is OutboxState.QUEUED and entry.last_error:
        return QCoreApplication.translate("OutboxModel", "Waiting to retry")
    return chip_style(entry.state.value)[0]


class OutboxModel(KeyedModel[OutboxEntry]):
    def key(self, row: OutboxEntry) -> Hashable:
        return row.id

    def column_titles(self) -> Sequence[str]:
        titles = {Column.WHAT: self.tr("Change"), Column.DETAILS: self.tr("Details"),
                  Column.STATE: self.tr("State"), Column.ATTEMPTS: self.tr("Attempts"),
                  Column.ERROR: self.tr("Last problem"), Column.CREATED: self.tr("Made")}
        return [titles[c] for c in Column]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        entry = self.item_at(index)
        if entry is None or not 0 <= index.column() < len(Column):
            return None
        column = Column(index.column())
        if role == ENTRY_ROLE:
            return entry
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                Column.WHAT: what(entry),
                Column.DETAILS: details(entry),
                Column.STATE: state_words(entry),
                Column.ATTEMPTS: str(entry.attempts),
                Column.ERROR: error_words(entry),
                Column.CREATED: format_datetime(entry.created_at, "short"),
            }[column]
        if role == STATE_ROLE and column is Column.STATE:
            return entry.state.value
        if role == Qt.ItemDataRole.ToolTipRole and column in (Column.WHAT, Column.DETAILS,
                                                              Column.ERROR):
            return plain_tooltip(self.data(index, Qt.ItemDataRole.DisplayRole))
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.ATTEMPTS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
