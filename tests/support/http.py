"""Plain HTTP for tests checking and steering their sandboxes: one httpx client per test
process. `httpx.get(...)` makes a client per call, and a client costs more CPU to make (its
TLS context, ~20-50 ms) than a loopback request to the sandbox; thousands of requests per
run paid it. No keep-alive: each request still goes on a connection of its own, as a
one-off `httpx.request` does (the sandbox sets no cookies, so none are carried over)."""

from __future__ import annotations

import atexit
import threading
from typing import Any

import httpx

_client: httpx.Client | None = None
_lock = threading.Lock()


def client() -> httpx.Client:
    global _client
    with _lock:
        if _client is None:
            _client = httpx.Client(limits=httpx.Limits(max_keepalive_connections=0))
            atexit.register(_client.close)
        return _client


def request(method: str, url: str, **kw: Any) -> httpx.Response:
    """As `httpx.request`, on the shared client."""
    return client().request(method, url, **kw)


def get(url: str, **kw: Any) -> httpx.Response:
    return request("GET", url, **kw)


def post(url: str, **kw: Any) -> httpx.Response:
    return request("POST", url, **kw)


def put(url: str, **kw: Any) -> httpx.Response:
    return request("PUT", url, **kw)


def delete(url: str, **kw: Any) -> httpx.Response:
    return request("DELETE", url, **kw)
