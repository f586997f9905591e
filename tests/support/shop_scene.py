"""Setting a scene on a sandbox as another device or the shop's own site would, over its
public API (`/v1`), and reading back what it holds: tracking codes (INACTIVE ones too),
questions, orders, and the tracking-code creates that reached it."""

from __future__ import annotations

import sqlite3
from typing import Any

from tests.support import http
from tests.support.sandbox import Sandbox


def _call(sb: Sandbox, method: str, path: str, body: Any = None) -> Any:
    r = http.request(method, sb.api + path, params={"access_token": sb.token}, json=body,
                     timeout=30)
    r.raise_for_status()
    return r.json() if r.content else None


def add_code(sb: Sandbox, name: str, code: str, *, provider: str = "PROVIDER_ANALYTICS",
             event: str = "NAVIGATION", status: str = "ACTIVE",
             options: dict[str, Any] | None = None) -> int:
    """A code made elsewhere; its id."""
    made = _call(sb, "POST", "/metrics", {"name": name, "code": code, "provider": provider,
                                          "event": event, "status": status,
                                          "options": options or {}})
    return int(made["id"])


def change_code(sb: Sandbox, code_id: int, **changes: Any) -> None:
    _call(sb, "PUT", f"/metrics/{code_id}", changes)


def delete_code(sb: Sandbox, code_id: int) -> None:
    _call(sb, "DELETE", f"/metrics/{code_id}")


def answer(sb: Sandbox, question_id: int, text: str) -> None:
    _call(sb, "PUT", f"/questions/{question_id}", {"answer": text})


def delete_question(sb: Sandbox, question_id: int) -> None:
    _call(sb, "DELETE", f"/questions/{question_id}")


def set_invoice(sb: Sandbox, order_id: str, **invoice: Any) -> None:
    _call(sb, "PUT", f"/orders/{order_id}", {"invoice": invoice})


def set_shipping(sb: Sandbox, order_id: str, shipping_id: int, **body: Any) -> None:
    _call(sb, "PUT", f"/orders/{order_id}/shippings/{shipping_id}", body)


def top_code_id(sb: Sandbox) -> int:
    """The highest tracking-code id the sandbox ever handed out (deleted ones included)."""
    with sqlite3.connect(sb.db) as conn:
        row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'tracking_codes'"
                           ).fetchone()
    return int(row[0]) if row else 0


def all_codes(sb: Sandbox) -> dict[int, dict[str, Any]]:
    """Every tracking code, read by id over the whole id range (the list shows ACTIVE codes
    only)."""
    codes: dict[int, dict[str, Any]] = {}
    for code_id in range(1, top_code_id(sb) + 1):
        r = sb.get(f"/metrics/{code_id}")
        if r.status_code == 200:
            codes[code_id] = r.json()
        else:
            assert r.status_code == 404, r.status_code
    return codes


def applied_creates(sb: Sandbox) -> int:
    """Tracking-code creates that reached the endpoint and were committed, whatever their
    reply (a dropped or garbled one included)."""
    return sum(1 for e in writes(sb) if e["method"] == "POST"
               and e["path"].endswith("/metrics") and e["applied"])


def writes(sb: Sandbox) -> list[dict[str, Any]]:
    """The request log's entries of every request but GETs, oldest first."""
    r = http.get(f"{sb.base_url}/_sandbox/requests",
                 params={"access_token": sb.token, "writes": "1", "limit": "100000"}, timeout=30)
    r.raise_for_status()
    found: list[dict[str, Any]] = r.json()
    return found
