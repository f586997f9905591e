"""The sync's writes on the store's thread: conversations replace the cached ones, and an
unchanged question is not written again."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from sellerdesk.api.models import Publication, Question, QuestionText, Thread
from sellerdesk.services import sync as sync_module
from sellerdesk.store import Store
from sellerdesk.store.cache import Cache
from sellerdesk.store.outbox import IntentKind
from sellerdesk.store.rows import QuestionRow, Resource, ThreadRow


def _question(n: int, text: str = "¿Hay stock?") -> Question:
    return Question(id=n, thread_id="t1", question=QuestionText(text=text))


THREAD = Thread(id="t1", main_question=Question(id=1, publication=Publication(title="Taza")))


def _written(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[int], list[int]]]:
    """(ids upserted, ids deleted) of every `replace_conversations`."""
    calls: list[tuple[list[int], list[int]]] = []
    plain = Cache.replace_conversations

    def spy(self: Cache, rows: list[QuestionRow], gone: list[int], **kw: Any) -> int:
        calls.append(([r.id for r in rows], sorted(gone)))
        return plain(self, rows, gone, **kw)

    monkeypatch.setattr(Cache, "replace_conversations", spy)
    return calls


def test_only_changed_questions_are_written_again(store: Store,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _written(monkeypatch)
    write = sync_module._write_conversations
    write(store.cache, [(THREAD, [_question(1), _question(2), _question(3)])])
    write(store.cache, [(THREAD, [_question(1), _question(2, "¿Y en rojo?")])])
    write(store.cache, [(THREAD, [_question(1), _question(2, "¿Y en rojo?")])])
    assert calls == [([1, 2, 3], []), ([2], [3])]  # the third read changed nothing
    assert store.search.questions("rojo") == [2]
    assert {c.id for c in store.cache.questions()} == {1, 2}


def test_a_thread_gone_loses_its_questions(store: Store) -> None:
    other = Thread(id="t2")
    sync_module._write_conversations(store.cache, [
        (THREAD, [_question(1)]), (other, [Question(id=7, thread_id="t2")])])
    sync_module._write_conversations(store.cache, [(THREAD, None), (other, [])])
    assert store.cache.count(Resource.QUESTIONS) == 0


ANSWERED = b'{"id": 1, "thread_id": "t1", "status": "answered"}'


def _waiting(store: Store) -> int:
    (row,) = store.db.query("SELECT unanswered_quantity FROM threads WHERE id = 't1'")
    return int(row[0])


def test_a_read_begun_before_a_write_of_ours_landed_leaves_its_records_as_written(
        store: Store) -> None:
    """A sync reading a conversation while an answer to it was on its way stores it after
    the answer's done mark: its question must stay answered, its thread's counts as the
    answer set them (else the question is back in the inbox, answerable again). Records no
    write of ours reached since, and reads begun after the write, are stored as read."""
    sync_module._write_conversations(store.cache, [(THREAD, [_question(1), _question(2)])])
    began = datetime.now(UTC)
    entry = store.outbox.enqueue(IntentKind.ANSWER, "question:1", b'{"text": "Yes"}')
    store.outbox.mark_sending(entry.id)
    store.outbox.mark_done(entry.id)  # what the cache writer made of it, in its commit:
    store.cache.upsert_questions([QuestionRow(id=1, doc=ANSWERED, thread_id="t1")])
    store.cache.upsert_threads([ThreadRow(id="t1", doc=b'{"id": "t1"}', unanswered_quantity=0)])

    stale = [(THREAD, [_question(1, "sin responder"), _question(2, "¿Y en rojo?")])]
    sync_module._write_fresh(sync_module._write_conversations, store, stale, began)
    sync_module._write_threads(store, [Thread(id="t1", unanswered_quantity=2)], began)
    assert store.cache.get(Resource.QUESTIONS, 1).doc == ANSWERED  # type: ignore[union-attr]
    assert store.search.questions("rojo") == [2]  # the other question, as read
    assert _waiting(store) == 0

    # A read begun after the write landed brings what the server says.
    after = datetime.now(UTC)
    sync_module._write_fresh(sync_module._write_conversations, store, stale, after)
    sync_module._write_threads(store, [Thread(id="t1", unanswered_quantity=2)], after)
    assert store.search.questions("responder") == [1]
    assert _waiting(store) == 2
