"""sellerdesk/store/cache.py: round trips, filters, orderings, facets, sync times."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import msgspec
import pytest

from sellerdesk.store import Store, StoreBugError
from sellerdesk.store.rows import (
    CategoryRow,
    OrderFilter,
    OrderRow,
    OrderSort,
    OrderSummary,
    QuestionFilter,
    QuestionSort,
    Resource,
    ShopRow,
    ThreadFilter,
    ThreadSort,
    TrackingCodeRow,
    shipping_tags,
)

from .factories import T0, doc, order, question, thread


def test_every_resource_round_trips_with_its_fetch_time(store: Store) -> None:
    at = datetime(2024, 5, 1, 9, 30, tzinfo=UTC)
    c = store.cache
    c.upsert_categories([CategoryRow(id=1, doc=doc(name="Ropa"), name="Ropa", position=1)],
                        fetched_at=at)
    c.upsert_shop(ShopRow(id=1001, doc=doc(shop_name="Demo")), fetched_at=at)
    c.upsert_tracking_codes([TrackingCodeRow(id=5, doc=doc(name="GA"), status="ACTIVE")],
                            fetched_at=at)
    c.upsert_threads([thread(1)], fetched_at=at)
    c.upsert_questions([question(1)], fetched_at=at)
    c.upsert_orders([order(1)], fetched_at=at)
    for resource, key, body in [
        (Resource.CATEGORIES, 1, doc(name="Ropa")), (Resource.SHOP, 1001, doc(shop_name="Demo")),
        (Resource.TRACKING_CODES, 5, doc(name="GA")), (Resource.THREADS, "t1", doc(id="t1")),
        (Resource.QUESTIONS, 901, doc(id=901)), (Resource.ORDERS, "5001", doc(id="5001")),
    ]:
        cached = c.get(resource, key)
        assert cached is not None, resource
        assert (cached.id, cached.doc, cached.fetched_at) == (key, body, at)
        assert c.count(resource) == 1
    shop = c.shop()
    assert shop is not None and shop.id == 1001
    assert c.get(Resource.ORDERS, "nope") is None


def test_upsert_replaces_a_record_in_place(store: Store) -> None:
    store.cache.upsert_orders([order(1), order(2)])
    assert store.cache.upsert_orders([order(1, doc=b'{"v": 2}', paid=True)]) == 1
    assert store.cache.count(Resource.ORDERS) == 2
    cached = store.cache.get(Resource.ORDERS, "5001")
    assert cached is not None and cached.doc == b'{"v": 2}'
    assert store.cache.count_orders(OrderFilter(paid=True)) == 1


def test_replace_drops_what_the_server_no_longer_has(store: Store) -> None:
    c = store.cache
    c.replace_categories([CategoryRow(id=i, doc=b"{}", position=i) for i in (1, 2, 3)])
    c.replace_categories([CategoryRow(id=3, doc=b"{}", position=1),
                          CategoryRow(id=4, doc=b"{}", parent_id=3, position=1)])
    assert [x.id for x in c.categories()] == [3, 4]
    c.replace_tracking_codes([TrackingCodeRow(id=i, doc=b"{}", event="NAVIGATION",
                                              provider="OTHER") for i in (7, 8)])
    c.replace_tracking_codes([TrackingCodeRow(id=8, doc=b"{}", event="BUY_BUTTON",
                                              provider="OTHER")])
    assert [x.id for x in c.tracking_codes()] == [8]
    assert c.tracking_codes(event="NAVIGATION") == []
    c.replace_tracking_codes([])
    assert c.count(Resource.TRACKING_CODES) == 0


def test_delete_get_many_and_clear(store: Store) -> None:
    c = store.cache
    c.upsert_orders(order(n) for n in range(5))
    assert [x.id for x in c.get_many(Resource.ORDERS, ["5003", "x", "5000"])] == ["5003", "5000"]
    assert c.delete(Resource.ORDERS, ["5000", "5001", "x"]) == 2
    assert c.count(Resource.ORDERS) == 3
    c.upsert_questions([question(1)])
    c.mark_synced(Resource.ORDERS)
    c.clear(Resource.ORDERS)
    assert c.count(Resource.ORDERS) == 0 and c.last_sync(Resource.ORDERS) is None
    assert c.count(Resource.QUESTIONS) == 1
    c.clear()
    assert c.count(Resource.QUESTIONS) == 0


def test_order_filters(store: Store) -> None:
    store.cache.upsert_orders([
        order(1, paid=True, contact_status="new", currency="BRL"),
        order(2, paid=True, processed=True, channel="marketplace"),
        order(3, delivered=True, buyer_feedback=True, seller_feedback=True, closed=True),
        order(4, delivered=True, buyer_feedback=True,
              shipping_tags=shipping_tags([("pending", "carrier_mode_2")])),
        order(5, shipping_tags=shipping_tags([("pending", "not specified"),
                                              ("on_route", "custom")])),
    ])

    def ids(**kw: object) -> list[str]:
        rows = store.cache.orders(OrderFilter(**kw), sort=OrderSort.CREATION_DATE_ASC)  # type: ignore[arg-type]
        return [str(r.id)[-1] for r in rows]

    assert ids() == ["1", "2", "3", "4", "5"]
    assert ids(paid=True) == ["1", "2"]
    assert ids(paid=True, processed=False) == ["1"]
    assert ids(status="new") == ["1"]
    assert ids(channel="marketplace") == ["2"]
    assert ids(currency="BRL") == ["1"]
    assert ids(feedback=True) == ["3"]
    assert ids(feedback=False) == ["1", "2", "5"]
    assert ids(buyer_feedback=True, seller_feedback=False) == ["4"]
    assert ids(shipping="pending") == ["4", "5"]
    assert ids(shipping="print_tag") == ["4"]
    assert ids(shipping="to_be_agreed") == ["5"]
    assert ids(shipping="on_route") == ["5"]
    assert ids(shipping="pick") == []  # a tag matches whole, never by prefix
    assert ids(client_id=3) == ["3"]
    assert ids(summary=OrderSummary.PENDING_PROCESS) == ["1"]
    assert ids(summary=OrderSummary.PENDING_SHIPMENT) == []  # 2 has no shipping to hand over
    assert ids(summary=OrderSummary.PENDING_FEEDBACK) == ["4"]
    assert ids(summary=OrderSummary.CLOSED_ORDERS) == ["3"]
    assert store.cache.count_orders(OrderFilter(delivered=True)) == 2


def test_to_ship_means_not_yet_handed_to_the_carrier(store: Store) -> None:
    """docs/decisions.md, "To ship": paid and processed, a shipping not yet on route or
    delivered, not closed; an order already on its way is "on the way" instead."""
    ready = {"paid": True, "processed": True}

    def tags(*statuses: str) -> frozenset[str]:
        return shipping_tags([(s, "carrier_mode_1") for s in statuses])

    store.cache.upsert_orders([
        order(1, **ready, shipping_tags=tags("pending")),
        order(2, **ready, shipping_tags=tags("in_progress")),
        order(3, **ready, shipping_tags=tags("pickup")),
        order(4, **ready, shipping_tags=tags("on_route")),  # handed over: on the way
        order(5, **ready, shipping_tags=tags("on_route", "pending")),  # one box still here
        order(6, **ready, delivered=True, shipping_tags=tags("delivered")),
        order(7, **ready, closed=True, shipping_tags=tags("pending")),  # closed
        order(8, paid=True, shipping_tags=tags("pending")),  # not processed yet
        order(9, processed=True, shipping_tags=tags("pending")),  # refunded: not paid
        order(10, **ready),  # no shipping at all
        order(11, closed=True, shipping_tags=tags("on_route")),
    ])

    def ids(summary: OrderSummary) -> list[int]:
        rows = store.cache.orders(OrderFilter(summary=summary),
                                  sort=OrderSort.CREATION_DATE_ASC)
        return [int(str(r.id)) - 5000 for r in rows]

    assert ids(OrderSummary.PENDING_SHIPMENT) == [1, 2, 3, 5]
    assert ids(OrderSummary.ON_THE_WAY) == [4]
    summary = store.cache.order_facets()["summary"]
    assert summary["pending_shipment"] == 4 and summary["on_the_way"] == 1


def test_order_sorts_and_paging(store: Store) -> None:
    store.cache.upsert_orders([
        order(1, buyer_name="carla", client_id=30, updated_at=T0 + timedelta(days=9),
              total=100.0),
        order(2, buyer_name="Ana", client_id=10),
        order(3, buyer_name="bruno", client_id=20, total=300.5),
    ])

    def ids(sort: OrderSort, **kw: int) -> list[str]:
        return [str(r.id)[-1] for r in store.cache.orders(sort=sort, **kw)]

    assert ids(OrderSort.CREATION_DATE_DESC) == ["3", "2", "1"]
    assert ids(OrderSort.CREATION_DATE_ASC) == ["1", "2", "3"]
    assert ids(OrderSort.NAME_ASC) == ["2", "3", "1"]  # case-insensitive
    assert ids(OrderSort.NAME_DESC) == ["1", "3", "2"]
    assert ids(OrderSort.CLIENT_ID_ASC) == ["2", "3", "1"]
    assert ids(OrderSort.CLIENT_ID_DESC) == ["1", "3", "2"]
    assert ids(OrderSort.LAST_UPDATED_DESC) == ["1", "3", "2"]  # updated_at, else creation
    assert ids(OrderSort.LAST_UPDATED_ASC) == ["2", "3", "1"]
    assert ids(OrderSort.TOTAL_DESC) == ["3", "1", "2"]  # 300.5, 100, no total
    assert ids(OrderSort.TOTAL_ASC) == ["2", "1", "3"]
    assert ids(OrderSort.CREATION_DATE_ASC, limit=2) == ["1", "2"]
    assert ids(OrderSort.CREATION_DATE_ASC, limit=2, offset=2) == ["3"]
    assert ids(OrderSort.CREATION_DATE_ASC, offset=1) == ["2", "3"]


def test_order_facets_drill_down(store: Store) -> None:
    store.cache.upsert_orders([
        order(1, paid=True, channel="shopfront", contact_status="new"),
        order(2, paid=True, channel="marketplace", contact_status="new"),
        order(3, paid=False, channel="marketplace", closed=True,
              shipping_tags=frozenset({"delivered"})),
    ])
    facets = store.cache.order_facets(OrderFilter(paid=True, channel="marketplace"))
    assert facets["channel"] == {"shopfront": 1, "marketplace": 1}  # own filter removed
    assert facets["paid"] == {"true": 1, "false": 1}
    assert facets["status"] == {"new": 1}
    assert facets["closed"] == {"true": 0, "false": 1}
    assert facets["shipping"]["delivered"] == 0
    assert facets["summary"] == {"pending_process": 1, "pending_shipment": 0, "on_the_way": 0,
                                 "pending_feedback": 0, "closed_orders": 0}
    everything = store.cache.order_facets()
    assert everything["channel"] == {"shopfront": 1, "marketplace": 2}
    assert everything["shipping"]["delivered"] == 1
    assert everything["feedback"] == {"true": 0, "false": 3}
    assert everything["summary"]["closed_orders"] == 1


def test_order_facets_keep_every_value_at_zero(store: Store) -> None:
    """A value the other filters leave no order of is still counted, at 0 (so the sidebar's
    rows never come and go under the pointer)."""
    store.cache.upsert_orders([
        order(1, channel="shopfront", currency="ARS", contact_status="new"),
        order(2, channel="marketplace", currency="VES", contact_status="unknown_status"),
    ])
    facets = store.cache.order_facets(OrderFilter(channel="shopfront"))
    assert facets["status"] == {"new": 1, "unknown_status": 0}
    assert facets["currency"] == {"ARS": 1, "VES": 0}
    assert facets["channel"] == {"shopfront": 1, "marketplace": 1}  # own filter removed
    assert store.cache.order_facets()["currency"] == {"ARS": 1, "VES": 1}


def _varied_orders() -> list[OrderRow]:
    """Orders over every combination a facet tells apart (a fixed pseudo-random walk)."""
    tags = [frozenset(), frozenset({"pending"}), frozenset({"pending", "print_tag"}),
            frozenset({"on_route"}), frozenset({"on_route", "pickup"}),
            frozenset({"delivered"}), frozenset({"in_progress"}), frozenset({"to_be_agreed"})]
    rows = []
    for n in range(1, 241):
        bits = (n * 2654435761) >> 7
        rows.append(order(
            n, paid=bool(bits & 1), processed=bool(bits & 2), delivered=bool(bits & 4),
            closed=bool(bits & 8), buyer_feedback=bool(bits & 16),
            seller_feedback=bool(bits & 32), shipping_tags=tags[(bits >> 6) % len(tags)],
            channel=("shopfront", "marketplace", None)[n % 3],
            currency=("ARS", "VES")[n % 2], contact_status=("new", None, "first_contact")[n % 3],
            buyer_name=("Ana Pérez", "Juan Gómez")[n % 2]))
    return rows


def _as_filter(base: OrderFilter, facet: str, value: str) -> OrderFilter:
    word: object = {"true": True, "false": False}.get(value, value)
    if facet == "summary":
        word = OrderSummary(value)
    return msgspec.structs.replace(base, **{facet: word})


@pytest.mark.parametrize("base", [
    OrderFilter(), OrderFilter(paid=True), OrderFilter(channel="marketplace", closed=False),
    OrderFilter(summary=OrderSummary.PENDING_SHIPMENT, currency="ARS"),
    OrderFilter(shipping="on_route", feedback=False), OrderFilter(query="ana"),
    OrderFilter(query="juan", status="new", delivered=True), OrderFilter(client_id=7),
])
def test_every_facet_count_is_the_count_of_its_filter(store: Store, base: OrderFilter) -> None:
    """Facets are counted from grouped facet columns, not by SQL per value: each count must
    still be what the list shows for that value (the facet's own condition replaced)."""
    store.cache.upsert_orders(_varied_orders())
    facets = store.cache.order_facets(base)
    assert set(facets) == {"status", "channel", "currency", "processed", "paid", "delivered",
                           "closed", "buyer_feedback", "seller_feedback", "feedback",
                           "shipping", "summary"}
    for facet, counts in facets.items():
        for value, n in counts.items():
            assert n == store.cache.count_orders(_as_filter(base, facet, value)), (facet, value)


def test_order_facets_follow_every_write(store: Store) -> None:
    """Kept counts are dropped by any write, a delete included."""
    store.cache.upsert_orders([order(1, paid=True), order(2, paid=False)])
    assert store.cache.order_facets()["paid"] == {"true": 1, "false": 1}
    store.cache.upsert_orders([order(2, paid=True)])
    assert store.cache.order_facets()["paid"] == {"true": 2, "false": 0}
    store.cache.delete(Resource.ORDERS, ["5001"])
    assert store.cache.order_facets()["paid"] == {"true": 1, "false": 0}
    store.cache.clear(Resource.ORDERS)
    store.cache.upsert_orders([order(3, paid=False)])
    assert store.cache.order_facets()["paid"] == {"true": 0, "false": 1}


def test_questions_and_threads(store: Store) -> None:
    c = store.cache
    c.upsert_questions([question(1, thread_id="tA"), question(2, thread_id="tB"),
                        question(3, thread_id="tA", status="answered", channel="marketplace")])
    c.upsert_threads([thread(1, id="tA", unanswered_quantity=1),
                      thread(2, id="tB", unanswered_quantity=2, status="answered")])
    in_thread = c.questions(QuestionFilter(thread_id="tA"), sort=QuestionSort.QUESTION_DATE_ASC)
    assert [q.id for q in in_thread] == [901, 903]
    assert [q.id for q in c.questions()] == [903, 902, 901]  # newest first by default
    assert c.count_questions(QuestionFilter(status="unanswered")) == 2
    assert [q.id for q in c.questions(QuestionFilter(channel="marketplace"))] == [903]
    facets = c.question_facets(QuestionFilter(status="answered"))
    assert facets["status"] == {"answered": 1, "unanswered": 2}
    assert facets["channel"] == {"marketplace": 1}
    assert [t.id for t in c.threads()] == ["tB", "tA"]
    assert [t.id for t in c.threads(sort=ThreadSort.LAST_QUESTION_DATE_ASC)] == ["tA", "tB"]
    assert [t.id for t in c.threads(ThreadFilter(status="answered"))] == ["tB"]
    assert c.count_threads(ThreadFilter(client_id=1)) == 1
    assert c.thread_facets()["status"] == {"answered": 1, "unanswered": 1}
    assert c.unanswered_quantity() == 3
    assert c.unanswered_quantity(ThreadFilter(status="unanswered")) == 1
    assert c.question_thread_ids() == {"tA", "tB"}


def test_conversations_replaced_in_one_go(store: Store) -> None:
    c = store.cache
    c.upsert_questions([question(1, thread_id="tA"), question(2, thread_id="tA"),
                        question(3, thread_id="tB"), question(4, thread_id=None)])
    assert c.question_docs_by_thread(["tA", "tB", "tC"]) == {
        "tA": {901: doc(id=901), 902: doc(id=902)}, "tB": {903: doc(id=903)}}
    assert c.question_docs_by_thread([]) == {}
    c.replace_conversations([question(2, thread_id="tA", text="otra"),
                             question(5, thread_id="tC")], gone=[901, 903])
    assert c.question_docs_by_thread(["tA", "tB", "tC"]) == {"tA": {902: doc(id=902)},
                                                            "tC": {905: doc(id=905)}}
    assert store.search.questions("otra") == [902]  # the index follows both
    assert sorted(store.search.questions("stock")) == [904, 905]  # 901 and 903 gone
    assert c.count(Resource.QUESTIONS) == 3


def test_a_failed_conversation_batch_changes_nothing(store: Store) -> None:
    c = store.cache
    c.upsert_questions([question(1, thread_id="tA")])
    broken = question(2, thread_id="tA", doc=None)  # doc NOT NULL: the upsert fails
    with pytest.raises(StoreBugError):  # a constraint SellerDesk broke: its own bug
        c.replace_conversations([broken], gone=[901])
    assert list(c.question_docs_by_thread(["tA"])["tA"]) == [901]  # the delete rolled back


def test_categories_come_roots_first(store: Store) -> None:
    store.cache.upsert_categories([
        CategoryRow(id=11, parent_id=1, position=2, doc=b"{}"),
        CategoryRow(id=2, position=2, doc=b"{}"),
        CategoryRow(id=10, parent_id=1, position=1, doc=b"{}"),
        CategoryRow(id=1, position=1, doc=b"{}"),
    ])
    assert [x.id for x in store.cache.categories()] == [1, 2, 10, 11]


def test_last_sync_bookkeeping(store: Store) -> None:
    c = store.cache
    assert c.last_sync(Resource.ORDERS) is None
    at = datetime(2024, 6, 1, 8, 0, tzinfo=UTC)
    c.mark_synced(Resource.ORDERS, at)
    c.mark_synced("thread:tA", at + timedelta(minutes=1))
    c.mark_synced(Resource.ORDERS, at + timedelta(hours=1))
    assert c.last_sync(Resource.ORDERS) == at + timedelta(hours=1)
    assert c.sync_times() == {"orders": at + timedelta(hours=1),
                              "thread:tA": at + timedelta(minutes=1)}
    with pytest.raises(ValueError):
        c.mark_synced(Resource.SHOP, datetime(2024, 1, 1))  # naive times are refused


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_100k_order_upsert(store: Store) -> None:
    rows = (OrderRow(id=str(5000 + n), doc=b'{"id": "%d"}' % (5000 + n), paid=n % 2 == 0,
                     creation_date=T0 + timedelta(seconds=n), buyer_name=f"Buyer {n % 997}",
                     product_titles=(f"Producto modelo{n % 300}",),
                     tracking_codes=(f"TR{n:09d}AR",))
            for n in range(100_000))
    started = time.perf_counter()
    assert store.cache.upsert_orders(rows) == 100_000
    print(f"100k orders upserted in {time.perf_counter() - started:.2f}s")  # not asserted
    assert store.cache.count(Resource.ORDERS) == 100_000
    assert store.cache.count_orders(OrderFilter(paid=True)) == 50_000
    assert store.search.orders("TR000099999AR") == [str(5000 + 99_999)]
    assert len(store.cache.orders(OrderFilter(query="modelo299 "), limit=1000)) == 333
    page = store.cache.orders(OrderFilter(paid=False), limit=50, offset=49_950)
    assert [c.id for c in page][-1] == "5001"  # newest first, so the oldest unpaid is last
