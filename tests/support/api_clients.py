"""Clients of the API layer over a sandbox, and what the sandbox saw of their attempts."""

from __future__ import annotations

from collections.abc import Callable

from sellerdesk.api.client import ShopClient
from tests.support import http
from tests.support.sandbox import Sandbox

MakeClient = Callable[..., ShopClient]


def clear_requests(sb: Sandbox) -> None:
    http.delete(f"{sb.base_url}/_sandbox/requests", params={"access_token": sb.token},
                 timeout=30).raise_for_status()


def attempts(sb: Sandbox, method: str, path_end: str) -> list[int | None]:
    """Statuses of the logged requests whose method and path (ending) match."""
    return [e["status"] for e in sb.requests_log()
            if e["method"] == method and e["path"].endswith(path_end)]
