"""The sync's writes on the store's thread: conversations replace the cached ones, and an
unchanged question is not written again."""

from __future__ import annotations

from typing import Any

import pytest

from sellerdesk.api.models import Publication, Question, QuestionText, Thread
from sellerdesk.services import sync as sync_module
from sellerdesk.store import Store
from sellerdesk.store.cache import Cache
from sellerdesk.store.rows import QuestionRow, Resource


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
