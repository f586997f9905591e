"""Deleting a question: a confirmation, a few seconds to undo, then the server."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from sellerdesk.store.outbox import entity_key
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.settings import UNDO_DELAY_S
from tests.gui.inbox.support import (
    card,
    first_waiting,
    open_thread,
    outbox_report,
    run,
    services,
)
from tests.support.sandbox import Sandbox
from tests.support.server_wait import wait_on_server


def confirm(panel: InboxPanel, button_text: str = "Delete") -> None:
    box = panel.thread_view.confirm
    assert isinstance(box, QMessageBox) and box.isVisible()
    button = next(b for b in box.buttons() if b.text() == button_text)
    button.click()


def test_delete_then_undo_keeps_the_question(panel: InboxPanel, qtbot: QtBot,
                                             fresh_sandbox: Sandbox) -> None:
    panel.ctx.settings.set(UNDO_DELAY_S, 30)  # the test decides when to undo, not a clock
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    shown = card(panel, question.id)
    assert shown is not None
    shown.delete.click()
    assert "30 seconds" in (panel.thread_view.confirm or QMessageBox()).informativeText()
    confirm(panel)
    view = panel.thread_view
    qtbot.waitUntil(lambda: view.undo_bar.isVisible(), timeout=10_000)
    assert "undo" in view.undo_bar.text.text()
    qtbot.waitUntil(lambda: (c := card(panel, question.id)) is not None
                    and c.deleting.isVisible(), timeout=10_000)
    view.undo_bar.undo.click()
    qtbot.waitUntil(lambda: not view.undo_bar.isVisible(), timeout=10_000)
    qtbot.waitUntil(lambda: (c := card(panel, question.id)) is not None
                    and c.deleting.isHidden() and c.delete.isVisible(), timeout=10_000)
    # Nothing is left to send, and the server still has the question.
    session = services(panel)
    assert run(qtbot, session.outbox.entries(entity=entity_key("question", question.id))) == []
    assert fresh_sandbox.get(f"/questions/{question.id}").status_code == 200


def test_cancelling_the_confirmation_deletes_nothing(panel: InboxPanel, qtbot: QtBot) -> None:
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    panel.list.view.setFocus()
    qtbot.keyClick(panel.list.view, Qt.Key.Key_Delete)  # the keyboard way in
    confirm(panel, "Cancel")
    assert not panel.thread_view.undo_bar.isVisible()
    session = services(panel)
    assert run(qtbot, session.outbox.entries(entity=entity_key("question", question.id))) == []


def test_delete_goes_to_the_server_once_the_undo_window_passes(
        panel: InboxPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    panel.ctx.settings.set(UNDO_DELAY_S, 1)
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    panel.thread_view.ask_delete(question.id)
    confirm(panel)
    wait_on_server(qtbot, lambda: fresh_sandbox.get(f"/questions/{question.id}").status_code
                   == 404, timeout=20_000,
                   explain=lambda: outbox_report(qtbot, panel))
    qtbot.waitUntil(lambda: card(panel, question.id) is None, timeout=10_000)
    qtbot.waitUntil(lambda: not panel.thread_view.undo_bar.isVisible(), timeout=10_000)
