"""The app's asyncio loop over Qt: no Qt object it lets go is left to the cyclic collector.

The collector frees what it finds on whichever thread allocates, and a Qt object destroyed
off its own thread can deadlock with the window (docs/decisions.md). qasync's socket
notifiers were such objects: a refused connection's traceback kept the frame that held one.
"""

from __future__ import annotations

import asyncio
import gc
import socket

import httpx
from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QSocketNotifier
from pytestqt.qtbot import QtBot
from shiboken6 import Shiboken

from sellerdesk.api.errors import Offline
from sellerdesk.api.responses import send
from tests.support.garbage import closed_port, frames_in, garbage


def run(qtbot: QtBot, loop: asyncio.AbstractEventLoop, work: object) -> object:
    task = asyncio.ensure_future(work, loop=loop)  # type: ignore[arg-type]
    qtbot.waitUntil(task.done, timeout=10_000)
    return task.result()


def test_a_socket_notifier_let_go_is_destroyed_by_qt_on_the_loop_thread(
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    left, right = socket.socketpair()
    try:
        qloop.add_reader(left.fileno(), lambda: None)
        notifier = qloop._read_notifiers[left.fileno()]  # type: ignore[attr-defined]
        qloop.remove_reader(left.fileno())
        assert Shiboken.isValid(notifier)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        qtbot.waitUntil(lambda: not Shiboken.isValid(notifier), timeout=5000)
    finally:
        left.close()
        right.close()


def test_a_refused_connection_leaves_no_qt_object_to_the_collector(
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot, no_automatic_collections: None) -> None:
    url = f"http://127.0.0.1:{closed_port()}/questions"

    async def fail() -> str:
        async with httpx.AsyncClient() as http:
            for _ in range(5):
                try:
                    await send(http, http.build_request("GET", url), "questions")
                except Offline:
                    continue
                return "sent"
        return "offline"

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()  # the garbage so far: not this test's
    assert run(qtbot, qloop, fail()) == "offline"
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # released notifiers
    left = garbage()
    # What the failure pinned: frames (up to the Qt callback) and the Qt objects they held,
    # qasync's notifiers and pytest-qt's event loops. (Earlier tests' closed windows may
    # become garbage meanwhile, their fonts and settings with them: not this test's.)
    frames = frames_in(left)
    live_qt = [type(o).__name__ for o in left
               if isinstance(o, QSocketNotifier | QEventLoop) and Shiboken.isValid(o)]
    assert not frames and not live_qt, (frames, live_qt)
