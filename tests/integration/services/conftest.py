"""A Session over a fresh sandbox and a store in a temporary data folder."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sellerdesk.services.session import Session, ShopAddress
from tests.support.sandbox import Sandbox


async def open_session(sb: Sandbox, data_dir: Path, *, profile: str = "test",
                       timeout: float = 10.0, max_retries: int = 1) -> Session:
    address = ShopAddress(profile=profile, base_url=sb.base_url, shop_id=sb.shop_id)
    session = await Session.open(address, sb.token, data_dir=data_dir, timeout=timeout,
                                 max_retries=max_retries)
    session.outbox._base_delay = 0.01  # tests do not wait for real backoff
    return session


@pytest.fixture(scope="session")
def synced_data_dir(sandbox: Sandbox, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder synced once with the demo shop; tests copy it (every sandbox fixture
    starts from the same seeded database, so the copy matches any of them)."""
    data = tmp_path_factory.mktemp("synced") / "data"

    async def sync() -> None:
        s = await open_session(sandbox, data)
        try:
            await s.sync.sync()
        finally:
            await s.aclose()

    asyncio.run(sync())
    return data


@pytest.fixture
async def session(fresh_sandbox: Sandbox, tmp_path: Path) -> AsyncIterator[Session]:
    """A session with an empty store."""
    s = await open_session(fresh_sandbox, tmp_path / "data")
    yield s
    await s.aclose()


@pytest.fixture
async def synced(fresh_sandbox: Sandbox, synced_data_dir: Path,
                 tmp_path: Path) -> AsyncIterator[Session]:
    """A session whose store already holds the whole demo shop."""
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    s = await open_session(fresh_sandbox, data)
    yield s
    await s.aclose()
