"""Access tokens that expire, as the field's do: with a pasted token the first refusal pauses
sync and sending and is told once; with an OAuth grant the client renews (once, for every
request that met the refusal), stores the rotated grant before using it, and the sync goes
through; a renewed grant survives a kill -9 right after the token endpoint answered."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sellerdesk.api.errors import GRANT_REFUSED, TOKEN_EXPIRED, AuthError
from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.credentials import KEYRING_GRANT_SERVICE, CredentialStore, Profile
from sellerdesk.services.access import AccessProblem
from sellerdesk.services.sign_in import sandbox_app
from sellerdesk.services.sync import SyncProgress
from tests.support import http
from tests.support.field import RequestLog, open_paced
from tests.support.keyring import keyring_for
from tests.support.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[3]


def grant_of(sb: Sandbox, *, expired: bool = False) -> OAuthGrant:
    """A grant of the demo app with a fresh access token (already past its end: `expired`)."""
    issued = sb.new_tokens()
    app = sandbox_app(sb.base_url, sb.client_id, sb.client_secret)
    now = datetime.now(UTC)
    return OAuthGrant(client_id=app.client_id, client_secret=app.client_secret,
                      refresh_token=issued["refresh_token"], access_token=issued["access_token"],
                      expires_at=now - timedelta(seconds=1) if expired
                      else now + timedelta(seconds=issued["expires_in"]),
                      token_url=app.token_url, lifetime=float(issued["expires_in"]))


def expire_midway(sb: Sandbox) -> tuple[list[bool], Callable[[SyncProgress], None]]:
    """A progress callback that ends every access token's life once the sync is reading
    conversations (shop, categories and the lists are read by then)."""
    done: list[bool] = []

    def progress(p: SyncProgress) -> None:
        if not done and p.stage == "questions" and p.done >= 3:
            done.append(True)
            sb.expire_tokens()  # a blocking call on the loop: nothing else moves meanwhile

    return done, progress


async def test_expiry_mid_sync_without_a_grant(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb = fresh_sandbox
    session = await open_paced(sb, tmp_path / "data", token=sb.new_tokens()["access_token"],
                               rate=0)
    refused: list[AccessProblem] = []
    session.access.refused.connect(refused.append)
    expired, progress = expire_midway(sb)
    try:
        try:
            report = await session.sync.sync(on_progress=progress)
        except AuthError:
            pass
        else:
            assert report.failed and all(isinstance(r.error, AuthError) for r in report.failed)
        assert expired
        # Told once, in the server's words (the field's expired-token body), not renewable.
        assert refused == [AccessProblem(TOKEN_EXPIRED, renewable=False)]
        # Sync and sending are paused: nothing goes out until a new token comes.
        assert await session.outbox.paused() == TOKEN_EXPIRED
        log = RequestLog(sb)
        with pytest.raises(AuthError):
            await session.sync.sync()
        assert log.count() == 0
        # A new token (the seller pasted one) resumes both.
        await session.outbox.set_token(sb.new_tokens()["access_token"])
        assert session.access.problem is None
        assert (await session.sync.sync()).ok
    finally:
        await session.aclose()


async def test_expiry_mid_sync_with_a_grant(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb = fresh_sandbox
    saved: list[OAuthGrant] = []

    async def save(grant: OAuthGrant) -> None:
        saved.append(grant)

    grant = grant_of(sb)
    session = await open_paced(sb, tmp_path / "data", token=grant, rate=0, save_grant=save)
    refused: list[AccessProblem] = []
    session.access.refused.connect(refused.append)
    log = RequestLog(sb)
    expired, progress = expire_midway(sb)
    try:
        report = await session.sync.sync(on_progress=progress)
    finally:
        await session.aclose()
    assert expired and report.ok and not refused
    # Every request that met the expiry waited for the same one renewal, stored first.
    assert log.count(method="POST", path_end="/oauth/token") == 1
    assert len(saved) == 1 and saved[0].refresh_token != grant.refresh_token
    assert saved[0].access_token != grant.access_token


async def test_a_refused_renewal_asks_to_connect_again(fresh_sandbox: Sandbox,
                                                       tmp_path: Path) -> None:
    sb = fresh_sandbox
    grant = grant_of(sb, expired=True)
    # Another device renewed with the same refresh token first: ours is spent.
    spent = http.post(grant.token_url, timeout=30, data={
        "grant_type": "refresh_token", "client_id": grant.client_id,
        "client_secret": grant.client_secret, "refresh_token": grant.refresh_token})
    assert spent.status_code == 200

    async def save(_grant: OAuthGrant) -> None:
        raise AssertionError("nothing to save: the renewal is refused")

    session = await open_paced(sb, tmp_path / "data", token=grant, rate=0, save_grant=save)
    refused: list[AccessProblem] = []
    session.access.refused.connect(refused.append)
    try:
        with pytest.raises(AuthError):
            await session.sync.sync()
    finally:
        await session.aclose()
    assert refused == [AccessProblem(GRANT_REFUSED, renewable=True)]


def _keyring_spec(tmp_path: Path) -> str:
    if os.environ.get("SELLERDESK_TEST_KEYRING") == "secretservice":
        return "secretservice"  # the machine's Secret Service, shared with the child
    return f"file:{tmp_path / 'keyring.json'}"


async def test_rotation_survives_kill_9(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb = fresh_sandbox
    spec = _keyring_spec(tmp_path)
    name = f"field-{uuid.uuid4().hex[:10]}"
    config, data = tmp_path / "config", tmp_path / "data"
    credentials = CredentialStore(config, backend=keyring_for(spec), environ={})
    credentials.add_profile(Profile(name=name, base_url=sb.base_url, shop_id=sb.shop_id))
    first = grant_of(sb, expired=True)  # the child renews before its first request
    credentials.set_grant(name, first)
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.support.grant_worker", str(config), str(data), name,
         spec], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        assert child.stdout is not None
        lines = []
        for line in child.stdout:
            lines.append(line)
            if line.strip() == "SAVED":
                child.send_signal(signal.SIGKILL)  # right after the rotated grant was stored
                break
        child.wait(30)
        assert child.returncode == -signal.SIGKILL, "".join(lines[-20:])
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(30)
        if child.stdout is not None:
            child.stdout.close()
    try:
        # The next start reads the rotated grant: the first refresh token is spent ...
        stored = CredentialStore(config, backend=keyring_for(spec), environ={}).get_grant(name)
        assert stored is not None and stored.refresh_token != first.refresh_token
        again = http.post(first.token_url, timeout=30, data={
            "grant_type": "refresh_token", "client_id": first.client_id,
            "client_secret": first.client_secret, "refresh_token": first.refresh_token})
        assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
        # ... and the stored one works: its access token, then a renewal with it.
        sb.expire_tokens()
        log = RequestLog(sb)
        session = await open_paced(sb, data, token=stored, rate=0, profile="after-kill")
        try:
            shop = await session.client.shop()
        finally:
            await session.aclose()
        assert shop.id == sb.shop_id
        token_calls = [e for e in log.entries() if e["path"] == "/oauth/token"]
        assert [e["status"] for e in token_calls] == [200]
    finally:
        try:
            keyring_for(spec).delete_password(KEYRING_GRANT_SERVICE, name)
        except Exception:
            pass
