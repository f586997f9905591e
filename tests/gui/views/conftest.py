"""Helpers for the view tests: run a coroutine on the qasync loop and wait for it; the
pictures they save go in the run's own temporary folder unless SELLERDESK_VIEW_PICTURES
names one."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine, Iterator
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


@pytest.fixture(scope="session", autouse=True)
def _pictures_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """pytest's own temporary folders are pruned run after run; a fixed /tmp one was not."""
    if os.environ.get("SELLERDESK_VIEW_PICTURES"):
        yield
        return
    os.environ["SELLERDESK_VIEW_PICTURES"] = str(tmp_path_factory.mktemp("views"))
    yield
    del os.environ["SELLERDESK_VIEW_PICTURES"]
