"""Sessions paced as the field paces them, and the requests a sandbox saw, for the field tests."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.policy import WRITE_RETRY
from sellerdesk.services.session import Session, ShopAddress
from tests.support import http
from tests.support.sandbox import LIMITED_ARGS, Sandbox

FIELD_RATE = 5.0  # requests/s the sessions here keep (the app's default)
SMALL_ORDERS = 300


def start_limited(seeded: Path, folder: Path, *extra: str) -> Sandbox:
    db = folder / "sandbox.db"
    shutil.copy(seeded, db)
    return Sandbox(db=db, extra_args=[*LIMITED_ARGS, *extra]).start()


async def open_paced(sb: Sandbox, data_dir: Path, *, token: str | OAuthGrant | None = None,
                     profile: str = "field", rate: float = FIELD_RATE, **options: Any
                     ) -> Session:
    """A session paced as the app paces it (`rate` requests/s; 0 = unpaced)."""
    address = ShopAddress(profile=profile, base_url=sb.base_url, shop_id=sb.shop_id)
    session = await Session.open(address, token if token is not None else sb.token,
                                 data_dir=data_dir, rate=rate, **options)
    session.outbox.backoff = WRITE_RETRY.with_first(0.01)
    return session


class RequestLog:
    """The sandbox's request log from a mark on: what the client sent, counted."""

    def __init__(self, sb: Sandbox) -> None:
        self.sb = sb
        self.since = 0
        self.mark()

    def _entries(self, since: int) -> list[dict[str, Any]]:
        r = http.get(f"{self.sb.base_url}/_sandbox/requests", timeout=30,
                      params={"access_token": self.sb.token, "since": since, "limit": 200000})
        r.raise_for_status()
        entries: list[dict[str, Any]] = r.json()
        return entries

    def mark(self) -> None:
        """Count from now on."""
        entries = self._entries(self.since)
        if entries:
            self.since = int(entries[-1]["id"])

    def entries(self) -> list[dict[str, Any]]:
        return self._entries(self.since)

    def count(self, *, method: str | None = None, path_end: str = "") -> int:
        return sum(1 for e in self.entries() if (method is None or e["method"] == method)
                   and e["path"].endswith(path_end))

    def limited(self) -> int:
        """429s the rate limiter gave."""
        return sum(1 for e in self.entries() if e["limited"])

    def faults(self, kind: str) -> int:
        return sum(1 for e in self.entries() if e["fault"] == kind)
