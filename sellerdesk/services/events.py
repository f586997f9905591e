"""A tiny observer list: how services tell the world something happened, without Qt.

The GUI connects Qt-signal emitters to these; the command line and tests connect plain
functions. Callbacks run synchronously on the event-loop thread, in connection order; one
callback's failure is logged and does not stop the others.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger("sellerdesk.services")

T = TypeVar("T")


class Event(Generic[T]):
    """`event.connect(fn)`; `event.emit(value)` calls every `fn(value)`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._callbacks: list[Callable[[T], object]] = []

    def connect(self, callback: Callable[[T], object]) -> Callable[[], None]:
        """Add `callback`; returns a function that disconnects it."""
        self._callbacks.append(callback)

        def disconnect() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return disconnect

    def emit(self, value: T) -> None:
        for callback in list(self._callbacks):
            try:
                callback(value)
            except Exception:  # a broken observer must not break the service
                log.exception("observer of %s failed", self.name)

    def __repr__(self) -> str:
        return f"Event({self.name!r}, {len(self._callbacks)} observers)"
