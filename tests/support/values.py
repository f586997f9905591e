"""Small values tests build again and again: outbox entries, tracking codes, a raised error."""

from __future__ import annotations

from datetime import UTC, datetime

from sellerdesk.services.outbox.settle import Intent, dump
from sellerdesk.services.types import (
    CodeEvent,
    IntentKind,
    OutboxEntry,
    OutboxState,
    Provider,
    TrackingCode,
    TrackingStatus,
)
from sellerdesk.store.outbox import Conflict

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def outbox_entry(seq: int, kind: IntentKind, entity: str, intent: Intent,
                 state: OutboxState = OutboxState.QUEUED, conflict: Conflict | None = None,
                 error: str | None = None) -> OutboxEntry:
    """An entry as the store hands it out (id `e<seq>`), without touching a store."""
    return OutboxEntry(id=f"e{seq}", seq=seq, kind=kind, entity=entity, payload=dump(intent),
                       state=state, created_at=NOW, updated_at=NOW, attempts=0,
                       next_attempt_at=None, last_error=error, conflict=conflict,
                       uncertain=False, result=None)


def tracking_code(id: int, name: str, event: CodeEvent = CodeEvent.NAVIGATION) -> TrackingCode:
    return TrackingCode(id=id, name=name, code="<script></script>", provider=Provider.OTHER,
                        event=event, status=TrackingStatus.ACTIVE)


def raised(exc: BaseException) -> BaseException:
    """`exc` with a traceback, as an `except` clause would catch it."""
    try:
        raise exc
    except BaseException as caught:
        return caught
