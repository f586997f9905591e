"""Error answers in the three shapes of decisions.md, and the handlers that render them."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

_METRICS_PATH = re.compile(r"^/v1/shops/[^/]+/metrics(/|$)")
_SHOP_PATH = re.compile(r"^/v1/shops/[^/]+/?$")
_REASONS = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
            405: "method_not_allowed", 429: "too_many_requests", 500: "internal_error",
            502: "bad_gateway", 503: "service_unavailable", 504: "gateway_timeout"}


class SandboxError(Exception):
    """Raised by handlers; `response()` is what the client sees."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def response(self) -> Response:
        raise NotImplementedError


class MarketError(SandboxError):
    """The related marketplace API's body: {message, error, status, cause: []}."""

    def __init__(self, status: int, message: str, error: str | None = None) -> None:
        super().__init__(status, message)
        self.error = error or _REASONS.get(status, "error")

    def response(self) -> Response:
        return JSONResponse(market_body(self.status, self.message, self.error),
                            status_code=self.status)


class MetricsError(SandboxError):
    """The spec's tracking-code body: {error: message}."""

    def response(self) -> Response:
        return JSONResponse({"error": self.message}, status_code=self.status)


class TextError(SandboxError):
    """Shop info and searches: a text/plain message (spec: Errors)."""

    def response(self) -> Response:
        return PlainTextResponse(self.message, status_code=self.status)


class ExpiredTokenError(SandboxError):
    """An access token past its lifetime: exactly the field's body, on every token-checked
    endpoint (it overrides the per-area shapes, which stay for a token that is wrong)."""

    BODY = b'{"message":"invalid_token","error":"not_found","status":401}'

    def __init__(self) -> None:
        super().__init__(401, "invalid_token")

    def response(self) -> Response:
        return Response(self.BODY, status_code=401, media_type="application/json")


def market_body(status: int, message: str, error: str | None = None) -> dict[str, Any]:
    return {"message": message, "error": error or _REASONS.get(status, "error"),
            "status": status, "cause": []}


def bad_request(path: str, message: str) -> SandboxError:
    """A 400 in the body shape of the endpoint area the path belongs to."""
    if _METRICS_PATH.match(path):
        return MetricsError(400, message)
    if _SHOP_PATH.match(path):
        return TextError(403, "Forbidden: the shop id is incorrect")
    return MarketError(400, message)


def _describe(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        loc = ".".join(str(p) for p in err.get("loc", ()) if p not in ("query", "path"))
        parts.append(f"{loc or 'request'}: {err.get('msg', 'invalid value')}")
    return "Invalid request: " + "; ".join(parts)


def install(app: FastAPI) -> None:
    """FastAPI's default 422 becomes a 400 in the area's shape; 404/405 get the market body."""

    async def on_sandbox_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, SandboxError)
        return exc.response()

    async def on_validation(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return bad_request(request.url.path, _describe(exc)).response()

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        message = "Resource not found" if exc.status_code == 404 else str(exc.detail)
        return JSONResponse(market_body(exc.status_code, message),
                            status_code=exc.status_code, headers=exc.headers)

    app.add_exception_handler(SandboxError, on_sandbox_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
