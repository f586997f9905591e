"""Reading an outbox entry's stored payload and conflict, without Qt.

The outbox view and the conflict dialog put these into words; the reading itself (a payload
that no longer parses, a server side that is not an object, which shipping an entry is about)
is the same for the window, the command line and the tests, so it lives here once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import msgspec

from sellerdesk.services.outbox.settle import Intent, parse
from sellerdesk.store.outbox_entries import OutboxEntry


def read_intent(entry: OutboxEntry) -> Intent:
    """The entry's payload; an empty `Intent` when it cannot be read (never raises)."""
    try:
        return parse(entry.payload)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return Intent()


def _server_side(raw: str | bytes | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    try:
        loaded = json.loads(raw)
    except ValueError:
        return None
    return loaded if isinstance(loaded, dict) else None


@dataclass(frozen=True)
class ConflictSides:
    """The seller's version and the shop's, as stored when the conflict was found."""

    mine: Intent
    theirs: dict[str, Any] = field(default_factory=dict)
    gone: bool = False  # the record no longer exists on the shop

    def question_text(self) -> str:
        return str((self.theirs.get("question") or {}).get("text") or "")

    def answer_text(self) -> str | None:
        text = (self.theirs.get("answer") or {}).get("text")
        return str(text) if text else None

    def invoice(self) -> dict[str, Any]:
        invoice = self.theirs.get("invoice")
        return invoice if isinstance(invoice, dict) else {}

    def shipping(self) -> dict[str, Any]:
        """The shop's side of the shipping the seller's write is about ({} when absent)."""
        for candidate in self.theirs.get("shippings") or []:
            if isinstance(candidate, dict) and candidate.get("id") == self.mine.shipping_id:
                return candidate
        return {}


def conflict_sides(entry: OutboxEntry) -> ConflictSides:
    conflict = entry.conflict
    if conflict is None:
        return ConflictSides(read_intent(entry), {}, gone=True)
    try:
        mine = parse(conflict.local)
    except (msgspec.DecodeError, msgspec.ValidationError):
        mine = read_intent(entry)
    theirs = _server_side(conflict.server)
    return ConflictSides(mine, theirs or {}, gone=theirs is None)
