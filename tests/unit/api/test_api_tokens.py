"""Tokens that renew themselves: an OAuth grant against a fake field server (expiring access
tokens, single-use refresh tokens), with a virtual clock."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import httpx
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import GRANT_REFUSED, TOKEN_EXPIRED, AuthError, Offline
from sellerdesk.api.tokens import GrantToken, OAuthGrant

from .fakes import FakeClock, FieldServer, fake_pacer, respond

SHOP_PATH = "GET /v1/shops/1001"


def make(server: FieldServer, grant: OAuthGrant | str, saved: list[OAuthGrant] | None = None,
         **kwargs: Any) -> ShopClient:
    saved = saved if saved is not None else []

    async def save(new: OAuthGrant) -> None:
        await asyncio.sleep(0)
        server.log.append(("save", new.refresh_token))
        saved.append(new)

    client = ShopClient("http://shop.test", 1001, grant, save_grant=save,
                        transport=server.transport(), pacer=fake_pacer(server.clock),
                        now=server.clock.wall, **kwargs)
    client._t.sleep = server.clock.sleep
    return client


def shop_answers(request: httpx.Request) -> httpx.Response:
    return respond({"id": 1001})


def field() -> FieldServer:
    return FieldServer(FakeClock(), api=shop_answers)


async def test_a_401_renews_saves_then_replays_once() -> None:
    server = field()
    grant = server.grant()
    server.expire("access-0")  # revoked early (a password change), before its expiry
    saved: list[OAuthGrant] = []
    async with make(server, grant, saved) as client:
        assert (await client.shop()).id == 1001
        assert client.grant is not None and client.grant.access_token == "access-1"
    assert server.log == [(SHOP_PATH, "access-0"), ("token", "refresh-0"),
                          ("save", "refresh-1"), (SHOP_PATH, "access-1")]
    assert [g.refresh_token for g in saved] == ["refresh-1"]
    new = saved[0]
    assert new.lifetime == server.ttl and new.user_id == 1001
    assert (new.expires_at - server.clock.wall()).total_seconds() == pytest.approx(server.ttl)


async def test_a_write_refused_for_its_token_is_replayed_once_after_renewal() -> None:
    server = FieldServer(FakeClock(), api=lambda r: respond({"answer": "Sí"}))
    grant = server.grant()
    server.expire("access-0")
    async with make(server, grant) as client:
        assert await client.answer_question(7, "Sí") == "Sí"
    puts = [entry for entry in server.log if entry[0].startswith("PUT")]
    assert puts == [("PUT /v1/shops/1001/questions/7", "access-0"),
                    ("PUT /v1/shops/1001/questions/7", "access-1")]


async def test_many_concurrent_refusals_make_one_renewal() -> None:
    server = field()
    grant = server.grant()
    server.expire("access-0")
    server.gate = asyncio.Event()  # hold the token endpoint until every request is refused
    async with make(server, grant) as client:
        tasks = [asyncio.create_task(client.shop()) for _ in range(20)]
        while len([e for e in server.log if e == (SHOP_PATH, "access-0")]) < 20:
            await asyncio.sleep(0)
        server.gate.set()
        shops = await asyncio.gather(*tasks)
    assert [s.id for s in shops] == [1001] * 20
    assert server.token_calls == 1
    assert server.log.count(("save", "refresh-1")) == 1
    assert server.log.count((SHOP_PATH, "access-1")) == 20


async def test_the_rotated_grant_is_saved_before_the_new_token_is_used() -> None:
    server = field()
    grant = server.grant()
    server.expire("access-0")
    order: list[str] = []

    async def slow_save(new: OAuthGrant) -> None:
        order.append("save started")
        for _ in range(10):  # a keyring write that takes its time
            await asyncio.sleep(0)
        order.append("save done")

    def api(request: httpx.Request) -> httpx.Response:
        order.append(f"request with {request.headers['Authorization'].split()[-1]}")
        return respond({"id": 1001})

    server.api = api
    client = ShopClient("http://shop.test", 1001, grant, save_grant=slow_save,
                        transport=server.transport(), pacer=fake_pacer(server.clock),
                        now=server.clock.wall)
    async with client:
        await client.shop()
    assert order == ["save started", "save done", "request with access-1"]


async def test_renewal_ahead_of_expiry_sends_no_request_with_an_old_token() -> None:
    server = field()
    grant = server.grant(left=200.0)  # under 5 minutes left (10 % of 6 h is more)
    async with make(server, grant) as client:
        await client.shop()
        await client.shop()
    assert server.log == [("token", "refresh-0"), ("save", "refresh-1"),
                          (SHOP_PATH, "access-1"), (SHOP_PATH, "access-1")]


async def test_no_renewal_while_the_token_has_time_left() -> None:
    server = field()
    async with make(server, server.grant(left=3600.0)) as client:
        await client.shop()
    assert server.token_calls == 0


async def test_a_short_lived_token_is_renewed_at_ten_percent_not_on_every_request() -> None:
    server = FieldServer(FakeClock(), ttl=60.0, api=shop_answers)
    async with make(server, server.grant(left=60.0)) as client:
        for _ in range(10):
            await client.shop()  # 5 per second at most: the 10 take about 1 s
        assert server.token_calls == 0
        server.clock.now += 55.0  # 5 s left of 60: under 10 %
        await client.shop()
    assert server.token_calls == 1


async def test_renewal_ahead_that_fails_offline_keeps_the_still_valid_token() -> None:
    server = field()
    grant = server.grant(left=100.0)
    inner = server.handle

    async def no_token_endpoint(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/oauth/token":
            raise httpx.ConnectError("auth server unreachable")
        return await inner(request)

    client = ShopClient("http://shop.test", 1001, grant, save_grant=lambda g: asyncio.sleep(0),
                        transport=httpx.MockTransport(no_token_endpoint),
                        pacer=fake_pacer(server.clock), now=server.clock.wall)
    async with client:
        assert (await client.shop()).id == 1001
        server.clock.now += 200.0  # now expired: the renewal's failure is the answer
        with pytest.raises(Offline):
            await client.shop()
    assert server.log == [(SHOP_PATH, "access-0")]


async def test_a_refused_renewal_says_to_connect_again_and_is_not_retried() -> None:
    server = field()
    grant = server.grant()
    server.expire("access-0")
    server.refuse = True  # invalid_grant: the refresh token was revoked
    async with make(server, grant) as client:
        with pytest.raises(AuthError) as info:
            await client.shop()
        assert info.value.message == GRANT_REFUSED
        with pytest.raises(AuthError):
            await client.search_orders()
    assert server.token_calls == 1  # the dead grant is not asked again


async def test_a_spent_refresh_token_is_refused() -> None:
    server = field()
    grant = server.grant()
    server.refresh = "refresh-rotated-elsewhere"  # another process used ours
    server.expire("access-0")
    async with make(server, grant) as client:
        with pytest.raises(AuthError) as info:
            await client.shop()
    assert info.value.message == GRANT_REFUSED


async def test_a_replay_refused_again_is_the_servers_auth_error() -> None:
    server = FieldServer(FakeClock(), api=lambda r: respond(
        {"message": "The shop must have a delegated domain", "status": 403}, 403))
    async with make(server, server.grant()) as client:
        with pytest.raises(AuthError) as info:
            await client.shop()
    assert "delegated domain" in info.value.message
    assert server.token_calls == 1 and len([e for e in server.log if e[0] == SHOP_PATH]) == 2


async def test_a_pasted_token_is_not_renewed_and_quotes_the_field_reason() -> None:
    server = field()
    server.live["pasted-token-1234"] = server.clock.now - 1
    async with make(server, "pasted-token-1234") as client:
        with pytest.raises(AuthError) as info:
            await client.shop()
    assert info.value.message == TOKEN_EXPIRED
    assert server.token_calls == 0 and len(server.log) == 1


async def test_a_save_that_fails_keeps_the_new_grant_in_memory(
        caplog: pytest.LogCaptureFixture) -> None:
    server = field()
    grant = server.grant()
    server.expire("access-0")

    async def broken_save(new: OAuthGrant) -> None:
        raise RuntimeError("keyring locked")

    client = ShopClient("http://shop.test", 1001, grant, save_grant=broken_save,
                        transport=server.transport(), pacer=fake_pacer(server.clock),
                        now=server.clock.wall)
    async with client:
        await client.shop()
        assert client.grant is not None and client.grant.refresh_token == "refresh-1"
    assert "could not be saved" in caplog.text


async def test_a_cancelled_request_does_not_lose_the_rotated_grant() -> None:
    server = field()
    grant = server.grant()
    server.expire("access-0")
    server.gate = asyncio.Event()
    saved: list[OAuthGrant] = []
    client = make(server, grant, saved)
    task = asyncio.create_task(client.shop())
    while server.token_calls == 0:
        await asyncio.sleep(0)
    task.cancel()  # the window closed while the token endpoint was answering
    with pytest.raises(asyncio.CancelledError):
        await task
    server.gate.set()
    await client.aclose()  # waits for the renewal in flight
    assert [g.refresh_token for g in saved] == ["refresh-1"]


async def test_secrets_reach_no_log_repr_or_error(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    server = field()
    grant = server.grant()
    server.expire("access-0")
    secrets = [server.client_secret, "refresh-0", "refresh-1", "access-0", "access-1"]
    async with make(server, grant) as client:
        await client.shop()
        server.refuse = True
        server.expire("access-1")
        with pytest.raises(AuthError) as info:
            await client.shop()
        texts = [caplog.text, repr(client), repr(client.grant), str(client.grant),
                 repr(client._t.tokens), str(info.value), repr(info.value), info.value.detail]
    for text in texts:
        for secret in secrets:
            assert secret not in text, (secret, text[:200])


async def test_an_oauth_grant_needs_somewhere_to_save_it() -> None:
    server = field()
    with pytest.raises(TypeError):
        ShopClient("http://shop.test", 1001, server.grant())


async def test_set_token_switches_between_a_grant_and_a_pasted_token() -> None:
    server = field()
    server.live["pasted-token-1234"] = server.clock.now + 3600
    async with make(server, "pasted-token-1234") as client:
        assert client.grant is None
        await client.shop()
        client.set_token(server.grant(access="access-9"))
        assert isinstance(client._t.tokens, GrantToken)
        await client.shop()
    assert [e[1] for e in server.log] == ["pasted-token-1234", "access-9"]
