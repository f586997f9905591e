"""sellerdesk/store/search.py: offline word search over cached questions and orders."""

from __future__ import annotations

import pytest

from sellerdesk.store import Store
from sellerdesk.store.rows import OrderFilter, QuestionFilter, Resource
from sellerdesk.store.search import match_expression

from .factories import order, question


@pytest.fixture
def shop(store: Store) -> Store:
    store.cache.upsert_orders([
        order(1, id="20001", buyer_name="María José Núñez", buyer_nickname="MAJO_82",
              product_titles=("Camión de bomberos", "Pelota"), tracking_codes=("AR123456789",)),
        order(2, id="20002", buyer_name="Pedro Camacho", product_titles=("Camisa a cuadros",)),
        order(3, id="31337", buyer_name="Ana Lía", product_titles=("Mate de calabaza",)),
    ])
    store.cache.upsert_questions([
        question(1, thread_id="tA", text="¿El camión trae pilas?", buyer_name="Jorge"),
        question(2, thread_id="tB", text="Hacen envíos a Córdoba?", buyer_name="Lucía Pérez",
                 product_title="Mate imperial"),
        question(3, thread_id="tA", text="Gracias!", buyer_name="Jorge",
                 product_title="Camión de bomberos"),
    ])
    return store


def test_orders_by_buyer_name_product_id_and_tracking(shop: Store) -> None:
    s = shop.search
    assert s.orders("maria nuñez") == ["20001"]
    assert s.orders("majo") == ["20001"]
    assert s.orders("camacho") == ["20002"]
    assert s.orders("calabaza") == ["31337"]
    assert s.orders("31337") == ["31337"]
    assert s.orders("AR123456789") == ["20001"]
    assert s.orders("nadie") == []


def test_accents_and_case_do_not_matter(shop: Store) -> None:
    assert shop.search.orders("CAMION") == ["20001"]
    assert shop.search.orders("camión de bomberos") == ["20001"]
    assert shop.search.questions("cordoba") == [902]
    assert shop.search.questions("PEREZ") == [902]
    assert shop.search.orders("ana lia") == ["31337"]


def test_last_word_is_a_prefix_while_typing(shop: Store) -> None:
    assert sorted(shop.search.orders("cam")) == ["20001", "20002"]  # camión, camisa, camacho
    assert shop.search.orders("cam ") == []  # a finished word matches whole
    assert shop.search.orders("cam", prefix=False) == []
    assert shop.search.orders("313") == ["31337"]  # order id as the seller types it
    assert shop.search.orders("pedro cami") == ["20002"]


def test_questions_by_text_buyer_and_product(shop: Store) -> None:
    s = shop.search
    assert s.questions("pilas") == [901]
    assert s.questions("jorge") == [903, 901]  # equal rank: newest first
    assert s.questions("imperial") == [902]
    assert s.questions("camion")[0] in (901, 903) and len(s.questions("camion")) == 2
    assert s.threads("camion") == ["tA"]
    assert s.threads("cordoba jorge") == []


def test_ranking_prefers_stronger_fields(shop: Store) -> None:
    shop.cache.upsert_orders([
        order(4, id="40000", buyer_name="Someone", product_titles=("Libro de Camacho",)),
    ])
    assert shop.search.orders("camacho") == ["20002", "40000"]  # buyer name outranks a title


def _index_is_sound(store: Store) -> None:
    for table in ("orders_fts", "questions_fts"):
        store.db.query(f"INSERT INTO {table} ({table}, rank) VALUES ('integrity-check', 1)")


def test_an_id_twice_in_one_batch_keeps_the_index_sound(store: Store) -> None:
    store.cache.upsert_orders([order(1, buyer_name="Ana"), order(1, buyer_name="Beto")])
    store.cache.upsert_questions([question(1, text="uno"), question(1, text="dos")])
    assert store.search.orders("ana") == [] and store.search.orders("beto") == ["5001"]
    assert store.search.questions("dos") == [901]
    _index_is_sound(store)


def test_index_follows_updates_and_deletes(shop: Store) -> None:
    shop.cache.upsert_orders([order(2, id="20002", buyer_name="Pedro Páramo")])
    assert shop.search.orders("camacho") == []
    assert shop.search.orders("paramo") == ["20002"]
    shop.cache.delete(Resource.ORDERS, ["20002"])
    assert shop.search.orders("paramo") == []
    shop.cache.upsert_questions([question(2, text="Ya no", buyer_name="Otro")])
    assert shop.search.questions("cordoba") == []
    _index_is_sound(shop)
    shop.cache.clear()
    assert shop.search.orders("maria") == [] and shop.search.questions("jorge") == []
    _index_is_sound(shop)


def test_query_syntax_from_the_seller_is_plain_words(shop: Store) -> None:
    for text in ['"', "*", "maria AND", "NOT maria", "maría-josé", "(camión", "#31337", "a:b",
                 "NEAR(x y)", "  ", ""]:
        shop.search.orders(text)  # never an FTS5 syntax error
    assert shop.search.orders("#31337") == ["31337"]
    assert shop.search.orders("maría-josé") == ["20001"]
    assert match_expression("  ") is None
    assert match_expression("Hola, mundo") == '"Hola" "mundo"*'
    assert match_expression("hola mundo.") == '"hola" "mundo"'


def test_cache_lists_combine_words_and_filters(shop: Store) -> None:
    shop.cache.upsert_orders([order(1, id="20001", buyer_name="María José Núñez", paid=True,
                                    product_titles=("Camión de bomberos",))])
    assert [o.id for o in shop.cache.orders(OrderFilter(query="cam"))] == ["20002", "20001"]
    assert [o.id for o in shop.cache.orders(OrderFilter(query="cam", paid=True))] == ["20001"]
    assert shop.cache.count_orders(OrderFilter(query="cam", paid=False)) == 1
    assert shop.cache.order_facets(OrderFilter(query="cam"))["paid"] == {"true": 1, "false": 1}
    found = shop.cache.questions(QuestionFilter(query="camion", thread_id="tA"))
    assert {q.id for q in found} == {901, 903}
    hits = shop.search.orders("camion")
    assert [o.id for o in shop.cache.get_many(Resource.ORDERS, hits)] == hits
