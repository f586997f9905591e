"""The rows of the tracking-code list: cached codes with the seller's unsent writes laid over.

A code edited offline shows (and opens in the editor) as the seller left it, marked queued,
until the outbox has sent it; a code created offline is listed before it has an id. The
writes come from `PendingWrites` (services/outbox/pending.py), one `RecordWrites` per code.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec
from msgspec.structs import replace

from sellerdesk.api.enums import Event as CodeEvent
from sellerdesk.api.enums import Provider
from sellerdesk.api.models import TrackingCode, decode
from sellerdesk.services.convert import encode
from sellerdesk.services.outbox.pending import RecordWrites
from sellerdesk.services.outbox.settle import parse
from sellerdesk.store.outbox import IntentKind, OutboxEntry

_TRACKING_KINDS = (IntentKind.TRACKING_CREATE, IntentKind.TRACKING_MODIFY,
                   IntentKind.TRACKING_DELETE)


class TrackingRow(msgspec.Struct, frozen=True):
    key: str  # "tracking:5", or "tracking:new:<uuid>" while its create is unsent
    code: TrackingCode  # as it will be once the seller's unsent writes land
    saved: TrackingCode | None  # the shop's version (cached); None for an unsent create
    sync: str | None = None  # queued / sending / conflict / failed / sent
    deleting: bool = False
    entry_id: str | None = None  # the latest unfinished outbox entry of this code
    problem: str | None = None  # its last error or conflict, in words

    @property
    def creating(self) -> bool:
        return self.saved is None

    @property
    def editable(self) -> bool:
        """Changes go through `modify`, which needs the code's id (so not before it exists)
        and makes no sense once a delete is queued."""
        return not self.creating and not self.deleting


def with_changes(code: TrackingCode, changes: dict[str, Any]) -> TrackingCode:
    doc = msgspec.json.decode(encode(code))
    doc.update(changes)
    return decode(msgspec.json.encode(doc), TrackingCode)


def from_draft(draft: dict[str, Any]) -> TrackingCode:
    return decode(msgspec.json.encode({**draft, "id": 0}), TrackingCode)


def _matches(code: TrackingCode, event: CodeEvent | None, provider: Provider | None) -> bool:
    return (event is None or code.event == event) and (provider is None
                                                       or code.provider == provider)


def build_rows(codes: Iterable[TrackingCode], writes: Iterable[RecordWrites], *,
               event: CodeEvent | None = None, provider: Provider | None = None
               ) -> list[TrackingRow]:
    """Codes by id, then unsent creates in the order they were made; filtered on the values
    the seller will see. `writes`: the pending writes of tracking codes (other records are
    ignored)."""
    by_key = {w.key: w for w in writes if w.key.startswith("tracking:")}
    rows: list[TrackingRow] = []
    for saved in sorted(codes, key=lambda c: c.id):
        key = f"tracking:{saved.id}"
        row = _overlay(key, saved, saved, by_key.pop(key, RecordWrites(key)))
        if _matches(row.code, event, provider):
            rows.append(row)
    for key, record in by_key.items():  # creates not yet sent (or codes not cached)
        create = next((e for e in record.waiting if e.kind is IntentKind.TRACKING_CREATE),
                      None)
        draft = parse(create.payload).draft if create is not None else None
        if draft is None:
            continue
        row = _overlay(key, from_draft(draft), None, record)
        if _matches(row.code, event, provider):
            rows.append(row)
    return rows


def _overlay(key: str, code: TrackingCode, saved: TrackingCode | None,
             record: RecordWrites) -> TrackingRow:
    deleting = False
    for entry in record.waiting:
        if entry.kind not in _TRACKING_KINDS:
            continue
        intent = parse(entry.payload)
        if entry.kind is IntentKind.TRACKING_MODIFY and intent.changes:
            code = with_changes(code, intent.changes)
        elif entry.kind is IntentKind.TRACKING_DELETE:
            deleting = True
    head, state = record.head, record.state
    return TrackingRow(key, code, saved, state.value if state is not None else None,
                       deleting, head.id if head is not None else None,
                       record.problem or None)


def queued_create(entry: OutboxEntry) -> TrackingRow:
    """The row of a create just queued, before the list has read it back."""
    draft = parse(entry.payload).draft or {}
    return TrackingRow(entry.entity, from_draft(draft), None, entry.state.value,
                       entry_id=entry.id)


def queued_change(row: TrackingRow, entry: OutboxEntry) -> TrackingRow:
    """`row` with a change just queued laid over it, before the list has read it back."""
    changes = parse(entry.payload).changes or {}
    return replace(row, code=with_changes(row.code, changes), sync=entry.state.value,
                   entry_id=entry.id, problem=None)
