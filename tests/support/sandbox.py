"""The sandbox for tests and benchmarks: the app's own launcher (sellerdesk/services/
sandbox_launcher.py, a real subprocess over loopback) plus plain HTTP helpers for checking
and steering the server from a test."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from sellerdesk.services.sandbox_launcher import READY as READY  # the ready line, for tests
from sellerdesk.services.sandbox_launcher import SandboxProcess

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
        return httpx.get(self.api + path, params={"access_token": self.token, **params},
                         timeout=30)

    def set_faults(self, **faults: Any) -> dict[str, Any]:
        r = httpx.put(f"{self.base_url}/_sandbox/faults", params={"access_token": self.token},
                      json=faults, timeout=30)
        r.raise_for_status()
        result: dict[str, Any] = r.json()
        return result

    def clear_faults(self) -> None:
        httpx.delete(f"{self.base_url}/_sandbox/faults", params={"access_token": self.token},
                     timeout=30).raise_for_status()

    def requests_log(self) -> list[dict[str, Any]]:
        r = httpx.get(f"{self.base_url}/_sandbox/requests", params={"access_token": self.token},
                      timeout=30)
        r.raise_for_status()
        log: list[dict[str, Any]] = r.json()
        return log

    def ask(self, **body: Any) -> dict[str, Any]:
        """A buyer asks a question (POST /_sandbox/questions); returns it as a single read."""
        r = httpx.post(f"{self.base_url}/_sandbox/questions",
                       params={"access_token": self.token}, json=body or None, timeout=30)
        r.raise_for_status()
        question: dict[str, Any] = r.json()
        return question

    def sell(self, **body: Any) -> dict[str, Any]:
        """A buyer places an order (POST /_sandbox/orders); returns it as a single read."""
        r = httpx.post(f"{self.base_url}/_sandbox/orders",
                       params={"access_token": self.token}, json=body or None, timeout=30)
        r.raise_for_status()
        order: dict[str, Any] = r.json()
        return order
