"""Session-wide snapshots of the shared (read-only) sandbox, walked once with limit/offset,
and sandboxes as harsh as the field for the tests of the harsh parts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.sandbox import Sandbox
from tests.support.sandbox_copies import FIELD, start_copy

from ._helpers import get_json, walk


@pytest.fixture(scope="session")
def all_orders(spec_sandbox: Sandbox) -> list[dict[str, Any]]:
    return walk(spec_sandbox, "/orders/search")[0]


@pytest.fixture(scope="session")
def all_questions(spec_sandbox: Sandbox) -> list[dict[str, Any]]:
    return walk(spec_sandbox, "/questions/search")[0]


@pytest.fixture(scope="session")
def all_threads(spec_sandbox: Sandbox) -> list[dict[str, Any]]:
    return walk(spec_sandbox, "/questions/threads/search")[0]


@pytest.fixture(scope="session")
def active_codes(spec_sandbox: Sandbox) -> list[dict[str, Any]]:
    codes: list[dict[str, Any]] = get_json(spec_sandbox, "/metrics")
    return codes


@pytest.fixture(scope="session")
def category_tree(spec_sandbox: Sandbox) -> list[dict[str, Any]]:
    tree: list[dict[str, Any]] = get_json(spec_sandbox, "/categories/tree")
    return tree


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
