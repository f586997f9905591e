"""Where each request's access token comes from: a pasted token, or an OAuth grant that
renews itself.

The transport asks its `TokenProvider` for the token before every request and, once per
request, for a new one after a 401/403. A `StaticToken` has no new one to give. A
`GrantToken` renews ahead of expiry (`policy.renew_due`) and after a refusal, one renewal at a
time (single flight: every request that needs it waits for the same one), and hands the
rotated grant to `save` and waits for it before the new access token is used: refresh tokens
are single-use, so a grant not stored before use could be lost by a crash.

A refused refresh token is not always a dead grant: another process (the window beside a
command, or a command killed after it stored its renewal) may have stored a newer grant since
this one was read. When `save` can also read back the newest stored grant (`latest`), a
refusal is retried once with that grant before the grant counts as refused.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Protocol

import msgspec

from sellerdesk import policy
from sellerdesk.api.errors import ApiError, AuthError
from sellerdesk.api.redact import Secret, install_redaction

log = logging.getLogger("sellerdesk.api")


def utcnow() -> datetime:
    return datetime.now(UTC)


class OAuthGrant(msgspec.Struct, frozen=True, kw_only=True):
    """What renews a shop's access token: the app's credentials and the current tokens.

    `client_secret`, `refresh_token` and `access_token` are secrets (the keyring only; never
    in repr, logs or the settings file). `expires_at` is aware; `lifetime` is the seconds the
    current access token was given (`expires_in`), when known."""

    client_id: str
    client_secret: str
    refresh_token: str
    access_token: str
    expires_at: datetime
    token_url: str
    lifetime: float | None = None
    user_id: int | None = None
    scope: str | None = None

    def __repr__(self) -> str:
        return (f"OAuthGrant(client_id={self.client_id!r}, token_url={self.token_url!r}, "
                f"expires_at={self.expires_at.isoformat()!r}, secrets=REDACTED)")

    __str__ = __repr__

    def secrets(self) -> tuple[str, str, str]:
        return self.client_secret, self.refresh_token, self.access_token

    def seconds_left(self, now: datetime) -> float:
        return (self.expires_at - now).total_seconds()


Refresh = Callable[[OAuthGrant], Awaitable[OAuthGrant]]
SaveGrant = Callable[[OAuthGrant], Awaitable[object]]
LatestGrant = Callable[[], Awaitable[OAuthGrant | None]]


class GrantStore(Protocol):
    """A `SaveGrant` that can also read back the newest grant stored (by any process)."""

    async def __call__(self, grant: OAuthGrant) -> object: ...

    async def latest(self) -> OAuthGrant | None: ...


class TokenProvider(Protocol):
    """The token of each request."""

    async def token(self) -> Secret:
        """The access token to send now."""
        ...

    async def renew(self, rejected: Secret) -> Secret | None:
        """A token to replay with after `rejected` was refused, or None when there is none."""
        ...

    async def aclose(self) -> None: ...


class StaticToken:
    """A pasted access token: sent as it is; a refusal is final until a new one is given."""

    def __init__(self, token: str) -> None:
        install_redaction(token)
        self._token = Secret(token)

    def __repr__(self) -> str:
        return "StaticToken(REDACTED)"

    @property
    def current(self) -> Secret:
        return self._token

    async def token(self) -> Secret:
        return self._token

    async def renew(self, rejected: Secret) -> Secret | None:
        return None

    async def aclose(self) -> None:
        return None


class GrantToken:
    """Access tokens from an OAuth grant, renewed with `refresh` and stored with `save`."""

    def __init__(self, grant: OAuthGrant, *, refresh: Refresh, save: SaveGrant,
                 latest: LatestGrant | None = None,
                 now: Callable[[], datetime] = utcnow) -> None:
        install_redaction(*grant.secrets())
        self._grant = grant
        self._refresh = refresh
        self._save = save
        # A `GrantStore` reads back what other processes stored (see the module docstring).
        self._latest: LatestGrant | None = latest or getattr(save, "latest", None)
        self._now = now
        self._inflight: asyncio.Task[None] | None = None
        self._refused: AuthError | None = None
        self.renewals = 0  # token-endpoint calls that succeeded (for tests and the log)

    def __repr__(self) -> str:
        return f"GrantToken({self._grant!r})"

    @property
    def grant(self) -> OAuthGrant:
        return self._grant

    async def token(self) -> Secret:
        grant = self._grant
        left = grant.seconds_left(self._now())
        if not policy.renew_due(left, grant.lifetime):
            return Secret(grant.access_token)
        try:
            return await self._renewed(grant.access_token)
        except AuthError:
            raise
        except ApiError as exc:
            if left <= 0:
                raise
            # Renewing ahead failed (offline, slowed down): the token still works a while.
            log.info("renewing the access token ahead of expiry failed (%s); %.0f s left",
                     type(exc).__name__, left)
            return Secret(grant.access_token)

    async def renew(self, rejected: Secret) -> Secret | None:
        return await self._renewed(rejected.reveal())

    async def _renewed(self, stale: str) -> Secret:
        if self._refused is not None:
            raise self._refused
        if self._grant.access_token != stale:
            return Secret(self._grant.access_token)  # renewed meanwhile by another request
        task = self._inflight
        if task is None or task.done():
            task = self._inflight = asyncio.ensure_future(self._renew_and_save())
            task.add_done_callback(_retrieve)
        # Shielded: a cancelled request does not cancel the renewal others wait for (nor
        # lose a rotated refresh token between the server's answer and `save`).
        await asyncio.shield(task)
        return Secret(self._grant.access_token)

    async def _renew_and_save(self) -> None:
        old = self._grant
        try:
            fresh = await self._refresh(old)
        except AuthError as exc:
            newer = await self._newer_than(old)
            if newer is None:
                self._refused = exc  # the grant is dead: no more token-endpoint calls
                raise
            if not policy.renew_due(newer.seconds_left(self._now()), newer.lifetime) \
                    and newer.access_token != old.access_token:
                self._grant = newer  # renewed and stored by another process: use it as is
                log.info("the refresh token was spent; using the newer grant stored since")
                return
            log.info("the refresh token was spent; renewing with the newer grant stored since")
            try:
                fresh = await self._refresh(newer)
            except AuthError as again:
                self._refused = again
                raise
        await self._store(fresh)

    async def _newer_than(self, old: OAuthGrant) -> OAuthGrant | None:
        """The grant stored now, when it is not `old` (another process renewed it)."""
        if self._latest is None:
            return None
        try:
            stored = await self._latest()
        except Exception as exc:  # the keyring is unreachable: the refusal stands
            log.warning("could not read back the stored OAuth grant (%s)", type(exc).__name__)
            return None
        if stored is None or stored.refresh_token == old.refresh_token:
            return None
        install_redaction(*stored.secrets())
        return stored

    async def _store(self, fresh: OAuthGrant) -> None:
        install_redaction(*fresh.secrets())
        try:
            await self._save(fresh)
        except Exception as exc:  # the old refresh token is spent: keep the new one anyway
            log.error("the renewed OAuth grant could not be saved (%s); it is kept in memory",
                      type(exc).__name__)
        self._grant = fresh
        self.renewals += 1
        log.info("access token renewed; valid until %s", fresh.expires_at.isoformat())

    async def aclose(self) -> None:
        """Let a renewal in flight finish (its result must reach `save`)."""
        task = self._inflight
        if task is not None and not task.done():
            await asyncio.gather(task, return_exceptions=True)


def _retrieve(task: asyncio.Task[None]) -> None:
    # Waiters may all have been cancelled: read the outcome so none is reported as lost.
    if not task.cancelled():
        task.exception()


__all__ = ["GrantStore", "GrantToken", "LatestGrant", "OAuthGrant", "Refresh", "SaveGrant",
           "StaticToken", "TokenProvider", "utcnow"]
