"""ShopClient over httpx.MockTransport: URLs, headers, bodies, error mapping, retries."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import (
    Channel,
    ContactDataStatus,
    Event,
    OrderOrder,
    OrderShippingFilter,
    Provider,
    QuestionOrder,
    QuestionStatus,
    ShippingStatus,
    ThreadOrder,
    TrackingStatus,
)
from sellerdesk.api.errors import (
    AUTH_REFUSED_BECAUSE,
    SERVICE_MOVED,
    TOKEN_EXPIRED,
    ApiError,
    AuthError,
    BadRequest,
    BadResponse,
    NotFound,
    Offline,
    RateLimited,
    ServerError,
)
from sellerdesk.api.models import TrackingCodeChanges, TrackingCodeDraft
from sellerdesk.api.transport import RATE_LIMITED_TRIES
from sellerdesk.policy import READ_ATTEMPTS, READ_RETRY, Backoff, NoPacer

from .fakes import FakeClock, fake_pacer

TOKEN = "unit-secret-token-42"
SAMPLES = Path(__file__).parent / "samples"
Handler = Callable[[httpx.Request], httpx.Response]


def sample(name: str) -> bytes:
    return (SAMPLES / f"{name}.json").read_bytes()


class Recorder:
    """A MockTransport handler replaying canned responses and keeping the requests."""

    def __init__(self, *responses: httpx.Response | Exception) -> None:
        self.responses = list(responses)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        item = self.responses.pop(0) if len(self.responses) > 1 else self.responses[0]
        if isinstance(item, Exception):
            raise item
        return item


def ok(body: bytes | Any = b"{}", status: int = 200, **headers: str) -> httpx.Response:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx.Response(status, content=content, headers=headers)


def make(recorder: Recorder, **kwargs: Any) -> tuple[ShopClient, list[float]]:
    """A client on `recorder`: a fake-clock pacer (fast: pacing is tested apart), tiny
    backoff; `sleeps` records the retry waits."""
    kwargs.setdefault("pacer", fake_pacer(FakeClock(), rate=1000.0, burst=1000))
    kwargs.setdefault("read_retry", Backoff(first=0.001, cap=0.01))
    client = ShopClient("http://shop.test/", 1001, TOKEN,
                        transport=httpx.MockTransport(recorder), **kwargs)
    sleeps: list[float] = []

    async def fake_sleep(delay: float) -> None:
        sleeps.append(delay)

    client._t.sleep = fake_sleep
    return client, sleeps


def query(request: httpx.Request) -> dict[str, str]:
    return dict(request.url.params)


async def test_paths_token_and_v1_prefix() -> None:
    rec = Recorder(ok(sample("shop")))
    client, _ = make(rec)
    async with client:
        shop = await client.shop()
    assert shop.id == 1001
    request = rec.requests[0]
    assert request.url.path == "/v1/shops/1001"
    assert query(request) == {"access_token": TOKEN}
    assert request.headers["Authorization"] == f"Bearer {TOKEN}"
    assert request.method == "GET" and "content-type" not in request.headers


@pytest.mark.parametrize("call,path,params", [
    (lambda c: c.categories(), "/v1/shops/1001/categories", {}),
    (lambda c: c.category_tree(), "/v1/shops/1001/categories/tree", {}),
    (lambda c: c.tracking_codes(event=Event.PAY_BUTTON, provider=Provider.STAMP),
     "/v1/shops/1001/metrics", {"event": "PAY_BUTTON", "provider": "PROVIDER_STAMP"}),
    (lambda c: c.search_questions(status=QuestionStatus.CLOSED_UNANSWERED,
                                  channel=Channel.MARKETPLACE, q="envío",
                                  order=QuestionOrder.DATE_ASC, limit=20, offset=40),
     "/v1/shops/1001/questions/search",
     {"status": "closed_unanswered", "channel": "marketplace", "q": "envío",
      "orders": "question_date_asc", "limit": "20", "offset": "40"}),
    (lambda c: c.search_threads(thread_id="a b/c", client_id=7, query="hola",
                                order=ThreadOrder.LAST_QUESTION_DATE_ASC),
     "/v1/shops/1001/questions/threads/search",
     {"thread_id": "a b/c", "client_id": "7", "query": "hola",
      "orders": "last_question_date_asc", "limit": "50", "offset": "0"}),
    (lambda c: c.search_orders(status=ContactDataStatus.FIRST_CONTACT, processed=False,
                               paid=True, delivered=False, closed=False,
                               channel=Channel.SHOPFRONT, buyer_feedback=True,
                               seller_feedback=False, feedback=False,
                               shipping=OrderShippingFilter.TO_BE_AGREED,
                               order=OrderOrder.TOTAL_LAST_UPDATED_DESC),
     "/v1/shops/1001/orders/search",
     {"status": "first_contact", "processed": "false", "paid": "true", "delivered": "false",
      "closed": "false", "channel": "shopfront", "buyer_feedback": "true",
      "seller_feedback": "false", "feedback": "false", "shipping": "to_be_agreed",
      "orders": "total_last_updated_desc", "limit": "50", "offset": "0"}),
])
async def test_query_parameters(call: Any, path: str, params: dict[str, str]) -> None:
    rec = Recorder(ok(b"[]" if "search" not in path else b"{}"))
    client, _ = make(rec)
    async with client:
        await call(client)
    request = rec.requests[0]
    assert request.url.path == path
    assert query(request) == {**params, "access_token": TOKEN}


async def test_thread_id_is_escaped_in_the_path() -> None:
    rec = Recorder(ok(sample("thread_by_id")))
    client, _ = make(rec)
    async with client:
        env = await client.thread("th/1 x", order=QuestionOrder.DATE_DESC, limit=5, offset=5)
    assert rec.requests[0].url.raw_path.startswith(b"/v1/shops/1001/questions/threads/th%2F1%20x?")
    assert query(rec.requests[0])["orders"] == "question_date_desc"
    assert env.items[0].questions is not None and len(env.items[0].questions) == 2


async def test_thread_accepts_question_entries_in_results() -> None:
    entries = json.loads(sample("question_search"))
    rec = Recorder(ok(entries))
    client, _ = make(rec)
    async with client:
        env = await client.thread("th-5001")
    thread = env.items[0]
    assert thread.id == "th-5001" and thread.questions is not None
    assert [q.id for q in thread.questions] == [5001, 5002]
    assert env.paging.total == 2


async def test_writes_send_json_bodies() -> None:
    rec = Recorder(ok(sample("tracking_code"), 201))
    client, _ = make(rec)
    draft = TrackingCodeDraft(name="Px", code="<img>", provider=Provider.ADS,
                              event=Event.BUY_BUTTON, options={"k": "v"})
    async with client:
        created = await client.create_tracking_code(draft)
        rec.responses = [ok(sample("tracking_code"))]
        await client.modify_tracking_code(7, TrackingCodeChanges(name="New"),
                                          status=TrackingStatus.INACTIVE)
        rec.responses = [ok(b"", 204)]
        await client.delete_tracking_code(7)
        rec.responses = [ok({"answer": "Sí, hay."})]
        assert await client.answer_question(5001, "Sí, hay.") == "Sí, hay."
        rec.responses = [ok(b"", 204)]
        await client.delete_question(5001)
        rec.responses = [ok(sample("order"))]
        updated = await client.update_invoice("900001", invoiced=True, number="A-1", type="A")
        rec.responses = [ok({"id": 41, "status": "on_route", "tracking_code": "TRK1"})]
        shipping = await client.update_shipping("900001", 41, status=ShippingStatus.ON_ROUTE,
                                                tracking_code="TRK1")
    assert created.id == 7 and updated is not None and updated.id == "900001"
    assert shipping is not None and shipping.status is ShippingStatus.ON_ROUTE
    seen = [(r.method, r.url.path, r.headers.get("content-type"),
             json.loads(r.content) if r.content else None) for r in rec.requests]
    assert seen == [
        ("POST", "/v1/shops/1001/metrics", "application/json",
         {"name": "Px", "code": "<img>", "provider": "PROVIDER_ADS", "event": "BUY_BUTTON",
          "options": {"k": "v"}, "status": "ACTIVE"}),
        ("PUT", "/v1/shops/1001/metrics/7", "application/json",
         {"name": "New", "status": "INACTIVE"}),
        ("DELETE", "/v1/shops/1001/metrics/7", None, None),
        ("PUT", "/v1/shops/1001/questions/5001", "application/json", {"answer": "Sí, hay."}),
        ("DELETE", "/v1/shops/1001/questions/5001", "application/json", None),
        ("PUT", "/v1/shops/1001/orders/900001", "application/json",
         {"invoice": {"invoiced": True, "number": "A-1", "type": "A"}}),
        ("PUT", "/v1/shops/1001/orders/900001/shippings/41", "application/json",
         {"status": "on_route", "tracking_code": "TRK1"}),
    ]
    assert all(query(r) == {"access_token": TOKEN} for r in rec.requests)


async def test_modify_rejects_unknown_fields_before_sending() -> None:
    rec = Recorder(ok(sample("tracking_code")))
    client, _ = make(rec)
    async with client:
        with pytest.raises(TypeError):
            await client.modify_tracking_code(7, colour="red")
    assert rec.requests == []


async def test_write_responses_the_spec_does_not_show_are_optional() -> None:
    rec = Recorder(ok(b"<html>ok</html>"))
    client, _ = make(rec)
    async with client:
        assert await client.update_invoice(1, invoiced=False, number="", type="") is None
        rec.responses = [ok(b"", 200)]
        assert await client.update_shipping(1, 2, status=ShippingStatus.DELIVERED) is None
    assert json.loads(rec.requests[1].content) == {"status": "delivered"}


@pytest.mark.parametrize("response,kind,message", [
    (ok({"error": "invalid event: FOO"}, 400), BadRequest, "invalid event: FOO"),
    (ok({"message": "The question is already answered", "error": "bad_request",
         "status": 400, "cause": []}, 400), BadRequest, "The question is already answered"),
    (ok(b"limit must be a number", 400), BadRequest, "limit must be a number"),
    (ok(b"", 400), BadRequest, BadRequest.default_message),
    (ok(b"<html><body>\n  Conflict\n</body></html>", 409), BadRequest,
     "<html><body> Conflict </body></html>"),
    (ok({"error": "unauthorized"}, 401), AuthError, AuthError.default_message),
    (ok(b"", 403), AuthError, AuthError.default_message),
    (ok(b"<html><h1>403 Forbidden</h1></html>", 403), AuthError, AuthError.default_message),
    (ok({"message": "invalid_token", "error": "not_found", "status": 401}, 401), AuthError,
     TOKEN_EXPIRED),
    (ok(b"Forbidden: invalid access token or shop id", 403), AuthError,
     AUTH_REFUSED_BECAUSE.format(reason="Forbidden: invalid access token or shop id")),
    (ok({"message": "The shop must have a delegated domain", "error": "forbidden",
         "status": 403, "cause": []}, 403), AuthError,
     AUTH_REFUSED_BECAUSE.format(reason="The shop must have a delegated domain")),
    (ok({"message": "Order 1 not found", "error": "not_found"}, 404), NotFound,
     NotFound.default_message),
    (ok(b"gateway", 502), ServerError, ServerError.default_message),
    (ok(b"moved", 302, location="http://elsewhere/"), BadResponse, SERVICE_MOVED),
    (ok(b"\x00{not json", 200), BadResponse, BadResponse.default_message),
    (ok({"id": "not-a-number"}), BadResponse, BadResponse.default_message),
])
async def test_error_mapping(response: httpx.Response, kind: type[ApiError], message: str) -> None:
    rec = Recorder(response)
    client, _ = make(rec, max_retries=0)
    async with client:
        with pytest.raises(kind) as info:
            await client.question(1)
    assert type(info.value) is kind
    assert info.value.message == message
    assert info.value.status == response.status_code


async def test_server_words_are_kept_for_the_log() -> None:
    rec = Recorder(ok({"message": "Order 1 not found", "error": "not_found"}, 404))
    client, _ = make(rec)
    async with client:
        with pytest.raises(NotFound) as info:
            await client.order(1)
    assert info.value.detail == "GET /shops/1001/orders/1 -> 404: Order 1 not found"


@pytest.mark.parametrize("exc", [
    httpx.ConnectError("connection refused"),
    httpx.ConnectTimeout("connect timed out"),
    httpx.ReadTimeout("read timed out"),
    httpx.RemoteProtocolError("peer closed connection without sending complete message body"),
    httpx.ReadError("connection reset"),
    OSError("name or service not known"),
])
async def test_transport_failures_are_offline(exc: Exception) -> None:
    rec = Recorder(exc)
    client, sleeps = make(rec, max_retries=2)
    async with client:
        with pytest.raises(Offline) as info:
            await client.shop()
    # No connection at all (refused, connect timeout): one more try only; the rest: all.
    tries = 2 if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout) else 3
    assert info.value.unreachable is (tries == 2)
    assert len(rec.requests) == tries and len(sleeps) == tries - 1


async def test_unexpected_exception_is_still_an_api_error() -> None:
    rec = Recorder(RuntimeError("boom"))
    client, _ = make(rec, max_retries=0)
    async with client:
        with pytest.raises(ApiError):
            await client.shop()


async def test_reads_retry_5xx_with_the_policy_backoff_then_succeed() -> None:
    rec = Recorder(ok(b"", 503), ok(b"", 502), ok(sample("shop")))
    client, sleeps = make(rec, max_retries=3, read_retry=READ_RETRY)
    async with client:
        shop = await client.shop()
    assert shop.id == 1001 and len(rec.requests) == 3
    # READ_RETRY: 0.5 s doubling, 50 % jitter below the ceiling.
    assert 0.25 <= sleeps[0] <= 0.5 and 0.5 <= sleeps[1] <= 1.0


async def test_backoff_is_capped() -> None:
    rec = Recorder(ok(b"", 503))
    client, sleeps = make(rec, max_retries=6, read_retry=Backoff(first=1, cap=2))
    async with client:
        with pytest.raises(ServerError):
            await client.shop()
    assert len(rec.requests) == 7 and max(sleeps) <= 2


async def test_by_default_a_read_is_tried_read_attempts_times() -> None:
    rec = Recorder(ok(b"", 503))
    client, sleeps = make(rec)
    async with client:
        with pytest.raises(ServerError):
            await client.shop()
    assert len(rec.requests) == READ_ATTEMPTS and len(sleeps) == READ_ATTEMPTS - 1


async def test_rate_limit_exhausted_reports_retry_after() -> None:
    # A 429 uses up no attempt (the pacer slows down, the read waits): only a service that
    # refuses RATE_LIMITED_TRIES times in a row fails the read.
    rec = Recorder(ok({"message": "Too many requests", "error": "too_many_requests"}, 429,
                      **{"Retry-After": "7"}))
    client, sleeps = make(rec, max_retries=1)
    async with client:
        with pytest.raises(RateLimited) as info:
            await client.categories()
    assert info.value.retry_after == 7.0 and len(rec.requests) == RATE_LIMITED_TRIES
    assert sleeps == []  # the pacer's pause did the waiting


@pytest.mark.parametrize("response", [ok(b"", 503), ok(b"", 429), httpx.ReadTimeout("t")])
async def test_writes_are_never_retried(response: httpx.Response | Exception) -> None:
    rec = Recorder(response)
    client, sleeps = make(rec, max_retries=5)
    async with client:
        with pytest.raises((ServerError, RateLimited, Offline)):
            await client.answer_question(1, "hola")
        with pytest.raises((ServerError, RateLimited, Offline)):
            await client.delete_question(1)
    assert len(rec.requests) == 2 and sleeps == []


async def test_bad_request_and_auth_are_not_retried() -> None:
    rec = Recorder(ok(b"no", 400))
    client, _ = make(rec, max_retries=5)
    async with client:
        with pytest.raises(BadRequest):
            await client.shop()
        rec.responses = [ok(b"no", 403)]
        with pytest.raises(AuthError):
            await client.shop()
    assert len(rec.requests) == 2


async def test_token_is_in_no_repr_or_error() -> None:
    url = f"http://shop.test/v1/shops/1001?access_token={TOKEN}"
    rec = Recorder(ok({"message": f"bad token {TOKEN} for {url}"}, 400))
    client, _ = make(rec, max_retries=0)
    assert TOKEN not in repr(client) and TOKEN not in str(vars(client))
    async with client:
        with pytest.raises(BadRequest) as info:
            await client.shop()
        rec.responses = [httpx.ConnectError(f"cannot reach {url}")]
        with pytest.raises(Offline) as offline:
            await client.shop()
    for err in (info.value, offline.value):
        text = " ".join([str(err), repr(err), err.message, err.detail])
        assert TOKEN not in text
        assert err.__cause__ is None and err.__context__ is None
    assert "REDACTED" in info.value.message


async def test_set_token_uses_the_new_one() -> None:
    rec = Recorder(ok(sample("shop")))
    client, _ = make(rec)
    async with client:
        client.set_token("another-secret-token")
        await client.shop()
    assert query(rec.requests[0])["access_token"] == "another-secret-token"


async def test_base_url_with_v1_is_not_doubled() -> None:
    rec = Recorder(ok(sample("shop")))
    client = ShopClient("http://shop.test/v1/", 1001, TOKEN, transport=httpx.MockTransport(rec),
                        pacer=NoPacer())
    async with client:
        await client.shop()
    assert rec.requests[0].url.path == "/v1/shops/1001"


async def test_concurrency_is_capped() -> None:
    import asyncio

    active, peak = 0, 0

    async def handler(request: httpx.Request) -> httpx.Response:
        nonlocal active, peak
        active += 1
        peak = max(peak, active)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        active -= 1
        return ok(sample("shop"))

    client = ShopClient("http://shop.test", 1001, TOKEN, max_concurrency=2,
                        transport=httpx.MockTransport(handler), pacer=NoPacer())
    async with client:
        await asyncio.gather(*(client.shop() for _ in range(10)))
    assert peak == 2


async def test_decimal_options_go_out_as_numbers() -> None:
    from decimal import Decimal

    rec = Recorder(ok(sample("tracking_code")))
    client, _ = make(rec)
    async with client:
        await client.modify_tracking_code(7, options={"value": Decimal("1.10")})
    assert rec.requests[0].content == b'{"options":{"value":1.10}}'
