"""Fault switches for /v1, set at start (CLI flags) and at run time (/_sandbox/faults).

Per request (see middleware.py), after the rate limiter: `latency_ms` is waited; then at
most one fault is drawn. The deterministic `*_next` counters come first (error, rate_limit,
drop, malformed), then the `*_rate` shares, drawn from an RNG seeded with --seed. Errors and
429s answer without running the endpoint (a 429 says `Retry-After: retry_after` unless
`omit_retry_after`); drops and malformed bodies run it first, so a write is applied and
only its answer is lost or garbled (the "outcome unknown" case the outbox must settle).

`match` scopes the faults (counters and shares, not the latency) to some requests:
`"POST /metrics"` (a method and the end of the path), `"POST"` or `"/metrics"`. Other requests
pass untouched and spend no counter, so `{"drop_next": 1, "match": "POST /metrics"}` drops
the answer of the next tracking-code create, not of the list read before it.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, fields
from typing import Any

KINDS = ("error", "rate_limit", "drop", "malformed")


@dataclass
class FaultState:
    latency_ms: int = 0
    error_rate: float = 0.0
    error_status: int = 503
    error_next: int = 0
    rate_limit_rate: float = 0.0
    rate_limit_next: int = 0
    retry_after: int = 1
    omit_retry_after: bool = False
    drop_rate: float = 0.0
    drop_next: int = 0
    malformed_rate: float = 0.0
    malformed_next: int = 0
    token_revoked: bool = False
    match: str = ""  # "" = every request; else "METHOD", "/path-end" or "METHOD /path-end"


def matches(pattern: str, method: str, path: str) -> bool:
    """Whether a request falls under the `match` scope (see the module docstring)."""
    if not pattern.strip():
        return True
    head, _, tail = pattern.strip().partition(" ")
    want_method, want_path = (head, tail.strip()) if tail else (
        ("", head) if head.startswith("/") else (head, ""))
    if want_method and want_method.upper() != method.upper():
        return False
    return not want_path or path.rstrip("/").endswith(want_path.rstrip("/"))


def check_fields(values: dict[str, Any]) -> str | None:
    """Why `values` is not a valid partial FaultState, or None when it is."""
    types = {f.name: f.type for f in fields(FaultState)}
    for name, value in values.items():
        kind = types.get(name)
        if kind is None:
            return f"unknown fault field: {name}"
        if kind == "bool":
            if not isinstance(value, bool):
                return f"{name} must be a boolean"
        elif kind == "str":
            if not isinstance(value, str):
                return f"{name} must be a string"
        elif isinstance(value, bool) or not isinstance(value, int | float):
            return f"{name} must be a number"
        elif kind == "int" and (not float(value).is_integer() or value < 0):
            return f"{name} must be a non-negative integer"
        elif name.endswith("_rate") and not 0 <= value <= 1:
            return f"{name} must be between 0 and 1"
        elif name == "error_status" and not 400 <= value <= 599:
            return "error_status must be an HTTP error status (400-599)"
    return None


class Faults:
    """The live switches and the seeded RNG behind the shares."""

    def __init__(self, state: FaultState | None = None, seed: int = 1) -> None:
        self.state = state or FaultState()
        self.rng = random.Random(seed)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self.state)

    def merge(self, values: dict[str, Any]) -> None:
        for name, value in values.items():
            current = getattr(self.state, name)
            setattr(self.state, name, type(current)(value))

    def reset(self) -> None:
        self.state = FaultState()

    def draw(self, method: str = "GET", path: str = "") -> str | None:
        s = self.state
        if not matches(s.match, method, path):
            return None
        for kind in KINDS:
            pending = getattr(s, f"{kind}_next")
            if pending > 0:
                setattr(s, f"{kind}_next", pending - 1)
                return kind
        for kind in KINDS:
            rate = getattr(s, f"{kind}_rate")
            if rate > 0 and self.rng.random() < rate:
                return kind
        return None
