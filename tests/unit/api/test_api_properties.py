"""Property tests: mutated and malformed answers of every resource leave only as BadResponse;
money survives decoding exactly; any status/body pair leaves the client only as ApiError, and
so does any hostile answer on the real wire (bombs, codings, lying lengths, deep nesting,
100,000-digit numbers, bytes that are not UTF-8), a body past the cap as AnswerTooLarge."""

from __future__ import annotations

import asyncio
import functools
import json
import resource
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from sellerdesk import policy
from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import ShippingStatus
from sellerdesk.api.errors import (
    AnswerTooLarge,
    ApiError,
    BadResponse,
    NotFound,
    Offline,
    ServerError,
)
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
from tests.support import hostile

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


# --- the hostile wire: the same client, its real transport, a hostile server on loopback ----

WIRE_CAP = 256 * 1024  # the client's cap in these examples: bombs and floods stay cheap
DEEP = b"[" * 100_000 + b"]" * 100_000
PAYLOADS: dict[str, bytes] = {
    "sample": json.dumps(DOCS["order_search"]).encode(),
    "empty": b"",
    "at-cap": b" " * WIRE_CAP + b"{}",  # two bytes over
    "just-under": b"{}" + b" " * (WIRE_CAP - 2),
    "flood": b"[" + b"0," * (2 * WIRE_CAP) + b"0]",
    "deep": DEEP,
    "huge-number": b'{"id": 1, "amount": ' + b"9" * 100_000 + b"}",
    "huge-id": b'{"results": [{"id": ' + b"7" * 100_000 + b"}]}",
    "non-utf8": b'{"results": [{"id": "\xff\xfe\x80", "buyer": {"name": "\xc3("}}]}',
    "nul": b'{"results": [{"id": "\x00"}]}',
}
CODINGS: dict[str, tuple[str | None, Any]] = {
    "identity": (None, lambda b: b),
    "gzip": ("gzip", hostile.gzip),
    "zlib-deflate": ("deflate", hostile.deflate),
    "raw-deflate": ("deflate", functools.partial(hostile.deflate, raw=True)),
    "gzip-gzip": ("gzip, gzip", lambda b: hostile.gzip(hostile.gzip(b))),
    "claims-gzip": ("gzip", lambda b: b),  # says gzip, is not
    "br-unasked": ("br", lambda b: b),  # a coding the client did not offer
    "cut-gzip": ("gzip", lambda b: hostile.gzip(b)[: max(1, len(hostile.gzip(b)) // 2)]),
}
FRAMINGS = ["length", "close", "chunked", "short-length", "long-length"]


@st.composite
def hostile_answers(draw: st.DrawFn) -> tuple[hostile.Answer, int | None]:
    """An answer, and the size its body decodes to when the client can tell (else None)."""
    status = draw(st.sampled_from([200, 200, 200, 404, 500]))
    if draw(st.integers(0, 5)) == 0:  # a bomb: ~1 KB of gzip per MiB of zeros
        inflated = draw(st.sampled_from([WIRE_CAP, WIRE_CAP + 1, 4 << 20, 64 << 20]))
        raw, header, size = hostile.gzip_bomb(inflated, 256 * 1024), "gzip", inflated
    else:
        name = draw(st.sampled_from(sorted(PAYLOADS)))
        coding = draw(st.sampled_from(sorted(CODINGS)))
        header, encode = CODINGS[coding]
        raw = encode(PAYLOADS[name])
        honest = coding not in ("claims-gzip", "br-unasked", "cut-gzip")
        size = len(PAYLOADS[name]) if honest else None
    framing = draw(st.sampled_from(FRAMINGS))
    length = {"short-length": max(0, len(raw) - 1), "long-length": len(raw) + 100}.get(framing)
    if framing != "length" and framing.endswith("length"):
        size = None
    piece = draw(st.sampled_from([512, 4096, 65536]))
    headers = [("Content-Type", "application/json")] + ([("Content-Encoding", header)]
                                                        if header else [])
    answer = hostile.Answer(
        status=status, headers=tuple(headers), pieces=lambda: hostile.split(raw, piece),
        framing="length" if framing.endswith("length") else framing, length=length)
    return answer, size


@pytest.fixture(scope="module")
def wire() -> Iterator[tuple[hostile.HostileServer, hostile.Switch]]:
    switch = hostile.Switch()
    with hostile.HostileServer(switch) as server:
        yield server, switch


@settings(max_examples=50, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(drawn=hostile_answers(), write=st.booleans())
def test_a_hostile_wire_leaves_the_client_only_as_a_result_or_api_error(
        wire: tuple[hostile.HostileServer, hostile.Switch],
        drawn: tuple[hostile.Answer, int | None], write: bool) -> None:
    server, switch = wire
    answer, size = drawn
    switch.answer = answer

    async def run() -> ApiError | None:
        async with ShopClient(server.url, 1, "prop-token", max_retries=0,
                              pacer=policy.NoPacer(), max_response_bytes=WIRE_CAP,
                              deadline=60.0) as client:
            try:
                if write:
                    await client.answer_question(1, "x")
                else:
                    await client.search_orders()
            except ApiError as exc:  # anything else fails the test
                return exc
        return None

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    error = asyncio.run(run())
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    assert grown < 64e6  # the peak may not climb by more than a few caps' worth
    event(f"{answer.status} -> {type(error).__name__ if error else 'read'}")
    if size is None:
        return
    if answer.status == 404:
        assert isinstance(error, NotFound)
    elif answer.status == 500:
        assert isinstance(error, ServerError)
    elif size > WIRE_CAP:
        assert isinstance(error, AnswerTooLarge)
    else:
        assert not isinstance(error, AnswerTooLarge | Offline)
