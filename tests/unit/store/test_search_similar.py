"""sellerdesk/store/search.py `similar_answered` and cache.py `inbox_questions`: the local reads
behind suggested answers and the inbox's rows."""

from __future__ import annotations

from datetime import timedelta

from sellerdesk.store import Store
from sellerdesk.store.rows import Resource

from .factories import T0, question, thread


def _shop(store: Store) -> Store:
    store.cache.upsert_questions([
        question(1, text="¿Hacen envíos a Córdoba?", status="answered", product_title="Mate"),
        question(2, text="¿Hacen envíos a Rosario?", status="answered", product_title="Termo"),
        question(3, text="¿El envío es gratis?", status="answered", product_title="Mate"),
        question(4, text="¿Tiene garantía?", status="answered", product_title="Mate"),
        question(5, text="¿Hacen envíos a Salta?", status="unanswered", product_title="Mate"),
        question(6, text="Envios", status="answered", buyer_name="Córdoba Pérez",
                 product_title="Envíos express"),
    ])
    return store


def test_similar_answered_ranks_by_the_question_text_with_accents_ignored(
        store: Store) -> None:
    s = _shop(store).search
    found = s.similar_answered(["cordoba", "hacen", "envio"])
    assert found[0] == 901  # every word
    assert 905 not in found  # not answered yet
    assert set(found) == {901, 902, 903, 906}  # "envio" finds "envíos" and "envío"
    assert s.similar_answered(["garantia"]) == [904]
    assert s.similar_answered(["cordoba"]) == [901]  # a buyer named Córdoba is no match


def test_similar_answered_prefers_the_same_listing_and_leaves_out_excluded(
        store: Store) -> None:
    s = _shop(store).search
    assert s.similar_answered(["hacen", "envio"], listing="Termo")[0] == 902
    assert s.similar_answered(["hacen", "envio"], listing="Mate")[0] == 901
    assert 901 not in s.similar_answered(["hacen", "envio"], exclude=[901])
    assert s.similar_answered(["x"], limit=0) == []


def test_similar_answered_takes_words_never_query_syntax(store: Store) -> None:
    s = _shop(store).search
    for words in (['"'], ["*"], ["NEAR(x"], ["a OR b"], ["text:x"], [""], []):
        assert s.similar_answered(words) == []
    assert s.similar_answered(["envio", "OR", "*"]) != []


def test_inbox_questions_are_the_open_ones_and_each_conversations_latest(
        store: Store) -> None:
    store.cache.upsert_threads([thread(1), thread(2)])
    store.cache.upsert_questions([
        question(1, thread_id="t1", status="answered", creation_date=T0),
        question(2, thread_id="t1", status="unanswered", creation_date=T0 + timedelta(hours=1)),
        question(3, thread_id="t1", status="answered", creation_date=T0 + timedelta(hours=2)),
        question(4, thread_id="t2", status="answered", creation_date=T0),
        question(5, thread_id="t2", status="answered", creation_date=T0 + timedelta(hours=1)),
    ])
    ids = sorted(int(c.id) for c in store.cache.inbox_questions())
    assert ids == [902, 903, 905]
    store.cache.delete(Resource.QUESTIONS, [903])
    assert sorted(int(c.id) for c in store.cache.inbox_questions()) == [902, 905]
