"""The one ordering and filtering of conversations (architecture rule 9).

The window's list, its first paint, the command line and the notifications all go through
`InboxService.list`, which reads the conversations as the inbox counts them
(`services/triage.py`) and applies these rules: so no two surfaces can sort or filter
differently. "Unanswered" means waiting for an answer: a conversation whose answer is
queued has left it. Qt-free; tested without a window.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

import msgspec
from msgspec.structs import replace

from sellerdesk.api.enums import Channel, ThreadOrder, ThreadStatus
from sellerdesk.services.outbox.pending import PendingWrites, WriteState, question_key
from sellerdesk.services.triage import InboxThread


class ThreadSort(StrEnum):
    """The list's orderings: ours (the conversation waiting longest first, then the rest
    newest first) plus the spec's two thread orderings."""

    UNANSWERED_FIRST = "unanswered_first"
    NEWEST_FIRST = ThreadOrder.LAST_QUESTION_DATE_DESC.value
    OLDEST_FIRST = ThreadOrder.LAST_QUESTION_DATE_ASC.value


class InboxFilters(msgspec.Struct, frozen=True):
    status: ThreadStatus | None = None
    channel: Channel | None = None
    sort: ThreadSort = ThreadSort.UNANSWERED_FIRST
    words: str = ""  # not remembered between runs: a stale search would hide new questions

    @property
    def narrowed(self) -> bool:
        """True when something hides threads (the empty state then says "no results")."""
        return self.status is not None or self.channel is not None or bool(self.words.strip())

    def with_words(self, words: str) -> InboxFilters:
        return replace(self, words=words)

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status.value if self.status else "",
                "channel": self.channel.value if self.channel else "",
                "sort": self.sort.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> InboxFilters:
        """Tolerant: an unknown or hand-edited value reads as "all" / the default order."""
        status = ThreadStatus.__members__.get(str(data.get("status", "")).upper())
        try:
            channel: Channel | None = Channel(str(data.get("channel", "")))
        except ValueError:
            channel = None
        try:
            sort = ThreadSort(str(data.get("sort", "")))
        except ValueError:
            sort = ThreadSort.UNANSWERED_FIRST
        return cls(status=status, channel=channel, sort=sort)


WAITING = InboxFilters(status=ThreadStatus.UNANSWERED)  # what waits for the seller

_EPOCH = datetime.min.replace(tzinfo=UTC)


def _when(item: InboxThread) -> datetime:
    return item.last_question_date or _EPOCH


def _waiting_since(item: InboxThread) -> datetime:
    return item.waiting_since or item.last_question_date or _EPOCH


def unanswered(item: InboxThread) -> int:
    """Questions of the conversation waiting for an answer."""
    return max(0, item.waiting)


def matches(item: InboxThread, filters: InboxFilters) -> bool:
    if filters.status is ThreadStatus.UNANSWERED and not unanswered(item):
        return False
    if filters.status is ThreadStatus.ANSWERED and unanswered(item):
        return False
    return filters.channel is None or item.channel is filters.channel


def arrange(items: Iterable[InboxThread], filters: InboxFilters) -> list[InboxThread]:
    """Filter and order `items` (the cache's list or a search's results). The default order
    puts first the conversation whose buyer has waited longest: answer time decides sales."""
    kept = [t for t in items if matches(t, filters)]
    if filters.sort is ThreadSort.OLDEST_FIRST:
        return sorted(kept, key=_when)
    if filters.sort is ThreadSort.NEWEST_FIRST:
        return sorted(kept, key=_when, reverse=True)
    waiting = sorted((t for t in kept if unanswered(t)), key=_waiting_since)
    rest = sorted((t for t in kept if not unanswered(t)), key=_when, reverse=True)
    return waiting + rest


# Which state a row shows when several answers of a conversation wait: the one that needs
# the seller first.
_STATE_ORDER = (WriteState.CONFLICT, WriteState.FAILED, WriteState.SENDING, WriteState.QUEUED)


def write_state(item: InboxThread, pending: PendingWrites | None) -> str:
    """The state of the conversation's answers in the outbox, the most urgent one ("" when
    none waits)."""
    if pending is None or not item.held:
        return ""
    states = {pending.state(question_key(q)) for q in item.held}
    return next((s.value for s in _STATE_ORDER if s in states), "")


def with_write_states(items: list[InboxThread], pending: PendingWrites | None
                      ) -> list[InboxThread]:
    """`items`, each carrying its `write_state` as the outbox holds it now."""
    out = []
    for item in items:
        state = write_state(item, pending)
        out.append(item if state == item.write_state else replace(item, write_state=state))
    return out


class InboxList(msgspec.Struct, frozen=True):
    """What the inbox's list shows: its rows in order, the shop's questions waiting for an
    answer (`Counts.unanswered`, the figure every surface shows) and the conversations
    waiting longer than the seller's goal."""

    rows: list[InboxThread]
    unanswered: int
    late: set[str]


__all__ = ["WAITING", "InboxFilters", "InboxList", "ThreadSort", "arrange", "matches",
           "unanswered", "with_write_states", "write_state"]
