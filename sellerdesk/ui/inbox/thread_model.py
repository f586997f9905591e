"""The thread list's model: one row per conversation, with what a row shows as roles."""

from __future__ import annotations

from collections.abc import Hashable
from datetime import datetime
from enum import IntEnum
from typing import Any, NamedTuple

from PySide6.QtCore import QByteArray, QCoreApplication, QObject, QPersistentModelIndex, Qt

from sellerdesk.services import people, safe_text
from sellerdesk.services.inbox_list import unanswered
from sellerdesk.services.triage import InboxThread
from sellerdesk.services.types import Channel, Thread
from sellerdesk.ui.widgets.formatting import format_datetime, format_relative
from sellerdesk.ui.widgets.keyed_model import Index, KeyedModel
from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip


class ThreadRole(IntEnum):
    THREAD = Qt.ItemDataRole.UserRole + 1  # the InboxThread itself
    ID = Qt.ItemDataRole.UserRole + 2
    BUYER = Qt.ItemDataRole.UserRole + 3
    PRODUCT = Qt.ItemDataRole.UserRole + 4
    CHANNEL = Qt.ItemDataRole.UserRole + 5  # words, e.g. "Marketplace"
    WHEN = Qt.ItemDataRole.UserRole + 6  # relative time: waiting since, else last question
    UNANSWERED = Qt.ItemDataRole.UserRole + 7  # int: questions waiting for an answer
    SNIPPET = Qt.ItemDataRole.UserRole + 8  # the latest question waiting (else the latest)
    LATE = Qt.ItemDataRole.UserRole + 9  # bool: a question waits longer than the seller's goal
    PENDING = Qt.ItemDataRole.UserRole + 10  # "queued", "sending"...: answers in the outbox
    ALIKE = Qt.ItemDataRole.UserRole + 11  # int: waiting questions elsewhere asking the same
    LOOK = Qt.ItemDataRole.UserRole + 12  # RowLook: all a drawn row shows, in one call


class RowLook(NamedTuple):
    """Everything a thread row shows (the delegate draws from it and keys its cache on it)."""

    unanswered: int
    when: str
    late: bool
    buyer: str
    pending: str
    product: str
    channel: str
    snippet: str
    alike: int


def channel_text(channel: Channel | None) -> str:
    if channel is Channel.SHOPFRONT:
        return QCoreApplication.translate("ThreadListModel", "Shopfront")
    if channel is Channel.MARKETPLACE:
        return QCoreApplication.translate("ThreadListModel", "Marketplace")
    return ""


def one_line(text: str | None, limit: int = 240) -> str:
    """Outside text for a one-line place (row, title, tooltip, header): `safe_text.one_line`
    (breaks as spaces, controls and bidi controls gone, one isolated run) cut to `limit`
    characters; a 100 KB question is cut before any work. "" for nothing to show."""
    if not text:
        return ""
    core = safe_text.one_line(text[: limit * 2])[1:-1].strip()
    if not core:
        return ""
    if len(core) > limit:
        core = core[:limit].rstrip() + "…"
    return safe_text.FSI + core + safe_text.PDI


def plain(text: str) -> str:
    """A `one_line` text without its isolate marks (for comparisons and templates)."""
    return text.replace(safe_text.FSI, "").replace(safe_text.PDI, "")


def buyer_of(thread: Thread) -> str:
    """The buyer's name as they gave it ("" when unknown): for `{buyer}`, not for display."""
    return people.buyer_name(thread.main_question.from_ if thread.main_question else None)


def buyer_name(thread: Thread) -> str:
    return (one_line(buyer_of(thread), 80)
            or QCoreApplication.translate("ThreadListModel", "Unknown buyer"))


def listing_title(thread: Thread) -> str:
    """The listing's title as it is ("" for a question about the shop): for `{product}`."""
    main = thread.main_question
    pub = main.publication if main else None
    return (pub.title or "") if pub is not None else ""


def product_title(thread: Thread) -> str:
    return (one_line(listing_title(thread), 160)
            or QCoreApplication.translate("ThreadListModel", "Question about your shop"))


class ThreadListModel(KeyedModel[InboxThread]):
    """Conversations in the order the panel asked for; `update()` follows changes row by row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._now: datetime | None = None  # tests pin "now"; None means the clock
        self._late: set[str] = set()  # ids of threads waiting longer than the goal
        # Each row's look, kept while its record is the same object: a sliced update repaints
        # the list every turn, and a look costs a date formatted and three texts cleaned.
        self._looks: dict[str, tuple[InboxThread, RowLook]] = {}

    def key(self, item: InboxThread) -> Hashable:
        return item.id

    def set_now(self, now: datetime | None) -> None:
        self._now = now
        self._looks.clear()

    def refresh_times(self) -> None:
        """Say the relative times changed (one dataChanged for those roles, no reset)."""
        self._looks.clear()
        if self._items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._items) - 1, 0),
                                  [int(ThreadRole.WHEN), int(ThreadRole.LOOK),
                                   int(Qt.ItemDataRole.AccessibleTextRole)])

    def set_late(self, thread_ids: set[str]) -> None:
        """Mark the conversations whose questions wait too long (dataChanged per changed row)."""
        changed = self._late ^ thread_ids
        self._late = set(thread_ids)
        for thread_id in changed:
            self._looks.pop(thread_id, None)
        for row, thread in enumerate(self._items):
            if thread.id in changed:
                self.dataChanged.emit(self.index(row, 0), self.index(row, 0),
                                      [int(ThreadRole.LATE), int(ThreadRole.LOOK),
                                       int(Qt.ItemDataRole.AccessibleTextRole)])

    def roleNames(self) -> dict[int, Any]:
        names = dict(super().roleNames())
        for role in ThreadRole:
            names[int(role)] = QByteArray(role.name.lower().encode())
        return names

    def _when(self, item: InboxThread) -> datetime | None:
        return item.waiting_since if item.waiting else item.last_question_date

    def data(self, index: Index | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item_at(index)
        if item is None:
            return None
        thread = item.thread
        if role == Qt.ItemDataRole.DisplayRole or role == ThreadRole.BUYER:
            return buyer_name(thread)
        if role == ThreadRole.THREAD:
            return item
        if role == ThreadRole.ID:
            return item.id
        if role == ThreadRole.PRODUCT:
            return product_title(thread)
        if role == ThreadRole.CHANNEL:
            return channel_text(thread.channel)
        if role == ThreadRole.WHEN:
            when = self._when(item)
            return format_relative(when, self._now) if when else ""
        if role == ThreadRole.UNANSWERED:
            return unanswered(item)
        if role == ThreadRole.LATE:
            return item.id in self._late and unanswered(item) > 0
        if role == ThreadRole.PENDING:
            return item.write_state
        if role == ThreadRole.ALIKE:
            return item.alike if item.waiting else 0
        if role == ThreadRole.SNIPPET:
            return self._snippet(item)
        if role == ThreadRole.LOOK:
            return self._look(item)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(item)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._spoken(item)
        return None

    def _look(self, item: InboxThread) -> RowLook:
        kept = self._looks.get(item.id)
        if kept is not None and kept[0] is item:
            return kept[1]
        if len(self._looks) > 2 * len(self._items) + 100:
            self._looks.clear()  # rows long gone
        thread, count = item.thread, unanswered(item)
        when = self._when(item)
        look = RowLook(
            unanswered=count, when=format_relative(when, self._now) if when else "",
            late=item.id in self._late and count > 0, buyer=buyer_name(thread),
            pending=item.write_state,
            product=product_title(thread), channel=channel_text(thread.channel),
            snippet=self._snippet(item), alike=item.alike if item.waiting else 0)
        self._looks[item.id] = (item, look)
        return look

    @staticmethod
    def _snippet(item: InboxThread) -> str:
        q = item.preview
        return one_line(q.question.text if q is not None and q.question else "")

    def _tooltip(self, item: InboxThread) -> str:
        if item.waiting:
            head = self.tr("Waiting since: {when}").format(
                when=format_datetime(item.waiting_since))
        else:
            head = self.tr("Last question: {when}").format(
                when=format_datetime(item.last_question_date))
        snippet = self._snippet(item)
        return plain_tooltip(f"{head}\n{snippet}" if snippet else head)

    def _pending_words(self, state: str) -> str:
        if state == "sending":
            return self.tr("answer being sent")
        if state == "failed":
            return self.tr("answer not sent")
        if state == "conflict":
            return self.tr("answer in conflict")
        return self.tr("answer queued")

    def _spoken(self, item: InboxThread) -> str:
        count = unanswered(item)
        pending = item.write_state
        if count:
            state = self.tr("%n unanswered", "", count)
            if item.id in self._late:
                state = self.tr("{state}, waiting too long").format(state=state)
        elif pending:
            state = self._pending_words(pending)
        else:
            state = self.tr("answered")
        parts = [buyer_name(item.thread), product_title(item.thread),
                 channel_text(item.channel), state]
        if count and item.alike:
            parts.append(self.tr("%n more asked the same", "", item.alike))
        when = self._when(item)
        if when:
            parts.append(format_relative(when, self._now))
        snippet = self._snippet(item)
        if snippet:
            parts.append(snippet)
        return ", ".join(p for p in parts if p)
