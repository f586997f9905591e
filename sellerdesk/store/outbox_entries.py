"""The outbox's vocabulary: kinds of intent, states, entries and change events."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

import msgspec

from sellerdesk.store.db import StoreError


class IntentKind(StrEnum):
    ANSWER = "answer"
    DELETE_QUESTION = "delete_question"
    INVOICE = "invoice"
    SHIPPING = "shipping"
    TRACKING_CREATE = "tracking_create"
    TRACKING_MODIFY = "tracking_modify"
    TRACKING_DELETE = "tracking_delete"


class OutboxState(StrEnum):
    QUEUED = "queued"
    SENDING = "sending"
    DONE = "done"
    CONFLICT = "conflict"
    FAILED = "failed"


UNFINISHED = (OutboxState.QUEUED, OutboxState.SENDING, OutboxState.CONFLICT, OutboxState.FAILED)


class Resolution(StrEnum):
    KEEP_LOCAL = "keep_local"  # send the seller's version again (optionally edited)
    KEEP_SERVER = "keep_server"  # accept the server's version: the entry is dropped


class OutboxEvent(StrEnum):
    ENQUEUED = "enqueued"
    CHANGED = "changed"
    REMOVED = "removed"
    PAUSED = "paused"
    RESUMED = "resumed"


class OutboxStateError(StoreError):
    """The entry is not in a state that allows this step (or is gone)."""

    default_message = "That change has already moved on; the list is being refreshed."


class Conflict(msgspec.Struct, frozen=True):
    local: bytes  # the seller's version, JSON
    server: bytes | None  # the server's version, JSON; None when the record is gone
    message: str


class OutboxEntry(msgspec.Struct, frozen=True):
    id: str
    seq: int
    kind: IntentKind
    entity: str
    payload: bytes
    state: OutboxState
    created_at: datetime
    updated_at: datetime
    attempts: int
    next_attempt_at: datetime | None
    last_error: str | None
    conflict: Conflict | None
    uncertain: bool  # was `sending` when the app last stopped: outcome unknown
    result: bytes | None  # what mark_done recorded (e.g. the created tracking code)
    # Reads of the server before a send that failed (offline, 5xx): with `attempts` (the
    # sends), what the entry's backoff grows with (policy.failed_tries).
    failed_reads: int = 0


@dataclass(frozen=True, slots=True)
class OutboxChange:
    event: OutboxEvent
    entry_id: str | None = None
    entity: str | None = None
    state: OutboxState | None = None
    # The entry as that commit left it (None: removed, or its record was re-keyed, which
    # moved other entries too: read the record), and the commit's number among the outbox's
    # commits that changed entries: an observer that took in every commit before it may
    # take this one from `entry` without reading the store again (services/outbox/pending.py).
    entry: OutboxEntry | None = field(default=None, compare=False, repr=False)
    commit: int = field(default=0, compare=False, repr=False)


Observer = Callable[[OutboxChange], None]


def entity_key(kind: str, id: int | str) -> str:
    """"question:123", "order:77", "tracking:5": one key per record a write touches."""
    return f"{kind}:{id}"


def new_tracking_entity() -> str:
    """The key of a tracking code not yet created on the server."""
    return f"tracking:new:{uuid.uuid4().hex}"
