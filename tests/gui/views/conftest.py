"""Helpers for the view tests: run a coroutine on the qasync loop and wait for it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import pytest
from pytestqt.qtbot import QtBot

T = TypeVar("T")


@pytest.fixture
def await_(qloop: asyncio.AbstractEventLoop, qtbot: QtBot):  # type: ignore[no-untyped-def]
    """`await_(coro)`: run it on the GUI's loop, let Qt spin until it is done, return it."""

    def run(coro: Coroutine[Any, Any, T], timeout: int = 20_000) -> T:
        task = asyncio.ensure_future(coro, loop=qloop)
        qtbot.waitUntil(task.done, timeout=timeout)
        return task.result()

    return run


