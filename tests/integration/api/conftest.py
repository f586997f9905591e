"""Fixtures for the client-against-sandbox suite: clients with tiny backoff and a pacer on a
virtual clock (pacing runs, nobody waits for real), an own sandbox."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.policy import Backoff
from tests.support.api_clients import MakeClient, clear_requests
from tests.support.sandbox import Sandbox
from tests.unit.api.fakes import FakeClock, fake_pacer


@pytest.fixture
def make_client() -> Iterator[MakeClient]:
    """`make_client(sb, **options)`: a ShopClient on `sb` with test-sized backoff and a
    5 requests/s pacer on a virtual clock (so a `Retry-After` is honoured without waiting)."""
    made: list[ShopClient] = []

    def make(sb: Sandbox, **options: Any) -> ShopClient:
        clock = FakeClock()
        options.setdefault("read_retry", Backoff(first=0.001, cap=0.01))
        options.setdefault("pacer", fake_pacer(clock))
        options.setdefault("timeout", 30.0)
        client = ShopClient(sb.base_url, sb.shop_id, sb.token, **options)
        made.append(client)
        return client

    yield make


@pytest.fixture(scope="module")
def own_sandbox(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory
                ) -> Iterator[Sandbox]:
    """A sandbox for one test module's writes and faults (tests touch distinct records)."""
    db = tmp_path_factory.mktemp("api-own") / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db).start()
    yield sb
    sb.stop()


@pytest.fixture
def faulty(own_sandbox: Sandbox) -> Iterator[Sandbox]:
    """`own_sandbox` with no faults and an empty request log; faults cleared afterwards."""
    own_sandbox.clear_faults()
    clear_requests(own_sandbox)
    yield own_sandbox
    own_sandbox.clear_faults()
