"""A hostile server through the real client and transport over loopback: answers that never
end, inflate without end or lie about their length leave as one clean `ApiError`, within the
cap (`policy.MAX_RESPONSE_BYTES`) and the deadline (`policy.REQUEST_DEADLINE`), and the
client's memory stays bounded (measured in a child process: its own peak RSS)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from sellerdesk import policy
from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import (
    AnswerTooLarge,
    AnswerTooSlow,
    ApiError,
    NotFound,
    Offline,
    ServerError,
)
from sellerdesk.api.oauth import refresh_grant
from sellerdesk.api.responses import Bounds
from sellerdesk.api.tokens import OAuthGrant
from tests.support.hostile import (
    Answer,
    HostileServer,
    MiB,
    Switch,
    body,
    gzip,
    gzip_bomb,
    trickle,
)
from tests.support.peak import run_measured

ROOT = Path(__file__).resolve().parents[3]
NO_WAIT = policy.Backoff(first=0.0, cap=0.0)
JSON = (("Content-Type", "application/json"),)


@pytest.fixture(scope="module")
def switch() -> Switch:
    return Switch()


@pytest.fixture(scope="module")
def hostile(switch: Switch) -> Iterator[HostileServer]:
    with HostileServer(switch) as server:
        yield server


def client(server: HostileServer, *, cap: int = MiB, deadline: float = 30.0,
           retries: int = 0) -> ShopClient:
    return ShopClient(server.url, 1, "wire-token", max_retries=retries, pacer=policy.NoPacer(),
                      read_retry=NO_WAIT, max_response_bytes=cap, deadline=deadline)


async def fails(server: HostileServer, switch: Switch, answer: Answer, *, call: str = "shop",
                **kw: object) -> ApiError:
    switch.answer = answer
    server.requests.clear()
    async with client(server, **kw) as shop:  # type: ignore[arg-type]
        with pytest.raises(ApiError) as info:
            if call == "answer":
                await shop.answer_question(1, "hello")
            elif call == "picture":
                await shop.fetch_image(f"{server.url}/pic.png", max_bytes=100_000)
            else:
                await getattr(shop, call)()
    return info.value


async def test_a_gzip_bomb_is_too_large_and_not_retried(hostile: HostileServer,
                                                        switch: Switch) -> None:
    error = await fails(hostile, switch, body(gzip_bomb(), coding="gzip"), retries=3)
    assert type(error) is AnswerTooLarge
    assert error.message == ("The shop service sent an answer larger than 1 MB, so SellerDesk "
                             "stopped reading it.")
    assert len(hostile.requests) == 1  # the same request would bring the same bomb


async def test_a_size_announced_over_the_cap_is_refused_unread(hostile: HostileServer,
                                                              switch: Switch) -> None:
    answer = Answer(headers=JSON, pieces=trickle(), pause=0.05, length=5 * 10**9)
    assert type(await fails(hostile, switch, answer)) is AnswerTooLarge


@pytest.mark.parametrize("framing", ["close", "chunked"])
async def test_a_body_without_end_is_cut_at_the_cap(hostile: HostileServer, switch: Switch,
                                                    framing: str) -> None:
    answer = Answer(headers=JSON, pieces=trickle(64 * 1024), framing=framing)
    assert type(await fails(hostile, switch, answer)) is AnswerTooLarge


async def test_a_slow_trickle_is_cut_at_the_deadline_and_retried_as_a_timeout(
        hostile: HostileServer, switch: Switch) -> None:
    # One byte every 20 ms: httpx's timeout (per chunk) never trips, the whole-request one does.
    answer = Answer(headers=JSON, pieces=trickle(1), pause=0.02, framing="close")
    error = await fails(hostile, switch, answer, deadline=0.3, retries=1)
    assert type(error) is AnswerTooSlow and isinstance(error, Offline)
    assert error.message == ("The shop service took longer than 0.3 s to answer, so "
                             "SellerDesk stopped waiting.")
    assert len(hostile.requests) == 2  # a GET that timed out is tried again


async def test_headers_that_never_come_are_cut_at_the_deadline(hostile: HostileServer,
                                                               switch: Switch) -> None:
    error = await fails(hostile, switch, Answer(stall=True), deadline=0.3)
    assert type(error) is AnswerTooSlow


async def test_a_write_is_bounded_too_and_sent_once(hostile: HostileServer,
                                                    switch: Switch) -> None:
    error = await fails(hostile, switch, body(gzip_bomb(), coding="gzip"), call="answer",
                        retries=3)
    assert type(error) is AnswerTooLarge and len(hostile.requests) == 1


@pytest.mark.parametrize("status,expected", [(404, NotFound), (500, ServerError)])
@pytest.mark.parametrize("kind", ["bomb", "endless", "bad-gzip", "br"])
async def test_a_refusal_keeps_its_class_whatever_its_body(
        hostile: HostileServer, switch: Switch, status: int, expected: type[ApiError],
        kind: str) -> None:
    answer = {
        "bomb": body(gzip_bomb(), status=status, coding="gzip"),
        "endless": Answer(status=status, headers=JSON, pieces=trickle(64 * 1024),
                          framing="close"),
        "bad-gzip": body(b"\x1f\x8bnot really", status=status, coding="gzip"),
        "br": body(b"\x8b\x02\x80{}\x03", status=status, coding="br"),
    }[kind]
    assert type(await fails(hostile, switch, answer)) is expected


async def test_a_picture_keeps_its_own_cap(hostile: HostileServer, switch: Switch) -> None:
    picture = Answer(headers=(("Content-Type", "image/png"), ("Content-Encoding", "gzip")),
                     pieces=lambda: [gzip(bytes(200_000))])
    error = await fails(hostile, switch, picture, call="picture", cap=16 * MiB)
    assert type(error) is AnswerTooLarge and "97.7 kB" in error.message


async def test_the_token_endpoint_is_bounded(hostile: HostileServer, switch: Switch) -> None:
    switch.answer = body(gzip_bomb(), coding="gzip")
    grant = OAuthGrant(client_id="app", client_secret="secret", refresh_token="refresh",
                       access_token="old", expires_at=datetime.now(UTC) - timedelta(1),
                       token_url=f"{hostile.url}/oauth/token")
    async with httpx.AsyncClient() as http:
        with pytest.raises(AnswerTooLarge):
            await refresh_grant(http, grant, bounds=Bounds(MiB, 30.0))


async def test_an_answer_within_bounds_is_read_as_ever(hostile: HostileServer,
                                                       switch: Switch) -> None:
    shop = (Path(__file__).parent / "samples" / "shop.json").read_bytes()
    switch.answer = Answer(headers=(*JSON, ("Content-Encoding", "gzip")), framing="chunked",
                           pieces=lambda: [gzip(shop)])
    async with client(hostile) as api:
        assert (await api.shop()).shop_name == "Tienda Sol"


# --- memory, in a child process -------------------------------------------------------------

# Each read's path, and what the server answers there.
PATHS = {
    # ~1 MB of gzip, 1 GiB of zeros once inflated
    "/v1/shops/1": lambda: body(gzip_bomb(), coding="gzip"),
    # 5 GB announced, 1 MiB every 50 ms
    "/v1/shops/1/orders/search": lambda: Answer(headers=JSON, pieces=trickle(MiB), pause=0.05,
                                                length=5 * 10**9),
    # the same trickle, its size unsaid
    "/v1/shops/1/questions/search": lambda: Answer(headers=JSON, pieces=trickle(MiB),
                                                   pause=0.05, framing="close"),
    # 1 KiB every 50 ms: the cap is far, the deadline (1 s, given to that read) is not
    "/v1/shops/1/questions/threads/search": lambda: Answer(headers=JSON, pieces=trickle(1024),
                                                           pause=0.05, framing="close"),
}


def by_path(method: str, target: str) -> Answer:
    return PATHS[target.split("?")[0]]()


def test_bombs_and_trickles_cost_a_child_process_little_memory() -> None:
    assert len(gzip_bomb()) < 1.1e6
    with HostileServer(by_path) as server:
        finished = run_measured(
            [sys.executable, "-m", "tests.support.wire_worker", server.url, "shop",
             "search_orders", "search_questions",
             f"search_threads:{policy.MAX_RESPONSE_BYTES}:1.0"], cwd=ROOT, timeout=120,
            address_space=3 << 30)  # a regression fails here, not the machine's memory
    assert finished.returncode == 0, finished.stderr[-2000:]
    outcomes = {o["call"]: o for o in map(json.loads, finished.stdout.splitlines())}
    assert {call: o.get("error") for call, o in outcomes.items()} == {
        "shop": "AnswerTooLarge", "search_orders": "AnswerTooLarge",
        "search_questions": "AnswerTooLarge", "search_threads": "AnswerTooSlow"}
    assert outcomes["shop"]["message"] == AnswerTooLarge.default_message  # 16 MB
    assert outcomes["search_threads"]["message"] == ("The shop service took longer than 1 s "
                                                     "to answer, so SellerDesk stopped waiting.")
    # The client with its imports takes ~50 MB, a body at the cap 16 MiB more; old main took
    # the bomb alone to gigabytes.
    assert finished.peak_rss < 200e6, f"peak RSS {finished.peak_mb:.0f} MB"


async def test_only_the_codings_read_within_the_cap_are_asked_for(hostile: HostileServer,
                                                                  switch: Switch) -> None:
    asked: list[str] = []

    async def note(request: httpx.Request) -> None:  # as the request leaves
        asked.append(request.headers["Accept-Encoding"])

    switch.answer = body((Path(__file__).parent / "samples" / "shop.json").read_bytes())
    async with client(hostile) as api:
        api._t.http.event_hooks["request"] = [note]
        await api.shop()
    assert asked == ["gzip, deflate"]


# --- the fast path: a plain answer, its length declared ---------------------------------------

SHOP = (Path(__file__).parent / "samples" / "shop.json").read_bytes()


async def test_a_plain_answer_of_declared_length_is_read_whole(hostile: HostileServer,
                                                              switch: Switch) -> None:
    switch.answer = Answer(headers=JSON, pieces=lambda: [SHOP[:100], SHOP[100:]])
    async with client(hostile, cap=len(SHOP)) as api:
        assert (await api.shop()).shop_name == "Tienda Sol"


async def test_a_declared_length_one_byte_over_the_cap_is_refused(hostile: HostileServer,
                                                                  switch: Switch) -> None:
    answer = Answer(headers=JSON, pieces=lambda: [SHOP])
    assert type(await fails(hostile, switch, answer, cap=len(SHOP) - 1)) is AnswerTooLarge


async def test_a_small_declared_length_is_all_that_is_read(hostile: HostileServer,
                                                          switch: Switch) -> None:
    # It says 2 bytes, then sends 2 MiB: the answer is the 2 bytes said.
    switch.answer = Answer(headers=JSON, pieces=lambda: [b"{}", *trickle(MiB, 2)()],
                           length=2)
    async with client(hostile, cap=MiB) as api:
        response = await api._t.request("GET", "/shops/1")
    assert response.content == b"{}" and response.headers["Content-Length"] == "2"


async def test_cookies_an_answer_sets_are_kept(hostile: HostileServer,
                                               switch: Switch) -> None:
    switch.answer = Answer(headers=(*JSON, ("Set-Cookie", "lb=node-2; Path=/")),
                           pieces=lambda: [SHOP])
    async with client(hostile) as api:
        await api.shop()
        assert api._http.cookies.get("lb") == "node-2"
