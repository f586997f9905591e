"""The questions inbox: threads and their conversations, answers and deletions."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.api.enums import QuestionOrder, QuestionStatus, ThreadStatus
from sellerdesk.api.errors import ApiError, Offline
from sellerdesk.api.models import Answer, AnswerResult, Question, Thread, decode
from sellerdesk.api.paging import paginate_thread
from sellerdesk.services.changes import ChangeFeed, Changes
from sellerdesk.services.connectivity import Connectivity
from sellerdesk.services.conversation import Conversation, conversation
from sellerdesk.services.convert import encode, load, load_all, question_row, thread_row
from sellerdesk.services.counts import (
    SLOW_ANSWER_MINUTES,
    CountsService,
    pending_view,
    read_counts,
)
from sellerdesk.services.fresh_writes import Written
from sellerdesk.services.inbox_list import InboxFilters, InboxList, arrange, with_write_states
from sellerdesk.services.outbox.discard import DiscardOutcome
from sellerdesk.services.outbox.pending import PendingWrites
from sellerdesk.services.outbox.sender import OutboxService
from sellerdesk.services.outbox.settle import Intent, parse
from sellerdesk.services.suggestions import (
    PLACEHOLDERS,
    SUGGESTIONS,
    Suggestion,
    fill_placeholders,
    placeholder_values,
    read_suggestions,
    unfilled,
)
from sellerdesk.services.triage import (
    InboxThread,
    OverviewReader,
    awaits_answer,
    read_alike,
    read_conversation,
)
from sellerdesk.store import Store
from sellerdesk.store.db import utc_now
from sellerdesk.store.outbox import IntentKind, OutboxEntry, entity_key
from sellerdesk.store.rows import QuestionFilter, QuestionSort, Resource, ThreadFilter

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient

MAX_ANSWER = 2000  # decisions: the marketplace's limit
UNDO_SECONDS = 5.0


class AnswerTooLong(ValueError):
    """The answer is over the service's limit; the seller's text stays in the composer."""


class PlaceholderLeft(ValueError):
    """An answer still holds `{buyer}` or `{product}`: it is not sent to a buyer like that."""


def answer_to(question: Question, template: str) -> str:
    """The answer `question` gets from `template`: `{buyer}` and `{product}` filled for it,
    stripped and checked (PlaceholderLeft, ValueError when empty, AnswerTooLong)."""
    buyer, product = placeholder_values(question)
    text = fill_placeholders(template, buyer=buyer, product=product).strip()
    left = unfilled(text)
    if left:
        raise PlaceholderLeft(f"{', '.join(left)} cannot be filled in for question "
                              f"{question.id}: it is about the shop, not a listing. Write "
                              "the words instead.")
    return _checked(text)


def _checked(text: str) -> str:
    if not text:
        raise ValueError("The answer is empty.")
    if len(text) > MAX_ANSWER:
        raise AnswerTooLong(f"The answer is {len(text)} characters long; the limit is "
                            f"{MAX_ANSWER}.")
    return text



class _ThreadMove(msgspec.Struct, frozen=True):
    """What one sent answer or delete does to its thread's counts."""

    answered: int  # +1 answered, -1 an answered question deleted, 0 an open one deleted
    removed: bool = False
    was_open: bool = True


class _Cached(msgspec.Struct):
    """What the cache writer needs of a cached question: its status and thread, and the
    decoded question only when its document is written back whole (not patched in SQL)."""

    status: QuestionStatus | None
    thread_id: str | None
    model: Question | None = None
    title: str | None = None  # its row's product_title, kept once answered


def _now() -> datetime:
    return datetime.now(UTC)


_sent_answer = msgspec.json.Decoder(AnswerResult)


def _answer_text(entry: OutboxEntry, intent: Intent) -> str | None:
    """The answer as the server stored it (its reply), else as the seller wrote it."""
    text = intent.text
    if entry.result:
        # What `settle.send` records, `{"answer": "<text>"}`, first: read as a `Question`
        # it fails, and that exception and its redacted excerpt cost every sent answer.
        try:
            sent = _sent_answer.decode(entry.result)
        except msgspec.MsgspecError:  # a question read from the server (a settled check)
            sent = None
        if sent is not None and sent.answer is not None:
            return sent.answer
        try:
            text = decode(entry.result, Question).answer.text  # type: ignore[union-attr]
        except (ApiError, AttributeError):
            text = msgspec.json.decode(entry.result).get("answer", text)
    return text


class InboxService:
    def __init__(self, client: ShopClient, store: Store, outbox: OutboxService,
                 connectivity: Connectivity, pending: PendingWrites | None = None,
                 feed: ChangeFeed | None = None) -> None:
        self._client = client
        self._store = store
        self._outbox = outbox
        self._connectivity = connectivity
        self._pending = pending
        self._overview = OverviewReader()  # remembers what it decoded; runs on the store thread
        self._counts = CountsService(store, pending)
        # The feed: reads stored here are published here; every outbox commit (an answer
        # queued, sent — the cache brought in line in that commit —, discarded) is
        # published once by `PendingWrites`, never again from here.
        self._feed = feed or (pending.feed if pending is not None else ChangeFeed())
        outbox.add_cache_writer(self._write_applied,
                                kinds=(IntentKind.ANSWER, IntentKind.DELETE_QUESTION))

    def held(self) -> set[int]:
        """Questions with an answer or a deletion of the seller's waiting in the outbox."""
        return set(pending_view(self._pending).held) if self._pending is not None else set()

    # -- reads --------------------------------------------------------------------------------

    async def threads(self, *, status: ThreadStatus | None = None, channel: str | None = None
                      ) -> list[Thread]:
        """Cached threads as stored, by the thread's own status (newest question first); the
        inbox's order and "waiting" are `list`'s."""
        rows = await self._store.run(self._store.cache.threads, ThreadFilter(
            status=status.value if status else None, channel=channel))
        return load_all(rows, Thread)

    async def unanswered_count(self) -> int:
        """Questions waiting for an answer in the whole shop: `Counts.unanswered`."""
        return (await self._counts.counts()).unanswered

    async def overview(self, threads: list[Thread] | None = None) -> list[InboxThread]:
        """Every cached conversation (or `threads`) with what waits in it, in the same order;
        read and decoded on the store's thread."""
        return await self._store.run(self._overview, self._store, threads, self.held())

    async def summary(self, thread_id: str) -> tuple[InboxThread | None, list[Question]]:
        """One conversation as the inbox counts it, with its cached questions (oldest first)."""
        return await self._store.run(read_conversation, self._store, thread_id, self.held())

    async def read_conversation(self, thread_id: str, *, with_suggestions: bool = False
                                ) -> Conversation:
        """One conversation as the window shows it (`services/conversation.py`): each
        question with its writes, and the question the composer answers. `with_suggestions`
        (a conversation being opened): that question's suggested answers in the same read
        on the store's thread, so they are on screen with the conversation."""
        held = self.held()

        def read() -> tuple[InboxThread | None, list[Question], list[Suggestion] | None]:
            thread, questions = read_conversation(self._store, thread_id, held)
            if not with_suggestions:
                return thread, questions, None
            target = next((q for q in questions if awaits_answer(q, held)), None)
            return thread, questions, (read_suggestions(self._store, target)
                                       if target is not None else [])

        thread, questions, found = await self._store.run(read)
        return conversation(thread_id, thread, questions, self._pending, held, found)

    async def search_threads(self, words: str) -> list[Thread]:
        """Word search: the server's `query` online, the local index offline."""
        if self._connectivity.online:
            began = utc_now()  # the outbox's clock
            try:
                page = await self._client.search_threads(query=words)
            except Offline:
                pass  # the local index answers; connectivity heard it from the transport
            else:
                def write() -> None:  # the counts a sent answer set since stay
                    written = Written.since(self._store, began)
                    self._store.cache.upsert_threads(
                        written.threads_kept(thread_row(t) for t in page.items))

                await self._store.run(write)
                return page.items
        ids = await self._store.run(self._store.search.threads, words)
        rows = await self._store.run(self._store.cache.get_many, Resource.THREADS, ids)
        return load_all(rows, Thread)

    async def thread(self, thread_id: str) -> Thread | None:
        cached = await self._store.run(self._store.cache.get, Resource.THREADS, thread_id)
        return None if cached is None else load(cached, Thread)

    async def conversation(self, thread_id: str) -> list[Question]:
        """The thread's cached questions, oldest first, like a chat."""
        rows = await self._store.run(self._store.cache.questions,
                                     QuestionFilter(thread_id=thread_id),
                                     sort=QuestionSort.QUESTION_DATE_ASC)
        return load_all(rows, Question)

    async def refresh_thread(self, thread_id: str) -> list[Question]:
        """Fetch the thread and every question of it; answers come with them (decisions)."""
        fetch = functools.partial(self._client.thread, thread_id,
                                  order=QuestionOrder.DATE_ASC)
        began = utc_now()  # the outbox's clock
        questions = [q async for q in paginate_thread(fetch)]
        await self.store_conversation(thread_id, questions, began=began)
        self._feed.publish(Changes.of_threads([thread_id]))
        return questions

    async def store_conversation(self, thread_id: str, questions: list[Question], *,
                                 began: datetime | None = None) -> None:
        """Store a conversation read from the server; `began`: when that read began, so a
        question one of our writes reached since keeps what the write made of it
        (services/fresh_writes.py)."""
        thread = await self.thread(thread_id)
        title = None
        pub = thread.main_question.publication if thread and thread.main_question else None
        if pub is not None:
            title = pub.title
        rows = []
        for q in questions:
            if q.publication is None and pub is not None:
                q.publication = pub  # entries carry no listing; the thread's main one does
            rows.append(question_row(q, product_title=title))

        def write() -> None:  # on the store's thread: what was written since, then the rows
            fresh = Written.since(self._store, began).questions_kept(rows)
            self._store.cache.upsert_questions(fresh)

        await self._store.run(write)

    async def questions(self, *, unanswered: bool = False) -> list[Question]:
        """Cached questions of every conversation (the command line lists them)."""
        status = QuestionStatus.UNANSWERED.value if unanswered else None
        rows = await self._store.run(self._store.cache.questions, QuestionFilter(status=status))
        return load_all(rows, Question)

    async def search_questions(self, words: str, *, limit: int = 500) -> list[Question]:
        """Questions with these words, from the local index (works offline)."""
        ids = await self._store.run(self._store.search.questions, words, limit=limit)
        rows = await self._store.run(self._store.cache.get_many, Resource.QUESTIONS, ids)
        return load_all(rows, Question)

    async def question(self, question_id: int) -> Question | None:
        cached = await self._store.run(self._store.cache.get, Resource.QUESTIONS, question_id)
        return None if cached is None else load(cached, Question)

    async def suggestions(self, question_id: int, *, limit: int = SUGGESTIONS
                          ) -> list[Suggestion]:
        """Answers the seller gave to questions like this one, most similar first, each
        answer once; from the local copy only (works offline), on the store's thread."""
        def read() -> list[Suggestion]:
            row = self._store.cache.get(Resource.QUESTIONS, question_id)
            if row is None:
                return []
            return read_suggestions(self._store, load(row, Question), limit)

        return await self._store.run(read)

    async def alike(self, question_id: int) -> list[Question]:
        """Other questions waiting for an answer that ask what this one asks about the same
        listing, oldest first (docs/decisions.md: "Answer a group at once")."""
        return await self._store.run(read_alike, self._store, question_id, self.held())

    # -- writes -------------------------------------------------------------------------------

    async def answer(self, question_id: int, text: str, *, hold: float = 0.0) -> OutboxEntry:
        """Queue an answer (sent at once when online, or after `hold` seconds), `{buyer}`
        and `{product}` filled as in a group answer. Raises ValueError on empty/too long and
        PlaceholderLeft when a placeholder cannot be filled."""
        if any(p in text for p in PLACEHOLDERS):
            question = await self.question(question_id)
            if question is None:
                raise PlaceholderLeft(f"Question {question_id} is not in the local copy, so "
                                      "{buyer} and {product} cannot be filled in: sync first, "
                                      "or write the words instead.")
            text = answer_to(question, text)
        else:
            text = _checked(text.strip())
        entry = await self._outbox.submit(IntentKind.ANSWER, entity_key("question", question_id),
                                          Intent(question_id=question_id, text=text), hold=hold)
        return entry

    async def answer_group(self, question_ids: list[int], template: str) -> list[OutboxEntry]:
        """Answer each question with `template`, `{buyer}` as its buyer's first name and
        `{product}` as its listing: one queued write per question, each sent once. Questions
        already answered or with an answer queued are left out (a second try after a failure
        part way answers only the rest). Checks every answer before queuing any."""
        held = self.held()
        rows = await self._store.run(self._store.cache.get_many, Resource.QUESTIONS,
                                     question_ids)
        answers: list[tuple[Question, str]] = []
        for q in load_all(rows, Question):
            if not awaits_answer(q, held):
                continue
            answers.append((q, answer_to(q, template)))
        entries = []
        for q, text in answers:
            entries.append(await self._outbox.submit(
                IntentKind.ANSWER, entity_key("question", q.id),
                Intent(question_id=q.id, text=text)))
        return entries

    async def delete_question(self, question_id: int, *, undo_seconds: float = UNDO_SECONDS
                              ) -> OutboxEntry:
        """Queue a deletion that waits `undo_seconds` before it is sent; `undo` cancels it."""
        entry = await self._outbox.submit(IntentKind.DELETE_QUESTION,
                                          entity_key("question", question_id),
                                          Intent(question_id=question_id), hold=undo_seconds)
        return entry

    async def undo(self, entry_id: str) -> bool:
        """Take back a queued write that has not left yet; False when it already went."""
        try:
            discarded = await self._outbox.discard(entry_id)
        except Exception:
            return False
        return discarded.outcome is DiscardOutcome.DISCARDED  # sent before: not taken back

    async def _thread_of(self, question_id: int) -> str | None:
        q = await self.question(question_id)
        return q.thread_id if q else None

    # -- keeping the cache in line with applied writes ------------------------------------------

    def _write_applied(self, entries: Sequence[OutboxEntry]) -> list[str | None]:
        """On the store's writer thread, with the entries' done marks (one trip per batch of
        sent writes): the questions and their threads as the server now has them, each read
        and written once for the whole batch; returns the threads that changed."""
        mine = [(e, parse(e.payload)) for e in entries
                if e.kind in (IntentKind.ANSWER, IntentKind.DELETE_QUESTION)]
        if not mine:
            return []
        cache = self._store.cache
        ids = list(dict.fromkeys(i.question_id for _, i in mine if i.question_id is not None))
        # What an answer needs of a cached question is its status and thread: read those in
        # SQL and patch the document in place (`Cache.answer_questions`). A document SQL
        # cannot vouch for (a field missing, not an object) is decoded and encoded instead.
        questions: dict[int, _Cached] = {}
        odd: dict[int, str | None] = {}  # id: its product title
        for found, head in cache.question_heads(ids).items():
            status, thread_id = head.status, head.thread_id
            if not (head.patchable and isinstance(status, str | None)
                    and isinstance(thread_id, str | int | None)):
                odd[found] = head.product_title
                continue
            questions[found] = _Cached(None if status is None else QuestionStatus(status),
                                       None if thread_id is None else str(thread_id),
                                       title=head.product_title)
        if odd:
            for m in load_all(cache.get_many(Resource.QUESTIONS, list(odd)), Question):
                questions[m.id] = _Cached(m.status, m.thread_id, m, title=odd.get(m.id))
        now = _now()
        answered: dict[int, tuple[_Cached, Answer]] = {}
        deleted: list[int] = []
        moves: list[tuple[str | None, _ThreadMove]] = []
        for entry, intent in mine:
            qid = intent.question_id
            q = questions.get(qid) if qid is not None else None
            if q is None or qid is None:
                continue  # not cached, or deleted earlier in this batch
            if entry.kind is IntentKind.ANSWER:
                if q.status is QuestionStatus.ANSWERED:
                    continue
                q.status = QuestionStatus.ANSWERED
                answered[qid] = (q, Answer(text=_answer_text(entry, intent), date=now,
                                           source="sellerdesk"))
                moves.append((q.thread_id, _ThreadMove(answered=1)))
            else:
                del questions[qid]
                answered.pop(qid, None)
                deleted.append(qid)
                was_open = q.status is QuestionStatus.UNANSWERED
                moves.append((q.thread_id, _ThreadMove(answered=0 if was_open else -1,
                                                       removed=True, was_open=was_open)))
        in_place = [(qid, QuestionStatus.ANSWERED.value, encode(a).decode(), q.title)
                    for qid, (q, a) in answered.items() if q.model is None]
        if in_place:
            cache.answer_questions(in_place, fetched_at=now)
        decoded = []
        for q, a in answered.values():
            if q.model is not None:
                q.model.status, q.model.answer = QuestionStatus.ANSWERED, a
                # The title the row had: a question whose own listing has no title keeps
                # its thread's (store_conversation), so a search by it still finds it.
                decoded.append(question_row(q.model, product_title=q.title))
        if decoded:
            cache.upsert_questions(decoded, fetched_at=now)
        if deleted:
            cache.delete(Resource.QUESTIONS, deleted)
        self._adjust_threads(moves, now)
        return list(dict.fromkeys(thread_id for thread_id, _ in moves))

    def _adjust_threads(self, moves: Sequence[tuple[str | None, _ThreadMove]],
                        now: datetime) -> None:
        """Each cached thread's counts after its questions were answered or deleted: the
        counts read and written in SQL (`Cache.set_thread_counts`), or, for a document SQL
        cannot vouch for, decoded and encoded."""
        cache = self._store.cache
        ids = list(dict.fromkeys(str(t) for t, _ in moves if t is not None))
        counts: dict[str, tuple[int, int]] = {}
        odd: list[str] = []
        for thread_id, head in cache.thread_heads(ids).items():
            if head.patchable:
                counts[thread_id] = (head.unanswered_quantity or 0, head.answered_quantity or 0)
            else:
                odd.append(thread_id)
        threads = {str(t.id): t for t in load_all(cache.get_many(Resource.THREADS, odd),
                                                  Thread)} if odd else {}
        for thread_id, t in threads.items():
            counts[thread_id] = (t.unanswered_quantity or 0, t.answered_quantity or 0)
        for moved, move in moves:
            key = str(moved)
            if key not in counts:
                continue
            unanswered, answered = counts[key]
            if not move.removed or move.was_open:
                unanswered = max(0, unanswered - 1)
            counts[key] = (unanswered, max(0, answered + move.answered))
        in_place = []
        for thread_id, (unanswered, answered) in counts.items():
            status = ThreadStatus.UNANSWERED if unanswered else ThreadStatus.ANSWERED
            thread = threads.get(thread_id)
            if thread is None:
                in_place.append((thread_id, unanswered, answered, status.value))
            else:
                thread.unanswered_quantity, thread.answered_quantity = unanswered, answered
                thread.status = status
        if in_place:
            cache.set_thread_counts(in_place, fetched_at=now)
        if threads:
            cache.upsert_threads([thread_row(t) for t in threads.values()], fetched_at=now)

    # -- the list (last: a method named `list` hides the builtin in the annotations after it) --

    async def list(self, filters: InboxFilters = InboxFilters(), *,
                   slow_minutes: int = SLOW_ANSWER_MINUTES, now: datetime | None = None
                   ) -> InboxList:
        """The conversations `filters` keep, in their order, as every surface lists them:
        the window's list and first paint, the command line. With the shop's
        `Counts.unanswered` and the conversations waiting over `slow_minutes`, read in the
        same trip to the store's thread as the rows, so they agree."""
        found = await self.search_threads(filters.words) if filters.words.strip() else None
        held, view = self.held(), self._counts.view()
        moment = now or _now()

        def read() -> tuple[list[InboxThread], int, set[str]]:
            everything = self._overview(self._store, None, held)
            counts = read_counts(self._store, view, now=moment, goal_minutes=slow_minutes)
            late = self._store.stats.late_threads(moment, slow_minutes)
            return everything, counts.unanswered, late

        everything, total, late = await self._store.run(read)
        if found is not None:
            known = {t.id: t for t in everything}
            missing = [t for t in found if t.id not in known]
            if missing:  # found online and not cached (never expected: the search caches them)
                known.update((t.id, t) for t in await self.overview(missing))
            everything = [known[t.id] for t in found]
        return InboxList(with_write_states(arrange(everything, filters), self._pending),
                         total, late)
