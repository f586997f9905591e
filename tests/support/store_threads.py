"""Which threads use the store: every read and transaction of a `Database`, by thread name.

The store's connection is used on its own thread (`Store.run`); a read on the event loop
(the window's GUI thread) waits there for the store's lock while the store's thread writes.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from sellerdesk.store.db import STORE_THREAD, Database

__all__ = ["STORE_THREAD", "record_store_threads"]


def record_store_threads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the name of the thread of each store read and transaction, in order
    (the store's own threads named `STORE_THREAD`, without their number)."""
    used: list[str] = []

    def recording(plain: Any) -> Any:
        def use(self: Database, *args: Any, **kwargs: Any) -> Any:
            used.append(threading.current_thread().name.rsplit("_", 1)[0])
            return plain(self, *args, **kwargs)
        return use

    monkeypatch.setattr(Database, "read", recording(Database.read))
    monkeypatch.setattr(Database, "transaction", recording(Database.transaction))
    return used
