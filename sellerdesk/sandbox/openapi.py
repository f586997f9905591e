"""The OpenAPI document: FastAPI's, with the error answers of decisions.md instead of 422."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

MARKET = {"application/json": {"schema": {
    "type": "object", "required": ["message", "error", "status", "cause"],
    "properties": {"message": {"type": "string"}, "error": {"type": "string"},
                   "status": {"type": "integer"}, "cause": {"type": "array"}}}}}
METRICS = {"application/json": {"schema": {
    "type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}}}
TEXT = {"text/plain": {"schema": {"type": "string"}}}
# An expired access token, on every token-checked endpoint (decisions.md).
EXPIRED = {"application/json": {"schema": {
    "type": "object", "required": ["message", "error", "status"],
    "properties": {"message": {"type": "string", "enum": ["invalid_token"]},
                   "error": {"type": "string"}, "status": {"type": "integer"}}}}}
SEARCHES = re.compile(r"/(questions/search(/q)?|questions/threads/search|orders/search)$")


def _errors(path: str) -> dict[str, Any]:
    """Documented error answers of one path, by endpoint area (spec: Errors)."""
    def r(text: str, content: dict[str, Any]) -> dict[str, Any]:
        return {"description": text, "content": content}

    # Every /v1 request passes the rate limiter (decisions.md).
    limited = {"429": r("Too many requests (Retry-After, most of the time)", MARKET)}
    if "/categories" in path:
        return {"400": r("Category id is not numeric", MARKET),
                "404": r("Shop or category not found", MARKET), **limited}
    if "/metrics" in path:
        # The expired-token body also has a string `error`, so it fits this schema too.
        return {"400": r("Invalid filter, id or body", METRICS),
                "401": r("Invalid, missing or expired token", METRICS),
                "404": r("Tracking code not found", METRICS), **limited}
    expired = {"401": r("Expired access token", EXPIRED)}
    forbidden = r("Invalid token or wrong shop id", TEXT)
    if path == "/v1/shops/{shop_id}":
        return {"403": forbidden, **expired, **limited}
    if SEARCHES.search(path):
        return {"400": r("Invalid filter or paging value", MARKET), "403": forbidden,
                **expired, **limited}
    return {"400": r("Invalid id or body", MARKET), "403": forbidden,
            "404": r("Not found", MARKET), **expired, **limited}


def install(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = get_openapi(title=app.title, version=app.version,
                              description=app.description, routes=app.routes)
            for path, item in doc.get("paths", {}).items():
                for operation in item.values():
                    responses = operation.setdefault("responses", {})
                    responses.pop("422", None)
                    responses.update(_errors(path))
            schemas = doc.get("components", {}).get("schemas", {})
            for name in ("HTTPValidationError", "ValidationError"):
                schemas.pop(name, None)
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
