"""The suite's own plugins (tests/support/watchdog.py, xdist_groups.py) load however pytest is
run: `./run bench` runs without pytest-xdist (`-p no:xdist`), where a hook of xdist's that a
plugin implements must be optional, or pytest refuses to start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("plugins", [["-p", "no:xdist"], []])
def test_the_suite_collects_with_and_without_xdist(plugins: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "pytest", *plugins, "--collect-only", "-q",
                           "-p", "no:cacheprovider", "tests/unit/test_version.py"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
