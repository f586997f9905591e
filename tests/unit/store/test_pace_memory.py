"""store/pace.py (schema v7): a learned request rate per service and shop, on disk."""

from __future__ import annotations

from pathlib import Path

from sellerdesk.store import Store
from sellerdesk.store.db import Database
from sellerdesk.store.schema import MIGRATIONS


def test_a_rate_is_kept_replaced_and_forgotten(tmp_path: Path) -> None:
    with Store.open("main", data_dir=tmp_path) as store:
        assert store.pace.learned("a#1") is None
        store.pace.remember("a#1", 1.5)
        store.pace.remember("a#1", 1.7)
        store.pace.remember("b#1", 3.0)
    with Store.open("main", data_dir=tmp_path) as store:
        assert store.pace.learned("a#1") == 1.7 and store.pace.learned("b#1") == 3.0
        store.pace.remember("a#1", None)
        assert store.pace.learned("a#1") is None and store.pace.learned("b#1") == 3.0


def test_a_file_of_the_version_before_gets_the_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Database(path, migrations=MIGRATIONS[:-1]).close()
    with Store(Database(path)) as store:
        assert store.db.user_version == len(MIGRATIONS)
        store.pace.remember("a#1", 2.0)
        assert store.pace.learned("a#1") == 2.0
