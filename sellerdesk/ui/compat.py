"""Work-arounds for defects of the Qt binding in use: each one detected at run time, never
assumed, so it switches itself off once the binding is fixed or pinned.
"""

from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger("sellerdesk.ui")

# Enough references that no session can use them up (10**15 void calls).
_PIN = 1 << 50
_state = {"checked": False, "applied": False}


def _void_calls_leak_none() -> bool:
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(100):
        probe.setObjectName("")
    return before - sys.getrefcount(None) >= 50


def guard_singleton_refcounts() -> bool:
    """PySide6 6.12.0 on Python 3.11 drops a reference to None on every call of a Qt
    method that returns nothing; after ~18,000 such calls (a few seconds of painting)
    CPython aborts with "none_dealloc". Python 3.12 made None, True and False immortal;
    on 3.11 we give them so many references that they cannot run out. Returns whether the
    work-around is in effect. The real fix is a PySide6 without the defect (6.11.3 is clean).
    """
    if _state["checked"]:
        return _state["applied"]
    _state["checked"] = True
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    if not _void_calls_leak_none():
        return False
    for singleton in (None, True, False):
        # CPython 3.11 object layout: ob_refcnt is the first field, id() is the address.
        ctypes.c_ssize_t.from_address(id(singleton)).value += _PIN
    _state["applied"] = True
    log.warning("this PySide6 leaks references to None on Python 3.11; "
                "compensated (install PySide6-Essentials 6.11.3 to avoid it)")
    return True
