"""Tracking rows: the seller's unsent writes laid over the cached codes, filtered on what
the seller will see."""

from __future__ import annotations

from datetime import UTC, datetime

from sellerdesk.services.intents import Intent, dump
from sellerdesk.services.pending import RecordWrites
from sellerdesk.services.tracking_rows import build_rows
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


def _code(id: int, name: str, event: CodeEvent = CodeEvent.NAVIGATION) -> TrackingCode:
    return TrackingCode(id=id, name=name, code="<script></script>", provider=Provider.OTHER,
                        event=event, status=TrackingStatus.ACTIVE)


def _entry(seq: int, kind: IntentKind, entity: str, intent: Intent,
           state: OutboxState = OutboxState.QUEUED, conflict: Conflict | None = None,
           error: str | None = None) -> OutboxEntry:
    return OutboxEntry(id=f"e{seq}", seq=seq, kind=kind, entity=entity, payload=dump(intent),
                       state=state, created_at=NOW, updated_at=NOW, attempts=0,
                       next_attempt_at=None, last_error=error, conflict=conflict,
                       uncertain=False, result=None)


def _records(entries: list[OutboxEntry], sent: tuple[OutboxEntry, ...] = ()
             ) -> list[RecordWrites]:
    keys = dict.fromkeys([e.entity for e in entries] + [e.entity for e in sent])
    return [RecordWrites(k, tuple(e for e in entries if e.entity == k),
                         tuple(e for e in sent if e.entity == k)) for k in keys]


def test_unsent_changes_deletes_and_creates_are_laid_over() -> None:
    codes = [_code(1, "One"), _code(2, "Two"), _code(3, "Three")]
    draft = {"name": "New", "code": "<b>x</b>", "provider": "OTHER", "event": "BUY_BUTTON",
             "options": {}, "status": "ACTIVE"}
    entries = [
        _entry(1, IntentKind.TRACKING_MODIFY, "tracking:1",
               Intent(tracking_id=1, changes={"name": "Uno"}, base={"name": "One"})),
        _entry(2, IntentKind.TRACKING_DELETE, "tracking:2", Intent(tracking_id=2),
               OutboxState.SENDING),
        _entry(3, IntentKind.TRACKING_CREATE, "tracking:new:abc", Intent(draft=draft)),
        _entry(4, IntentKind.ANSWER, "question:9", Intent(question_id=9, text="hola")),
    ]
    done = _entry(5, IntentKind.TRACKING_MODIFY, "tracking:3",
                  Intent(tracking_id=3, changes={"name": "Three"}), OutboxState.DONE)
    rows = build_rows(codes, _records(entries, (done,)))
    assert [(r.key, r.code.name, r.sync, r.deleting, r.creating) for r in rows] == [
        ("tracking:1", "Uno", "queued", False, False),
        ("tracking:2", "Two", "sending", True, False),
        ("tracking:3", "Three", "sent", False, False),
        ("tracking:new:abc", "New", "queued", False, True),
    ]
    assert rows[0].saved is not None and rows[0].saved.name == "One"
    assert not rows[1].editable and not rows[3].editable and rows[0].editable
    only_cart = build_rows(codes, _records(entries), event=CodeEvent.BUY_BUTTON)
    assert [r.key for r in only_cart] == ["tracking:new:abc"]


def test_a_blocked_write_speaks_for_its_code() -> None:
    conflict = Conflict(b"{}", None, "This tracking code was deleted elsewhere.")
    entries = [
        _entry(1, IntentKind.TRACKING_MODIFY, "tracking:1",
               Intent(tracking_id=1, changes={"name": "A"}), OutboxState.CONFLICT, conflict),
        _entry(2, IntentKind.TRACKING_MODIFY, "tracking:1",
               Intent(tracking_id=1, changes={"name": "B"})),
    ]
    (row,) = build_rows([_code(1, "One")], _records(entries))
    assert row.code.name == "B" and row.sync == "conflict"
    assert row.problem == "This tracking code was deleted elsewhere."
