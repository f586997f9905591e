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
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

import httpx
import msgspec

from sellerdesk import policy
from sellerdesk.api.backend import import_backend
from sellerdesk.api.bounded import ACCEPT_ENCODING, BodyReader, TooLarge, Unreadable
from sellerdesk.api.decoding import excerpt
from sellerdesk.api.errors import (
    AUTH_REFUSED_BECAUSE,
    SERVICE_MOVED,
    TOKEN_EXPIRED,
    AnswerTooLarge,
    AnswerTooSlow,
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
from sellerdesk.api.unpinned import release_tracebacks

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
    if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout):
        unreachable = Offline(detail=f"{what}: {type(exc).__name__}: {scrub(str(exc))}")
        unreachable.unreachable = True
        return unreachable
    if isinstance(exc, httpx.TimeoutException):
        return Offline(detail=f"{what}: timed out ({type(exc).__name__})")
    if isinstance(exc, httpx.HTTPError | OSError):
        return Offline(detail=f"{what}: {type(exc).__name__}: {scrub(str(exc))}")
    return ApiError(detail=f"{what}: {type(exc).__name__}: {scrub(str(exc))}")


@dataclass(frozen=True)
class Bounds:
    """What one request may cost: bytes of body kept (after decompression) and seconds for
    the whole exchange, from sending to the body's last byte (architecture rule 10)."""

    max_bytes: int = policy.MAX_RESPONSE_BYTES
    deadline: float = policy.REQUEST_DEADLINE


API_BOUNDS = Bounds()


async def send(http: httpx.AsyncClient, request: httpx.Request, what: str,
               bounds: Bounds = API_BOUNDS) -> httpx.Response:
    """Send `request` and read its whole body within `bounds`; every failure as `ApiError`.

    The body is read and decompressed a piece at a time (`api/bounded.py`): past
    `bounds.max_bytes` reading stops with `AnswerTooLarge`; a refusal's (non-2xx) body is cut
    at `policy.ERROR_BODY_BYTES` instead, since its status already says what happened. Past
    `bounds.deadline` (headers and body together: httpx's own timeout is per chunk, which a
    trickle never trips) the request is abandoned with `AnswerTooSlow`."""
    import_backend()
    failure: ApiError
    deadline = asyncio.timeout(bounds.deadline)
    try:
        async with deadline:
            return await _read(http, request, bounds.max_bytes)
    except TooLarge as exc:
        failure = AnswerTooLarge(bounds.max_bytes, detail=f"{what}: body larger than "
                                                         f"{bounds.max_bytes} bytes, not read")
        release_tracebacks(exc)
    except Unreadable as exc:
        # The answer arrived but could not be unpacked (a corrupt gzip body): not offline.
        failure = BadResponse(detail=f"{what}: undecodable body ({scrub(str(exc))[:200]})")
        release_tracebacks(exc)
    except Exception as exc:
        if isinstance(exc, TimeoutError) and deadline.expired():
            failure = AnswerTooSlow(bounds.deadline, detail=f"{what}: no whole answer within "
                                                            f"{bounds.deadline:g} s")
        else:
            failure = failure_of(exc, what)
        release_tracebacks(exc)  # said in words: the frames it holds go now, on this thread
    try:
        raise failure  # outside the handler: chains nothing
    finally:
        # Its traceback names this frame: without the local, no cycle (api/unpinned.py).
        del failure


async def _read(http: httpx.AsyncClient, request: httpx.Request, limit: int) -> httpx.Response:
    # Only the codings `bounded` undoes (httpx offers br and zstd when their packages are
    # installed), whichever client made the request.
    request.headers["Accept-Encoding"] = ACCEPT_ENCODING
    response = await http.send(request, stream=True)
    try:
        if _declared_small(response, limit):
            # Nothing to undo and its length said: read whole, as it came (the connection's
            # framing stops at the declared length), and handed on as it is: rebuilding it
            # (below) is a good part of a small write's client CPU.
            body = await response.aread()
            if len(body) > limit:  # a transport that does not frame by Content-Length
                raise TooLarge(len(body))
            return response
        body = await _body(response, limit)
    finally:
        await response.aclose()
    # The body is decoded: the answer is handed on without its coding headers.
    headers = [(k, v) for k, v in response.headers.raw if k.lower() not in _CODING_HEADERS]
    return httpx.Response(response.status_code, headers=headers, content=body,
                          request=request, extensions=response.extensions)


_CODING_HEADERS = frozenset({b"content-encoding", b"content-length", b"transfer-encoding"})


def _declared_small(response: httpx.Response, limit: int) -> bool:
    """A success in no coding, its Content-Length declared and within `limit`, still to be
    read (the bounded read's fast path). One pass over the headers: httpx's `in` and `get`
    scan them once each."""
    if not response.is_success or response.is_stream_consumed:
        return False
    declared = b""
    for name, value in response.headers.raw:
        name = name.lower()
        if name == b"content-length":
            declared = value
        elif name in _CODING_HEADERS:  # Content-Encoding, Transfer-Encoding
            return False
    return declared.isdigit() and int(declared) <= limit


async def _body(response: httpx.Response, limit: int) -> bytes:
    # A transport may hand over an answer it has read (and decoded) already: httpx's
    # MockTransport does. Its body is in memory; only the cap is left to apply.
    codings = ([] if response.is_stream_consumed
               else response.headers.get_list("Content-Encoding", split_commas=True))
    if not response.is_success:
        reader = BodyReader(codings, min(limit, policy.ERROR_BODY_BYTES), truncate=True)
        try:
            return await _take(response, reader)
        except Unreadable:  # an error page in a coding we cannot undo: its status still tells
            return b""
    declared = response.headers.get("Content-Length", "")
    if not codings and declared.isdigit() and int(declared) > limit:
        raise TooLarge(int(declared))  # said so before sending it: not a byte read
    return await _take(response, BodyReader(codings, limit))


async def _take(response: httpx.Response, reader: BodyReader) -> bytes:
    if response.is_stream_consumed:
        reader.feed(response.content)
        return reader.finish()
    async for raw in response.aiter_raw():
        reader.feed(raw)
        if reader.full:
            break
    return reader.finish()


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


async def send_capped(http: httpx.AsyncClient, request: httpx.Request, what: str,
                      limit: int, deadline: float = policy.REQUEST_DEADLINE
                      ) -> tuple[httpx.Response, bytes]:
    """`send` with a cap of its own (a picture's); returns the answer and its body."""
    response = await send(http, request, what, Bounds(limit, deadline))
    return response, response.content
