"""A Session over a fresh sandbox and a store in a temporary data folder."""

from __future__ import annotations

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


@pytest.fixture
async def session(fresh_sandbox: Sandbox, tmp_path: Path) -> AsyncIterator[Session]:
    s = await open_session(fresh_sandbox, tmp_path / "data")
    yield s
    await s.aclose()
