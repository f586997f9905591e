"""sellerdesk/services/session.py: a session opens over its store; its HTTP client is made
on first use (or by `prepare_network`, off the loop), once. Counted in clients made."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from sellerdesk.api import client as client_module
from sellerdesk.api.errors import NotFound
from sellerdesk.services.session import Session, ShopAddress

ADDRESS = ShopAddress("main", "http://shop.test", 1)


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[client_module.ShopClient]:
    """Every ShopClient made from here on."""
    found: list[client_module.ShopClient] = []
    real = client_module.ShopClient

    class Counted(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            found.append(self)

    monkeypatch.setattr(client_module, "ShopClient", Counted)
    return found


def _transport() -> httpx.MockTransport:
    return httpx.MockTransport(lambda request: httpx.Response(404, json={}))


async def test_the_client_is_made_once_when_first_needed(
        tmp_path: Path, made: list[client_module.ShopClient]) -> None:
    session = await Session.open(ADDRESS, "a-token", data_dir=tmp_path,
                                 transport=_transport())
    try:
        await session.inbox.overview()  # the store alone: what the first paint reads
        await session.pending.load()
        assert made == []
        await asyncio.gather(asyncio.to_thread(session.prepare_network),
                             asyncio.to_thread(session.prepare_network))
        assert len(made) == 1
        assert session.client.token_fingerprint(b"key") == made[0].token_fingerprint(b"key")
        assert len(made) == 1
    finally:
        await session.aclose()


async def test_a_service_makes_it_on_its_first_request(
        tmp_path: Path, made: list[client_module.ShopClient]) -> None:
    session = await Session.open(ADDRESS, "a-token", data_dir=tmp_path,
                                 transport=_transport())
    try:
        with pytest.raises(NotFound):  # the mock answers 404 to everything
            await session.client.shop()
        assert len(made) == 1
    finally:
        await session.aclose()


async def test_a_session_closed_before_any_request_makes_no_client(
        tmp_path: Path, made: list[client_module.ShopClient]) -> None:
    session = await Session.open(ADDRESS, "a-token", data_dir=tmp_path,
                                 transport=_transport())
    await session.aclose()
    assert made == []
    assert "not made" in repr(session.client)


async def test_requests_wait_for_the_gate_then_make_the_client(
        tmp_path: Path, made: list[client_module.ShopClient]) -> None:
    """The window holds requests until its first paint (`hold_requests`)."""
    session = await Session.open(ADDRESS, "a-token", data_dir=tmp_path,
                                 transport=_transport())
    painted = asyncio.Event()
    session.hold_requests(painted.wait)
    try:
        request = asyncio.ensure_future(session.client.shop())
        for _ in range(5):  # a few turns of the loop
            await asyncio.sleep(0)
        assert made == [] and not request.done()
        painted.set()
        with pytest.raises(NotFound):
            await request
        assert len(made) == 1
    finally:
        await session.aclose()
