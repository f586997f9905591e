"""Fakes for the wire tests: a fake clock for the pacer, and a `httpx.MockTransport` server
that behaves as the field does (service-notes.md): OAuth tokens that expire and single-use
refresh tokens at `POST /oauth/token`, the expired-token body, Bearer or `access_token`."""

from __future__ import annotations

import asyncio
import heapq
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs

import httpx

from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.policy import Pacer

START = datetime(2026, 11, 23, 14, 0, tzinfo=UTC)
EXPIRED_BODY = {"message": "invalid_token", "error": "not_found", "status": 401}


class FakeClock:
    """Virtual time: monotonic and wall clocks that move only when sleepers are due.

    `sleep(s)` parks the caller until `now + s`; a driver task lets the ready work of the
    loop settle (a fixed number of loop turns: everything here is in-memory, so this depends
    on no machine's speed), then jumps the clock to the earliest deadline and wakes that
    sleeper. Concurrent sleeps overlap as they would in real time, without real waiting."""

    SETTLE = 50  # loop turns given to ready work before time jumps

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []
        self._due: list[tuple[float, int, asyncio.Future[None]]] = []
        self._seq = 0
        self._driver: asyncio.Task[None] | None = None

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._seq += 1
        heapq.heappush(self._due, (self.now + max(seconds, 0.0), self._seq, future))
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive())
        await future

    async def _drive(self) -> None:
        while self._due:
            for _ in range(self.SETTLE):
                await asyncio.sleep(0)
            deadline, _, future = heapq.heappop(self._due)
            self.now = max(self.now, deadline)
            if not future.done():
                future.set_result(None)

    def wall(self) -> datetime:
        return START + timedelta(seconds=self.now - 1000.0)


def fake_pacer(clock: FakeClock, rate: float = 5.0, burst: int = 5) -> Pacer:
    return Pacer(rate, burst, clock=clock, sleep=clock.sleep, wall=clock.wall)


def respond(body: Any = None, status: int = 200, **headers: str) -> httpx.Response:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx.Response(status, content=content, headers=headers)


@dataclass
class FieldServer:
    """The shop service as the field runs it, over `httpx.MockTransport`.

    API paths answer `api(request)` (default `{}`) when the request carries a live access
    token, else 401 with the field's expired-token body. `/oauth/token` rotates refresh
    tokens (single use); `refuse` makes it answer `invalid_grant`."""

    clock: FakeClock
    ttl: float = 6 * 3600.0
    client_id: str = "app-1"
    client_secret: str = "app-secret-xyz"
    refresh: str = "refresh-0"
    refuse: bool = False
    api: Callable[[httpx.Request], httpx.Response] = lambda request: respond({})
    live: dict[str, float] = field(default_factory=dict)  # access token -> expiry (clock)
    log: list[tuple[str, str]] = field(default_factory=list)  # (what, token or refresh)
    token_calls: int = 0
    issued: int = 0
    gate: asyncio.Event | None = None  # holds the token endpoint's answer while unset

    def grant(self, *, left: float | None = None, access: str = "access-0") -> OAuthGrant:
        """The grant a client starts with: `access` valid for `left` seconds."""
        left = self.ttl if left is None else left
        self.live[access] = self.clock.now + left
        return OAuthGrant(client_id=self.client_id, client_secret=self.client_secret,
                          refresh_token=self.refresh, access_token=access,
                          expires_at=self.clock.wall() + timedelta(seconds=left),
                          token_url="http://auth.test/oauth/token", lifetime=self.ttl)

    def expire(self, access: str) -> None:
        self.live[access] = self.clock.now - 1

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self.handle)

    async def handle(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == "/oauth/token":
            return await self._token(request)
        auth = request.headers.get("Authorization", "")
        bearer = auth.removeprefix("Bearer ") if auth.startswith("Bearer ") else None
        query = request.url.params.get("access_token")
        token = bearer or query
        self.log.append((f"{request.method} {request.url.path}", token or ""))
        if token is None or self.live.get(token, -1.0) <= self.clock.now:
            return respond(EXPIRED_BODY, 401)
        return self.api(request)

    async def _token(self, request: httpx.Request) -> httpx.Response:
        self.token_calls += 1
        form = {k: v[0] for k, v in parse_qs(request.content.decode()).items()}
        self.log.append(("token", form.get("refresh_token", "")))
        if self.gate is not None:
            await self.gate.wait()
        if (self.refuse or form.get("grant_type") != "refresh_token"
                or form.get("client_id") != self.client_id
                or form.get("client_secret") != self.client_secret
                or form.get("refresh_token") != self.refresh):
            return respond({"error": "invalid_grant", "error_description": "invalid_grant",
                            "status": 400}, 400)
        self.issued += 1
        access, self.refresh = f"access-{self.issued}", f"refresh-{self.issued}"
        self.live[access] = self.clock.now + self.ttl
        return respond({"access_token": access, "token_type": "bearer",
                        "expires_in": int(self.ttl), "scope": "offline_access read write",
                        "user_id": 1001, "refresh_token": self.refresh})
