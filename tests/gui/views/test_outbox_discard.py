"""The Outbox view's Discard of a change sent before whose reply was lost: it reads the shop
first and says what it found, in the command line's words (tests/integration/
test_cli_outbox_truth.py): already on the shop (settled, nothing dropped), or, with the shop
out of reach, "it may already be on the shop" and a choice to discard it anyway.

The reply is garbled rather than cut: the app stays online, so its running sender does not
settle the entry by itself (a connection coming back sends at once) before the seller acts."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from sellerdesk.policy import WRITE_RETRY
from sellerdesk.services.session import Session
from sellerdesk.store.outbox import OutboxEntry, OutboxState
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.outbox import OutboxPanel
from sellerdesk.ui.widgets.confirm import button_with_text
from tests.support.sandbox import Sandbox


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot) -> OutboxPanel:
    view = OutboxPanel(live_ctx)
    qtbot.addWidget(view)
    view.resize(1180, 640)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=20_000):
        view.activate()
    return view


@pytest.fixture
def services(live_ctx: UiContext) -> Session:
    session: Session = live_ctx.services
    # Back off as the app does, so the entry whose reply was lost stays queued meanwhile.
    session.outbox.backoff = WRITE_RETRY.with_first(600.0)
    return session


def _box(view: OutboxPanel) -> QMessageBox | None:
    found = [b for b in view.findChildren(QMessageBox) if b.isVisible()]
    return found[0] if found else None


def _click(qtbot: QtBot, view: OutboxPanel, text: str) -> QMessageBox:
    qtbot.waitUntil(lambda: _box(view) is not None, timeout=5000)
    box = _box(view)
    assert box is not None
    button = button_with_text(box, text)
    assert button is not None, [b.text() for b in box.buttons()]
    button.click()
    qtbot.waitUntil(lambda: _box(view) is not box, timeout=5000)
    return box


def _answer_with_lost_reply(services: Session, sb: Sandbox, qtbot: QtBot, await_: Any,
                            panel: OutboxPanel) -> tuple[int, OutboxEntry]:
    found = sb.get("/questions/search", status="unanswered").json()["results"]
    question = int(found[0]["id"])
    sb.set_faults(malformed_next=1, match=f"PUT /questions/{question}")
    entry = await_(services.inbox.answer(question, "Sí, sale hoy."))

    def sent_once() -> bool:
        now = await_(services.outbox.get(entry.id))
        return bool(now and now.state is OutboxState.QUEUED and now.attempts == 1)

    qtbot.waitUntil(sent_once, timeout=20_000)
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1 and panel.discard_button.isEnabled(),
                    timeout=10_000)  # the list shows it waiting (no longer sending)
    return question, entry


def test_discard_after_a_lost_reply_says_it_is_already_on_the_shop(
        panel: OutboxPanel, services: Session, fresh_sandbox: Sandbox, qtbot: QtBot,
        await_: Any) -> None:
    question, entry = _answer_with_lost_reply(services, fresh_sandbox, qtbot, await_, panel)
    panel.discard_button.click()
    box = _click(qtbot, panel, "Discard")
    assert "first checks whether it is already there" in box.informativeText()
    qtbot.waitUntil(lambda: panel.note is not None and panel.note.isVisible(), timeout=20_000)
    assert panel.note is not None
    assert panel.note.text().startswith("Already on the shop: Answer to ")
    assert "nothing was discarded" in panel.note.text()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=10_000)
    settled = await_(services.outbox.get(entry.id))
    assert settled is not None and settled.state is OutboxState.DONE
    server = fresh_sandbox.get(f"/questions/{question}").json()
    assert server["answer"]["text"] == "Sí, sale hoy."


def test_an_offline_discard_after_a_lost_reply_asks_before_dropping_it_unchecked(
        panel: OutboxPanel, services: Session, fresh_sandbox: Sandbox, qtbot: QtBot,
        await_: Any) -> None:
    _, entry = _answer_with_lost_reply(services, fresh_sandbox, qtbot, await_, panel)
    fresh_sandbox.stop()
    panel.discard_button.click()
    _click(qtbot, panel, "Discard")
    qtbot.waitUntil(lambda: _box(panel) is not None, timeout=30_000)
    box = _box(panel)
    assert box is not None
    assert "it may already be on the shop" in box.text()
    assert "Nothing was discarded" in box.informativeText()
    _click(qtbot, panel, "Cancel")
    assert await_(services.outbox.get(entry.id)) is not None  # nothing changed
    panel.discard_button.click()
    _click(qtbot, panel, "Discard")
    _click(qtbot, panel, "Discard anyway")
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=10_000)
    assert await_(services.outbox.get(entry.id)) is None
