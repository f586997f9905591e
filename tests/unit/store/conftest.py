"""Store fixtures; `store` may be useful suite-wide (the lead may move it to tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.store import Store


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A private data folder standing in for the platform's user data folder."""
    return tmp_path / "data"


@pytest.fixture
def store(data_dir: Path) -> Iterator[Store]:
    """A fresh, migrated store of profile "test", closed afterwards."""
    s = Store.open("test", data_dir=data_dir)
    yield s
    s.close()
