"""The sandbox for tests and benchmarks: the app's own launcher (sellerdesk/services/
sandbox_launcher.py, a real separate process over loopback, forked from a warm fork server on
Linux: tests/support/sandbox_forks.py) plus plain HTTP helpers for checking and steering the
server from a test."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from sellerdesk.services.sandbox_launcher import READY as READY  # the ready line, for tests
from sellerdesk.services.sandbox_launcher import SandboxChild, SandboxProcess
from tests.support import http, sandbox_forks

# The suite's sandboxes: as harsh as the field (expiring tokens, field variety) but for the
# rate limit, which would pace the whole suite at 5 requests/s. Before a test's own
# `extra_args`, so a test that faces the limit (`--rate-limit 5`) wins.
SUITE_ARGS = ("--rate-limit", "0")
# What a test facing the field's limit adds (tests/integration/field/).
LIMITED_ARGS = ("--rate-limit", "5", "--rate-burst", "10")


@dataclass(repr=False)
class Sandbox(SandboxProcess):
    """A running `sellerdesk-sandbox`; seeded with 1 unless told otherwise; the rate limit
    off unless `extra_args` turn it on (`LIMITED_ARGS`)."""

    seed: int | None = 1

    def arguments(self) -> list[str]:
        own = super().arguments()
        extra = len(self.extra_args)
        head, tail = own[:len(own) - extra], own[len(own) - extra:]
        return [*head, *SUITE_ARGS, *tail]

    def spawn(self, argv: list[str], env: dict[str, str]) -> SandboxChild:
        """Forked from this test process's warm fork server where it can be (Linux; not
        with SELLERDESK_TEST_SANDBOX_FORKS=0), else the launcher's own subprocess."""
        forked = sandbox_forks.spawn(argv, env)
        return forked if forked is not None else super().spawn(argv, env)

    def start(self, timeout: float = 120.0) -> Sandbox:
        super().start(timeout)
        return self

    def restart(self) -> Sandbox:
        self.stop()
        return self.start()

    @property
    def api(self) -> str:
        return f"{self.base_url}/v1/shops/{self.shop_id}"

    def get(self, path: str, **params: Any) -> httpx.Response:
        """A plain authenticated GET below /v1/shops/{id}, for checking server state."""
        return http.get(self.api + path, params={"access_token": self.token, **params},
                         timeout=30)

    def _control(self, method: str, path: str, body: Any = None) -> Any:
        r = http.request(method, f"{self.base_url}/_sandbox/{path}",
                          params={"access_token": self.token}, json=body, timeout=30)
        r.raise_for_status()
        return r.json() if r.content else None

    def variety(self) -> dict[str, dict[str, list[str]]]:
        """Where every field-variety record is: {table: {variant: [ids]}} (empty when off)."""
        records: dict[str, dict[str, list[str]]] = self._control("GET", "variety")["records"]
        return records

    def unreadable(self, table: str) -> set[str]:
        """Ids of the field-variety records of `table` made for the client not to read."""
        return set(self.variety().get(table, {}).get("unreadable", []))

    def readable_orders(self) -> int:
        """Orders a client can read: the server's total but the unreadable variety ones."""
        total: int = self.get("/orders/search", limit=1).json()["paging"]["total"]
        return total - len(self.unreadable("orders"))

    def set_limits(self, **limits: Any) -> dict[str, Any]:
        """PUT /_sandbox/limits (rate_limit, rate_burst, retry_after_omit_every, token_ttl)."""
        result: dict[str, Any] = self._control("PUT", "limits", limits)
        return result

    def clock(self, **change: Any) -> dict[str, Any]:
        """PUT /_sandbox/clock: {"frozen": bool} and/or {"advance": seconds}."""
        result: dict[str, Any] = self._control("PUT", "clock", change)
        return result

    def new_tokens(self, **body: Any) -> dict[str, Any]:
        """POST /_sandbox/tokens: a new access and refresh token for the demo app."""
        result: dict[str, Any] = self._control("POST", "tokens", body or {})
        return result

    def expire_tokens(self, token: str | None = None) -> None:
        """End one access token's life now, or every one's."""
        self._control("POST", "tokens/expire", {"token": token} if token else {"all": True})

    def set_faults(self, **faults: Any) -> dict[str, Any]:
        r = http.put(f"{self.base_url}/_sandbox/faults", params={"access_token": self.token},
                      json=faults, timeout=30)
        r.raise_for_status()
        result: dict[str, Any] = r.json()
        return result

    def clear_faults(self) -> None:
        http.delete(f"{self.base_url}/_sandbox/faults", params={"access_token": self.token},
                     timeout=30).raise_for_status()

    def requests_log(self) -> list[dict[str, Any]]:
        r = http.get(f"{self.base_url}/_sandbox/requests", params={"access_token": self.token},
                      timeout=30)
        r.raise_for_status()
        log: list[dict[str, Any]] = r.json()
        return log

    def ask(self, **body: Any) -> dict[str, Any]:
        """A buyer asks a question (POST /_sandbox/questions); returns it as a single read."""
        r = http.post(f"{self.base_url}/_sandbox/questions",
                       params={"access_token": self.token}, json=body or None, timeout=30)
        r.raise_for_status()
        question: dict[str, Any] = r.json()
        return question

    def sell(self, **body: Any) -> dict[str, Any]:
        """A buyer places an order (POST /_sandbox/orders); returns it as a single read."""
        r = http.post(f"{self.base_url}/_sandbox/orders",
                       params={"access_token": self.token}, json=body or None, timeout=30)
        r.raise_for_status()
        order: dict[str, Any] = r.json()
        return order
