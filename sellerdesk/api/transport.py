"""The HTTP side of `ShopClient`: one request, paced, authorised, retried per `policy`.

Every request (GET or write, thumbnails too) first takes its turn from the shop's `Pacer`,
then one of `max_concurrency` slots. The pacer learns the shop's limit from the answers:
a 429 lowers its rate and pauses every request of the shop, for the server's `Retry-After`
or `policy.READ_RETRY`'s backoff; a success raises the rate a step. A wait longer than the
pacer's `hold_max` raises `RateLimited` at once (the caller reschedules its work). GETs are
retried on `Offline` and `ServerError` up to `max_retries` times, and on a 429 until
`RATE_LIMITED_TRIES` refusals in a row (a slow day makes a read wait, never fail); writes
are sent once (`AnswerTooSlow`, a whole request past its deadline, is an `Offline`; an
`AnswerTooLarge` is not retried). A 401/403 asks the `TokenProvider` for a new token and
replays the request once (writes too: a refused request changed nothing).

The token travels as the spec's `access_token` query parameter and as the field's
`Authorization: Bearer` header, to the API's own origin only.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from enum import Enum
from typing import Any

import httpx
import msgspec

from sellerdesk import policy
from sellerdesk.api.errors import (
    ApiError,
    AuthError,
    BadResponse,
    NotFound,
    Offline,
    RateLimited,
    ServerError,
)
from sellerdesk.api.redact import Secret
from sellerdesk.api.responses import API_BOUNDS, Bounds, error_for, send, send_capped, take_turn
from sellerdesk.api.tokens import TokenProvider

log = logging.getLogger("sellerdesk.api")

Params = Mapping[str, object]
# Decimals (say, in tracking-code options) go out as JSON numbers, as they came in.
_encoder = msgspec.json.Encoder(decimal_format="number")
IMAGE_REDIRECTS = 3  # hops a thumbnail URL may take (CDNs redirect)
# 429s in a row one read may meet before it fails: the pacer halves its rate on each one
# that finds it still too fast, so this many means the service refuses whatever the pace.
RATE_LIMITED_TRIES = 12


def wire_value(value: object) -> str:
    """A query value as the spec writes it: enums by value, booleans as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def origin(url: httpx.URL) -> tuple[str, str, int | None]:
    """Scheme, host and port: where the token may go."""
    port = url.port or {"http": 80, "https": 443}.get(url.scheme)
    return url.scheme, url.host.lower(), port


class Transport:
    """Sends the requests of one shop; see the module docstring for the rules."""

    def __init__(self, http: httpx.AsyncClient, tokens: TokenProvider, *,
                 pacer: policy.Pacer, max_retries: int, max_concurrency: int,
                 read_retry: policy.Backoff = policy.READ_RETRY,
                 bounds: Bounds = API_BOUNDS) -> None:
        self.http = http
        self.bounds = bounds
        self.tokens = tokens
        self.pacer = pacer
        self.max_retries = max(0, max_retries)
        self.read_retry = read_retry
        self.semaphore = asyncio.Semaphore(max(1, max_concurrency))
        self.sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
        self.origin = origin(http.base_url)
        self._root = str(http.base_url)  # httpx keeps a base URL's trailing "/"
        self._token_query = ("", "")  # (token, its encoded `access_token=` pair)

    # --- the API ----------------------------------------------------------------------------

    async def request(self, method: str, path: str, *, params: Params | None = None,
                      body: Any = None, json_header: bool = False) -> httpx.Response:
        """One call; GETs are retried on Offline, 5xx and 429, writes are sent exactly once."""
        what = f"{method} {path}"
        attempts = 1 + (self.max_retries if method == "GET" else 0)
        attempt, renewed, refusals = 1, False, 0
        query = {k: wire_value(v) for k, v in (params or {}).items() if v is not None}
        content = _encoder.encode(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if content is not None or json_header else {}
        while True:
            token = await self.tokens.token()
            request = self.http.build_request(
                method, self._url(path, query, token.reveal()), content=content,
                headers={**headers, **bearer(token)})
            epoch = None
            try:
                response, epoch = await self._send(request, what, attempt)
                if response.is_success:
                    return response
                error = error_for(response, what)
            except ApiError as exc:
                error = exc
            if isinstance(error, AuthError) and not renewed:
                renewed = True
                if await self.tokens.renew(token) is not None:
                    log.info("%s refused the token (%s); replaying with a renewed one", what,
                             error.status)
                    continue
            if isinstance(error, RateLimited):
                refusals += 1
                error = self._slow_down(error, refusals, pause=True, epoch=epoch)
                if method == "GET" and refusals < RATE_LIMITED_TRIES:
                    # Not an attempt used up: the pacer has slowed down, the read waits.
                    await self._before_retry(what, error, refusals, RATE_LIMITED_TRIES)
                    continue
            retryable = isinstance(error, Offline | ServerError)
            # A service that cannot be reached at all is tried once more, not for seconds on
            # end: the caller's own schedule (the outbox, the next sync) tries again later,
            # and a command made offline returns at once.
            if isinstance(error, Offline) and error.unreachable \
                    and attempt >= policy.UNREACHABLE_TRIES:
                raise error
            if attempt >= attempts or not retryable:
                raise error
            await self._before_retry(what, error, attempt, attempts)
            attempt += 1

    def _url(self, path: str, query: dict[str, str], token: str) -> str:
        """The request's absolute URL, its query encoded as httpx would (the token last).
        httpx parses a URL string once; a relative path and `params` cost it three parses
        (base join, then the query merge), a good part of a write's own CPU."""
        if self._token_query[0] != token:
            self._token_query = (token, str(httpx.QueryParams({"access_token": token})))
        tail = self._token_query[1]
        if query:
            tail = f"{httpx.QueryParams(query)}&{tail}"
        return f"{self._root}{path.lstrip('/')}?{tail}"

    async def _send(self, request: httpx.Request, what: str,
                    attempt: int) -> tuple[httpx.Response, int]:
        """The response, and the pacer's epoch the request went in."""
        await self._take_turn(what)
        epoch = self.pacer.epoch
        started = time.perf_counter()
        async with self.semaphore:
            response = await send(self.http, request, what, self.bounds)
        log.debug("%s -> %d (%.0f ms, attempt %d)", what, response.status_code,
                  (time.perf_counter() - started) * 1000, attempt)
        self._tell_pacer(response, epoch)
        return response, epoch

    def _tell_pacer(self, response: httpx.Response, epoch: int) -> None:
        """A request the service let through raises the pace a step (a 429 lowers it in
        `_slow_down`; a 5xx says nothing about the limit)."""
        if response.status_code < 500 and response.status_code != 429:
            self.pacer.accepted(epoch)

    async def _take_turn(self, what: str) -> None:
        await take_turn(self.pacer, what)

    def _slow_down(self, error: RateLimited, attempt: int, *, pause: bool,
                   epoch: int | None = None) -> RateLimited:
        """A 429: how long to wait (the server's word, else backoff); slows down and pauses
        the whole shop. A wait past `hold_max` is raised at once, never slept through here."""
        wait = error.retry_after
        if wait is None:
            wait = self.read_retry.delay(attempt)
        if pause and error.status == 429:
            self.pacer.refused(wait, epoch)
        elif pause:  # our own pacer's hold (`HoldTooLong`), not the service's answer
            self.pacer.pause(wait)
        slowed = RateLimited(error.message, detail=error.detail, status=error.status,
                             retry_after=wait)
        if wait > self.pacer.hold_max:
            log.warning("%s; the service asked for a pause of %.0f s: rescheduling",
                        error.detail, wait)
            raise slowed
        return slowed

    async def _before_retry(self, what: str, error: ApiError, attempt: int,
                            attempts: int) -> None:
        if isinstance(error, RateLimited):
            # The pacer holds the next try (and every other request) until the pause ends.
            log.info("%s slowed down (429), retry %d/%d after %.2f s", what, attempt,
                     attempts - 1, error.retry_after or 0.0)
            return
        delay = self.read_retry.delay(attempt)
        log.info("%s failed (%s), retry %d/%d in %.2f s", what, type(error).__name__,
                 attempt, attempts - 1, delay)
        await self.sleep(delay)

    # --- pictures ---------------------------------------------------------------------------

    async def fetch_image(self, url: str, *, max_bytes: int) -> bytes:
        """The bytes of a picture (a listing's thumbnail), at most `max_bytes`.

        Paced and capped like every request; redirects followed (a few hops); the token goes
        only to the API's own origin. A 401/403 here is about the picture, not the token:
        it is `NotFound`, and no renewal is tried."""
        target = _image_url(url)
        attempts = 1 + self.max_retries
        attempt, hops = 1, 0
        while True:
            own = origin(target) == self.origin
            what = f"GET picture {target.host}{target.path}"
            sent, headers = target, {"Accept": "image/*"}
            if own:
                token = await self.tokens.token()
                sent = target.copy_merge_params({"access_token": token.reveal()})
                headers.update(bearer(token))
            request = self.http.build_request("GET", sent, headers=headers)
            epoch = None
            try:
                await self._take_turn(what)
                epoch = self.pacer.epoch
                async with self.semaphore:
                    response, body = await send_capped(self.http, request, what, max_bytes,
                                                       self.bounds.deadline)
                if own:
                    self._tell_pacer(response, epoch)
                if response.is_success:
                    return body
                location = response.headers.get("Location")
                if response.is_redirect and location and hops < IMAGE_REDIRECTS:
                    hops += 1
                    target = _image_url(str(target.join(location)))
                    continue
                error = error_for(response, what)
            except ApiError as exc:
                error = exc
            if isinstance(error, AuthError):
                error = NotFound(detail=error.detail, status=error.status)
            elif isinstance(error, RateLimited):
                # Only the shop's own 429 pauses the shop; another host's just waits here.
                error = self._slow_down(error, attempt, pause=own, epoch=epoch)
            retryable = isinstance(error, Offline | ServerError | RateLimited)
            if attempt >= attempts or not retryable:
                raise error
            if isinstance(error, RateLimited) and not own:
                await self.sleep(error.retry_after or 0.0)
            else:
                await self._before_retry(what, error, attempt, attempts)
            attempt += 1


def bearer(token: Secret) -> dict[str, str]:
    """The field's header form of the token (service notes: `Authorization: Bearer`)."""
    return {"Authorization": f"Bearer {token.reveal()}"}


def _image_url(url: str) -> httpx.URL:
    failure: BadResponse | None = None
    try:
        target = httpx.URL(url)
    except Exception:
        failure = BadResponse(detail="picture address is not a URL")
    else:
        if target.scheme not in ("http", "https") or not target.host:
            failure = BadResponse(detail=f"picture address is not http(s): {target.scheme!r}")
    if failure is not None:
        raise failure
    return target
