"""The open shop's pending writes (services/outbox/pending.py), as views read them.

A view asks `writes(key)` / `state(key)` when it paints; it hears that they moved from the
session's change feed (`ui/widgets/service_link.subscribe_changes`) and keeps no copy of its
own. Without a shop everything reads as nothing waiting.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from sellerdesk.services.outbox.pending import PendingWrites, RecordWrites, WriteState


class PendingSignals(QObject):
    """Reads a session's pending writes; lives as long as its parent. Views hear that they
    moved from the session's change feed, not from here."""

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

    def writes(self, key: str) -> RecordWrites:
        return self.pending.writes(key) if self.pending is not None else RecordWrites(key)

    def state(self, key: str) -> WriteState | None:
        return self.pending.state(key) if self.pending is not None else None

    def key_of(self, entry_id: str) -> str | None:
        return self.pending.key_of(entry_id) if self.pending is not None else None
