"""A sandbox file seeded once per test process (2,000 orders of shop 1001), and a fresh copy
of it opened for each test that asks for `seeded_conn`."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.sandbox import db, seed

SHOP = 1001


@pytest.fixture(scope="session")
def seeded_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("seeded") / "plain.db"
    conn = db.connect(path)
    seed.seed(conn, SHOP, 1, 2000)
    db.close(conn)
    return path


@pytest.fixture
def seeded_conn(seeded_file: Path, tmp_path: Path) -> Iterator[sqlite3.Connection]:
    path = tmp_path / "copy.db"
    shutil.copy(seeded_file, path)
    connection = db.connect(path)
    yield connection
    db.close(connection)
