"""Answering from the composer: online (the server has it), offline (queued, then sent),
conflicts, and the seller's text surviving every failure."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sellerdesk.api.errors import Offline
from sellerdesk.services.outbox.settle import Intent
from sellerdesk.store.db import translate_error
from sellerdesk.store.outbox import IntentKind, entity_key
from sellerdesk.ui.inbox.panel import InboxPanel
from tests.gui.inbox.support import card, first_waiting, open_thread, run, services
from tests.support import http
from tests.support.sandbox import Sandbox


def server_answer(sb: Sandbox, question_id: int) -> str | None:
    response = sb.get(f"/questions/{question_id}")
    response.raise_for_status()
    answer = response.json().get("answer") or {}
    text: str | None = answer.get("text")
    return text


def chip_text(panel: InboxPanel, question_id: int) -> str:
    found = card(panel, question_id)
    if found is None or found.chip.isHidden():
        return ""
    return found.chip.text()


def send_with_keyboard(qtbot: QtBot, panel: InboxPanel, text: str) -> None:
    composer = panel.thread_view.composer
    composer.editor.setFocus()
    qtbot.keyClicks(composer.editor, text)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def test_answer_online_reaches_the_server_and_shows_sent(panel: InboxPanel, qtbot: QtBot,
                                                        fresh_sandbox: Sandbox) -> None:
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    assert panel.thread_view.target() == question.id
    resets: list[str] = []
    panel.model.modelReset.connect(lambda: resets.append("threads"))
    panel.thread_view.model.modelReset.connect(lambda: resets.append("conversation"))
    send_with_keyboard(qtbot, panel, "Hola! Si, hay stock y enviamos manana.")
    qtbot.waitUntil(lambda: server_answer(fresh_sandbox, question.id) is not None,
                    timeout=15_000)
    assert server_answer(fresh_sandbox, question.id) == "Hola! Si, hay stock y enviamos manana."
    qtbot.waitUntil(lambda: chip_text(panel, question.id) == "Sent", timeout=15_000)
    shown = card(panel, question.id)
    assert shown is not None
    assert shown.answer_text.text() == "Hola! Si, hay stock y enviamos manana."
    assert panel.thread_view.composer.text() == ""
    # The thread's count went down in the list, in place.
    qtbot.waitUntil(lambda: (panel.model.item(panel.model.row_of(thread.id)) or thread)
                    .waiting == thread.waiting - 1)
    assert resets == []  # rows changed in place, never a wholesale reset
    assert panel.thread_view.thread_id() == thread.id  # still open though it moved down


def test_answer_offline_is_queued_then_sent_on_reconnect(panel: InboxPanel, qtbot: QtBot,
                                                         fresh_sandbox: Sandbox) -> None:
    session = services(panel)
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    fresh_sandbox.stop()
    send_with_keyboard(qtbot, panel, "Te respondo apenas vuelva la conexion.")
    qtbot.waitUntil(lambda: chip_text(panel, question.id) == "Queued", timeout=15_000)
    qtbot.waitUntil(lambda: not session.connectivity.online, timeout=15_000)
    qtbot.waitUntil(lambda: "Offline" in panel.header.subtitle())
    shown = card(panel, question.id)
    assert shown is not None and shown.answer_text.text().startswith("Te respondo")
    assert panel.thread_view.composer.text() == ""  # safe in the outbox, so cleared
    # "Waiting for the connection; it is sent by itself." once the first try has failed.
    qtbot.waitUntil(lambda: (c := card(panel, question.id)) is not None
                    and not c.hint.isHidden(), timeout=15_000)

    fresh_sandbox.start()
    run(qtbot, session.outbox.retry_all_waiting())
    qtbot.waitUntil(lambda: chip_text(panel, question.id) == "Sent", timeout=30_000)
    assert server_answer(fresh_sandbox, question.id) == "Te respondo apenas vuelva la conexion."
    qtbot.waitUntil(lambda: "Offline" not in panel.header.subtitle())


def test_a_conflict_shows_and_points_to_the_outbox(panel: InboxPanel, qtbot: QtBot,
                                                  fresh_sandbox: Sandbox) -> None:
    session = services(panel)
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    # Our answer waits (held) while someone answers the same question elsewhere.
    run(qtbot, session.outbox.submit(IntentKind.ANSWER, entity_key("question", question.id),
                                     Intent(question_id=question.id, text="Nuestra respuesta"),
                                     hold=3600))
    qtbot.waitUntil(lambda: chip_text(panel, question.id) == "Queued", timeout=10_000)
    http.put(f"{fresh_sandbox.api}/questions/{question.id}",
              params={"access_token": fresh_sandbox.token},
              json={"answer": "Respuesta desde el celular"}, timeout=30).raise_for_status()
    run(qtbot, session.outbox.retry_all_waiting())
    qtbot.waitUntil(lambda: chip_text(panel, question.id) == "Conflict", timeout=15_000)
    shown = card(panel, question.id)
    assert shown is not None
    assert "outbox" in shown.hint.text()
    assert shown.open_outbox.isVisible()
    with qtbot.waitSignal(panel.view_requested, timeout=2_000) as asked:
        shown.open_outbox.click()
    assert asked.args == ["outbox"]


def test_the_typed_text_stays_when_saving_fails(panel: InboxPanel, qtbot: QtBot,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    session = services(panel)
    thread, _question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)

    async def broken(_question_id: int, _text: str) -> object:
        # What the store raises for a disk that fails (SQLITE_IOERR), in the seller's words.
        failure = sqlite3.OperationalError("disk I/O error")
        failure.sqlite_errorcode = 10  # type: ignore[attr-defined]
        raise translate_error(failure)

    monkeypatch.setattr(session.inbox, "answer", broken)
    composer = panel.thread_view.composer
    with qtbot.waitSignal(panel.ctx.runner.error_reported, timeout=5_000) as said:
        send_with_keyboard(qtbot, panel, "No lo pierdas")
    assert "disk" in said.args[0] and "Traceback" not in said.args[0]
    qtbot.waitUntil(lambda: not composer.editor.isReadOnly())
    assert composer.text() == "No lo pierdas"
    assert composer.send.isEnabled()


def test_too_long_cannot_be_sent_and_stays(panel: InboxPanel, qtbot: QtBot) -> None:
    composer = panel.thread_view.composer
    composer.editor.setPlainText("x" * 2001)
    assert not composer.send.isEnabled()
    assert composer.counter.text() == "2001 / 2000"
    assert "1 characters over" in composer.counter.toolTip()
    composer.editor.setFocus()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert composer.text() == "x" * 2001
    composer.editor.setPlainText("   ")
    assert not composer.send.isEnabled()


def test_a_draft_follows_its_thread(panel: InboxPanel, qtbot: QtBot) -> None:
    waiting = [t for t in panel.model.items() if t.waiting][:2]
    open_thread(qtbot, panel, waiting[0].id)
    panel.thread_view.composer.editor.setPlainText("borrador uno")
    open_thread(qtbot, panel, waiting[1].id)
    assert panel.thread_view.composer.text() == ""
    open_thread(qtbot, panel, waiting[0].id)
    assert panel.thread_view.composer.text() == "borrador uno"


def test_offline_refresh_is_not_an_error(panel: InboxPanel, qtbot: QtBot,
                                         fresh_sandbox: Sandbox) -> None:
    session = services(panel)
    fresh_sandbox.stop()
    session.connectivity.report_failure(Offline())
    errors: list[str] = []
    panel.ctx.runner.error_reported.connect(errors.append)
    panel.refresh()
    panel.next_thread()
    qtbot.waitUntil(lambda: panel.thread_view.thread_id() == panel.model.item(1).id)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy())
    assert errors == []
