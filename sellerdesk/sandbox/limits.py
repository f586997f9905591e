"""The field's limits: a token bucket per caller on /v1, and how long access tokens live.

Switchable at start (`--rate-limit`, `--rate-burst`, `--token-ttl`, `--gentle`) and at run
time (`/_sandbox/limits`). The bucket reads the sandbox `Clock`, so tests freeze time and
count answers instead of racing the refill.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from sellerdesk.sandbox.clock import Clock

FIELD_TTL = 21600  # service-notes: the marketplace's access tokens live 6 hours


@dataclass
class Limits:
    rate_limit: float = 5.0  # requests per second per caller; 0 = no limit
    rate_burst: int = 10  # requests a rested caller may send at once
    retry_after_omit_every: int = 4  # every Nth limiter 429 comes without Retry-After; 0 never
    token_ttl: int = FIELD_TTL  # seconds an access token issued from now on lives; 0 = forever


def gentle() -> Limits:
    """Every harsh limit off (`--gentle`): for tests that measure or need speed."""
    return Limits(rate_limit=0.0, token_ttl=0)


def check_limits(values: dict[str, Any]) -> str | None:
    """Why `values` is not a valid partial Limits, or None when it is."""
    kinds = {f.name: f.type for f in fields(Limits)}
    for name, value in values.items():
        kind = kinds.get(name)
        if kind is None:
            return f"unknown limit: {name}"
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"{name} must be a number"
        if value < 0 or not math.isfinite(value):
            return f"{name} must be a non-negative number"
        if kind == "int" and not float(value).is_integer():
            return f"{name} must be a whole number"
        if name == "rate_burst" and value < 1:
            return "rate_burst must be at least 1"
    return None


@dataclass(frozen=True)
class Refusal:
    """A request the bucket turned away: the 429's Retry-After, or None to leave it out."""

    retry_after: int | None


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """One token bucket per key (the token presented, else the client's address)."""

    MAX_KEYS = 10_000  # forget rested callers beyond this many, so memory stays bounded

    def __init__(self, clock: Clock, limits: Limits) -> None:
        self.clock = clock
        self.limits = limits
        self.refused = 0
        self._buckets: dict[str, _Bucket] = {}

    def as_dict(self) -> dict[str, Any]:
        return asdict(self.limits)

    def configure(self, values: dict[str, Any]) -> None:
        """Apply a partial Limits; a new rate or burst starts every caller rested."""
        for name, value in values.items():
            current = getattr(self.limits, name)
            setattr(self.limits, name, type(current)(value))
        if {"rate_limit", "rate_burst"} & set(values):
            self._buckets.clear()

    def replace(self, limits: Limits) -> None:
        """New limits, every caller rested and the 429s counted afresh."""
        self.limits = limits
        self.refused = 0
        self._buckets.clear()

    def take(self, key: str) -> Refusal | None:
        """Spend one token of `key`'s bucket; a Refusal when it holds less than one."""
        rate, burst = self.limits.rate_limit, self.limits.rate_burst
        if rate <= 0:
            return None
        now = self.clock.monotonic()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.MAX_KEYS:
                self._forget_rested(now)
            bucket = self._buckets[key] = _Bucket(float(burst), now)
        bucket.tokens = min(float(burst), bucket.tokens + max(now - bucket.stamp, 0.0) * rate)
        bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return None
        self.refused += 1
        every = self.limits.retry_after_omit_every
        if every and self.refused % every == 0:
            return Refusal(None)  # the field sometimes answers 429 without saying how long
        # Whole seconds until one token is back, at least 1 (Retry-After has no fractions).
        return Refusal(max(1, math.ceil((1.0 - bucket.tokens) / rate)))

    def _forget_rested(self, now: float) -> None:
        rate, burst = self.limits.rate_limit, self.limits.rate_burst
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * rate >= burst:
                del self._buckets[key]
        if len(self._buckets) >= self.MAX_KEYS:
            self._buckets.clear()
