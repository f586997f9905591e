"""Every read method against a spec-only sandbox, decoded values checked against the raw JSON.

The comparison is field by field as the spec shapes records, so this module's sandbox runs
without field variety (the field's variants decode on purpose to other values: upper-case
statuses to their members, number ids to text, unreadable records skipped; they have their
own tests in tests/unit/api/test_api_field_variety.py and tests/integration/field/).
"""

from __future__ import annotations

import functools
from decimal import Decimal
from typing import Any

import pytest

from sellerdesk.api.enums import (
    Channel,
    ContactDataStatus,
    Currency,
    Event,
    OrderOrder,
    OrderShippingFilter,
    Provider,
    QuestionOrder,
    QuestionStatus,
    ThreadOrder,
    ThreadStatus,
)
from sellerdesk.api.paging import paginate, paginate_thread
from tests.support.api_clients import MakeClient
from tests.support.sandbox import Sandbox

from ._compare import raw_json, same


async def test_categories_shop_and_tree(spec_sandbox: Sandbox, make_client: MakeClient) -> None:
    async with make_client(spec_sandbox) as client:
        roots = await client.categories()
        tree = await client.category_tree()
        shop = await client.shop()
        same(roots, raw_json(spec_sandbox.get("/categories")))
        same(tree, raw_json(spec_sandbox.get("/categories/tree")))
        same(shop, raw_json(spec_sandbox.get("")))
        assert shop.id == spec_sandbox.shop_id
        assert [c.id for c in roots] == [c.id for c in tree]
        child = next(c for root in tree for c in root.children or [])
        assert child.parent_id in {r.id for r in roots}
        for category in (roots[0], child):
            one = await client.category(category.id)
            same(one, raw_json(spec_sandbox.get(f"/categories/{category.id}")))


@pytest.mark.parametrize("event,provider", [(None, None), (Event.NAVIGATION, None),
                                            (None, Provider.SOCIAL_AD),
                                            (Event.CONGRAT_PAGE, Provider.ADS)])
async def test_tracking_codes(spec_sandbox: Sandbox, make_client: MakeClient,
                              event: Event | None, provider: Provider | None) -> None:
    params = {k: v.value for k, v in (("event", event), ("provider", provider)) if v}
    async with make_client(spec_sandbox) as client:
        codes = await client.tracking_codes(event=event, provider=provider)
        same(codes, raw_json(spec_sandbox.get("/metrics", **params)))
        assert codes and all(c.options == {} for c in codes)  # "" in lists (spec)
        assert all(event in (None, c.event) and provider in (None, c.provider) for c in codes)
        one = await client.tracking_code(codes[0].id)
        same(one, raw_json(spec_sandbox.get(f"/metrics/{codes[0].id}")))
        assert isinstance(one.options, dict)


@pytest.mark.parametrize("kwargs", [
    {},
    {"status": QuestionStatus.ANSWERED, "order": QuestionOrder.DATE_ASC},
    {"status": QuestionStatus.CLOSED_UNANSWERED},
    {"channel": Channel.MARKETPLACE, "limit": 7, "offset": 3},
    {"q": "envío"},
])
async def test_search_questions(spec_sandbox: Sandbox, make_client: MakeClient,
                                kwargs: dict[str, Any]) -> None:
    params = {("orders" if k == "order" else k): getattr(v, "value", v)
              for k, v in kwargs.items()}
    async with make_client(spec_sandbox) as client:
        env = await client.search_questions(**kwargs)
        same(env, raw_json(spec_sandbox.get("/questions/search", **params)))
        assert env.items
        if "status" in kwargs:
            assert {q.status for q in env.items} == {kwargs["status"]}
        if "q" in kwargs:
            assert env.query == kwargs["q"]
        for entry in env.items[:3]:
            single = await client.question(entry.id)
            same(single, raw_json(spec_sandbox.get(f"/questions/{entry.id}")))
            assert single.publication is not None and single.from_ is not None
            assert (single.answer is not None) == (single.status is QuestionStatus.ANSWERED)


@pytest.mark.parametrize("kwargs", [
    {},
    {"status": ThreadStatus.UNANSWERED, "order": ThreadOrder.LAST_QUESTION_DATE_ASC},
    {"limit": 5, "offset": 10},
    {"query": "envío"},
])
async def test_search_threads_and_thread(spec_sandbox: Sandbox, make_client: MakeClient,
                                         kwargs: dict[str, Any]) -> None:
    params = {("orders" if k == "order" else k): getattr(v, "value", v)
              for k, v in kwargs.items()}
    async with make_client(spec_sandbox) as client:
        env = await client.search_threads(**kwargs)
        same(env, raw_json(spec_sandbox.get("/questions/threads/search", **params)))
        assert env.items and env.unanswered_quantity is not None
        first = env.items[0]
        by_id = await client.search_threads(thread_id=first.id)
        assert [t.id for t in by_id.items] == [first.id]
        main = first.main_question
        assert main is not None and main.from_ is not None
        by_client = await client.search_threads(client_id=main.from_.client_id)
        assert first.id in {t.id for t in by_client.items}
        detail = await client.thread(first.id, order=QuestionOrder.DATE_DESC, limit=2)
        same(detail, raw_json(spec_sandbox.get(f"/questions/threads/{first.id}",
                                          orders="question_date_desc", limit=2)))
        thread = detail.items[0]
        assert thread.id == first.id and thread.questions is not None
        assert all(q.thread_id == first.id for q in thread.questions)


async def test_paginate_thread_questions(spec_sandbox: Sandbox, make_client: MakeClient) -> None:
    async with make_client(spec_sandbox) as client:
        env = await client.search_threads(limit=50)
        busiest = max(env.items, key=lambda t: (t.answered_quantity or 0)
                      + (t.unanswered_quantity or 0))
        whole = await client.thread(busiest.id)
        assert whole.items[0].questions is not None
        walked = [q.id async for q in paginate_thread(functools.partial(client.thread,
                                                                        busiest.id), limit=1)]
        assert walked == [q.id for q in whole.items[0].questions] and len(walked) >= 2


@pytest.mark.parametrize("kwargs", [
    {},
    {"status": ContactDataStatus.NEW, "paid": True, "processed": False, "closed": False},
    {"delivered": True, "order": OrderOrder.TOTAL_LAST_UPDATED_DESC},
    {"channel": Channel.SHOPFRONT, "order": OrderOrder.NAME_ASC, "limit": 10, "offset": 20},
    {"shipping": OrderShippingFilter.PRINT_TAG},
    {"shipping": OrderShippingFilter.TO_BE_AGREED, "feedback": False},
    {"buyer_feedback": True, "seller_feedback": False},
])
async def test_search_orders_and_order(spec_sandbox: Sandbox, make_client: MakeClient,
                                       kwargs: dict[str, Any]) -> None:
    def wire(v: Any) -> Any:
        return ("true" if v else "false") if isinstance(v, bool) else getattr(v, "value", v)

    params = {("orders" if k == "order" else k): wire(v) for k, v in kwargs.items()}
    async with make_client(spec_sandbox) as client:
        env = await client.search_orders(**kwargs)
        same(env, raw_json(spec_sandbox.get("/orders/search", **params)))
        assert env.items
        for key in ("paid", "processed", "closed", "delivered"):
            if key in kwargs:
                assert all(getattr(o.status, key) is kwargs[key] for o in env.items)
        single = await client.order(env.items[0].id)
        same(single, raw_json(spec_sandbox.get(f"/orders/{env.items[0].id}")))


async def test_the_sasc_spelling_orders_like_desc(spec_sandbox: Sandbox,
                                                  make_client: MakeClient) -> None:
    sasc = raw_json(spec_sandbox.get("/orders/search", orders="total_last_updated_sasc", limit=5))
    async with make_client(spec_sandbox) as client:
        env = await client.search_orders(order=OrderOrder.TOTAL_LAST_UPDATED_DESC, limit=5)
    assert [o.id for o in env.items] == [o["id"] for o in sasc["results"]]


async def test_all_orders_by_paging_with_progress(spec_sandbox: Sandbox,
                                                  make_client: MakeClient) -> None:
    progress: list[tuple[int, int | None]] = []
    async with make_client(spec_sandbox) as client:
        orders = [o async for o in paginate(client.search_orders, concurrency=3,
                                            on_progress=lambda d, t: progress.append((d, t)))]
    total = raw_json(spec_sandbox.get("/orders/search", limit=1))["paging"]["total"]
    assert len(orders) == total == len({o.id for o in orders})
    assert progress[-1] == (total, total)
    channels = raw_json(spec_sandbox.get("/orders/search", limit=50))["results"]
    # Demo data spells about one record in ten the long way; both decode to one member.
    assert {o.channel for o in orders} == {Channel.SHOPFRONT, Channel.MARKETPLACE}
    assert channels  # the raw page is there to compare spellings against
    vef = [o for o in orders if o.currency is Currency.VEF]
    assert vef and all(isinstance(o.grand_total, Decimal) for o in vef)
    assert max(o.grand_total or 0 for o in vef) > Decimal(10**6)
    for order in orders:
        assert order.creation_date is not None and order.creation_date.tzinfo is not None


async def test_long_channel_spellings_are_seen_and_mapped(spec_sandbox: Sandbox,
                                                          make_client: MakeClient) -> None:
    raw = raw_json(spec_sandbox.get("/questions/search", limit=50))["results"]
    raw += raw_json(spec_sandbox.get("/questions/search", limit=50, offset=50))["results"]
    long_ids = [q["id"] for q in raw if q["channel"].endswith("_long")]
    assert long_ids, "demo data should carry long spellings"
    async with make_client(spec_sandbox) as client:
        question = await client.question(long_ids[0])
    assert question.channel in (Channel.SHOPFRONT, Channel.MARKETPLACE)
