"""Listening to a service's event for exactly as long as a widget lives; and the one place
where a view hears the session's change feed (services/changes.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QObject, QTimer

from sellerdesk.services.changes import ChangeFeed, Changes
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


def subscribe_changes(owner: QObject, feed: ChangeFeed, callback: Callable[[Changes], object],
                      *, area: str | None = None) -> Callable[[], None]:
    """Call `callback(changes)` for what the feed published, for as long as `owner` lives:
    once per turn of the event loop, with every value published during that turn merged
    (`Changes.merged`), so a burst (a round of sent answers, a sync's stages finishing
    together, a bulk shipping update) reloads a view once, not once per commit. With
    `area` ("orders", "outbox", ...; `Changes.touches`), only values touching it count.

    This is the window's one coalescing of changes: views keep no reload timers of their
    own. Returns the function that stops listening early."""
    heard: list[Changes] = []
    turn = QTimer(owner)  # a child: it dies with the view and never fires after it
    turn.setSingleShot(True)
    turn.setInterval(0)

    def deliver() -> None:
        values = heard[:]
        heard.clear()
        if values and shiboken6.isValid(owner):
            callback(Changes.merged(values))

    def hear(changes: Changes) -> None:
        if area is not None and not changes.touches(area):
            return
        heard.append(changes)
        if shiboken6.isValid(turn) and not turn.isActive():
            turn.start()

    turn.timeout.connect(deliver)
    return subscribe(owner, feed.published, hear)
