"""What a screen reader says when the shop's state changes, wherever the seller's focus is.

One place hears the session's events — the connection, each write's commits (the change
feed's `WriteChange` values: queued, sent, refused, put in conflict, discarded) and the end
of every sync — and says each change once, in the seller's language, through
`widgets.announce`: politely for progress, assertively for what must not wait (the connection
lost, a write refused or in conflict). It says only what happened: "sent" when the shop has
the change, "saved, goes out when the connection is back" when it waits, "discarded: will not
be sent" when the seller dropped it (never "sent"). Changes that land together
(bulk shipping, an outbox drain) are said in one sentence per kind, after the turn of the
loop that brought them (`subscribe_changes`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from sellerdesk.services.changes import Changes, WriteEvent
from sellerdesk.services.connectivity import Connection
from sellerdesk.services.session import Session
from sellerdesk.services.sync import SyncReport
from sellerdesk.services.types import IntentKind, OutboxState
from sellerdesk.ui.widgets.announce import announce
from sellerdesk.ui.widgets.service_link import subscribe_changes


class SessionAnnouncements(QObject):
    """Announces one session's changes on behalf of `window`; `close()` stops listening."""

    def __init__(self, window: QWidget, session: Session) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        # Every unfinished write heard of: entry id -> the last thing that happened to it,
        # to tell what moved (a retry while offline is said once, not at every try).
        self._known: dict[str, WriteEvent] = {}
        for key in session.pending.keys():  # noqa: SIM118 (a method, not a dict)
            for entry in session.pending.writes(key).waiting:
                self._known[entry.id] = _EVENT_OF[entry.state]
        self._unhook: list[Callable[[], None]] = [
            session.connectivity.changed.connect(self._on_connectivity_changed),
            # The writes' commits: a burst (a drain, bulk shipping) is one call.
            subscribe_changes(self, session.changes, self._on_changes, area="outbox"),
            session.sync.finished.connect(self._on_sync_finished),
        ]

    def close(self) -> None:
        for unhook in self._unhook:
            unhook()
        self._unhook.clear()

    # ---- what happened ----------------------------------------------------------------------

    def _on_connectivity_changed(self, state: Connection) -> None:
        if state is Connection.OFFLINE:
            announce(self._window, self.tr(
                "Offline. Your changes are kept and sent when the connection is back."),
                assertive=True)
        else:
            announce(self._window, self.tr("Back online"))

    def _on_changes(self, changes: Changes) -> None:
        sent: Counter[IntentKind] = Counter()
        moved: Counter[str] = Counter()  # "queued", "discarded", "conflict", "refused"
        online = self._session.connectivity.online
        for write in changes.writes:
            entry_id = write.entry_id or ""
            before = self._known.get(entry_id)
            if write.event is WriteEvent.SENT:  # on the shop now
                self._known.pop(entry_id, None)
                sent[IntentKind(write.kind)] += 1
                continue
            if write.event is WriteEvent.DISCARDED:  # dropped by the seller: never sent
                self._known.pop(entry_id, None)
                moved["discarded"] += 1
                continue
            self._known[entry_id] = write.event
            if write.event is WriteEvent.QUEUED and not online \
                    and before in (None, WriteEvent.SENDING):
                # Saved, waiting for the network: new while offline, or back from a send
                # that found none.
                moved["queued"] += 1
            elif write.event is WriteEvent.CONFLICT and before is not WriteEvent.CONFLICT:
                moved["conflict"] += 1
            elif write.event is WriteEvent.FAILED and before is not WriteEvent.FAILED:
                moved["refused"] += 1
        self._say(sent, moved)

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
            return self.tr("%n change(s) discarded: will not be sent", "", n)
        if what == "conflict":
            return self.tr("%n change(s) need you: the shop has another version", "", n)
        return self.tr("%n change(s) refused by the shop", "", n)

    def _say(self, sent: Counter[IntentKind], moved: Counter[str]) -> None:
        parts = [self._sent_words(kind, n) for kind, n in sent.items() if n]
        polite = [self._moved_words(w, moved[w]) for w in ("queued", "discarded") if moved[w]]
        urgent = [self._moved_words(w, moved[w]) for w in ("conflict", "refused") if moved[w]]
        if urgent:
            announce(self._window, ". ".join(urgent + parts + polite), assertive=True)
        elif parts or polite:
            announce(self._window, ". ".join(parts + polite))


_EVENT_OF = {OutboxState.QUEUED: WriteEvent.QUEUED, OutboxState.SENDING: WriteEvent.SENDING,
             OutboxState.FAILED: WriteEvent.FAILED, OutboxState.CONFLICT: WriteEvent.CONFLICT,
             OutboxState.DONE: WriteEvent.SENT}
