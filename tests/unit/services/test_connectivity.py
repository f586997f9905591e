"""Online / offline from real requests' outcomes: offline shows as soon as a request cannot
reach the service, the probe's tries never flip the state back and forth, any answer brings
it back. Counted in state changes and probe tries, never in seconds."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from sellerdesk.policy import Backoff
from sellerdesk.services.connectivity import Connection, Connectivity, Retry
from sellerdesk.services.types import AuthError, NotFound, Offline, ServerError
from sellerdesk.services.watched import WatchedTransport

QUICK = Backoff(first=0.001, cap=0.001, jitter=0.0)  # the probe tries again at once


class Probe:
    """Fails with Offline until told to answer; counts its tries."""

    def __init__(self) -> None:
        self.tries = 0
        self.answer = False
        self.tried = asyncio.Event()

    async def __call__(self) -> None:
        self.tries += 1
        self.tried.set()
        if not self.answer:
            raise Offline()


async def until(probe: Probe, tries: int) -> None:
    while probe.tries < tries:
        probe.tried.clear()
        await asyncio.wait_for(probe.tried.wait(), 30)


async def test_offline_at_once_and_no_flicker_while_the_probe_fails() -> None:
    probe = Probe()
    conn = Connectivity(probe, policy=QUICK)
    states: list[Connection] = []
    retries: list[Retry | None] = []
    conn.changed.connect(states.append)
    conn.retry_changed.connect(retries.append)
    conn.report_failure(Offline())
    assert states == [Connection.OFFLINE]  # at once, before any probe
    await until(probe, 5)
    assert states == [Connection.OFFLINE]  # five failed tries: still one change
    assert conn.retry is not None
    assert any(r is not None and r.in_flight for r in retries)
    assert any(r is not None and r.next_at is not None for r in retries)
    probe.answer = True
    came_back = asyncio.Event()
    conn.came_back.connect(lambda _: came_back.set())
    await asyncio.wait_for(came_back.wait(), 30)
    assert states == [Connection.OFFLINE, Connection.ONLINE]
    assert conn.retry is None and retries[-1] is None
    await conn.aclose()


async def test_any_answer_means_online_but_a_struggling_server_says_nothing() -> None:
    conn = Connectivity(Probe(), policy=QUICK)
    conn.report_failure(Offline())
    conn.report_failure(ServerError(status=503))
    assert conn.state is Connection.OFFLINE
    conn.report_failure(NotFound(status=404))
    assert conn.online
    conn.report_failure(Offline())
    conn.report_failure(AuthError(status=401))  # the server answered, if only to refuse
    assert conn.online
    await conn.aclose()


async def test_a_nudge_tries_at_once() -> None:
    probe = Probe()
    conn = Connectivity(probe, policy=Backoff(first=3600.0, cap=3600.0, jitter=0.0))
    conn.report_failure(Offline())
    await asyncio.sleep(0)
    assert probe.tries == 0  # the first try is an hour away
    conn.nudge()
    await until(probe, 1)
    await conn.aclose()


@pytest.mark.parametrize(("status", "online"), [(200, True), (404, True), (503, None),
                                                (429, None)])
async def test_the_transport_reports_every_answer(status: int, online: bool | None) -> None:
    conn = Connectivity(Probe(), policy=QUICK)
    conn.report_failure(Offline())
    watch = WatchedTransport(httpx.MockTransport(lambda request: httpx.Response(status)))
    watch.connectivity = conn
    async with httpx.AsyncClient(transport=watch, base_url="http://shop.test") as client:
        await client.get("/v1/shops/1")
    assert conn.online is bool(online)
    await conn.aclose()


async def test_the_transport_reports_a_lost_connection_at_once() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    conn = Connectivity(Probe(), policy=Backoff(first=3600.0, cap=3600.0))
    states: list[Connection] = []
    conn.changed.connect(states.append)
    watch = WatchedTransport(httpx.MockTransport(refuse))
    watch.connectivity = conn
    async with httpx.AsyncClient(transport=watch, base_url="http://shop.test") as client:
        with pytest.raises(httpx.ConnectError):
            await client.get("/v1/shops/1")
    assert states == [Connection.OFFLINE]
    await conn.aclose()


async def test_a_picture_host_out_of_reach_leaves_the_shop_online() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.host != "shop.test":
            raise httpx.ConnectError("no such host", request=request)
        return httpx.Response(200, json={"id": 1})

    conn = Connectivity(Probe(), policy=Backoff(first=3600.0, cap=3600.0))
    states: list[Connection] = []
    conn.changed.connect(states.append)
    watch = WatchedTransport(httpx.MockTransport(answer))
    watch.connectivity, watch.service_host = conn, "shop.test"
    async with httpx.AsyncClient(transport=watch, base_url="http://shop.test") as client:
        await client.get("/v1/shops/1")
        with pytest.raises(httpx.ConnectError):
            await client.get("https://img.example.test/p/1-thumb.webp")
    assert conn.online and Connection.OFFLINE not in states
    await conn.aclose()


async def test_the_http_transport_is_made_once_when_first_needed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Made by `prepare` (the window's warm-up thread) or the first request, once; a
    session closed before either makes none."""
    made: list[httpx.AsyncBaseTransport] = []

    def make(**kwargs: object) -> httpx.AsyncBaseTransport:
        made.append(httpx.MockTransport(lambda request: httpx.Response(200)))
        return made[-1]

    monkeypatch.setattr(httpx, "AsyncHTTPTransport", make)
    unused = WatchedTransport()
    await unused.aclose()
    watch = WatchedTransport()
    assert made == []
    await asyncio.to_thread(watch.prepare)
    assert len(made) == 1
    async with httpx.AsyncClient(transport=watch, base_url="http://shop.test") as client:
        assert (await client.get("/v1/shops/1")).status_code == 200
        await client.get("/v1/shops/1")
    assert len(made) == 1
