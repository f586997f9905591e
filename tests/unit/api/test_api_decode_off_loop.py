"""Large bodies are decoded on a worker thread, small ones on the loop; either way a body
that cannot be read is the same `BadResponse`, with the same words and no token."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx
import pytest

from sellerdesk.api import client as client_module
from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import BadResponse
from sellerdesk.api.responses import OFF_LOOP_BYTES

from .fakes import FakeClock, fake_pacer
from .test_api_client import TOKEN, Recorder, make, ok, sample


def big_order_page(n: int = 40) -> bytes:
    """A valid order page well past `OFF_LOOP_BYTES`: the sample's orders with new ids."""
    page = json.loads(sample("order_search"))
    first = page["results"][0]
    page["results"] = [{**first, "id": str(3_000_000 + i)} for i in range(n)]
    body = json.dumps(page).encode()
    assert len(body) > OFF_LOOP_BYTES
    return body


def decoding_threads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The threads `ShopClient` decoded its answers on, in order."""
    seen: list[int] = []
    plain = client_module.decode

    def recording(data: bytes, tp: Any, *, what: str = "answer") -> Any:
        seen.append(threading.get_ident())
        return plain(data, tp, what=what)

    monkeypatch.setattr(client_module, "decode", recording)
    return seen


async def test_a_large_page_is_decoded_off_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = decoding_threads(monkeypatch)
    client, _ = make(Recorder(ok(big_order_page())))
    async with client:
        page = await client.search_orders()
    assert [o.id for o in page.items] == [str(3_000_000 + i) for i in range(40)]
    assert len(seen) == 1 and seen[0] != threading.get_ident()


async def test_a_small_answer_is_decoded_on_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = decoding_threads(monkeypatch)
    client, _ = make(Recorder(ok(sample("order_search"))))
    async with client:
        page = await client.search_orders()
    assert len(page.items) == 2
    assert seen == [threading.get_ident()]


def malformed(size: int) -> bytes:
    """Not JSON from its first byte, `size` bytes long, the token inside."""
    body = b"\x00{not json " + TOKEN.encode() + b" "
    return body + b"x" * max(0, size - len(body))


@pytest.mark.parametrize("call", [
    lambda c: c.search_orders(),
    lambda c: c.search_threads(),
    lambda c: c.thread("t-1"),
    lambda c: c.tracking_codes(),
    lambda c: c.shop(),
])
async def test_a_malformed_body_is_the_same_bad_response_at_any_size(call: Any) -> None:
    errors: list[BadResponse] = []
    for size in (64, OFF_LOOP_BYTES * 4):
        client, _ = make(Recorder(ok(malformed(size))), max_retries=0)
        async with client:
            with pytest.raises(BadResponse) as info:
                await call(client)
        errors.append(info.value)
        assert info.value.__cause__ is None and info.value.__suppress_context__
    small, large = errors
    assert (large.message, large.detail, large.status) == \
        (small.message, small.detail, small.status)
    assert large.message == BadResponse.default_message
    for exc in errors:
        for text in (str(exc), repr(exc), exc.detail, exc.excerpt or ""):
            assert TOKEN not in text


async def test_a_large_body_with_an_unreadable_record_still_skips_only_it() -> None:
    page = json.loads(big_order_page())
    page["results"][5]["id"] = {"not": "an id"}
    client = ShopClient("http://shop.test/", 1001, TOKEN,
                        transport=httpx.MockTransport(Recorder(ok(page))),
                        pacer=fake_pacer(FakeClock(), rate=1000.0, burst=1000))
    async with client:
        result = await client.search_orders()
    assert len(result.items) == 39 and len(result.skipped) == 1
