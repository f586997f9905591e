"""The PySide6 6.12.0 / Python 3.11 None-refcount defect cannot abort a long session."""

from __future__ import annotations

import subprocess
import sys

from sellerdesk.ui.compat import guard_singleton_refcounts

_LONG_SESSION = r"""
import sys
import sellerdesk.ui  # applies the guard when the binding needs it
from PySide6.QtCore import QObject
probe = QObject()
for _ in range(100_000):  # far more void calls than None has references of its own
    probe.setObjectName("")
print("alive", sys.getrefcount(None) > 0)
"""


def test_a_long_session_of_void_calls_survives() -> None:
    result = subprocess.run([sys.executable, "-c", _LONG_SESSION], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "alive True" in result.stdout


def test_the_guard_is_idempotent() -> None:
    assert guard_singleton_refcounts() == guard_singleton_refcounts()
