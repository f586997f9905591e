"""A read of the server begun before one of the seller's writes reached it never undoes that
write in the local copy.

A sent answer is written into the cached question and its thread's counts in the commit
that marks it done (services/inbox.py's cache writer). A conversation or a thread list read
while the answer was on its way still shows the question unanswered: stored after that commit
it would put the question back in the inbox, unanswered and answerable again, until the next
sync. So what such a read brings is stored without the records a write of ours reached after
the read began: the copy already holds what the write made of them, and the next read (begun
after it) brings whatever else changed.

Run on the store's thread, inside the write that stores the read.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import msgspec

from sellerdesk.store import Store
from sellerdesk.store.rows import OrderRow, QuestionRow, ThreadRow, TrackingCodeRow


class Written(msgspec.Struct, frozen=True):
    """The records a write of ours reached since a read began: questions (and their
    threads), orders and tracking codes."""

    questions: frozenset[int] = frozenset()
    threads: frozenset[str] = frozenset()
    orders: frozenset[str] = frozenset()
    codes: frozenset[int] = frozenset()

    @classmethod
    def since(cls, store: Store, began: datetime | None) -> Written:
        """None: a read not timed (nothing is kept out)."""
        if began is None:
            return cls()
        ids: dict[str, set[str]] = {"question": set(), "order": set(), "tracking": set()}
        for key in store.outbox.done_since(began):
            kind, _, record = key.partition(":")
            if kind in ids:
                ids[kind].add(record)
        questions = frozenset(int(i) for i in ids["question"] if i.isdigit())
        return cls(questions,
                   frozenset(store.cache.threads_of_questions(questions)) if questions
                   else frozenset(),
                   frozenset(ids["order"]),
                   frozenset(int(i) for i in ids["tracking"] if i.isdigit()))

    def questions_kept(self, rows: Iterable[QuestionRow]) -> list[QuestionRow]:
        return [r for r in rows if r.id not in self.questions]

    def threads_kept(self, rows: Iterable[ThreadRow]) -> list[ThreadRow]:
        return [r for r in rows if r.id not in self.threads]

    def orders_kept(self, rows: Iterable[OrderRow]) -> list[OrderRow]:
        return [r for r in rows if r.id not in self.orders]

    def codes_kept(self, rows: Iterable[TrackingCodeRow]) -> list[TrackingCodeRow]:
        return [r for r in rows if r.id not in self.codes]


__all__ = ["Written"]
