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

import httpx

from sellerdesk.api.errors import Offline
from sellerdesk.api.responses import send
from sellerdesk.api.unpinned import release_tracebacks
from tests.support.garbage import closed_port, frames_in, garbage


def frames_in_garbage() -> list[str]:
    return frames_in(garbage())


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
    assert not left, left


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
