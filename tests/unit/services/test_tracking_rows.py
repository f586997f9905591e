"""Tracking rows: the seller's unsent writes laid over the cached codes, filtered on what
the seller will see."""

from __future__ import annotations

from sellerdesk.services.outbox.pending import RecordWrites
from sellerdesk.services.outbox.settle import Intent
from sellerdesk.services.tracking_rows import build_rows
from sellerdesk.services.types import CodeEvent, IntentKind, OutboxEntry, OutboxState
from sellerdesk.store.outbox import Conflict
from tests.support.values import outbox_entry, tracking_code


def _records(entries: list[OutboxEntry], sent: tuple[OutboxEntry, ...] = ()
             ) -> list[RecordWrites]:
    keys = dict.fromkeys([e.entity for e in entries] + [e.entity for e in sent])
    return [RecordWrites(k, tuple(e for e in entries if e.entity == k),
                         tuple(e for e in sent if e.entity == k)) for k in keys]


def test_unsent_changes_deletes_and_creates_are_laid_over() -> None:
    codes = [tracking_code(1, "One"), tracking_code(2, "Two"), tracking_code(3, "Three")]
    draft = {"name": "New", "code": "<b>x</b>", "provider": "OTHER", "event": "BUY_BUTTON",
             "options": {}, "status": "ACTIVE"}
    entries = [
        outbox_entry(1, IntentKind.TRACKING_MODIFY, "tracking:1",
               Intent(tracking_id=1, changes={"name": "Uno"}, base={"name": "One"})),
        outbox_entry(2, IntentKind.TRACKING_DELETE, "tracking:2", Intent(tracking_id=2),
               OutboxState.SENDING),
        outbox_entry(3, IntentKind.TRACKING_CREATE, "tracking:new:abc", Intent(draft=draft)),
        outbox_entry(4, IntentKind.ANSWER, "question:9", Intent(question_id=9, text="hola")),
    ]
    done = outbox_entry(5, IntentKind.TRACKING_MODIFY, "tracking:3",
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


def test_a_blocked_write_speaks_for_itstracking_code() -> None:
    conflict = Conflict(b"{}", None, "This tracking code was deleted elsewhere.")
    entries = [
        outbox_entry(1, IntentKind.TRACKING_MODIFY, "tracking:1",
               Intent(tracking_id=1, changes={"name": "A"}), OutboxState.CONFLICT, conflict),
        outbox_entry(2, IntentKind.TRACKING_MODIFY, "tracking:1",
               Intent(tracking_id=1, changes={"name": "B"})),
    ]
    (row,) = build_rows([tracking_code(1, "One")], _records(entries))
    assert row.code.name == "B" and row.sync == "conflict"
    assert row.problem == "This tracking code was deleted elsewhere."
