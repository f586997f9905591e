"""What the thread list shows: status, channel, ordering and search words, and how to apply them.

Pure Python over `InboxThread`s (no Qt), so the rules are testable on their own and shared by
the cached list and the search results (the server's search has no channel filter: we apply
it); plus the choice of thread for the view's picture. "Unanswered" means waiting for an
answer (services/triage.py): a conversation whose answer is queued has left it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sellerdesk.services.outbox.pending import question_key
from sellerdesk.services.session import Session
from sellerdesk.services.triage import InboxThread
from sellerdesk.services.types import (
    Channel,
    IntentKind,
    OutboxState,
    ThreadOrder,
    ThreadStatus,
)


class ThreadSort(StrEnum):
    """The list's orderings: ours (the conversation waiting longest first, then the rest
    newest first) plus the spec's two thread orderings."""

    UNANSWERED_FIRST = "unanswered_first"
    NEWEST_FIRST = ThreadOrder.LAST_QUESTION_DATE_DESC.value
    OLDEST_FIRST = ThreadOrder.LAST_QUESTION_DATE_ASC.value


@dataclass(frozen=True)
class InboxFilters:
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


def arrange(items: list[InboxThread], filters: InboxFilters) -> list[InboxThread]:
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


async def pick_snapshot_thread(services: Session, threads: list[InboxThread]
                               ) -> InboxThread | None:
    """The thread for the picture: answered, waiting and queued questions at once if any
    has them; else answered and unanswered; else one with a queued answer."""
    def queued_answer(question_id: int) -> bool:
        entry = services.pending.writes(question_key(question_id)).latest(IntentKind.ANSWER)
        return entry is not None and entry.state is OutboxState.QUEUED

    best, best_score = None, -1
    for thread in threads:
        conversation = await services.inbox.conversation(thread.id)
        asked = {q.id for q in conversation if queued_answer(q.id)}
        answered = any(q.answer is not None for q in conversation)
        queued = any(q.id in asked for q in conversation)
        waiting = any(q.answer is None and q.id not in asked for q in conversation)
        mixed = answered and (waiting or queued)
        score = 8 * (mixed and queued) + 4 * mixed + 2 * queued + waiting
        if score > best_score:
            best, best_score = thread, score
    return best
