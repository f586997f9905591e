"""httpx's async backend, imported once, by whichever thread needs it first.

httpx imports its backend (anyio, httpcore's anyio module, sniffio) on the first request,
on the event loop's thread; the window imports it ahead on its warm-up thread so the first
sync does not stall on it. Two threads importing that module graph in different orders can
deadlock on Python's module locks (`_DeadlockError` in one of them, a failed request), so
both go through this lock: the loop waits for the warm-up's import to end instead.
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_imported = threading.Event()


def import_backend() -> None:
    """Import the async backend's modules (once; cheap afterwards)."""
    if _imported.is_set():
        return
    with _lock:
        if _imported.is_set():
            return
        import anyio._backends._asyncio  # noqa: F401 - what anyio loads for asyncio
        import httpcore._backends.anyio  # noqa: F401
        import sniffio  # noqa: F401 - httpcore imports it inside every request

        _imported.set()
