"""A seeded database is whole in its main file once the sandbox says it is ready: a plain
copy of that file (how the suite makes a template's copies) is the seeded shop, even when the
sandbox is stopped at once, before its server has started (it then never closes the
database, whose close would fold the WAL back)."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from tests.support.sandbox import Sandbox


def test_a_copy_of_the_main_file_taken_when_ready_holds_the_seeded_shop(tmp_path: Path
                                                                         ) -> None:
    db, copy = tmp_path / "seeded.db", tmp_path / "copy.db"
    sb = Sandbox(db=db, orders=60).start()
    try:
        shutil.copy(db, copy)  # the main file alone, as the templates are copied
    finally:
        sb.stop()
    with closing(sqlite3.connect(copy)) as conn:
        seeded = conn.execute("SELECT value FROM meta WHERE key='seeded_orders'").fetchone()
    assert seeded == ("60",)
