"""Waiting in a window test for what the sandbox holds, without stalling the window.

A check that asks the sandbox over HTTP, polled by `qtbot.waitUntil`, blocks the GUI thread
(and the app's event loop with it) for every request; on a loaded machine the app's own
requests then get a sliver of the loop between polls. Here the check runs on a thread of its
own, and the GUI thread only waits on its verdict, its event loop free meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from pytestqt.qtbot import QtBot

POLL_S = 0.05


def wait_on_server(qtbot: QtBot, check: Callable[[], bool], timeout: int = 20_000, *,
                   explain: Callable[[], str] | None = None) -> None:
    """Return once `check()` (which may ask the sandbox) holds; fail after `timeout` ms
    (stretched by the suite's patience, as every qtbot wait), naming the last error and
    what `explain()` (run on the GUI thread) says of the app's side."""
    held = threading.Event()
    stop = threading.Event()
    last_error: list[BaseException] = []

    def poll() -> None:
        while not stop.is_set():
            try:
                if check():
                    held.set()
                    return
            except Exception as exc:  # a refused or odd reply: asked again, kept for the report
                last_error[:] = [exc]
            stop.wait(POLL_S)

    worker = threading.Thread(target=poll, name="server-wait", daemon=True)
    worker.start()
    try:
        qtbot.waitUntil(held.is_set, timeout=timeout)
    except Exception as exc:
        if not last_error and explain is None:
            raise
        said = [f"last error: {last_error[0]!r}"] if last_error else []
        if explain is not None:
            said.append(explain())
        raise AssertionError(f"the sandbox never held it; {'; '.join(said)}") from exc
    finally:
        stop.set()
        worker.join(timeout=10)
