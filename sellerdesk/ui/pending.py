"""The open shop's pending writes (services/outbox/pending.py) as one Qt signal, for views.

A view asks `writes(key)` / `state(key)` when it paints and listens to `changed` to repaint;
it keeps no copy of its own. Without a shop everything reads as nothing waiting.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from sellerdesk.services.outbox.pending import PendingWrites, RecordWrites, WriteState
from sellerdesk.ui.widgets.service_link import subscribe


class PendingSignals(QObject):
    """`changed(PendingChange)` whenever a record's writes move; lives as long as its parent."""

    changed = Signal(object)

    def __init__(self, parent: QObject | None = None,
                 pending: PendingWrites | None = None) -> None:
        super().__init__(parent)
        self.pending: PendingWrites | None = None
        if pending is not None:
            self.attach(pending)

    def attach(self, pending: PendingWrites) -> None:
        """Follow `pending` (once: a view lives with one shop)."""
        if self.pending is not None:
            return
        self.pending = pending
        subscribe(self, pending.changed, self.changed.emit)

    def writes(self, key: str) -> RecordWrites:
        return self.pending.writes(key) if self.pending is not None else RecordWrites(key)

    def state(self, key: str) -> WriteState | None:
        return self.pending.state(key) if self.pending is not None else None

    def key_of(self, entry_id: str) -> str | None:
        return self.pending.key_of(entry_id) if self.pending is not None else None
