"""The transport tells the shop's pacer what the service answered: a 429 lowers the rate
(once for the requests sent together), a success raises it; a read refused again and again
waits and is retried without using up its attempts. Over httpx.MockTransport, fake clock."""

from __future__ import annotations

import httpx
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import RateLimited
from sellerdesk.policy import DECREASE

from .fakes import FakeClock, fake_pacer, respond

SHOP = {"id": 1001}


def client_for(clock: FakeClock, answer: httpx.MockTransport, **kwargs: object) -> ShopClient:
    client = ShopClient("http://shop.test", 1001, "learns-token", transport=answer,
                        pacer=fake_pacer(clock, 5.0, 5), **kwargs)  # type: ignore[arg-type]
    client._t.sleep = clock.sleep
    return client


async def test_a_read_refused_more_times_than_its_attempts_still_completes() -> None:
    clock = FakeClock()
    answers = [respond({}, 429, **{"Retry-After": "1"}), respond({}, 429),
               respond({}, 429, **{"Retry-After": "1"}), respond({}, 429), respond(SHOP)]
    seen: list[int] = []

    def answer(request: httpx.Request) -> httpx.Response:
        reply = answers.pop(0)
        seen.append(reply.status_code)
        return reply

    async with client_for(clock, httpx.MockTransport(answer), max_retries=1) as client:
        shop = await client.shop()
    assert shop.id == 1001 and seen == [429, 429, 429, 429, 200]
    pacer = client.pacer
    assert pacer.refusals == 4 and pacer.rate < 5.0 * DECREASE and pacer.burst == 1


async def test_a_write_answered_429_slows_the_shop_down_too() -> None:
    clock = FakeClock()

    def answer(request: httpx.Request) -> httpx.Response:
        return respond({}, 429, **{"Retry-After": "1"}) if request.method == "PUT" \
            else respond(SHOP)

    async with client_for(clock, httpx.MockTransport(answer)) as client:
        with pytest.raises(RateLimited):  # a write is sent once: its 429 is raised
            await client.answer_question(1, "sí")
        assert client.pacer.rate == 5.0 * DECREASE
        for _ in range(3):
            await client.shop()
        assert client.pacer.rate > 5.0 * DECREASE  # each success, a step up
