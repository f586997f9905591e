"""Two SellerDesks on one shop (the window and a command, or a command killed after it stored
its renewal and the next one): both read the same grant; one renews it and stores the new
one; the other's renewal with the spent refresh token is refused, and it carries on with the
grant now in the keyring instead of asking the seller to connect again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sellerdesk.api.errors import AuthError
from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.credentials import CredentialStore, Profile
from sellerdesk.services.shops import Shops
from sellerdesk.services.sign_in import sandbox_app
from tests.support import http
from tests.support.keyring import FileKeyring
from tests.support.sandbox import Sandbox

NAME = "two-devices"


def expired_grant(sb: Sandbox) -> OAuthGrant:
    issued = sb.new_tokens()
    app = sandbox_app(sb.base_url, sb.client_id, sb.client_secret)
    return OAuthGrant(client_id=app.client_id, client_secret=app.client_secret,
                      refresh_token=issued["refresh_token"], access_token=issued["access_token"],
                      expires_at=datetime.now(UTC) - timedelta(seconds=1),
                      token_url=app.token_url, lifetime=float(issued["expires_in"]))


def token_calls(sb: Sandbox, since: int) -> list[int]:
    """The statuses of the token endpoint's answers after request `since`."""
    return [e["status"] for e in sb.requests_log()
            if e["path"] == "/oauth/token" and int(e["id"]) > since]


def last_request(sb: Sandbox) -> int:
    log = sb.requests_log()
    return int(log[-1]["id"]) if log else 0


def shops_on(keyring: FileKeyring, config: Path, data: Path) -> Shops:
    """One SellerDesk process: its own credential store over the shared keyring."""
    return Shops(data, credentials=CredentialStore(config, backend=keyring, environ={}))


async def test_a_refused_refresh_uses_the_newer_grant_another_process_stored(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb = fresh_sandbox
    keyring = FileKeyring(tmp_path / "keyring.json")
    config = tmp_path / "config"
    first = CredentialStore(config, backend=keyring, environ={})
    first.add_profile(Profile(name=NAME, base_url=sb.base_url, shop_id=sb.shop_id))
    start = expired_grant(sb)
    first.set_grant(NAME, start)

    # B opens the shop (reads the grant), then A renews it and stores the new one.
    shops_b = shops_on(keyring, config, tmp_path / "data-b")
    late = await shops_b.open_saved(NAME)
    shops_a = shops_on(keyring, config, tmp_path / "data-a")
    early = await shops_a.open_saved(NAME)
    mark = last_request(sb)
    try:
        assert (await early.client.shop()).id == sb.shop_id
    finally:
        await early.aclose()  # opened, never put in use: closed here with its store lock
        await shops_a.aclose()
    renewed = CredentialStore(config, backend=keyring, environ={}).get_grant(NAME)
    assert renewed is not None and renewed.refresh_token != start.refresh_token
    assert token_calls(sb, mark) == [200]

    try:
        # B's renewal with the spent refresh token is refused; it takes A's grant, whose
        # access token is fresh: no second renewal, and the request goes through.
        mark = last_request(sb)
        assert (await late.client.shop()).id == sb.shop_id
        assert token_calls(sb, mark) == [400]
        assert late.client.grant == renewed

        # That grant renews as any other, and the renewal is stored.
        sb.expire_tokens()
        mark = last_request(sb)
        assert (await late.client.shop()).id == sb.shop_id
        assert token_calls(sb, mark) == [200]
    finally:
        await late.aclose()
        await shops_b.aclose()
    stored = CredentialStore(config, backend=keyring, environ={}).get_grant(NAME)
    assert stored is not None and stored.refresh_token not in (start.refresh_token,
                                                               renewed.refresh_token)


async def test_without_a_newer_grant_the_refusal_stands(fresh_sandbox: Sandbox,
                                                        tmp_path: Path) -> None:
    """The kill came before the new grant was stored: the keyring holds the spent one, and
    the seller is asked to connect again after one token-endpoint call, not two."""
    sb = fresh_sandbox
    keyring = FileKeyring(tmp_path / "keyring.json")
    config = tmp_path / "config"
    credentials = CredentialStore(config, backend=keyring, environ={})
    credentials.add_profile(Profile(name=NAME, base_url=sb.base_url, shop_id=sb.shop_id))
    grant = expired_grant(sb)
    credentials.set_grant(NAME, grant)
    spent = http.post(grant.token_url, timeout=30, data={
        "grant_type": "refresh_token", "client_id": grant.client_id,
        "client_secret": grant.client_secret, "refresh_token": grant.refresh_token})
    assert spent.status_code == 200

    shops = shops_on(keyring, config, tmp_path / "data")
    session = await shops.open_saved(NAME)
    mark = last_request(sb)
    try:
        with pytest.raises(AuthError):
            await session.client.shop()
    finally:
        await session.aclose()  # a session opened but never put in use: its own store lock
        await shops.aclose()
    assert token_calls(sb, mark) == [400]
