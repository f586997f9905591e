"""The outbox as a table model: unfinished writes, merged in place on every outbox change."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from datetime import UTC, datetime
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt

from sellerdesk.services.outbox.subjects import Subject
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


def scheduled(entry: OutboxEntry, now: datetime | None = None) -> bool:
    """Held back on purpose until a set time (an undo window, a write made to go later),
    not waiting because something went wrong: never tried, no error, its time ahead."""
    return (entry.state is OutboxState.QUEUED and not entry.last_error and not entry.attempts
            and entry.next_attempt_at is not None
            and entry.next_attempt_at > (now or datetime.now(UTC)))


def state_key(entry: OutboxEntry) -> str:
    """The chip of the entry's state ("scheduled" for a write held until a set time)."""
    return "scheduled" if scheduled(entry) else entry.state.value


def state_words(entry: OutboxEntry) -> str:
    if scheduled(entry):
        assert entry.next_attempt_at is not None
        return QCoreApplication.translate("OutboxModel", "Scheduled for {time}").format(
            time=format_datetime(entry.next_attempt_at, "short"))
    if entry.state is OutboxState.QUEUED and entry.last_error:
        return QCoreApplication.translate("OutboxModel", "Waiting to retry")
    return chip_style(entry.state.value)[0]


class OutboxModel(KeyedModel[OutboxEntry]):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._subjects: dict[str, Subject] = {}

    def key(self, row: OutboxEntry) -> Hashable:
        return row.id

    def column_titles(self) -> Sequence[str]:
        titles = {Column.WHAT: self.tr("Change"), Column.DETAILS: self.tr("Details"),
                  Column.STATE: self.tr("State"), Column.ATTEMPTS: self.tr("Attempts"),
                  Column.ERROR: self.tr("Last problem"), Column.CREATED: self.tr("Made")}
        return [titles[c] for c in Column]

    def subject(self, entry: OutboxEntry) -> Subject | None:
        """What the local copy knows of the entry's record (buyer, listing...)."""
        return self._subjects.get(entry.id)

    def set_subjects(self, subjects: Mapping[str, Subject]) -> None:
        """Name the rows' records; only rows whose words change are announced."""
        before, self._subjects = self._subjects, dict(subjects)
        for row, entry in enumerate(self.items()):
            if before.get(entry.id) != self._subjects.get(entry.id):
                first = self.index(row, Column.WHAT)
                self.dataChanged.emit(first, first)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        entry = self.item_at(index)
        if entry is None or not 0 <= index.column() < len(Column):
            return None
        column = Column(index.column())
        if role == ENTRY_ROLE:
            return entry
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                Column.WHAT: lambda: what(entry, self.subject(entry)),
                Column.DETAILS: lambda: details(entry),
                Column.STATE: lambda: state_words(entry),
                Column.ATTEMPTS: lambda: str(entry.attempts),
                Column.ERROR: lambda: error_words(entry),
                Column.CREATED: lambda: format_datetime(entry.created_at, "short"),
            }[column]()
        if role == STATE_ROLE and column is Column.STATE:
            return state_key(entry)
        if role == Qt.ItemDataRole.ToolTipRole and column in (Column.WHAT, Column.DETAILS,
                                                              Column.ERROR):
            return plain_tooltip(self.data(index, Qt.ItemDataRole.DisplayRole))
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.ATTEMPTS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
