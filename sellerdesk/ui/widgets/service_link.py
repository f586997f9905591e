"""Listening to a service's event for exactly as long as a widget lives."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QObject

from sellerdesk.services.events import Event

T = TypeVar("T")


def subscribe(owner: QObject, event: Event[T], callback: Callable[[T], object]
              ) -> Callable[[], None]:
    """Call `callback(value)` on each `event`; stops when `owner` is destroyed.

    Services outlive views (a profile switch rebuilds the window), so a view that forgot
    to disconnect would be called after its C++ half is gone; this makes that impossible.
    Returns the function that disconnects early.
    """

    def guarded(value: T) -> None:
        if shiboken6.isValid(owner):
            callback(value)

    disconnect = event.connect(guarded)
    owner.destroyed.connect(lambda *_: disconnect())
    return disconnect
