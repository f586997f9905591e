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

import pytest

from sellerdesk.services.session import Session
from tests.gui.conftest import qloop, runner  # noqa: F401 - GUI fixtures for the window tests
from tests.support.field import SMALL_ORDERS, open_paced, start_limited
from tests.support.sandbox import Sandbox


@pytest.fixture(scope="session")
def small_seeded_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded 300-order shop, made once per test process."""
    path = tmp_path_factory.mktemp("sandbox-small") / "sandbox.db"
    Sandbox(db=path, orders=SMALL_ORDERS).start().stop()
    return path


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


