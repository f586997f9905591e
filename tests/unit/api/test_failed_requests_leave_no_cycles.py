"""A request that fails on the network leaves nothing for the cyclic collector.

asyncio's future, the connection error it holds and that error's traceback form a cycle,
and the traceback's first frame keeps every caller's frame alive: in the app, up to the Qt
event loop's callback and the Qt objects it held. The collector frees such a cycle on
whichever thread allocates, and a Qt object destroyed off its thread can deadlock with the
window (docs/decisions.md). `send` drops the tracebacks once the failure is in words, so
reference counting frees the frames at once, on the loop's thread.
"""

from __future__ import annotations

import asyncio
import gc
import socket
import types
from collections.abc import Iterator

import httpx
import pytest

from sellerdesk.api.errors import Offline
from sellerdesk.api.responses import send
from sellerdesk.api.unpinned import release_tracebacks


@pytest.fixture
def no_automatic_collections() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    gc.collect()
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


def closed_port() -> int:
    """A loopback port nobody listens on: a connection to it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def frames_in_garbage() -> list[types.FrameType]:
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    gc.set_debug(0)
    found = [o for o in gc.garbage if isinstance(o, types.FrameType)]
    gc.garbage.clear()
    return found


def test_a_refused_connection_leaves_no_frame_to_the_collector(
        no_automatic_collections: None) -> None:
    url = f"http://127.0.0.1:{closed_port()}/questions"

    async def fail() -> str:
        async with httpx.AsyncClient() as http:
            try:
                await send(http, http.build_request("GET", url), "questions")
            except Offline as failure:
                return type(failure).__name__
        return "sent"

    assert asyncio.run(fail()) == "Offline"
    left = frames_in_garbage()
    assert not left, [f"{f.f_code.co_filename}:{f.f_code.co_name}" for f in left]


def test_the_check_sees_a_failure_that_names_its_own_frame(
        no_automatic_collections: None) -> None:
    """The check above can fail: `send` once raised its failure from a local variable, and
    the traceback's frame held the failure (a cycle this finds)."""
    def fail() -> None:
        failure = Offline(detail="refused")
        raise failure

    try:
        fail()
    except Offline:
        pass
    assert frames_in_garbage()


def test_every_chained_and_grouped_exception_loses_its_traceback() -> None:
    def raised(exc: BaseException) -> BaseException:
        try:
            raise exc
        except BaseException as caught:
            return caught

    inner = raised(OSError("refused"))
    grouped = raised(ValueError("one of a group"))
    group = raised(ExceptionGroup("attempts", [grouped]))  # type: ignore[list-item]
    outer = raised(ConnectionError("cannot reach"))
    outer.__cause__ = inner
    inner.__context__ = group
    release_tracebacks(outer)
    for exc in (outer, inner, group, grouped):
        assert exc.__traceback__ is None
