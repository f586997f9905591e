"""What became of the writes this view queued: a create that got its id, codes sent."""

from __future__ import annotations

from sellerdesk.services.types import OutboxChange, OutboxEntry, OutboxEvent, OutboxState


class WriteFollower:
    """Fed every outbox change; tells the view which changes concern tracking codes."""

    def __init__(self) -> None:
        self.sent: set[str] = set()  # code keys whose last write went through this session
        self._keys: dict[str, str] = {}  # entry id -> the key of the code it writes
        self._done: set[str] = set()  # entries seen done (maybe before the view followed them)

    def follow(self, entry: OutboxEntry) -> None:
        """A write this view just queued (its code is no longer "sent", unless that write
        already went through before the view got here)."""
        key = self._keys.setdefault(entry.id, entry.entity)
        if entry.id not in self._done:
            self.sent.discard(key)

    def key_of(self, entry_id: str, default: str) -> str:
        """The code's key as of now (a create that went through has its real id)."""
        return self._keys.get(entry_id, default)

    def ours(self, key: str | None) -> bool:
        return key is not None and key in self._keys.values()

    def take(self, change: OutboxChange) -> tuple[bool, str | None, str | None]:
        """(relevant, old key, new key): the change concerns tracking codes; and when a
        create went through, the code's key moved from "tracking:new:…" to "tracking:<id>"."""
        entity = change.entity or ""
        if (change.event is OutboxEvent.ENQUEUED and change.entry_id
                and entity.startswith("tracking:") and change.entry_id not in self._keys):
            # Known from the moment it is queued: a fast send can finish before the view's
            # own callback runs, and its re-keying must not be missed.
            self._keys[change.entry_id] = entity
            return True, None, None
        before = self._keys.get(change.entry_id or "")
        if not entity.startswith("tracking:") and before is None:
            return False, None, None
        moved: tuple[str | None, str | None] = (None, None)
        if before is not None and entity and entity != before and change.entry_id:
            self._keys[change.entry_id] = entity
            moved = (before, entity)
        if change.state is OutboxState.DONE and entity:
            self.sent.add(entity)
            if change.entry_id:
                self._done.add(change.entry_id)
        return True, *moved
