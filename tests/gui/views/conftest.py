"""Helpers for the view tests: run a coroutine on the qasync loop and wait for it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtWidgets import QApplication, QWidget
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


def save_picture(widget: QWidget, name: str) -> Path:
    """Render `widget` to PNG under $SELLERDESK_VIEW_PICTURES (default: a temp folder)."""
    folder = Path(os.environ.get("SELLERDESK_VIEW_PICTURES", "/tmp/sellerdesk-views"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    for _ in range(3):  # let posted layout requests through (a chip that changed its words)
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    assert widget.grab().save(str(path), "PNG")
    return path
