"""Session-wide snapshots of the shared (read-only) sandbox, walked once with limit/offset,
and sandboxes as harsh as the field for the tests of the harsh parts."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import get_json, walk


@pytest.fixture(scope="session")
def sandbox(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """The shared read-only sandbox of these tests, spec-only: they check the sandbox against
    the spec (orderings, filters, types). The field's values outside the spec's lists are on
    in every other sandbox, and checked here by test_field_variety.py and
    test_harsh_defaults.py on sandboxes of their own."""
    sb = start_copy(seeded_db, tmp_path_factory.mktemp("sandbox-spec"), ["--no-field-variety"])
    yield sb
    sb.stop()


@pytest.fixture
def fresh_sandbox(seeded_db: Path, tmp_path: Path) -> Iterator[Sandbox]:
    """A spec-only sandbox of one's own, for writes and faults (as `sandbox`, above)."""
    sb = start_copy(seeded_db, tmp_path, ["--no-field-variety"])
    yield sb
    sb.stop()


@pytest.fixture(scope="session")
def all_orders(sandbox: Sandbox) -> list[dict[str, Any]]:
    return walk(sandbox, "/orders/search")[0]


@pytest.fixture(scope="session")
def all_questions(sandbox: Sandbox) -> list[dict[str, Any]]:
    return walk(sandbox, "/questions/search")[0]


@pytest.fixture(scope="session")
def all_threads(sandbox: Sandbox) -> list[dict[str, Any]]:
    return walk(sandbox, "/questions/threads/search")[0]


@pytest.fixture(scope="session")
def active_codes(sandbox: Sandbox) -> list[dict[str, Any]]:
    codes: list[dict[str, Any]] = get_json(sandbox, "/metrics")
    return codes


@pytest.fixture(scope="session")
def category_tree(sandbox: Sandbox) -> list[dict[str, Any]]:
    tree: list[dict[str, Any]] = get_json(sandbox, "/categories/tree")
    return tree


# The field's harshness, given explicitly: these switches win over the `--rate-limit 0` that
# the shared launcher adds for the rest of the suite (decisions.md: Sandbox specifics).
FIELD = ["--rate-limit", "5", "--rate-burst", "10", "--token-ttl", "21600", "--field-variety"]


def start_copy(seeded_db: Path, folder: Path, extra: list[str]) -> Sandbox:
    db = folder / "sandbox.db"
    shutil.copy(seeded_db, db)
    return Sandbox(db=db, extra_args=list(extra)).start()


@pytest.fixture
def field_sandbox(seeded_db: Path, tmp_path: Path) -> Iterator[Sandbox]:
    """A sandbox of one's own, as harsh as the field (rate limit, 6 h tokens, variety)."""
    sb = start_copy(seeded_db, tmp_path, FIELD)
    yield sb
    sb.stop()


@pytest.fixture(scope="module")
def variety_sandbox(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory
                    ) -> Iterator[Sandbox]:
    """Field variety without the rate limit, shared read-only by a module."""
    sb = start_copy(seeded_db, tmp_path_factory.mktemp("variety"),
                    ["--field-variety", "--rate-limit", "0"])
    yield sb
    sb.stop()
