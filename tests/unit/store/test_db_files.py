"""sellerdesk/store/db.py: the store's folder and files are the seller's alone (POSIX)."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.store import Store, profile_db_path

from .factories import order

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_the_store_its_wal_shm_and_lock_are_0600_in_a_0700_folder(
        tmp_path: Path, umask_022: None) -> None:
    data = tmp_path / "data"
    with Store.open("main", data_dir=data) as store:
        store.cache.upsert_orders([order(1)])  # a write: the WAL has pages
        path = store.db.path
        companions = [path.with_name(path.name + s) for s in ("-wal", "-shm", ".lock")]
        assert all(p.exists() for p in companions)
        assert {p.name: mode(p) for p in [path, *companions]} == dict.fromkeys(
            [p.name for p in [path, *companions]], 0o600)
    assert mode(data) == 0o700


def test_wider_files_from_before_are_tightened_once_with_a_log_line(
        tmp_path: Path, umask_022: None, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    with Store.open("main", data_dir=data) as store:
        store.cache.upsert_orders([order(1)])
    path = profile_db_path("main", data)
    wal = path.with_name(path.name + "-wal")
    wal.touch()  # an empty WAL left behind: SQLite reads it as no pages
    for p, wide in ((data, 0o755), (path, 0o644), (wal, 0o644)):
        p.chmod(wide)
    with caplog.at_level(logging.INFO, logger="sellerdesk.files"), \
            Store.open("main", data_dir=data) as store:
        assert store.cache.count_orders() == 1
        assert (mode(data), mode(path), mode(wal)) == (0o700, 0o600, 0o600)
        assert mode(path.with_name(path.name + "-shm")) == 0o600
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 3 and all("private" in line for line in said), said
