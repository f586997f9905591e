"""From the wire to `ApiError`: sending one request, and reading a failed answer.

Every exception httpx raises becomes an `ApiError` raised outside its handler, so it chains
nothing (httpx errors carry the request, whose URL holds the token).
"""

from __future__ import annotations

import asyncio
import email.utils
import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

import httpx
import msgspec

from sellerdesk import policy
from sellerdesk.api.backend import import_backend
from sellerdesk.api.decoding import excerpt
from sellerdesk.api.errors import (
    AUTH_REFUSED_BECAUSE,
    SERVICE_MOVED,
    TOKEN_EXPIRED,
    ApiError,
    AuthError,
    BadRequest,
    BadResponse,
    NotFound,
    Offline,
    RateLimited,
    ServerError,
)
from sellerdesk.api.redact import scrub

log = logging.getLogger("sellerdesk.api")
T = TypeVar("T")

# A body this large is decoded on a worker thread: msgspec holds the GIL for the whole
# decode (about 2 ms for a 50-order page, 9 ms for 200), time in which the event loop, i.e.
# the GUI thread, could not paint. Smaller bodies cost less than the trip to the thread.
OFF_LOOP_BYTES = 16 * 1024

# Codes (not sentences) the field puts in `message`/`error` of a refused token.
_EXPIRED_CODES = frozenset({"invalid_token", "expired_token", "token_expired",
                            "invalid_access_token", "invalid_grant"})
_CODE = re.compile(r"[A-Za-z0-9_.\-]+")
_REASON_MAX = 200


async def decoded(body: bytes, read: Callable[[bytes], T]) -> T:
    """`read(body)`, on a worker thread when the body is large; raises what `read` raises."""
    if len(body) < OFF_LOOP_BYTES:
        return read(body)
    return await asyncio.to_thread(read, body)


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a `Retry-After` header (delta-seconds or an HTTP date), never negative."""
    if not value:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        pass
    else:
        return max(0.0, seconds) if seconds == seconds else None  # NaN is no answer
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


def auth_message(words: str) -> str:
    """What to tell the seller about a 401/403, from the server's words.

    The field's expired-token body (`{"message":"invalid_token",...}`) says the token expired
    or was revoked; a reason in words (a wrong shop, a missing delegated domain) is quoted;
    a bare code, markup or nothing gives the general message."""
    words = words.strip()
    if not words:
        return AuthError.default_message
    if words.casefold() in _EXPIRED_CODES:
        return TOKEN_EXPIRED
    if _CODE.fullmatch(words) or "<" in words or len(words) > _REASON_MAX:
        return AuthError.default_message
    return AUTH_REFUSED_BECAUSE.format(reason=words)


def error_for(response: httpx.Response, what: str) -> ApiError:
    """The `ApiError` for a non-2xx answer; an unreadable body still gets the right class."""
    status = response.status_code
    if 300 <= status < 400:
        target = scrub(response.headers.get("Location", "(no Location header)"))
        log.warning("%s -> %d: the service points elsewhere: %s", what, status, target)
        return BadResponse(SERVICE_MOVED, detail=f"{what} -> {status}: moved to {target}",
                           status=status)
    words = server_message(response)
    # An unreadable error body still tells the log something; the class comes from the status.
    told = words or excerpt(response.content)
    detail = f"{what} -> {status}" + (f": {told}" if told else "")
    if status in (401, 403):
        return AuthError(auth_message(words), detail=detail, status=status)
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


def failure_of(exc: BaseException, what: str) -> ApiError:
    """The `ApiError` for an exception raised while sending or receiving."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, httpx.DecodingError):
        # The answer arrived but could not be unpacked (a corrupt gzip body): not offline.
        return BadResponse(detail=f"{what}: undecodable body ({type(exc).__name__}: "
                                  f"{scrub(str(exc))[:200]})")
    if isinstance(exc, httpx.TimeoutException):
        return Offline(detail=f"{what}: timed out ({type(exc).__name__})")
    if isinstance(exc, httpx.HTTPError | OSError):
        return Offline(detail=f"{what}: {type(exc).__name__}: {scrub(str(exc))}")
    return ApiError(detail=f"{what}: {type(exc).__name__}: {scrub(str(exc))}")


async def send(http: httpx.AsyncClient, request: httpx.Request, what: str) -> httpx.Response:
    """Send `request` and read its whole body; failures to get an answer as `ApiError`."""
    import_backend()
    failure: ApiError | None = None
    try:
        response = await http.send(request)
    except Exception as exc:
        failure = failure_of(exc, what)
    if failure is not None:
        raise failure  # outside the handler: chains nothing
    return response


async def take_turn(pacer: policy.Pacer, what: str) -> None:
    """Wait for this request's slot from the shop's pacer; a hold past its `hold_max` is
    `RateLimited` at once (with the wait), so the caller reschedules instead of waiting."""
    failure: RateLimited | None = None
    try:
        await pacer.acquire()
    except policy.HoldTooLong as exc:
        failure = RateLimited(detail=f"{what}: requests paused for {exc.wait:.0f} s",
                              status=None, retry_after=exc.wait)
    if failure is not None:
        raise failure


class _TooLarge(Exception):
    pass


async def _read_capped(http: httpx.AsyncClient, request: httpx.Request,
                       limit: int) -> tuple[httpx.Response, bytes]:
    response = await http.send(request, stream=True)
    try:
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > limit:
            raise _TooLarge(declared)
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > limit:
                raise _TooLarge(size)
            chunks.append(chunk)
    finally:
        await response.aclose()
    return response, b"".join(chunks)


async def send_capped(http: httpx.AsyncClient, request: httpx.Request, what: str,
                      limit: int) -> tuple[httpx.Response, bytes]:
    """Like `send`, reading at most `limit` bytes of body (more is a `BadResponse`)."""
    import_backend()
    failure: ApiError
    try:
        return await _read_capped(http, request, limit)
    except _TooLarge:
        failure = BadResponse(detail=f"{what}: body larger than {limit} bytes")
    except Exception as exc:
        failure = failure_of(exc, what)
    raise failure  # outside the handler: chains nothing
