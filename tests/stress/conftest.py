"""Fixtures of the stress tests: a store synced once with the demo shop, copied per test."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from tests.stress.support import open_session
from tests.support.sandbox import Sandbox


@pytest.fixture(scope="session")
def stress_synced_dir(sandbox: Sandbox, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder synced once with the demo shop (profile "stress"). Every sandbox fixture
    starts from the same seeded database, so a copy matches any fresh sandbox."""
    data = tmp_path_factory.mktemp("stress-synced") / "data"

    async def sync() -> None:
        session = await open_session(sandbox, data)
        try:
            await session.sync.sync()
        finally:
            await session.aclose()

    asyncio.run(sync())
    return data


@pytest.fixture
def stress_copy(stress_synced_dir: Path, tmp_path: Path) -> Path:
    """A private copy of the synced data folder."""
    data = tmp_path / "data"
    shutil.copytree(stress_synced_dir, data)
    return data


@pytest.fixture
def slow(request: pytest.FixtureRequest) -> bool:
    """True with --slow: run the long variants in full."""
    return bool(request.config.getoption("--slow"))
