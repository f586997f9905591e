"""The heartbeat against a plain TCP server on loopback: a lost connection is followed by one
cheap probe, requests in flight speak first, a heartbeat that never connected never turns the
shop offline, a server that drops idle connections is not connected to in a tight loop, and
the bound promised (offline within 10 s) is what the pieces add up to."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import socket
import sys
from collections.abc import AsyncIterator

import pytest

from sellerdesk import policy
from sellerdesk.api.errors import Offline
from sellerdesk.services.connectivity import Connection, Connectivity
from sellerdesk.services.heartbeat import Heartbeat, direct, keep_alive


class Service:
    """A TCP server that accepts and holds connections (or drops them at once)."""

    def __init__(self, *, drop: bool = False) -> None:
        self.drop = drop
        self.accepted = 0
        self.server: asyncio.Server | None = None
        self.port = 0
        self._open: list[asyncio.StreamWriter] = []

    async def _serve(self, _reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        if self.drop:
            writer.close()
        else:
            self._open.append(writer)

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in self._open:
            writer.close()
        self._open.clear()
        await self.server.wait_closed()


@pytest.fixture
async def service() -> AsyncIterator[Service]:
    s = Service()
    await s.start()
    yield s
    with contextlib.suppress(Exception):
        await s.stop()


async def _never_answers() -> object:
    raise Offline()


def _offline_event(conn: Connectivity) -> asyncio.Event:
    event = asyncio.Event()
    conn.changed.connect(lambda state: event.set() if state is Connection.OFFLINE else None)
    return event


async def test_a_lost_heartbeat_and_one_refused_connect_mean_offline(service: Service) -> None:
    conn = Connectivity(_never_answers)
    beat = Heartbeat("127.0.0.1", service.port, conn)
    offline = _offline_event(conn)
    beat.start()
    await asyncio.wait_for(beat.watching.wait(), 30)
    await service.stop()
    await asyncio.wait_for(offline.wait(), 30)
    assert (beat.connects, beat.lost, beat.probes) == (1, 1, 1)
    await beat.aclose()
    await conn.aclose()


async def test_a_request_in_flight_speaks_first(service: Service) -> None:
    """The heartbeat is lost while a request is out: the request's outcome decides, and the
    heartbeat probes nothing."""
    conn = Connectivity(_never_answers)
    asked, answered = asyncio.Event(), asyncio.Event()

    async def in_flight() -> None:  # the transport's "no request in flight" wait
        asked.set()
        await answered.wait()

    beat = Heartbeat("127.0.0.1", service.port, conn, quiet=in_flight)
    beat.start()
    await asyncio.wait_for(beat.watching.wait(), 30)
    await service.stop()
    await asyncio.wait_for(asked.wait(), 30)  # the heartbeat lost, waiting for the request
    conn.report_failure(Offline(detail="the sync's own request"))
    answered.set()
    await beat.aclose()
    assert conn.state is Connection.OFFLINE
    assert (beat.lost, beat.probes) == (1, 0)
    await conn.aclose()


async def test_a_heartbeat_that_never_connected_says_nothing() -> None:
    """No direct way to the service (a firewall, a proxy): requests still work, so the shop
    must stay online."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there
    conn = Connectivity(_never_answers)
    beat = Heartbeat("127.0.0.1", port, conn)
    beat.start()
    assert beat._task is not None
    await asyncio.wait_for(beat._task, 30)
    assert conn.online and beat.connects == 0 and beat.unusable
    beat.start()  # the next answered request: not tried again
    assert beat._task.done()
    await conn.aclose()


async def test_a_server_dropping_idle_connections_is_not_hammered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    service = Service(drop=True)
    await service.start()
    monkeypatch.setattr(policy, "HEARTBEAT_GAP", 0.2)
    conn = Connectivity(_never_answers)
    beat = Heartbeat("127.0.0.1", service.port, conn)
    beat.start()
    while beat.lost < 3:  # each drop waits out the gap before the next connect
        await asyncio.sleep(0.05)
    await beat.aclose()
    assert beat.connects == beat.lost == service.accepted == 3
    assert conn.online
    await service.stop()
    await conn.aclose()


async def test_nothing_is_reported_once_the_shop_closes(service: Service) -> None:
    conn = Connectivity(_never_answers)
    beat = Heartbeat("127.0.0.1", service.port, conn)
    beat.start()
    await asyncio.wait_for(beat.watching.wait(), 30)
    await conn.aclose()
    await service.stop()
    assert beat._task is not None
    await asyncio.wait_for(beat._task, 30)
    assert beat.probes == 0 and conn._probe_task is None


def test_keep_alive_is_on_at_the_heartbeats_pace() -> None:
    with socket.socket() as sock:
        keep_alive(sock)
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE)
        if hasattr(socket, "TCP_KEEPIDLE"):
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == \
                policy.HEARTBEAT_KEEPIDLE


def test_a_proxy_means_no_direct_way(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy",
                 "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    assert direct("api.example.com")
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example.com:3128")
    assert not direct("api.example.com")
    monkeypatch.setenv("NO_PROXY", "api.example.com")
    assert direct("api.example.com")


def test_offline_is_noticed_within_the_promised_bound() -> None:
    silent = (policy.HEARTBEAT_KEEPIDLE + policy.HEARTBEAT_KEEPINTVL * policy.HEARTBEAT_KEEPCNT
              + policy.HEARTBEAT_DEFER + policy.HEARTBEAT_CONNECT)
    between = policy.HEARTBEAT_GAP + policy.HEARTBEAT_DEFER + policy.HEARTBEAT_CONNECT
    assert max(silent, between) <= policy.OFFLINE_NOTICED_WITHIN <= 10.0


def test_a_heartbeat_dropped_with_its_loop_closes_without_a_stray_coroutine() -> None:
    """The loop stops and closes while the heartbeat watches (an app or a test ending without
    closing the session): when the task's coroutine is dropped, its connection is closed and
    nothing is left unawaited. It once created `wait_closed()` then could not await it: a
    "coroutine was never awaited" warning landed in whatever ran next."""
    unraisable: list[str] = []
    before = sys.unraisablehook
    sys.unraisablehook = lambda u: unraisable.append(f"{u.exc_value!r} in {u.object!r}")
    loop = asyncio.new_event_loop()
    try:
        service = Service()
        loop.run_until_complete(service.start())

        async def watch() -> Heartbeat:
            beat = Heartbeat("127.0.0.1", service.port, Connectivity(_never_answers))
            beat.start()
            await asyncio.wait_for(beat.watching.wait(), 30)
            return beat

        beat = loop.run_until_complete(watch())
        task = beat._task
        assert task is not None and not task.done()
        coro = task.get_coro()
        del task, beat
        # The loop stopped with the task pending: what the garbage collector then does to
        # the abandoned coroutine, with no loop running.
        coro.close()
        gc.collect()
        loop.run_until_complete(service.stop())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
        sys.unraisablehook = before
    assert not [u for u in unraisable if "never awaited" in u or "wait_closed" in u], unraisable
