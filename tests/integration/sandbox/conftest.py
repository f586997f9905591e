"""Session-wide snapshots of the shared (read-only) sandbox, walked once with limit/offset."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import get_json, walk


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
