"""`sellerdesk-sandbox` with no switches is as harsh as the field; `--gentle` is not.

Started here by hand: the shared launcher (tests/support/sandbox.py) turns the rate limit off
for the rest of the suite and keeps the rest of the field (expiring tokens, field variety).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import http
from tests.support.sandbox import READY
from tests.support.sandbox_copies import start_copy

from ._helpers import TIMEOUT


@pytest.fixture
def plain_start(seeded_db: Path, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A sandbox started with no harshness switch at all: (base_url, ready line)."""
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    proc = subprocess.Popen([sys.executable, "-m", "sellerdesk.sandbox", "--port", "0",
                             "--db", str(db)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = READY.search(line)
        assert found, line
        yield found.group(1), line
    finally:
        proc.terminate()
        proc.wait(30)
        if proc.stdout is not None:
            proc.stdout.close()


def test_no_switches_is_the_field(plain_start: tuple[str, str]) -> None:
    base_url, line = plain_start
    params = {"access_token": "sandbox-token"}
    limits = http.get(f"{base_url}/_sandbox/limits", params=params, timeout=TIMEOUT).json()
    assert limits == {"rate_limit": 5.0, "rate_burst": 10, "retry_after_omit_every": 4,
                      "token_ttl": 21600}
    variety = http.get(f"{base_url}/_sandbox/variety", params=params, timeout=TIMEOUT).json()
    assert variety["on"] is True
    assert re.search(r" client_id=sellerdesk-demo client_secret=sandbox-secret "
                     r"refresh_token=TG-\S+$", line.strip())
    codes = http.get(f"{base_url}/v1/shops/1001/metrics", params=params,
                      timeout=TIMEOUT).json()
    assert any(c["id"] is None for c in codes)


def test_the_shared_launcher_is_the_field_without_its_rate_limit(seeded_db: Path,
                                                                 tmp_path: Path) -> None:
    launched = start_copy(seeded_db, tmp_path, [])  # the launcher's own defaults
    try:
        params = {"access_token": launched.token}
        limits = http.get(f"{launched.base_url}/_sandbox/limits", params=params,
                           timeout=TIMEOUT).json()
        assert (limits["rate_limit"], limits["token_ttl"]) == (0.0, 21600)
        variety = http.get(f"{launched.base_url}/_sandbox/variety", params=params,
                            timeout=TIMEOUT).json()
        assert variety["on"] is True and variety["records"]
        assert launched.client_id == "sellerdesk-demo" and launched.refresh_token
    finally:
        launched.stop()
