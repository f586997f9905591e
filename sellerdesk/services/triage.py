"""What waits for the seller, per conversation: the one rule the inbox's rows, its header, the
open conversation and the badge all follow. Pure functions over cached records, and the reads
that feed them (`read_*`: run them on the store's thread, `await store.run(read_..., ...)`).

A question *waits for an answer* when it is unanswered, carries no answer text, and no answer
or deletion of the seller's is waiting in the outbox for it (`held`: see `services/pending`).
An unanswered question whose answer is queued is *answer pending*: it no longer counts as
waiting anywhere, and the row says how its answer stands (queued, sending, not sent...).

For a conversation whose questions are cached, the questions decide; for one never opened nor
synced question by question, the thread's own `unanswered_quantity` does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import UTC, datetime
from typing import Generic, TypeVar

import msgspec

from sellerdesk.api.enums import Channel, QuestionStatus
from sellerdesk.api.models import Question, Thread
from sellerdesk.services.convert import load, load_all
from sellerdesk.services.suggestions import alike, alike_sizes, content_words
from sellerdesk.store import Store
from sellerdesk.store.rows import Cached, QuestionFilter, QuestionSort, Resource

T = TypeVar("T")


def asked_at(q: Question) -> datetime | None:
    return (q.question.date if q.question else None) or q.creation_date


_EPOCH = datetime.min.replace(tzinfo=UTC)


def _order(q: Question) -> tuple[datetime, int]:
    """Oldest first; an undated question counts as the oldest."""
    return (asked_at(q) or _EPOCH, q.id)


def is_open(q: Question) -> bool:
    """Unanswered on the shop as far as the local copy knows (its status: the answer's
    arrival sets it, `InboxService._apply` included)."""
    return q.status is QuestionStatus.UNANSWERED


def awaits_answer(q: Question, held: Collection[int]) -> bool:
    """Open, and nothing of the seller's for it waits in the outbox."""
    return is_open(q) and q.id not in held


def listing_of(q: Question) -> str | None:
    """The listing a question is about (its publication id); None for the shop itself."""
    pub = q.publication
    return str(pub.id) if pub is not None and pub.id else None


class InboxThread(msgspec.Struct, frozen=True):
    """A conversation as the inbox lists it: the thread and what in it waits for the seller."""

    thread: Thread
    waiting: int  # questions waiting for an answer
    preview: Question | None  # the latest waiting question; else the latest one known
    waiting_since: datetime | None  # when the oldest waiting question was asked
    held: tuple[int, ...] = ()  # open questions whose answer (or deletion) is in the outbox
    alike: int = 0  # waiting questions of other conversations asking the same, same listing
    # The questions waiting, oldest first (empty for a conversation not read question by
    # question: `waiting` is then the thread's own count).
    waiting_questions: tuple[Question, ...] = ()
    write_state: str = ""  # its answers' state in the outbox, the most urgent (inbox_list)

    @property
    def pending(self) -> int:
        """Open questions whose answer (or deletion) waits in the outbox."""
        return len(self.held)

    @property
    def id(self) -> str:
        return self.thread.id

    @property
    def channel(self) -> Channel | None:
        return self.thread.channel

    @property
    def last_question_date(self) -> datetime | None:
        return self.thread.last_question_date


AlikeCounter = Callable[[dict[str, list[Question]]], dict[str, int]]


def _by_thread(questions: Iterable[Question]) -> dict[str, list[Question]]:
    found: dict[str, dict[int, Question]] = {}
    for q in questions:
        if q.thread_id is not None:
            found.setdefault(q.thread_id, {})[q.id] = q
    return {t: sorted(qs.values(), key=_order) for t, qs in found.items()}


def summarize(threads: Sequence[Thread], questions: Iterable[Question],
              held: Collection[int], count_alike: AlikeCounter | None = None
              ) -> list[InboxThread]:
    """One `InboxThread` per thread, in the same order. `questions`: at least every open
    cached question and each cached conversation's latest one (`Cache.inbox_questions`)."""
    grouped = _by_thread(questions)
    waiting_of: dict[str, list[Question]] = {}
    out: list[tuple[Thread, list[Question], int, Question | None, datetime | None,
                    tuple[int, ...]]] = []
    for thread in threads:
        cached = grouped.get(thread.id)
        if cached:
            open_ = [q for q in cached if is_open(q)]
            waiting = [q for q in open_ if q.id not in held]
            waiting_of[thread.id] = waiting
            preview = waiting[-1] if waiting else cached[-1]
            since = asked_at(waiting[0]) if waiting else None
            out.append((thread, waiting, len(waiting), preview, since,
                        tuple(q.id for q in open_ if q.id in held)))
        else:  # never read question by question: the thread's own count is all we know
            count = max(0, thread.unanswered_quantity or 0)
            since = thread.last_question_date if count else None
            out.append((thread, [], count, thread.main_question, since, ()))
    counts = (count_alike or alike_counts)(waiting_of)
    return [InboxThread(t, n, p, s, held_ids, counts.get(t.id, 0), tuple(w))
            for t, w, n, p, s, held_ids in out]


def _text(q: Question) -> str:
    return q.question.text if q.question and q.question.text else ""


Entry = tuple[str, int, frozenset[str]]  # thread id, question id, content words


def _count_listing(entries: list[Entry]) -> dict[str, int]:
    """Per thread of one listing, the most other conversations' questions alike to one of
    its own. Words shared are counted through an index of words: a busy listing costs its
    overlaps, not every pair."""
    counts: dict[str, int] = {}
    postings: dict[str, list[int]] = {}
    for n, (_, _, words) in enumerate(entries):
        for word in words:
            postings.setdefault(word, []).append(n)
    for n, (thread_id, _, words) in enumerate(entries):
        shared = Counter(m for word in words for m in postings[word] if m != n)
        others = sum(1 for m, k in shared.items() if entries[m][0] != thread_id
                     and alike_sizes(k, len(words), len(entries[m][2])))
        if others:
            counts[thread_id] = max(counts.get(thread_id, 0), others)
    return counts


class AlikeCounts:
    """Per thread: how many waiting questions of other conversations ask what one of its own
    asks, about the same listing (the shop itself counting as one). Remembers each listing's
    count and each question's words, so the list read again after an answer recounts only
    the listing that changed. Called from one thread (the store's)."""

    def __init__(self) -> None:
        self._listings: dict[str | None, tuple[frozenset[Entry], dict[str, int]]] = {}
        self._words: dict[tuple[int, str], frozenset[str]] = {}

    def __call__(self, waiting_of: dict[str, list[Question]]) -> dict[str, int]:
        per_listing: dict[str | None, list[Entry]] = {}
        words_now: dict[tuple[int, str], frozenset[str]] = {}
        for thread_id, waiting in waiting_of.items():
            for q in waiting:
                text = _text(q)
                words = self._words.get((q.id, text))
                if words is None:
                    words = frozenset(content_words(text))
                words_now[(q.id, text)] = words
                per_listing.setdefault(listing_of(q), []).append((thread_id, q.id, words))
        self._words = words_now
        counts: dict[str, int] = {}
        listings = {}
        for listing, entries in per_listing.items():
            key = frozenset(entries)  # words included: an edited question recounts
            known = self._listings.get(listing)
            part = known[1] if known is not None and known[0] == key else (
                _count_listing(entries) if len(entries) > 1 else {})
            listings[listing] = (key, part)
            for thread_id, n in part.items():
                counts[thread_id] = max(counts.get(thread_id, 0), n)
        self._listings = listings
        return counts


def alike_counts(waiting_of: dict[str, list[Question]]) -> dict[str, int]:
    """`AlikeCounts` without a memory (one count)."""
    return AlikeCounts()(waiting_of)


def alike_waiting(question: Question, candidates: Iterable[Question],
                  held: Collection[int]) -> list[Question]:
    """The waiting questions among `candidates` that ask what `question` asks about the same
    listing (never `question` itself), oldest first: a group to answer at once."""
    words = content_words(question.question.text if question.question and
                          question.question.text else "")
    listing = listing_of(question)
    found = [q for q in candidates
             if q.id != question.id and awaits_answer(q, held) and listing_of(q) == listing
             and alike(words, content_words(q.question.text if q.question and
                                            q.question.text else ""))]
    return sorted({q.id: q for q in found}.values(), key=_order)


# ---- Reads (on the store's thread). ------------------------------------------------------------


class _Decoded(Generic[T]):
    """Records decoded earlier, kept while their document is unchanged: the list is read
    again at every change, and decoding thousands of documents each time would hold the
    store's thread. The records handed out are shared: read them, never change them."""

    def __init__(self, tp: type[T]) -> None:
        self._tp = tp
        self._known: dict[int | str, tuple[bytes, T]] = {}

    def __call__(self, rows: list[Cached]) -> list[T]:
        known, out = {}, []
        for row in rows:
            hit = self._known.get(row.id)
            record = hit[1] if hit is not None and hit[0] == row.doc else load(row, self._tp)
            known[row.id] = (row.doc, record)
            out.append(record)
        self._known = known
        return out


class OverviewReader:
    """`read_overview` with a memory (decoded records, alike counts per listing), for the
    list read again and again; call it on the store's thread only."""

    def __init__(self) -> None:
        self._threads = _Decoded(Thread)
        self._questions = _Decoded(Question)
        self._alike = AlikeCounts()

    def __call__(self, store: Store, threads: list[Thread] | None, held: Collection[int]
                 ) -> list[InboxThread]:
        listed = threads if threads is not None else self._threads(store.cache.threads())
        questions = store.cache.inbox_questions()
        decoded = self._questions(questions) if threads is None else load_all(questions,
                                                                              Question)
        return summarize(listed, decoded, held, self._alike if threads is None else None)


def read_overview(store: Store, threads: list[Thread] | None, held: Collection[int]
                  ) -> list[InboxThread]:
    """Every cached conversation (or `threads`) with what waits in it, in the same order."""
    return OverviewReader()(store, threads, held)


def read_conversation(store: Store, thread_id: str, held: Collection[int]
                      ) -> tuple[InboxThread | None, list[Question]]:
    """One conversation as the inbox counts it, with its cached questions (oldest first)."""
    row = store.cache.get(Resource.THREADS, thread_id)
    questions = load_all(store.cache.questions(QuestionFilter(thread_id=thread_id),
                                               sort=QuestionSort.QUESTION_DATE_ASC), Question)
    if row is None:
        return None, questions
    return summarize([load(row, Thread)], questions, held)[0], questions


def read_alike(store: Store, question_id: int, held: Collection[int]) -> list[Question]:
    """`alike_waiting` of a cached question, among the waiting questions of its listing."""
    row = store.cache.get(Resource.QUESTIONS, question_id)
    if row is None:
        return []
    q = load(row, Question)
    title = q.publication.title if q.publication and q.publication.title else None
    # Only that listing's (by title, narrowed to its id by alike_waiting): a busy shop's
    # other waiting questions are never read for it.
    return alike_waiting(q, load_all(store.cache.unanswered_about(title), Question), held)


__all__ = ["AlikeCounts", "InboxThread", "OverviewReader", "alike_counts", "alike_waiting",
           "asked_at", "awaits_answer", "is_open", "listing_of", "read_alike",
           "read_conversation", "read_overview", "summarize"]
