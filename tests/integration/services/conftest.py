"""A Session over a fresh sandbox and a store in a temporary data folder."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sellerdesk.services.session import Session
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session


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
