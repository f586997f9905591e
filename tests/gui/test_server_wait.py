"""The suite's wait for what the sandbox holds (tests/support/server_wait.py)."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from tests.support.server_wait import wait_on_server


def test_the_check_runs_off_the_gui_thread_while_its_loop_turns(qtbot: QtBot) -> None:
    gui = threading.get_ident()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(1)
    threads: set[int] = set()

    def check() -> bool:
        threads.add(threading.get_ident())
        return len(ticks) >= 5  # true only once the GUI thread's loop has turned meanwhile

    wait_on_server(qtbot, check, timeout=20_000)
    timer.stop()
    assert gui not in threads


def test_a_check_that_never_holds_fails_naming_its_last_error(qtbot: QtBot) -> None:
    def check() -> bool:
        raise ConnectionError("refused")

    with pytest.raises(AssertionError, match="refused"):
        wait_on_server(qtbot, check, timeout=100)
