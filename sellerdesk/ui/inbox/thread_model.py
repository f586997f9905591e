"""The thread list's model: one row per conversation, with what a row shows as roles."""

from __future__ import annotations

from collections.abc import Hashable
from datetime import datetime
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QObject, QPersistentModelIndex, Qt

from sellerdesk.services.types import Channel, Thread
from sellerdesk.ui.inbox.filters import unanswered
from sellerdesk.ui.widgets.formatting import format_datetime, format_relative
from sellerdesk.ui.widgets.keyed_model import Index, KeyedModel


class ThreadRole(IntEnum):
    THREAD = Qt.ItemDataRole.UserRole + 1  # the Thread itself
    ID = Qt.ItemDataRole.UserRole + 2
    BUYER = Qt.ItemDataRole.UserRole + 3
    PRODUCT = Qt.ItemDataRole.UserRole + 4
    CHANNEL = Qt.ItemDataRole.UserRole + 5  # words, e.g. "Marketplace"
    WHEN = Qt.ItemDataRole.UserRole + 6  # relative time of the last question
    UNANSWERED = Qt.ItemDataRole.UserRole + 7  # int
    SNIPPET = Qt.ItemDataRole.UserRole + 8  # first line of the main question
    LATE = Qt.ItemDataRole.UserRole + 9  # bool: a question waits longer than the seller's goal


def channel_text(channel: Channel | None) -> str:
    if channel is Channel.SHOPFRONT:
        return QCoreApplication.translate("ThreadListModel", "Shopfront")
    if channel is Channel.MARKETPLACE:
        return QCoreApplication.translate("ThreadListModel", "Marketplace")
    return ""


def one_line(text: str | None, limit: int = 240) -> str:
    """The start of outside text on one line: newlines and other controls become spaces, and
    a 100 KB question is cut before any measuring (eliding it whole costs a frame)."""
    if not text:
        return ""
    head = text[:limit]
    return "".join(" " if (ch < " " or ch == "\x7f") else ch for ch in head).strip()


def isolate(text: str) -> str:
    """Outside text set inside one of our sentences, in a bidi isolate (FSI…PDI): a buyer's
    unclosed right-to-left override then cannot reverse the words that follow it."""
    return f"\u2068{text}\u2069"


def buyer_name(thread: Thread) -> str:
    who = thread.main_question.from_ if thread.main_question else None
    if who is None:
        return QCoreApplication.translate("ThreadListModel", "Unknown buyer")
    return (one_line(who.name or who.nickname)
            or QCoreApplication.translate("ThreadListModel", "Unknown buyer"))


def product_title(thread: Thread) -> str:
    main = thread.main_question
    pub = main.publication if main else None
    if pub is not None and pub.title:
        return one_line(pub.title)
    return QCoreApplication.translate("ThreadListModel", "Question about your shop")


class ThreadListModel(KeyedModel[Thread]):
    """Threads in the order the panel asked for; `update()` follows changes row by row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._now: datetime | None = None  # tests pin "now"; None means the clock
        self._late: set[str] = set()  # ids of threads waiting longer than the goal

    def key(self, item: Thread) -> Hashable:
        return item.id

    def set_now(self, now: datetime | None) -> None:
        self._now = now

    def refresh_times(self) -> None:
        """Say the relative times changed (one dataChanged for those roles, no reset)."""
        if self._items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._items) - 1, 0),
                                  [int(ThreadRole.WHEN),
                                   int(Qt.ItemDataRole.AccessibleTextRole)])

    def set_late(self, thread_ids: set[str]) -> None:
        """Mark the conversations whose questions wait too long (dataChanged per changed row)."""
        changed = self._late ^ thread_ids
        self._late = set(thread_ids)
        for row, thread in enumerate(self._items):
            if thread.id in changed:
                self.dataChanged.emit(self.index(row, 0), self.index(row, 0),
                                      [int(ThreadRole.LATE),
                                       int(Qt.ItemDataRole.AccessibleTextRole)])

    def total_unanswered(self) -> int:
        return sum(unanswered(t) for t in self._items)

    def roleNames(self) -> dict[int, Any]:
        names = dict(super().roleNames())
        for role in ThreadRole:
            names[int(role)] = QByteArray(role.name.lower().encode())
        return names

    def data(self, index: Index | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        thread = self.item_at(index)
        if thread is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole or role == ThreadRole.BUYER:
            return buyer_name(thread)
        if role == ThreadRole.THREAD:
            return thread
        if role == ThreadRole.ID:
            return thread.id
        if role == ThreadRole.PRODUCT:
            return product_title(thread)
        if role == ThreadRole.CHANNEL:
            return channel_text(thread.channel)
        if role == ThreadRole.WHEN:
            when = thread.last_question_date
            return format_relative(when, self._now) if when else ""
        if role == ThreadRole.UNANSWERED:
            return unanswered(thread)
        if role == ThreadRole.LATE:
            return thread.id in self._late and unanswered(thread) > 0
        if role == ThreadRole.SNIPPET:
            main = thread.main_question
            return one_line(main.question.text if main and main.question else "")
        if role == Qt.ItemDataRole.ToolTipRole:
            when = thread.last_question_date
            return self.tr("Last question: {when}").format(when=format_datetime(when))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._spoken(thread)
        return None

    def _spoken(self, thread: Thread) -> str:
        count = unanswered(thread)
        state = (self.tr("%n unanswered", "", count) if count else self.tr("answered"))
        if count and thread.id in self._late:
            state = self.tr("{state}, waiting too long").format(state=state)
        parts = [buyer_name(thread), product_title(thread), channel_text(thread.channel), state]
        when = thread.last_question_date
        if when:
            parts.append(format_relative(when, self._now))
        return ", ".join(p for p in parts if p)
