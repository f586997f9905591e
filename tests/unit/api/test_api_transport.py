"""The transport under the field's conditions, over httpx.MockTransport with a fake clock:
pacing of every request, 429 pauses for everyone, long holds rescheduled, the token on the
wire (Bearer + query), redirects, undecodable bodies, pictures."""

from __future__ import annotations

import asyncio
import gzip
import logging
from collections.abc import Callable

import httpx
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import (
    SERVICE_MOVED,
    BadResponse,
    NotFound,
    Offline,
    RateLimited,
)
from sellerdesk.policy import HOLD_MAX, READ_RETRY, UNREACHABLE_TRIES, Backoff

from .fakes import FakeClock, fake_pacer, respond

TOKEN = "transport-secret-token-77"
SHOP = b'{"id": 1001}'


class Server:
    """Answers from `answer(request)`, noting when (fake clock) each request arrived."""

    def __init__(self, clock: FakeClock,
                 answer: Callable[[httpx.Request], httpx.Response] | None = None) -> None:
        self.clock = clock
        self.answer = answer or (lambda request: httpx.Response(200, content=SHOP))
        self.seen: list[tuple[float, httpx.Request]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.seen.append((self.clock.now, request))
        return self.answer(request)

    @property
    def times(self) -> list[float]:
        return [t for t, _ in self.seen]


def client_on(server: Server, clock: FakeClock, *, rate: float = 5.0, burst: int = 5,
              **kwargs: object) -> ShopClient:
    client = ShopClient("http://shop.test", 1001, TOKEN, transport=httpx.MockTransport(server),
                        pacer=fake_pacer(clock, rate, burst),
                        read_retry=kwargs.pop("read_retry", READ_RETRY), **kwargs)  # type: ignore[arg-type]
    client._t.sleep = clock.sleep
    return client


# --- pacing ------------------------------------------------------------------------------------

async def test_every_request_reads_and_writes_takes_its_turn_from_the_pacer() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: respond({"answer": "ok"} if r.method == "PUT" else
                                             {"id": 1001}))
    async with client_on(server, clock) as client:
        calls = [client.shop() for _ in range(12)] + [client.answer_question(i, "sí")
                                                      for i in range(8)]
        await asyncio.gather(*calls)
    times = server.times
    assert len(times) == 20
    start = times[0]
    # A burst of 5, then one every 0.2 s: never more than 5 + 5 in any second.
    for t in times:
        assert len([u for u in times if t <= u < t + 1.0]) <= 10
    assert max(times) - start == pytest.approx((20 - 5) / 5.0)
    assert len([w for w in clock.slept if w > 1e-6]) == 15  # 15 waited for a slot (virtually)


async def test_a_429_with_retry_after_pauses_every_request_of_the_shop() -> None:
    clock = FakeClock()
    told = False

    def answer(request: httpx.Request) -> httpx.Response:
        nonlocal told
        if not told:
            told = True
            return respond({"error": "too_many_requests"}, 429, **{"Retry-After": "12"})
        return respond({"id": 1001})

    server = Server(clock, answer)
    client = client_on(server, clock, rate=5.0, burst=1)
    resumes: list[object] = []
    client.pacer.listeners.append(resumes.append)
    async with client:
        first = asyncio.create_task(client.shop())
        await asyncio.sleep(0)
        others = [asyncio.create_task(client.shop()) for _ in range(4)]
        await asyncio.gather(first, *others)
    t429 = server.times[0]
    after = server.times[1:]
    assert len(after) == 5
    assert all(t >= t429 + 12.0 for t in after)  # nobody went before the pause ended
    assert resumes[0] is not None and resumes[-1] is None  # "resuming at ..." then resumed


async def test_a_429_without_retry_after_pauses_for_the_policy_backoff() -> None:
    clock = FakeClock()
    answers = [respond({}, 429), respond({}, 429), respond({"id": 1001})]
    server = Server(clock, lambda r: answers.pop(0))
    async with client_on(server, clock) as client:
        shop = await client.shop()
    assert shop.id == 1001
    t = server.times
    first_gap, second_gap = t[1] - t[0], t[2] - t[1]
    assert READ_RETRY.ceiling(1) / 2 <= first_gap <= READ_RETRY.ceiling(1) + 0.2
    assert READ_RETRY.ceiling(2) / 2 <= second_gap <= READ_RETRY.ceiling(2) + 0.2


async def test_a_long_retry_after_raises_at_once_and_holds_the_shop() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: respond({}, 429, **{"Retry-After": "120"}))
    async with client_on(server, clock) as client:
        with pytest.raises(RateLimited) as info:
            await client.shop()
        assert info.value.retry_after == 120.0
        assert len(server.seen) == 1 and clock.slept == []  # no retry, no sleeping
        # Every other request of the shop is rescheduled without being sent.
        with pytest.raises(RateLimited) as held:
            await client.search_orders()
        assert held.value.retry_after == pytest.approx(120.0)
        assert len(server.seen) == 1
        resume = client.pacer.resume_at()
        assert resume is not None and (resume - clock.wall()).total_seconds() == 120.0
        clock.now += 121.0
        server.answer = lambda r: respond({"id": 1001})
        assert (await client.shop()).id == 1001


async def test_retry_after_up_to_hold_max_is_waited_through_the_pacer() -> None:
    clock = FakeClock()
    answers = [respond({}, 429, **{"Retry-After": str(int(HOLD_MAX))}), respond({"id": 1001})]
    server = Server(clock, lambda r: answers.pop(0))
    async with client_on(server, clock) as client:
        assert (await client.shop()).id == 1001
    assert server.times[1] - server.times[0] == pytest.approx(HOLD_MAX)


async def test_a_write_answered_429_is_not_resent_and_pauses_the_shop() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: respond({}, 429, **{"Retry-After": "5"}))
    async with client_on(server, clock) as client:
        with pytest.raises(RateLimited) as info:
            await client.answer_question(1, "hola")
        assert info.value.retry_after == 5.0 and len(server.seen) == 1
        assert client.pacer.resume_at() is not None


async def test_offline_retries_use_read_retry_then_give_up() -> None:
    clock = FakeClock()

    def answer(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadError("connection dropped mid-answer")

    server = Server(clock, answer)
    async with client_on(server, clock, read_retry=Backoff(first=1.0, cap=4.0)) as client:
        with pytest.raises(Offline):
            await client.shop()
    assert len(server.seen) == 4  # READ_ATTEMPTS
    waits = [b - a for a, b in zip(server.times, server.times[1:], strict=False)]
    assert [0.5 <= waits[0] <= 1.2, 1.0 <= waits[1] <= 2.2, 2.0 <= waits[2] <= 4.2] == [True] * 3


async def test_a_service_that_cannot_be_reached_is_tried_once_more_only() -> None:
    """No connection at all (refused): one more try, then the caller's own schedule (the
    outbox's backoff, the next sync): an offline command does not wait seconds on reads."""
    clock = FakeClock()

    def answer(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused")

    server = Server(clock, answer)
    async with client_on(server, clock, read_retry=Backoff(first=1.0, cap=4.0)) as client:
        with pytest.raises(Offline) as info:
            await client.shop()
    assert info.value.unreachable
    assert len(server.seen) == UNREACHABLE_TRIES == 2


# --- the token on the wire ---------------------------------------------------------------------

async def test_the_token_goes_as_bearer_and_query_on_every_request() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: respond([] if r.url.path.endswith(("categories", "metrics"))
                                             else {"answer": "x"} if r.method == "PUT"
                                             else {}))
    async with client_on(server, clock) as client:
        await client.categories()
        await client.tracking_codes()
        await client.search_orders()
        await client.answer_question(5, "x")
        await client.delete_tracking_code(3)
    for _, request in server.seen:
        assert request.headers["Authorization"] == f"Bearer {TOKEN}"
        assert request.url.params["access_token"] == TOKEN


async def test_redirect_is_bad_response_and_its_target_is_logged_without_token(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    target = f"https://api.elsewhere.test/v2/shops/1001?access_token={TOKEN}"
    server = Server(clock, lambda r: respond(b"", 301, Location=target))
    caplog.set_level(logging.DEBUG)
    async with client_on(server, clock) as client:
        with pytest.raises(BadResponse) as info:
            await client.shop()
    assert info.value.message == SERVICE_MOVED and info.value.status == 301
    assert len(server.seen) == 1  # not retried, not followed
    assert "https://api.elsewhere.test/v2/shops/1001" in caplog.text
    assert TOKEN not in caplog.text and TOKEN not in info.value.detail


@pytest.mark.parametrize("body,headers", [
    (b"\x1f\x8b\x08\x00garbage-not-gzip", {"Content-Encoding": "gzip"}),
    # mtime=0: a fixed body, so every xdist worker collects the same test id
    (gzip.compress(b'{"id": 1001', mtime=0)[:-6], {"Content-Encoding": "gzip"}),
    (b'{"id": 10', {}),
    (b"<html>maintenance</html>", {"Content-Type": "text/html"}),
], ids=["not-gzip", "truncated-gzip", "truncated-json", "html"])
async def test_an_undecodable_body_is_could_not_read_not_offline(
        body: bytes, headers: dict[str, str]) -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: httpx.Response(200, content=body, headers=headers))
    async with client_on(server, clock) as client:
        with pytest.raises(BadResponse) as info:
            await client.shop()
    assert info.value.message == BadResponse.default_message
    assert len(server.seen) == 1
    assert not isinstance(info.value.__context__, httpx.HTTPError)  # chains no request/URL


async def test_a_good_gzip_body_is_read() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: httpx.Response(
        200, content=gzip.compress(SHOP), headers={"Content-Encoding": "gzip"}))
    async with client_on(server, clock) as client:
        assert (await client.shop()).id == 1001


# --- pictures ------------------------------------------------------------------------------

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 100


async def test_a_picture_on_another_host_gets_no_token() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: httpx.Response(200, content=PNG))
    async with client_on(server, clock) as client:
        data = await client.fetch_image("https://img.cdn.test/p/1-thumb.webp?size=s")
    assert data == PNG
    request = server.seen[0][1]
    assert "authorization" not in request.headers and "access_token" not in request.url.params
    assert request.url.params["size"] == "s" and request.headers["Accept"] == "image/*"
    assert TOKEN not in str(request.url) and TOKEN not in str(request.headers)


async def test_a_picture_on_the_api_host_carries_the_token_but_not_past_a_redirect() -> None:
    clock = FakeClock()

    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.host == "shop.test":
            return respond(b"", 302, Location="https://img.cdn.test/real.png")
        return httpx.Response(200, content=PNG)

    server = Server(clock, answer)
    async with client_on(server, clock) as client:
        assert await client.fetch_image("http://shop.test/pictures/1.png") == PNG
    own, foreign = server.seen[0][1], server.seen[1][1]
    assert own.url.params["access_token"] == TOKEN and own.headers["Authorization"]
    assert "authorization" not in foreign.headers and "access_token" not in foreign.url.params


async def test_pictures_are_paced_with_everything_else() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: httpx.Response(200, content=PNG))
    async with client_on(server, clock, burst=1) as client:
        await asyncio.gather(*(client.fetch_image(f"https://img.cdn.test/{i}.png")
                               for i in range(5)))
    assert max(server.times) - min(server.times) == pytest.approx(4 * 0.2)


@pytest.mark.parametrize("url", ["ftp://img.cdn.test/a.png", "file:///etc/passwd",
                                 "javascript:alert(1)", "data:image/png;base64,AAAA",
                                 "not a url", "//img.cdn.test/a.png", ""])
async def test_only_http_pictures_are_fetched(url: str) -> None:
    clock = FakeClock()
    server = Server(clock)
    async with client_on(server, clock) as client:
        with pytest.raises(BadResponse):
            await client.fetch_image(url)
    assert server.seen == []


async def test_a_picture_over_max_bytes_is_refused() -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: httpx.Response(200, content=b"x" * 5000))
    async with client_on(server, clock) as client:
        with pytest.raises(BadResponse):
            await client.fetch_image("https://img.cdn.test/big.png", max_bytes=4096)
        assert len(await client.fetch_image("https://img.cdn.test/big.png",
                                            max_bytes=5000)) == 5000


@pytest.mark.parametrize("status", [401, 403, 404])
async def test_a_refused_picture_is_not_found_not_a_token_problem(status: int) -> None:
    clock = FakeClock()
    server = Server(clock, lambda r: respond({"message": "invalid_token"}, status))
    async with client_on(server, clock) as client:
        with pytest.raises(NotFound):
            await client.fetch_image("https://img.cdn.test/gone.png")
    assert len(server.seen) == 1


@pytest.mark.parametrize("token", ["a+b/c=d e&f?g#h%2F", "APP_USR-1234-abc|x~"])
async def test_the_url_is_the_one_httpx_would_build_from_params(token: str) -> None:
    """The transport writes the absolute URL itself (one parse instead of three): it must be
    what a base URL and `params` give, for any token and any query value."""
    clock = FakeClock()
    server = Server(clock, lambda r: respond({"paging": {"total": 0}, "results": []}))
    client = ShopClient("http://shop.test:8080/base", 1001, token,
                        transport=httpx.MockTransport(server), pacer=fake_pacer(clock, 5, 5))
    async with client:
        await client.search_questions(q="hola & adiós?#/ 100%", limit=7)
    (_, request), = server.seen
    reference = httpx.Client(base_url="http://shop.test:8080/base/v1").build_request(
        "GET", "/shops/1001/questions/search",
        params={"q": "hola & adiós?#/ 100%", "limit": "7", "offset": "0",
                "access_token": token})
    assert str(request.url) == str(reference.url)
    assert request.url.params["access_token"] == token
