"""The field's harshness for the client side: sandboxes with the rate limiter on (5 requests/s,
burst 10, as the field), sessions paced at the field's 5 requests/s, request counts read from
the sandbox's own request log.

Sizes: the demo shop (2,000 orders and the field-variety ones) for the one full-size run and
the slow-down, token and variety tests; a 300-order shop (`SMALL_ORDERS`, same questions) for
the ten full syncs, which run side by side, one token each (the limit is per token), so ten
runs under the limit take the time of about one.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.policy import WRITE_RETRY
from sellerdesk.services.session import Session, ShopAddress
from tests.gui.conftest import qloop, runner  # noqa: F401 - GUI fixtures for the window tests
from tests.support import http
from tests.support.sandbox import LIMITED_ARGS, Sandbox

FIELD_RATE = 5.0  # requests/s the sessions here keep (the app's default)
SMALL_ORDERS = 300


@pytest.fixture(scope="session")
def small_seeded_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded 300-order shop, made once per test process."""
    path = tmp_path_factory.mktemp("sandbox-small") / "sandbox.db"
    Sandbox(db=path, orders=SMALL_ORDERS).start().stop()
    return path


def start_limited(seeded: Path, folder: Path, *extra: str) -> Sandbox:
    db = folder / "sandbox.db"
    shutil.copy(seeded, db)
    return Sandbox(db=db, extra_args=[*LIMITED_ARGS, *extra]).start()


@pytest.fixture
def limited(seeded_db: Path, tmp_path: Path) -> Iterator[Sandbox]:
    """The demo shop behind the field's rate limiter, a sandbox of one's own."""
    sb = start_limited(seeded_db, tmp_path)
    yield sb
    sb.stop()


@pytest.fixture
def small_limited(small_seeded_db: Path, tmp_path: Path) -> Iterator[Sandbox]:
    """The 300-order shop behind the field's rate limiter."""
    sb = start_limited(small_seeded_db, tmp_path)
    yield sb
    sb.stop()


async def open_paced(sb: Sandbox, data_dir: Path, *, token: str | OAuthGrant | None = None,
                     profile: str = "field", rate: float = FIELD_RATE, **options: Any
                     ) -> Session:
    """A session paced as the app paces it (`rate` requests/s; 0 = unpaced)."""
    address = ShopAddress(profile=profile, base_url=sb.base_url, shop_id=sb.shop_id)
    session = await Session.open(address, token if token is not None else sb.token,
                                 data_dir=data_dir, rate=rate, **options)
    session.outbox.backoff = WRITE_RETRY.with_first(0.01)
    return session


@pytest.fixture
async def paced(limited: Sandbox, tmp_path: Path) -> AsyncIterator[Session]:
    session = await open_paced(limited, tmp_path / "data")
    yield session
    await session.aclose()


@pytest.fixture
async def synced_paced(limited: Sandbox, synced_data_dir: Path,
                       tmp_path: Path) -> AsyncIterator[Session]:
    """A paced session whose store a sync of the same demo shop filled (in another session):
    its next sync is an incremental one."""
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    session = await open_paced(limited, data, profile="test")
    yield session
    await session.aclose()


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
