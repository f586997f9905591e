"""A sync that finds the server gone must say so in the connection state, not only in its
error: Connectivity is derived from the outcomes of real requests, and the sync reports its
own (services/connectivity.py); otherwise the window would go on showing "online" after a
sync failed offline.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sellerdesk.api.errors import Offline
from sellerdesk.services.connectivity import Connection
from tests.stress.support import open_session
from tests.support.sandbox import Sandbox


async def test_a_sync_that_finds_the_server_gone_goes_offline(fresh_sandbox: Sandbox,
                                                             stress_copy: Path) -> None:
    session = await open_session(fresh_sandbox, stress_copy)
    try:
        fresh_sandbox.stop(kill=True)
        with pytest.raises(Offline):
            await session.sync.sync()
        assert session.connectivity.state is not Connection.ONLINE
    finally:
        await session.aclose()
