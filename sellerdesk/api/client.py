"""`ShopClient`: one async method per endpoint of the shop service (spec, "Endpoints")."""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Any, Self, TypeVar
from urllib.parse import quote

import httpx
import msgspec

from sellerdesk import policy
from sellerdesk.api.enums import (
    Channel,
    ContactDataStatus,
    Event,
    OrderOrder,
    OrderShippingFilter,
    Provider,
    QuestionOrder,
    QuestionStatus,
    ShippingStatus,
    ThreadOrder,
    ThreadStatus,
)
from sellerdesk.api.envelope import decode_records
from sellerdesk.api.errors import BadResponse
from sellerdesk.api.models import (
    AnswerResult,
    Category,
    Order,
    Question,
    SearchEnvelope,
    Shipping,
    Shop,
    Thread,
    TrackingCode,
    TrackingCodeChanges,
    TrackingCodeDraft,
    decode,
    decode_thread_page,
)
from sellerdesk.api.oauth import refresh_grant
from sellerdesk.api.paging import OnSkipped
from sellerdesk.api.redact import install_redaction
from sellerdesk.api.responses import Bounds, decoded
from sellerdesk.api.tokens import (
    GrantToken,
    OAuthGrant,
    SaveGrant,
    StaticToken,
    TokenProvider,
    utcnow,
)
from sellerdesk.api.transport import Params, Transport, wire_value

T = TypeVar("T")
log = logging.getLogger("sellerdesk.api")

PAGE_SIZE = 50  # decisions: the service clamps `limit` to 50


def _seg(value: object) -> str:
    """A path segment, escaped (thread ids are free strings)."""
    return quote(str(value), safe="")


def _bad(response: httpx.Response, exc: BadResponse) -> BadResponse:
    exc.status = response.status_code
    log.warning("%s %s [%s]", exc.message, exc.detail, exc.excerpt)
    return exc



class _Cookies(httpx.Cookies):
    """httpx's cookies, minus the work for an answer that sets none: httpx hands every
    answer to the jar through a urllib request it builds for it (the URL parsed once more),
    a good part of a write's client CPU. An answer with `Set-Cookie` is kept as before."""

    def extract_cookies(self, response: httpx.Response) -> None:
        if "set-cookie" in response.headers:
            super().extract_cookies(response)


class ShopHttp(httpx.AsyncClient):
    """httpx's client, its cookies in `_Cookies` (the same behaviour, cheaper per answer)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cookies = self.cookies  # wrapped by the setter below

    @property
    def cookies(self) -> httpx.Cookies:
        return self._cookies

    @cookies.setter
    def cookies(self, cookies: Any) -> None:
        self._cookies = _Cookies(cookies)

class ShopClient:
    """The shop service for one shop. Use `async with` or call `aclose()`.

    `token` is a pasted access token or an `OAuthGrant`; a grant renews its access token
    itself and hands each rotated grant to `save_grant` (async; it must store it, in the
    keyring, before returning). Every request passes the shop's `pacer` (one per client,
    `Pacer(rate)` unless given; `policy.NoPacer()` for none) and at most `max_concurrency`
    run at once. Every failure is raised as one `ApiError` subclass. Reads are retried on
    `Offline`, `ServerError` and `RateLimited` (see `transport`); writes are sent once.
    An answer's body is kept up to `max_response_bytes` after decompression, and a request
    with all of its answer must end within `deadline` seconds (`responses.send`).
    """

    def __init__(self, base_url: str, shop_id: int, token: str | OAuthGrant, *,
                 save_grant: SaveGrant | None = None,
                 timeout: float | httpx.Timeout = 20.0,
                 max_retries: int = policy.READ_ATTEMPTS - 1, max_concurrency: int = 4,
                 transport: httpx.AsyncBaseTransport | None = None,
                 pacer: policy.Pacer | None = None, rate: float = policy.DEFAULT_RATE,
                 read_retry: policy.Backoff = policy.READ_RETRY,
                 max_response_bytes: int = policy.MAX_RESPONSE_BYTES,
                 deadline: float = policy.REQUEST_DEADLINE,
                 now: Callable[[], datetime] = utcnow) -> None:
        root = base_url.rstrip("/")
        if not root.endswith("/v1"):  # the spec's base_url has no version; we add /v1
            root += "/v1"
        self.base_url = base_url.rstrip("/")
        self.shop_id = shop_id
        if not isinstance(timeout, httpx.Timeout):
            timeout = httpx.Timeout(timeout, connect=min(timeout, 10.0))
        http = ShopHttp(
            base_url=root, timeout=timeout, transport=transport, follow_redirects=False,
            limits=httpx.Limits(max_connections=max(1, max_concurrency),
                                max_keepalive_connections=max(1, max_concurrency)),
            headers={"Accept": "application/json", "User-Agent": "SellerDesk"},
        )
        self._http = http
        self._now = now
        self._save_grant = save_grant
        self._bounds = Bounds(max_response_bytes, deadline)
        pacer = pacer if pacer is not None else policy.pacer_for(rate)
        self._t = Transport(http, self._provider(token, pacer), pacer=pacer,
                            max_retries=max_retries, max_concurrency=max_concurrency,
                            read_retry=read_retry, bounds=self._bounds)

    def __repr__(self) -> str:
        return f"ShopClient(base_url={self.base_url!r}, shop_id={self.shop_id!r})"

    def _provider(self, token: str | OAuthGrant, pacer: policy.Pacer) -> TokenProvider:
        if isinstance(token, str):
            install_redaction(token)  # idempotent; keeps httpx's URL logs clean from here on
            return StaticToken(token)
        if self._save_grant is None:
            raise TypeError("an OAuthGrant needs save_grant to store its rotated tokens")
        refresh = functools.partial(refresh_grant, self._http, pacer=pacer, now=self._now,
                                    bounds=self._bounds)
        return GrantToken(token, refresh=refresh, save=self._save_grant, now=self._now)

    @property
    def pacer(self) -> policy.Pacer:
        """The shop's request pacer: `resume_at()` and `listeners` tell when a pause ends."""
        return self._t.pacer

    @property
    def grant(self) -> OAuthGrant | None:
        """The current OAuth grant (after any renewal), or None with a pasted token."""
        tokens = self._t.tokens
        return tokens.grant if isinstance(tokens, GrantToken) else None

    def set_token(self, token: str | OAuthGrant) -> None:
        """Use a new token or grant (after an `AuthError`) for the following requests."""
        self._t.tokens = self._provider(token, self._t.pacer)

    def token_fingerprint(self, key: bytes) -> str:
        """A keyed hash (HMAC-SHA256) of the current token (of a grant: its refresh token):
        tells tokens apart, reveals none."""
        tokens = self._t.tokens
        secret = (tokens.grant.refresh_token if isinstance(tokens, GrantToken)
                  else tokens.current.reveal() if isinstance(tokens, StaticToken) else "")
        return hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()

    async def aclose(self) -> None:
        await self._t.tokens.aclose()
        await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()

    async def fetch_image(self, url: str, *, max_bytes: int = 2_000_000) -> bytes:
        """A picture (a listing's thumbnail) through the shop's pacer and error mapping. Only
        http(s); the token goes to no host but the API's; over `max_bytes` is `BadResponse`."""
        return await self._t.fetch_image(url, max_bytes=max_bytes)

    # --- plumbing ---------------------------------------------------------------------------

    def _path(self, *parts: object) -> str:
        return "/".join(["/shops", _seg(self.shop_id), *(_seg(p) for p in parts)])

    async def _get(self, tp: type[T], *parts: object, params: Params | None = None) -> T:
        path = self._path(*parts)
        response = await self._t.request("GET", path, params=params)
        return await self._read(response, functools.partial(decode, tp=tp, what=f"GET {path}"))

    @staticmethod
    async def _read(response: httpx.Response, read: Callable[[bytes], T]) -> T:
        """`read(body)` off the event loop when the body is large (`responses.decoded`);
        a `BadResponse` is logged with the status, as `_decode` does."""
        try:
            return await decoded(response.content, read)
        except BadResponse as exc:
            raise _bad(response, exc) from None

    @staticmethod
    def _decode(response: httpx.Response, tp: type[T], what: str) -> T:
        try:
            return decode(response.content, tp, what=what)
        except BadResponse as exc:
            raise _bad(response, exc) from None

    def _decode_optional(self, response: httpx.Response, tp: type[T], what: str) -> T | None:
        # The spec shows no body for these writes: a body we cannot read must not turn an
        # applied write into a failure, so it is logged and dropped.
        if not response.content.strip():
            return None
        try:
            return decode(response.content, tp, what=what)
        except BadResponse as exc:
            log.info("%s: ignoring unreadable write response (%s)", what, exc.detail)
            return None

    # --- categories and shop ----------------------------------------------------------------

    async def categories(self) -> list[Category]:
        """Root categories. The token is sent here too (harmless; decisions: accepted)."""
        return await self._get(list[Category], "categories")

    async def category_tree(self) -> list[Category]:
        """All categories; roots carry `children` (at most 3 levels)."""
        return await self._get(list[Category], "categories", "tree")

    async def category(self, category_id: int) -> Category:
        return await self._get(Category, "categories", category_id)

    async def shop(self) -> Shop:
        return await self._get(Shop)

    # --- tracking codes (path word `metrics`) -----------------------------------------------

    async def tracking_codes(self, event: Event | None = None,
                             provider: Provider | None = None, *,
                             on_skipped: OnSkipped | None = None) -> list[TrackingCode]:
        """The shop's active tracking codes, optionally filtered; read record by record (an
        unreadable code is left out, logged and told to `on_skipped`, never failing the list)."""
        path = self._path("metrics")
        response = await self._t.request("GET", path,
                                         params={"event": event, "provider": provider})
        codes, skipped = await self._read(response, functools.partial(
            decode_records, tp=TrackingCode, what=f"GET {path}"))
        if skipped and on_skipped is not None:
            on_skipped(skipped)
        return codes

    async def tracking_code(self, id: int) -> TrackingCode:
        return await self._get(TrackingCode, "metrics", id)

    async def create_tracking_code(self, draft: TrackingCodeDraft) -> TrackingCode:
        path = self._path("metrics")
        response = await self._t.request("POST", path, body=draft)
        return self._decode(response, TrackingCode, f"POST {path}")

    async def modify_tracking_code(self, id: int, changes: TrackingCodeChanges | None = None,
                                   **fields: Any) -> TrackingCode:
        """Send only the given fields, as a `TrackingCodeChanges` and/or keyword arguments."""
        changes = changes or TrackingCodeChanges()
        if fields:
            changes = msgspec.structs.replace(changes, **fields)  # TypeError on unknown names
        path = self._path("metrics", id)
        response = await self._t.request("PUT", path, body=changes)
        return self._decode(response, TrackingCode, f"PUT {path}")

    async def delete_tracking_code(self, id: int) -> None:
        await self._t.request("DELETE", self._path("metrics", id))

    # --- questions and threads --------------------------------------------------------------

    async def question(self, id: int) -> Question:
        return await self._get(Question, "questions", id)

    async def search_questions(self, *, status: QuestionStatus | None = None,
                               channel: Channel | None = None, q: str | None = None,
                               order: QuestionOrder | None = None, limit: int = PAGE_SIZE,
                               offset: int = 0) -> SearchEnvelope[Question]:
        """Search by state and/or word (`q` on /questions/search, as the spec's example)."""
        params = {"status": status, "channel": channel, "q": q, "orders": order,
                  "limit": limit, "offset": offset}
        return await self._get(SearchEnvelope[Question], "questions", "search", params=params)

    async def answer_question(self, id: int, text: str) -> str:
        """Answer; returns the answer text as the server stored it."""
        path = self._path("questions", id)
        response = await self._t.request("PUT", path, body={"answer": text})
        result = self._decode(response, AnswerResult, f"PUT {path}")
        return result.answer if result.answer is not None else text

    async def delete_question(self, id: int) -> None:
        # The spec asks for Content-Type: application/json on this body-less DELETE.
        await self._t.request("DELETE", self._path("questions", id), json_header=True)

    async def search_threads(self, *, status: ThreadStatus | None = None,
                             thread_id: str | None = None, client_id: int | None = None,
                             query: str | None = None, order: ThreadOrder | None = None,
                             limit: int = PAGE_SIZE, offset: int = 0) -> SearchEnvelope[Thread]:
        params = {"status": status, "thread_id": thread_id, "client_id": client_id,
                  "query": query, "orders": order, "limit": limit, "offset": offset}
        return await self._get(SearchEnvelope[Thread], "questions", "threads", "search",
                               params=params)

    async def thread(self, thread_id: str, *, order: QuestionOrder | None = None,
                     limit: int = PAGE_SIZE, offset: int = 0) -> SearchEnvelope[Thread]:
        """The thread in `results[0]`, its questions (cut by limit/offset) in `.questions`.

        Decisions: `results` holds the thread with a `questions` array; a server that puts
        the question entries in `results` directly is accepted and normalised to that shape.
        """
        path = self._path("questions", "threads", thread_id)
        params = {"orders": order, "limit": limit, "offset": offset}
        response = await self._t.request("GET", path, params=params)
        return await self._read(response, functools.partial(
            decode_thread_page, thread_id=thread_id, what=f"GET {path}"))

    # --- orders -----------------------------------------------------------------------------

    async def order(self, order_id: str | int) -> Order:
        return await self._get(Order, "orders", order_id)

    async def search_orders(self, *, status: ContactDataStatus | None = None,
                            processed: bool | None = None, paid: bool | None = None,
                            delivered: bool | None = None, closed: bool | None = None,
                            channel: Channel | None = None, buyer_feedback: bool | None = None,
                            seller_feedback: bool | None = None, feedback: bool | None = None,
                            shipping: OrderShippingFilter | None = None,
                            order: OrderOrder | None = None, limit: int = PAGE_SIZE,
                            offset: int = 0) -> SearchEnvelope[Order]:
        params = {"status": status, "processed": processed, "paid": paid,
                  "delivered": delivered, "closed": closed, "channel": channel,
                  "buyer_feedback": buyer_feedback, "seller_feedback": seller_feedback,
                  "feedback": feedback, "shipping": shipping, "orders": order,
                  "limit": limit, "offset": offset}
        return await self._get(SearchEnvelope[Order], "orders", "search", params=params)

    async def update_invoice(self, order_id: str | int, *, invoiced: bool, number: str,
                             type: str) -> Order | None:
        """Set the invoice data; returns the updated order when the server sends it."""
        path = self._path("orders", order_id)
        body = {"invoice": {"invoiced": invoiced, "number": number, "type": type}}
        response = await self._t.request("PUT", path, body=body)
        return self._decode_optional(response, Order, f"PUT {path}")

    async def update_shipping(self, order_id: str | int, shipping_id: int, *,
                              status: ShippingStatus, tracking_code: str | None = None
                              ) -> Shipping | None:
        """Set a shipping's status (and tracking code); returns it when the server sends it."""
        path = self._path("orders", order_id, "shippings", shipping_id)
        body = {"status": wire_value(status)}
        if tracking_code is not None:
            body["tracking_code"] = tracking_code
        response = await self._t.request("PUT", path, body=body)
        return self._decode_optional(response, Shipping, f"PUT {path}")
