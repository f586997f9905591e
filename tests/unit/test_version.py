"""One version: the package's `__version__` is what pyproject.toml declares and what the
installed metadata says (the bundle's build reads both)."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import sellerdesk

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_says_the_declared_version() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert sellerdesk.__version__ == declared["project"]["version"]
    assert sellerdesk.__version__ == importlib.metadata.version("sellerdesk")
