"""Offline is noticed while idle (issue 25, B19): a session that sends nothing learns that the
sandbox stopped from its heartbeat (one idle TCP connection, no request on it) and one cheap
probe, not from the next background refresh minutes later; while the service is there and
the session idle, the heartbeat sends no request at all. Counted in requests, connections and
probe tries; the time it took is only logged."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from sellerdesk.services.connectivity import Connection
from sellerdesk.services.heartbeat import Heartbeat
from sellerdesk.services.session import Session
from sellerdesk.services.watched import WatchedTransport
from tests.support.sandbox import Sandbox

log = logging.getLogger(__name__)

IDLE = 6.0  # seconds of idleness watched: longer than policy.HEARTBEAT_GAP


def _api_requests(sb: Sandbox) -> list[dict[str, Any]]:
    """The service's own requests (not the test's steering of the sandbox)."""
    return [e for e in sb.requests_log() if not str(e["path"]).startswith("/_sandbox")]


def _transport(session: Session) -> WatchedTransport:
    watch = session._watch  # the transport the session's client sends through
    assert isinstance(watch, WatchedTransport)
    return watch


def _heartbeat(session: Session) -> Heartbeat:
    beat = _transport(session).heartbeat
    assert beat is not None
    return beat


async def test_idle_and_online_costs_no_request_and_a_stopped_service_is_noticed(
        session: Session, fresh_sandbox: Sandbox) -> None:
    await session.client.shop()  # one answer: online, and the heartbeat starts
    beat, watch = _heartbeat(session), _transport(session)
    await asyncio.wait_for(beat.watching.wait(), 30)
    before, sent = len(_api_requests(fresh_sandbox)), watch.sent

    await asyncio.sleep(IDLE)  # idle: nobody asks anything
    assert len(_api_requests(fresh_sandbox)) == before  # the heartbeat sent no request
    assert watch.sent == sent
    assert (beat.connects, beat.lost, beat.probes) == (1, 0, 0)
    assert session.connectivity.online

    offline = asyncio.Event()
    seen: list[tuple[int, int, int]] = []

    def changed(state: Connection) -> None:
        if state is Connection.OFFLINE:
            seen.append((beat.lost, beat.probes, watch.sent - sent))
            offline.set()

    session.connectivity.changed.connect(changed)
    stopped = time.monotonic()
    await asyncio.to_thread(fresh_sandbox.stop)
    await asyncio.wait_for(offline.wait(), 60)
    log.info("offline noticed %.2f s after the sandbox was told to stop",
             time.monotonic() - stopped)
    # One heartbeat lost, one cheap probe (a connect), and not one request was needed.
    assert seen == [(1, 1, 0)]
    assert session.connectivity.state is Connection.OFFLINE


async def test_the_heartbeat_watches_again_once_the_service_is_back(
        session: Session, fresh_sandbox: Sandbox) -> None:
    await session.client.shop()
    beat = _heartbeat(session)
    await asyncio.wait_for(beat.watching.wait(), 30)
    came_back = asyncio.Event()
    session.connectivity.came_back.connect(lambda _none: came_back.set())
    offline = asyncio.Event()
    session.connectivity.changed.connect(
        lambda state: offline.set() if state is Connection.OFFLINE else None)
    await asyncio.to_thread(fresh_sandbox.stop)
    await asyncio.wait_for(offline.wait(), 60)
    await asyncio.to_thread(fresh_sandbox.start)  # same port: the probe finds it again
    session.connectivity.nudge()
    await asyncio.wait_for(came_back.wait(), 60)
    await asyncio.wait_for(beat.watching.wait(), 30)
    assert beat.connects == 2
