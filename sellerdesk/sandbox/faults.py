"""Fault injection for /v1, switchable at start (CLI flags) and at run time (/_sandbox/faults).

Per request, in this order: `latency_ms` is waited; then at most one fault is drawn. The
deterministic `*_next` counters come first (error, rate_limit, drop, malformed), then the
`*_rate` shares, drawn from an RNG seeded with --seed. Errors and 429s answer without
running the endpoint; drops and malformed bodies run it first, so a write is applied and
only its answer is lost or garbled (the "outcome unknown" case the outbox must settle).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import deque
from dataclasses import asdict, dataclass, fields
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sellerdesk.sandbox.errors import market_body

KINDS = ("error", "rate_limit", "drop", "malformed")


@dataclass
class FaultState:
    latency_ms: int = 0
    error_rate: float = 0.0
    error_status: int = 503
    error_next: int = 0
    rate_limit_rate: float = 0.0
    rate_limit_next: int = 0
    retry_after: int = 1
    drop_rate: float = 0.0
    drop_next: int = 0
    malformed_rate: float = 0.0
    malformed_next: int = 0
    token_revoked: bool = False


def check_fields(values: dict[str, Any]) -> str | None:
    """Why `values` is not a valid partial FaultState, or None when it is."""
    types = {f.name: f.type for f in fields(FaultState)}
    for name, value in values.items():
        kind = types.get(name)
        if kind is None:
            return f"unknown fault field: {name}"
        if kind == "bool":
            if not isinstance(value, bool):
                return f"{name} must be a boolean"
        elif isinstance(value, bool) or not isinstance(value, int | float):
            return f"{name} must be a number"
        elif kind == "int" and (not float(value).is_integer() or value < 0):
            return f"{name} must be a non-negative integer"
        elif name.endswith("_rate") and not 0 <= value <= 1:
            return f"{name} must be between 0 and 1"
        elif name == "error_status" and not 400 <= value <= 599:
            return "error_status must be an HTTP error status (400-599)"
    return None


class Faults:
    """The live switches, the seeded RNG behind the shares, and the recent-request log."""

    def __init__(self, state: FaultState | None = None, seed: int = 1) -> None:
        self.state = state or FaultState()
        self.rng = random.Random(seed)
        self.log: deque[dict[str, Any]] = deque(maxlen=1000)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self.state)

    def merge(self, values: dict[str, Any]) -> None:
        for name, value in values.items():
            current = getattr(self.state, name)
            setattr(self.state, name, type(current)(value))

    def reset(self) -> None:
        self.state = FaultState()

    def draw(self) -> str | None:
        s = self.state
        for kind in KINDS:
            pending = getattr(s, f"{kind}_next")
            if pending > 0:
                setattr(s, f"{kind}_next", pending - 1)
                return kind
        for kind in KINDS:
            rate = getattr(s, f"{kind}_rate")
            if rate > 0 and self.rng.random() < rate:
                return kind
        return None


def _market_body(status: int, message: str) -> bytes:
    return json.dumps(market_body(status, message)).encode()


class FaultMiddleware:
    """ASGI middleware: logs and (maybe) spoils every request whose path is under /v1."""

    def __init__(self, app: ASGIApp, faults: Faults) -> None:
        self.app = app
        self.faults = faults

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if scope["type"] != "http" or not (path == "/v1" or path.startswith("/v1/")):
            await self.app(scope, receive, send)
            return
        # Path only: the query string holds the token and must never be logged.
        entry: dict[str, Any] = {"method": scope["method"], "path": path, "status": None}
        self.faults.log.append(entry)
        state = self.faults.state
        if state.latency_ms > 0:
            await asyncio.sleep(state.latency_ms / 1000)
        kind = self.faults.draw()
        if kind == "error":
            status = state.error_status
            entry["status"] = status
            await _send_json(send, status, _market_body(status, "Injected failure"))
        elif kind == "rate_limit":
            entry["status"] = 429
            await _send_json(send, 429, _market_body(429, "Too many requests"),
                             [(b"retry-after", str(state.retry_after).encode())])
        elif kind in ("drop", "malformed"):
            status, headers, body = await _run_captured(self.app, scope, receive)
            if kind == "malformed":
                entry["status"] = 200
                await _send_json(send, 200, body[: len(body) // 2] + b'\x00{"trunc')
            else:
                entry["status"] = status
                await _send_dropped(send, status, headers, body)
        else:
            async def logging_send(message: Message) -> None:
                if message["type"] == "http.response.start":
                    entry["status"] = message["status"]
                await send(message)

            await self.app(scope, receive, logging_send)


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
