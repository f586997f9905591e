"""The HTTP side of `ShopClient`: one request with retries, and status codes → `ApiError`."""

from __future__ import annotations

import asyncio
import email.utils
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from enum import Enum
from typing import Any

import httpx
import msgspec

from sellerdesk.api.errors import (
    ApiError,
    AuthError,
    BadRequest,
    BadResponse,
    NotFound,
    Offline,
    RateLimited,
    ServerError,
)
from sellerdesk.api.models import excerpt
from sellerdesk.api.redact import Secret, scrub

log = logging.getLogger("sellerdesk.api")

Params = Mapping[str, object]
# Decimals (say, in tracking-code options) go out as JSON numbers, as they came in.
_encoder = msgspec.json.Encoder(decimal_format="number")


def wire_value(value: object) -> str:
    """A query value as the spec writes it: enums by value, booleans as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a `Retry-After` header (delta-seconds or an HTTP date), never negative."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def server_message(response: httpx.Response) -> str:
    """The server's own words: `{message,...}` (marketplace), `{error}` (spec) or plain text."""
    body = response.content
    text = ""
    try:
        data = msgspec.json.decode(body)
    except Exception:
        data = None
    if isinstance(data, dict):
        for key in ("message", "error"):  # the marketplace's `error` is a code, `message` prose
            value = data.get(key)
            if isinstance(value, str) and value.strip():
                text = value
                break
    elif isinstance(data, str):
        text = data
    if not text and data is None:
        text = body.decode("utf-8", "replace")
    return scrub(" ".join(text.split()))[:300]


def error_for(response: httpx.Response, what: str) -> ApiError:
    """The `ApiError` for a non-2xx answer; an unreadable body still gets the right class."""
    status = response.status_code
    words = server_message(response)
    # An unreadable error body still tells the log something; the class comes from the status.
    told = words or excerpt(response.content)
    detail = f"{what} -> {status}" + (f": {told}" if told else "")
    if status in (401, 403):
        return AuthError(detail=detail, status=status)
    if status in (404, 410):
        return NotFound(detail=detail, status=status)
    if status == 429:
        retry_after = parse_retry_after(response.headers.get("Retry-After"))
        return RateLimited(detail=detail, status=status, retry_after=retry_after)
    if 400 <= status < 500:
        return BadRequest(words or None, detail=detail, status=status)
    if status >= 500:
        return ServerError(detail=detail, status=status)
    return BadResponse(detail=f"{what}: unexpected status {status}", status=status,
                       excerpt=excerpt(response.content))


class Transport:
    """Sends requests for one shop: token as `access_token`, bounded concurrency, read retries."""

    def __init__(self, http: httpx.AsyncClient, token: Secret, *, max_retries: int,
                 max_concurrency: int, backoff_base: float, backoff_max: float,
                 retry_after_max: float) -> None:
        self.http = http
        self.token = token
        self.max_retries = max(0, max_retries)
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.retry_after_max = retry_after_max
        self.semaphore = asyncio.Semaphore(max(1, max_concurrency))
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def request(self, method: str, path: str, *, params: Params | None = None,
                      body: Any = None, json_header: bool = False) -> httpx.Response:
        """One call; GETs are retried on Offline, 5xx and 429, writes are sent exactly once."""
        what = f"{method} {path}"
        attempts = 1 + (self.max_retries if method == "GET" else 0)
        for attempt in range(1, attempts + 1):
            try:
                response = await self._attempt(method, path, params, body, json_header, attempt)
                if response.is_success:
                    return response
                error = error_for(response, what)
            except ApiError as exc:
                error = exc
            if attempt >= attempts or not isinstance(error, Offline | ServerError | RateLimited):
                raise error
            delay = self.delay(attempt, error)
            log.info("%s failed (%s), retry %d/%d in %.2f s", what, type(error).__name__,
                     attempt, attempts - 1, delay)
            await self.sleep(delay)
        raise AssertionError("unreachable")  # pragma: no cover

    def delay(self, attempt: int, error: ApiError) -> float:
        """Retry-After when the server gave one (capped), else exponential backoff + jitter."""
        if isinstance(error, RateLimited) and error.retry_after is not None:
            return min(error.retry_after, self.retry_after_max)
        ceiling = min(self.backoff_max, self.backoff_base * 2.0 ** (attempt - 1))
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    async def _attempt(self, method: str, path: str, params: Params | None, body: Any,
                       json_header: bool, attempt: int) -> httpx.Response:
        query = {k: wire_value(v) for k, v in (params or {}).items() if v is not None}
        query["access_token"] = self.token.reveal()
        content = _encoder.encode(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if content is not None or json_header else {}
        what = f"{method} {path}"
        started = time.perf_counter()
        failure: ApiError | None = None
        async with self.semaphore:
            try:
                response = await self.http.request(method, path, params=query, content=content,
                                                   headers=headers)
            except httpx.TimeoutException as exc:
                failure = Offline(detail=f"{what}: timed out ({type(exc).__name__})")
            except (httpx.HTTPError, OSError) as exc:
                failure = Offline(detail=f"{what}: {type(exc).__name__}: {scrub(str(exc))}")
            except Exception as exc:
                failure = ApiError(detail=f"{what}: {type(exc).__name__}: {scrub(str(exc))}")
        if failure is not None:
            # Raised outside the handler so it chains nothing: httpx errors carry the
            # request, whose URL holds the token.
            raise failure
        log.debug("%s -> %d (%.0f ms, attempt %d)", what, response.status_code,
                  (time.perf_counter() - started) * 1000, attempt)
        return response
