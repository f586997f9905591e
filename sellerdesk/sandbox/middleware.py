"""ASGI middleware in front of /v1 and the OAuth endpoints: log, rate-limit, spoil.

Per /v1 request: an entry in the request log; the caller's token bucket (a 429 when it is
empty, without running the endpoint); the fault switches (faults.py). OAuth requests are
logged only. Everything else (/_sandbox, /media, /openapi.json) passes untouched.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sellerdesk.sandbox.errors import market_body
from sellerdesk.sandbox.faults import Faults
from sellerdesk.sandbox.limits import RateLimiter
from sellerdesk.sandbox.requestlog import CURRENT, Entry, RequestLog

OAUTH_PATHS = frozenset({"/oauth/token", "/authorization"})


def _market_body(status: int, message: str) -> bytes:
    return json.dumps(market_body(status, message)).encode()


def caller_key(scope: Scope) -> str:
    """Whose bucket a request spends: the token presented (header first), else the address."""
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            header: str = value.decode("latin-1")
            scheme, _, token = header.partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return "token:" + token.strip()
    query: dict[str, list[str]] = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if query.get("access_token"):
        return "token:" + query["access_token"][0]
    client = scope.get("client")
    return "addr:" + (str(client[0]) if client else "?")


class FieldMiddleware:
    def __init__(self, app: ASGIApp, faults: Faults, limiter: RateLimiter,
                 log: RequestLog) -> None:
        self.app = app
        self.faults = faults
        self.limiter = limiter
        self.log = log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        v1 = path == "/v1" or path.startswith("/v1/")
        if scope["type"] != "http" or not (v1 or path in OAUTH_PATHS):
            await self.app(scope, receive, send)
            return
        # Path only: the query string may hold the token and must never be logged.
        entry = self.log.begin(scope["method"], path)
        marker = CURRENT.set(entry)
        try:
            if v1:
                await self._v1(entry, scope, receive, send)
            else:
                await self.app(scope, receive, _logging(entry, send))
        finally:
            CURRENT.reset(marker)
            self.log.end(entry)

    async def _v1(self, entry: Entry, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = self.limiter.take(caller_key(scope))
        if refusal is not None:
            entry.status, entry.fault, entry.limited = 429, "rate_limit", True
            extra = [] if refusal.retry_after is None else [
                (b"retry-after", str(refusal.retry_after).encode())]
            await _send_json(send, 429, _market_body(429, "Too many requests"), extra)
            return
        state = self.faults.state
        if state.latency_ms > 0:
            await asyncio.sleep(state.latency_ms / 1000)
        kind = self.faults.draw(scope["method"], scope.get("path", ""))
        entry.fault = kind
        if kind == "error":
            entry.status = state.error_status
            await _send_json(send, state.error_status,
                             _market_body(state.error_status, "Injected failure"))
        elif kind == "rate_limit":
            entry.status = 429
            extra = [] if state.omit_retry_after else [
                (b"retry-after", str(state.retry_after).encode())]
            await _send_json(send, 429, _market_body(429, "Too many requests"), extra)
        elif kind in ("drop", "malformed"):
            status, headers, body = await _run_captured(self.app, scope, receive)
            if kind == "malformed":
                entry.status = 200
                await _send_json(send, 200, body[: len(body) // 2] + b'\x00{"trunc')
            else:
                entry.status = status
                await _send_dropped(send, status, headers, body)
        else:
            await self.app(scope, receive, _logging(entry, send))


def _logging(entry: Entry, send: Send) -> Send:
    async def logging_send(message: Message) -> None:
        if message["type"] == "http.response.start":
            entry.status = message["status"]
        await send(message)

    return logging_send


async def _send_json(send: Send, status: int, body: bytes,
                     extra: list[tuple[bytes, bytes]] | None = None) -> None:
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode()), *(extra or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def _run_captured(app: ASGIApp, scope: Scope, receive: Receive
                        ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Run the endpoint to the end (a write is applied) and keep its answer for later."""
    start: dict[str, Any] = {}
    chunks: list[bytes] = []

    async def capture(message: Message) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, capture)
    return int(start.get("status", 500)), list(start.get("headers", [])), b"".join(chunks)


async def _send_dropped(send: Send, status: int, headers: list[tuple[bytes, bytes]],
                        body: bytes) -> None:
    """Promise more bytes than are sent, send part, then return unfinished.

    Uvicorn closes the connection of a response left incomplete, so the client sees a
    protocol error mid-body. A 204 becomes a 200: a bodiless status would hide the cut.
    """
    body = body or b'{"dropped": true}'
    kept = [(k, v) for k, v in headers if k.lower() != b"content-length"]
    kept.append((b"content-length", str(len(body) + 512).encode()))
    await send({"type": "http.response.start", "status": 200 if status in (204, 304) else status,
                "headers": kept})
    await send({"type": "http.response.body", "body": body[: max(1, len(body) // 2)],
                "more_body": True})
