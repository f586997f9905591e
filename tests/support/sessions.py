"""Opening service sessions over a sandbox, and a store synced once per test process."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from sellerdesk.policy import WRITE_RETRY
from sellerdesk.services.session import Session, ShopAddress
from tests.support.sandbox import Sandbox


async def open_session(sb: Sandbox, data_dir: Path, *, profile: str = "test",
                       timeout: float = 10.0, max_retries: int = 1) -> Session:
    address = ShopAddress(profile=profile, base_url=sb.base_url, shop_id=sb.shop_id)
    session = await Session.open(address, sb.token, data_dir=data_dir, timeout=timeout,
                                 max_retries=max_retries)
    session.outbox.backoff = WRITE_RETRY.with_first(0.01)  # tests do not wait for real backoff
    return session


def sync_into(sb: Sandbox, data_dir: Path, profile: str = "test") -> None:
    """Sync the whole shop into `data_dir`, on a loop of its own in a thread of its own (so
    it works whatever loop the calling test has running)."""
    errors: list[BaseException] = []

    async def sync() -> None:
        s = await open_session(sb, data_dir, profile=profile)
        try:
            await s.sync.sync()
        finally:
            await s.aclose()

    def run() -> None:
        try:
            asyncio.run(sync())
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)

    t = threading.Thread(target=run, name="sync-into")
    t.start()
    t.join()
    if errors:
        raise errors[0]
