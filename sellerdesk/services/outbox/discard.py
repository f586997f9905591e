"""What discarding a queued write did: the one answer every surface words (the command line's
`outbox --discard`, the window's Discard).

A write sent before whose reply never came clearly (dropped, timed out, 5xx) stays queued with
its attempts counted; it may already be on the shop, so "it will not be sent" would not be the
whole truth. Before such an entry is dropped the server is read (`settle.check`): applied
there, it is marked done (nothing to undo); not there, it is dropped; the server out of reach,
nothing changes unless the seller insists (`force`).
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from sellerdesk.store.outbox import OutboxEntry, OutboxState


class DiscardOutcome(StrEnum):
    DISCARDED = "discarded"  # dropped; it is not on the shop (never sent, or read: not there)
    ALREADY_APPLIED = "already_applied"  # the shop has it: marked done, nothing dropped
    UNCHECKED = "unchecked"  # sent before, the shop out of reach: nothing changed
    FORCED = "forced"  # dropped unchecked at the seller's word: it may be on the shop


class Discarded(msgspec.Struct, frozen=True):
    outcome: DiscardOutcome
    entry: OutboxEntry  # as it was before the discard
    reason: str = ""  # UNCHECKED: why the shop could not be read, in words for people


def may_be_applied(entry: OutboxEntry) -> bool:
    """Whether `entry` is queued after a send whose outcome is unknown: sent at least once
    (`attempts` counts sends only; failed reads are `failed_reads`) and neither done nor
    settled as refused or in conflict (both of those read the server: not applied)."""
    return entry.state is OutboxState.QUEUED and entry.attempts > 0


__all__ = ["DiscardOutcome", "Discarded", "may_be_applied"]
