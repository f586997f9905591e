"""Issue 25, B8: `{buyer}` and `{product}` typed by hand into a single answer are shown filled
under the editor and reach the buyer filled, never as typed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sellerdesk.ui.inbox.panel import InboxPanel
from tests.gui.inbox.support import card, open_thread, outbox_report
from tests.support.sandbox import Sandbox
from tests.support.server_wait import wait_on_server

CTRL = Qt.KeyboardModifier.ControlModifier


def plain(text: str) -> str:
    """Without the isolates that keep a buyer's text from turning the line around."""
    return text.replace("\u2068", "").replace("\u2069", "")


def test_typed_placeholders_are_previewed_and_sent_filled(
        panel: InboxPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    item = next(t for t in panel.model.items() if t.waiting and t.thread.main_question
                and t.thread.main_question.publication is not None)
    open_thread(qtbot, panel, item.id)
    view = panel.thread_view
    target = view.target()
    assert target is not None
    composer = view.composer
    composer.focus_editor()
    assert not composer.preview.isVisible()
    qtbot.keyClicks(composer.editor, "Oi {buyer}, o {product} esta em estoque.")
    shown = card(panel, target) or view.conversation.cards[0]
    name = shown.item.buyer.split()[0]
    title = shown.item.question.publication.title  # type: ignore[union-attr]
    expected = f"Oi {name}, o {title} esta em estoque."
    assert composer.preview.isVisible()
    assert f"“{expected}”" in plain(composer.preview.text())
    assert composer.send.isEnabled()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, CTRL)
    wait_on_server(qtbot, lambda: (fresh_sandbox.get(f"/questions/{target}").json().get(
        "answer") or {}).get("text") is not None, timeout=15_000,
        explain=lambda: outbox_report(qtbot, panel))
    assert fresh_sandbox.get(f"/questions/{target}").json()["answer"]["text"] == expected
