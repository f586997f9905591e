"""An answer is heard once per change it commits (architecture rule 9), counted, not timed.

Each outbox commit touching the question is published once on the session's change feed; the
open conversation reads itself again exactly once per delivery that touches it, and the list
exactly once per delivery that touches the inbox: no reload on success, no second route (the
pending writes, the inbox service), no timer. Offline, the header, the badge's and the
dashboard's figure are the one `Counts`."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sellerdesk.api.errors import Offline
from sellerdesk.services.changes import Changes
from sellerdesk.services.outbox.pending import question_key
from sellerdesk.store.outbox import OutboxChange
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.widgets.service_link import subscribe_changes
from tests.gui.inbox.support import card, first_waiting, open_thread, run, services
from tests.support.sandbox import Sandbox


class Heard:
    """What one answer caused: the outbox's commits for its question (seen on the store's
    thread), the values published for it, the deliveries to the inbox (a loop turn's values
    merged, as the views get them) and the reads the views made."""

    def __init__(self, panel: InboxPanel, key: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.key = key
        self.commits = 0
        self._lock = threading.Lock()
        self.published: list[Changes] = []
        self.deliveries: list[Changes] = []
        self.concerning: list[Changes] = []  # deliveries touching the open conversation
        self.conversation_reads = 0
        self.list_reads = 0
        session = services(panel)
        self._unobserve = session.store.outbox.add_batch_observer(self._on_commit)
        panel.destroyed.connect(lambda *_: self._unobserve())
        session.changes.published.connect(self._on_published)
        subscribe_changes(panel, session.changes, self._on_delivered, area="inbox")
        view, reload_view, reload_list = panel.thread_view, panel.thread_view.reload, \
            panel._reload_threads

        def read_view() -> None:
            self.conversation_reads += 1
            reload_view()

        def read_list(*args: Any, **kwargs: Any) -> None:
            self.list_reads += 1
            reload_list(*args, **kwargs)

        monkeypatch.setattr(view, "reload", read_view)
        monkeypatch.setattr(panel, "_reload_threads", read_list)
        self._view = view

    def _on_commit(self, changes: Sequence[OutboxChange]) -> None:  # the store's thread
        if any(c.entity == self.key for c in changes):
            with self._lock:
                self.commits += 1

    def _on_published(self, changes: Changes) -> None:
        if self.key in changes.pending:
            self.published.append(changes)

    def _on_delivered(self, changes: Changes) -> None:
        self.deliveries.append(changes)
        if self._view.concerned_by(changes):
            self.concerning.append(changes)

    def settled(self) -> bool:
        """Every commit published once, every delivery read once by each view."""
        with self._lock:
            commits = self.commits
        return (commits == len(self.published)
                and self.conversation_reads == len(self.concerning)
                and self.list_reads == len(self.deliveries))

    def words(self) -> str:
        return (f"commits {self.commits}, published {len(self.published)}, deliveries "
                f"{len(self.deliveries)} (conversation {len(self.concerning)}), reads: "
                f"conversation {self.conversation_reads}, list {self.list_reads}")


def chip(panel: InboxPanel, question_id: int) -> str:
    found = card(panel, question_id)
    return "" if found is None or found.chip.isHidden() else found.chip.text()


def send(qtbot: QtBot, panel: InboxPanel, text: str) -> None:
    composer = panel.thread_view.composer
    composer.editor.setFocus()
    qtbot.keyClicks(composer.editor, text)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def quiet(qtbot: QtBot, panel: InboxPanel) -> None:
    """The opening's own reads and refresh are in: nothing of them is counted."""
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=20_000)


def wait_settled(qtbot: QtBot, heard: Heard) -> None:
    try:
        qtbot.waitUntil(heard.settled, timeout=20_000)
    except qtbot.TimeoutError:
        raise AssertionError(heard.words()) from None


def test_an_answer_online_is_read_once_per_commit(panel: InboxPanel, qtbot: QtBot,
                                                  fresh_sandbox: Sandbox,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    quiet(qtbot, panel)
    heard = Heard(panel, question_key(question.id), monkeypatch)
    send(qtbot, panel, "Si, hay stock.")
    qtbot.waitUntil(lambda: chip(panel, question.id) == "Sent", timeout=20_000)
    wait_settled(qtbot, heard)
    # Queued, on its way, sent (the cache brought in line in the same commit): each heard
    # once, by each view once; a loop turn's values come as one delivery.
    assert 1 <= heard.conversation_reads <= heard.commits, heard.words()
    assert heard.list_reads == len(heard.deliveries) <= heard.commits, heard.words()
    first = heard.concerning[0]
    assert [w.event.value for w in first.writes if w.key == heard.key][:1] == ["queued"]


def test_an_answer_offline_is_read_once_per_commit_and_every_count_agrees(
        panel: InboxPanel, qtbot: QtBot, fresh_sandbox: Sandbox,
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = services(panel)
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    quiet(qtbot, panel)
    before = run(qtbot, session.counts.counts()).unanswered
    assert panel.unanswered() == before
    fresh_sandbox.stop()
    session.connectivity.report_failure(Offline())
    heard = Heard(panel, question_key(question.id), monkeypatch)
    send(qtbot, panel, "Te respondo apenas vuelva la conexion.")
    qtbot.waitUntil(lambda: chip(panel, question.id) == "Queued", timeout=20_000)
    # Its first try failed ("Waiting for the connection"): that is a commit too.
    qtbot.waitUntil(lambda: (c := card(panel, question.id)) is not None
                    and not c.hint.isHidden(), timeout=20_000)
    wait_settled(qtbot, heard)
    assert heard.conversation_reads >= 1 and heard.list_reads >= 1, heard.words()
    first = heard.concerning[0]
    assert [w.event.value for w in first.writes if w.key == heard.key][:1] == ["queued"]
    # The header, the badge (shop_connector: `counts.counts()`) and the dashboard's card.
    qtbot.waitUntil(lambda: panel.unanswered() == before - 1, timeout=20_000)
    counts = run(qtbot, session.counts.counts())
    glance = run(qtbot, session.dashboard.glance(days=1))
    assert counts.unanswered == glance.counts.unanswered == panel.unanswered() == before - 1
    assert run(qtbot, session.inbox.unanswered_count()) == before - 1
    row = panel.model.item(panel.model.row_of(thread.id))
    assert row is not None and row.waiting == thread.waiting - 1
    assert row.write_state == "queued"
