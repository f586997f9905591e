"""Sandboxes started from a copy of a seeded database, and the field harshness in full."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.support.sandbox import Sandbox

# The field's harshness, given explicitly: these switches win over the `--rate-limit 0` that
# the shared launcher adds for the rest of the suite (decisions.md: Sandbox specifics).
FIELD = ["--rate-limit", "5", "--rate-burst", "10", "--token-ttl", "21600", "--field-variety"]


def start_copy(seeded_db: Path, folder: Path, extra: list[str]) -> Sandbox:
    db = folder / "sandbox.db"
    shutil.copy(seeded_db, db)
    return Sandbox(db=db, extra_args=list(extra)).start()
