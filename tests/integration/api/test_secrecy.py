"""With DEBUG on every logger, a run of every method (and every failure) leaks no token."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import Event, Provider, ShippingStatus
from sellerdesk.api.errors import ApiError
from sellerdesk.api.models import TrackingCodeDraft
from tests.support.api_clients import MakeClient
from tests.support.sandbox import Sandbox


async def test_token_appears_in_no_log_error_or_repr(
        faulty: Sandbox, make_client: MakeClient, caplog: pytest.LogCaptureFixture) -> None:
    token = faulty.token
    texts: list[str] = []
    errors: list[ApiError] = []

    async def run(call: Callable[[], Awaitable[Any]]) -> None:
        try:
            texts.append(repr(await call()))
        except ApiError as exc:
            errors.append(exc)

    caplog.set_level(logging.DEBUG)  # root at DEBUG: httpx, httpcore, asyncio, ours
    for name in ("httpx", "httpcore", "sellerdesk.api"):
        caplog.set_level(logging.DEBUG, logger=name)
    client = make_client(faulty, max_retries=1)
    texts.append(repr(client))
    async with client:
        orders = await client.search_orders(limit=3)
        order = orders.items[0]
        questions = await client.search_questions(status=None, limit=3)
        threads = await client.search_threads(limit=2)
        code = await client.create_tracking_code(TrackingCodeDraft(
            name="Secreto", code="<i>x</i>", provider=Provider.OTHER, event=Event.NAVIGATION))
        shipping_id = (order.shippings or [])[0].id or 0
        calls: list[Callable[[], Awaitable[Any]]] = [
            client.categories, client.category_tree, client.shop,
            lambda: client.category(1), client.tracking_codes,
            lambda: client.tracking_code(code.id),
            lambda: client.modify_tracking_code(code.id, name="Secreto 2"),
            lambda: client.delete_tracking_code(code.id),
            lambda: client.question(questions.items[0].id),
            lambda: client.answer_question(questions.items[0].id, "Respuesta"),
            lambda: client.delete_question(questions.items[1].id),
            lambda: client.thread(threads.items[0].id),
            lambda: client.order(order.id),
            lambda: client.update_invoice(order.id, invoiced=True, number="1", type="A"),
            lambda: client.update_shipping(order.id, shipping_id,
                                           status=ShippingStatus.PICKUP),
            lambda: client.search_questions(limit=-1),
        ]
        for call in calls:
            await run(call)
        for faults in ({"drop_next": 2}, {"malformed_next": 1}, {"error_next": 2},
                       {"rate_limit_next": 2}, {"token_revoked": True}, {"latency_ms": 600}):
            faulty.set_faults(**faults)
            if "latency_ms" in faults:
                async with ShopClient(faulty.base_url, faulty.shop_id, token, timeout=0.1,
                                      max_retries=0) as slow:
                    await run(slow.shop)
            else:
                await run(client.shop)
                await run(lambda: client.answer_question(questions.items[2].id, "x"))
            faulty.clear_faults()
    texts.append(repr(orders) + repr(questions) + repr(threads))

    # A 429 is waited out by the pacer (its path is logged, and checked below like every
    # other line), so it raises nothing here.
    assert {type(e).__name__ for e in errors} >= {
        "NotFound", "BadRequest", "Offline", "BadResponse", "ServerError", "AuthError"}
    for exc in errors:
        texts += [str(exc), repr(exc), exc.message, exc.detail, getattr(exc, "excerpt", "")]
    messages = [r.getMessage() for r in caplog.records]
    texts += messages + [r.exc_text or "" for r in caplog.records] + [caplog.text]
    assert any("HTTP Request" in m for m in messages)  # httpx did log the URLs...
    assert "access_token=REDACTED" in caplog.text  # ...scrubbed
    assert any(r.name.startswith("httpcore") for r in caplog.records)
    leaks = [t for t in texts if token in t]
    assert not leaks
