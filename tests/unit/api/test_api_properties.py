"""Property tests: mutated and malformed answers of every resource leave only as BadResponse;
money survives decoding exactly; any status/body pair leaves the client only as ApiError."""

from __future__ import annotations

import asyncio
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import ShippingStatus
from sellerdesk.api.errors import ApiError, BadResponse
from sellerdesk.api.models import (
    AnswerResult,
    Category,
    Order,
    Question,
    SearchEnvelope,
    Shop,
    Thread,
    TrackingCode,
    decode,
)

from .fakes import FakeClock, fake_pacer

SAMPLES = Path(__file__).parent / "samples"
RESOURCES: list[tuple[str, Any]] = [
    ("categories_tree", list[Category]), ("shop", Shop), ("tracking_code", TrackingCode),
    ("tracking_codes", list[TrackingCode]), ("question", Question),
    ("question_search", SearchEnvelope[Question]), ("thread_search", SearchEnvelope[Thread]),
    ("thread_by_id", SearchEnvelope[Thread]), ("order", Order),
    ("order_search", SearchEnvelope[Order]),
]
DOCS = {name: json.loads((SAMPLES / f"{name}.json").read_bytes()) for name, _ in RESOURCES}
IDS = [name for name, _ in RESOURCES]

TRICKY = st.sampled_from([
    "", "NaN", "-Infinity", "12", "12.5", "1e999", "0x10", " 7 ", "true", "null", "[]", "{}",
    "2024-03-01T12:30:45.123Z", "2024-03-01T12:30:45.123", "2024-13-45T99:99:99Z",
    "shopfront_long", "marketplace", "total_last_updated_sasc", "access_token=s3cr3t",
    "\x00", "\ud7ff", "ñandú ✓",
])
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**63)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8) | TRICKY)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6) | TRICKY, inner, max_size=3),
                    max_leaves=6)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, name: str) -> bytes:
    doc = json.loads(json.dumps(DOCS[name]))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.sampled_from(paths(doc)))
        if not where:
            doc = draw(JSON)
            continue
        parent = doc
        for step in where[:-1]:
            parent = parent[step]
        key = where[-1]
        action = draw(st.sampled_from(["replace", "delete", "wrap", "null"]))
        if action == "delete" and isinstance(parent, dict):
            del parent[key]
        elif action == "wrap":
            parent[key] = [parent[key]]
        elif action == "null":
            parent[key] = None
        else:
            parent[key] = draw(JSON)
    return json.dumps(doc, ensure_ascii=draw(st.booleans())).encode()


@st.composite
def garbled(draw: st.DrawFn, name: str) -> bytes:
    raw = json.dumps(DOCS[name]).encode()
    cut = draw(st.integers(0, len(raw)))
    noise = draw(st.binary(max_size=8))
    return draw(st.sampled_from([raw[:cut], raw[:cut] + noise + raw[cut:],
                                 raw[:cut] + noise, noise]))


def decodes_or_bad_response(raw: bytes, tp: Any) -> None:
    try:
        decode(raw, tp)
    except BadResponse as exc:
        assert len(exc.excerpt) <= 120 and "s3cr3t" not in exc.excerpt


@pytest.mark.parametrize("name,tp", RESOURCES, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_json_decodes_or_is_bad_response(name: str, tp: Any, data: st.DataObject) -> None:
    decodes_or_bad_response(data.draw(mutated(name)), tp)


@pytest.mark.parametrize("name,tp", RESOURCES, ids=IDS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_garbled_bytes_are_bad_response(name: str, tp: Any, data: st.DataObject) -> None:
    decodes_or_bad_response(data.draw(garbled(name)), tp)


@settings(max_examples=100, deadline=None)
@given(raw=st.binary(max_size=64) | JSON.map(lambda v: json.dumps(v).encode()))
def test_anything_as_answer_result(raw: bytes) -> None:
    decodes_or_bad_response(raw, AnswerResult)


@settings(max_examples=200, deadline=None)
@given(amount=st.decimals(places=2, allow_nan=False, allow_infinity=False,
                          min_value=Decimal("-1e15"), max_value=Decimal("1e15")),
       as_string=st.booleans())
def test_money_is_decoded_exactly(amount: Decimal, as_string: bool) -> None:
    literal = f'"{amount}"' if as_string else str(amount)
    order = decode(f'{{"id": "1", "amount": {literal}}}'.encode(), Order)
    assert isinstance(order.amount, Decimal) and order.amount == amount
    assert order.amount.as_tuple().exponent == amount.as_tuple().exponent


@settings(max_examples=80, deadline=None)
@given(status=st.integers(200, 599), body=st.binary(max_size=40)
       | JSON.map(lambda v: json.dumps(v).encode()),
       headers=st.dictionaries(st.sampled_from(["Retry-After", "Content-Type"]),
                               st.text(alphabet="0123456789abcdefGMT ,:-/", max_size=30)))
def test_any_answer_leaves_the_client_as_a_result_or_api_error(
        status: int, body: bytes, headers: dict[str, str]) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=body, headers=headers)

    async def run() -> None:
        clock = FakeClock()
        client = ShopClient("http://shop.test", 1, "prop-token", max_retries=1,
                            transport=httpx.MockTransport(handler), pacer=fake_pacer(clock))
        client._t.sleep = clock.sleep
        async with client:
            for call in (client.shop(), client.search_orders(), client.answer_question(1, "x"),
                         client.update_shipping(1, 2, status=ShippingStatus.DELIVERED),
                         client.delete_question(1)):
                try:
                    await call
                except ApiError:
                    pass

    asyncio.run(run())
