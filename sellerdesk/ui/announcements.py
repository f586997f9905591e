"""What a screen reader says when the shop's state changes, wherever the seller's focus is.

One place hears the session's events — the connection, each record's writes (the pending
writes: the outbox's one feed of what was queued, sent, refused or put in conflict) and the
end of every sync — and says each change once, in the seller's language, through
`widgets.announce`: politely for progress, assertively for what must not wait (the connection
lost, a write refused or in conflict). It says only what happened: "sent" when the shop has
the change, "saved, goes out when the connection is back" when it waits, "discarded" when the
seller dropped it. Changes that land together (bulk shipping, an outbox drain) are said in
one sentence per kind, after the turn of the loop that brought them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

from sellerdesk.services.connectivity import Connection
from sellerdesk.services.outbox.pending import PendingChange
from sellerdesk.services.session import Session
from sellerdesk.services.sync import SyncReport
from sellerdesk.services.types import IntentKind, OutboxState
from sellerdesk.ui.widgets.announce import announce


class SessionAnnouncements(QObject):
    """Announces one session's changes on behalf of `window`; `close()` stops listening."""

    def __init__(self, window: QWidget, session: Session) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        # Every unfinished write seen: entry id -> (its record, kind, state), to tell what
        # moved; and the writes already said to be sent.
        self._known: dict[str, tuple[str, IntentKind, OutboxState]] = {}
        self._said_sent: set[str] = set()
        self._sent: Counter[IntentKind] = Counter()
        self._moved: Counter[str] = Counter()  # "queued", "discarded", "conflict", "refused"
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(0)
        self._flush.timeout.connect(self._say_collected)
        for key in session.pending.keys():  # noqa: SIM118 (a method, not a dict)
            writes = session.pending.writes(key)
            self._said_sent.update(e.id for e in writes.sent)
            for entry in writes.waiting:
                self._known[entry.id] = (writes.key, entry.kind, entry.state)
        self._unhook: list[Callable[[], None]] = [
            session.connectivity.changed.connect(self._on_connectivity_changed),
            session.pending.changed.connect(self._on_pending_changed),
            session.sync.finished.connect(self._on_sync_finished),
        ]

    def close(self) -> None:
        for unhook in self._unhook:
            unhook()
        self._unhook.clear()
        self._flush.stop()

    # ---- what happened ----------------------------------------------------------------------

    def _on_connectivity_changed(self, state: Connection) -> None:
        if state is Connection.OFFLINE:
            announce(self._window, self.tr(
                "Offline. Your changes are kept and sent when the connection is back."),
                assertive=True)
        else:
            announce(self._window, self.tr("Back online"))

    def _on_pending_changed(self, change: PendingChange) -> None:
        writes = self._session.pending.writes(change.current_key)
        keys = {change.key, change.current_key}
        waiting = {e.id for e in writes.waiting}
        for entry in writes.sent:  # on the shop now (this session)
            if entry.id not in self._said_sent:
                self._said_sent.add(entry.id)
                self._known.pop(entry.id, None)
                self._sent[entry.kind] += 1
        for entry_id, (key, _kind, _state) in list(self._known.items()):
            if key in keys and entry_id not in waiting:  # gone unsent: the seller dropped it
                del self._known[entry_id]
                self._moved["discarded"] += 1
        for entry in writes.waiting:
            before = self._known.get(entry.id)
            # Saved, waiting for the network: new while offline, or back from a send
            # that found none.
            if entry.state is OutboxState.QUEUED and not self._session.connectivity.online \
                    and (before is None or before[2] is OutboxState.SENDING):
                self._moved["queued"] += 1
            if before is None or entry.state is not before[2]:
                if entry.state is OutboxState.CONFLICT:
                    self._moved["conflict"] += 1
                elif entry.state is OutboxState.FAILED:
                    self._moved["refused"] += 1
            self._known[entry.id] = (writes.key, entry.kind, entry.state)
        if self._sent or self._moved:
            self._flush.start()

    def _on_sync_finished(self, report: SyncReport) -> None:
        if report.cancelled:
            announce(self._window, self.tr("Sync cancelled"))
        elif report.error is not None:
            if self._session.connectivity.online:  # offline is said on its own
                announce(self._window, self.tr("Sync failed"),
                         assertive=True)
        elif report.failed:
            announce(self._window, self.tr(
                "Sync finished; some parts could not be read"))
        else:
            announce(self._window, self.tr("Sync finished"))

    # ---- saying it ---------------------------------------------------------------------------

    def _sent_words(self, kind: IntentKind, n: int) -> str:
        """`n` writes of `kind` are on the shop now."""
        if kind is IntentKind.ANSWER:
            return self.tr("%n answer(s) sent", "", n)
        if kind is IntentKind.DELETE_QUESTION:
            return self.tr("%n question(s) deleted", "", n)
        if kind is IntentKind.INVOICE:
            return self.tr("%n invoice(s) updated", "", n)
        if kind is IntentKind.SHIPPING:
            return self.tr("%n shipping(s) updated", "", n)
        if kind is IntentKind.TRACKING_CREATE:
            return self.tr("%n tracking code(s) created", "", n)
        if kind is IntentKind.TRACKING_DELETE:
            return self.tr("%n tracking code(s) deleted", "", n)
        return self.tr("%n tracking code(s) saved", "", n)

    def _moved_words(self, what: str, n: int) -> str:
        if what == "queued":
            return self.tr("%n change(s) saved: sent when the connection is back", "", n)
        if what == "discarded":
            return self.tr("%n change(s) discarded", "", n)
        if what == "conflict":
            return self.tr("%n change(s) need you: the shop has another version", "", n)
        return self.tr("%n change(s) refused by the shop", "", n)

    def _say_collected(self) -> None:
        parts = [self._sent_words(kind, n) for kind, n in self._sent.items() if n]
        polite = [self._moved_words(w, self._moved[w]) for w in ("queued", "discarded")
                  if self._moved[w]]
        urgent = [self._moved_words(w, self._moved[w]) for w in ("conflict", "refused")
                  if self._moved[w]]
        self._sent.clear()
        self._moved.clear()
        if urgent:
            announce(self._window, ". ".join(urgent + parts + polite), assertive=True)
        elif parts or polite:
            announce(self._window, ". ".join(parts + polite))
