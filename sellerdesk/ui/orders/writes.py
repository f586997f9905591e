"""Where each of the seller's invoice and shipping writes stands: queued, sent, conflict...

The outbox forgets an entry's kind in its change events and drops finished entries from its
unfinished list, so this keeps, per order, the entries seen this session: a write stays
"sent" after it went through, which is what the seller wants to see next to the order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from sellerdesk.services.types import (
    IntentKind,
    OutboxChange,
    OutboxEntry,
    OutboxEvent,
    OutboxState,
)
from sellerdesk.ui.runner import TaskRunner

if TYPE_CHECKING:
    from sellerdesk.services.session import Session

_CHIP_STATE = {
    OutboxState.QUEUED: "queued",
    OutboxState.SENDING: "sending",
    OutboxState.DONE: "sent",
    OutboxState.CONFLICT: "conflict",
    OutboxState.FAILED: "failed",
}
# The state a row shows when an order has several writes: the one that needs the seller.
_URGENCY = {"conflict": 5, "failed": 4, "queued": 3, "sending": 2, "sent": 1}
_ORDER_PREFIX = "order:"


@dataclass(slots=True)
class WriteInfo:
    entry_id: str
    order_id: str
    kind: IntentKind | None
    state: str  # a StateChip state: queued, sending, sent, conflict, failed
    message: str = ""  # why it is not sent yet, or the conflict, in words


def _call_all(functions: list[Callable[[], None]], *_: object) -> None:
    for fn in functions:
        fn()


class OrderWrites(QObject):
    """Follows the outbox for orders; `order_writes_changed(order_id)` after each change."""

    order_writes_changed = Signal(str)

    def __init__(self, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._session: Session | None = None
        self._by_order: dict[str, dict[str, WriteInfo]] = {}
        self._unhook: list[Callable[[], None]] = []
        # A plain function, not a bound method: it must run while this object is destroyed.
        self.destroyed.connect(functools.partial(_call_all, self._unhook))

    def attach(self, session: Session) -> None:
        """Start following `session`'s outbox (once)."""
        if self._session is not None:
            return
        self._session = session
        self._unhook.append(session.outbox.changed.connect(self._on_outbox_changed))
        self._unhook.append(session.outbox.settled.connect(self._on_outbox_settled))
        self._runner.run(session.orders.pending(), on_success=self._on_pending_loaded,
                         show_progress=False, owner=self)

    # ---- Reading. ---------------------------------------------------------------------------

    def state(self, order_id: str) -> str | None:
        infos = self._by_order.get(order_id)
        if not infos:
            return None
        return max((i.state for i in infos.values()), key=lambda s: _URGENCY.get(s, 0))

    def latest(self, order_id: str, kind: IntentKind) -> WriteInfo | None:
        """The newest write of `kind` to the order seen this session."""
        found = [i for i in self._by_order.get(order_id, {}).values() if i.kind is kind]
        return found[-1] if found else None

    def writes(self, order_id: str) -> list[WriteInfo]:
        return list(self._by_order.get(order_id, {}).values())

    # ---- Learning. --------------------------------------------------------------------------

    def record(self, entry: OutboxEntry) -> None:
        """A write the seller just queued (its entry as `submit` returned it)."""
        self._learn(entry)

    def _learn(self, entry: OutboxEntry) -> None:
        if not entry.entity.startswith(_ORDER_PREFIX):
            return
        order_id = entry.entity[len(_ORDER_PREFIX):]
        message = entry.conflict.message if entry.conflict else (entry.last_error or "")
        infos = self._by_order.setdefault(order_id, {})
        known = infos.get(entry.id)
        state = _CHIP_STATE.get(entry.state, entry.state.value)
        if known is not None and known.state == "sent":
            state = "sent"  # an older snapshot must not undo a "sent" seen meanwhile
        infos[entry.id] = WriteInfo(entry.id, order_id, entry.kind, state, message)
        self.order_writes_changed.emit(order_id)

    def _on_pending_loaded(self, pending: dict[str, list[OutboxEntry]]) -> None:
        for entries in pending.values():
            for entry in entries:
                self._learn(entry)

    def _on_outbox_changed(self, change: OutboxChange) -> None:
        entity = change.entity or ""
        if not entity.startswith(_ORDER_PREFIX) or change.entry_id is None:
            return
        order_id = entity[len(_ORDER_PREFIX):]
        infos = self._by_order.setdefault(order_id, {})
        if change.event is OutboxEvent.REMOVED:
            infos.pop(change.entry_id, None)
            self.order_writes_changed.emit(order_id)
            return
        info = infos.get(change.entry_id)
        state = _CHIP_STATE.get(change.state, "queued") if change.state else "queued"
        if info is None:  # queued elsewhere (another window, the command line)
            info = infos[change.entry_id] = WriteInfo(change.entry_id, order_id, None, state)
            self._reread(order_id)
        elif change.event is OutboxEvent.CHANGED and state == "queued":
            self._reread(order_id)  # sent back to wait (offline, a 503): read why
        info.state = state
        if state in ("sending", "sent"):
            info.message = ""
        self.order_writes_changed.emit(order_id)

    def _on_outbox_settled(self, entry: OutboxEntry) -> None:
        if entry.state is OutboxState.DONE:
            self._learn(entry)
        elif entry.entity.startswith(_ORDER_PREFIX):
            # A refused write may be announced with the entry as it was before (its old state,
            # no reason yet): read it back for the state and the words.
            self._reread(entry.entity[len(_ORDER_PREFIX):])

    def _reread(self, order_id: str) -> None:
        session = self._session
        if session is not None:
            self._runner.run(session.orders.pending(order_id),
                             on_success=self._on_pending_loaded, show_progress=False,
                             owner=self)
