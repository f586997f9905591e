"""Answer a group at once: five buyers ask "¿Hacen envíos a …?" about one listing; the list
marks them alike, the open one offers to answer the others too, the seller leaves one out
from the keyboard, and each ticked question gets its own answer with its buyer's name, each
its own write, sent once."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.services.triage import listing_of
from sellerdesk.store.outbox import OutboxState
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.inbox.thread_model import ThreadRole
from tests.gui.inbox.support import card, open_thread, run, services
from tests.support.sandbox import Sandbox

CITIES = ("Cordoba", "Rosario", "Mendoza", "Salta", "Neuquen")
CTRL = Qt.KeyboardModifier.ControlModifier


def five_alike(qtbot: QtBot, panel: InboxPanel, sb: Sandbox) -> list[tuple[str, int]]:
    """(thread, question) of five buyers asking about the listing with the most buyers."""
    session = services(panel)
    buyers: dict[str, dict[str, str]] = defaultdict(dict)
    for q in run(qtbot, session.inbox.questions()):
        listing = listing_of(q)
        if listing and q.thread_id and q.from_ and q.from_.name:
            buyers[listing].setdefault(q.from_.name, q.thread_id)
    threads = max(buyers.values(), key=len)
    asked = [(thread_id, int(sb.ask(thread_id=thread_id,
                                    text=f"Hola, hacen envios a {city}?")["id"]))
             for thread_id, city in zip(threads.values(), CITIES, strict=False)]
    assert len(asked) == 5
    run(qtbot, session.sync.sync(), timeout=60_000)
    return asked


def reply_to(qtbot: QtBot, panel: InboxPanel, question_id: int) -> None:
    """The question's own Reply button, from the keyboard (its conversation may have an
    older question waiting, which the composer would answer first)."""
    shown = card(panel, question_id)
    assert shown is not None
    if not shown.reply.isVisible():
        return  # already the composer's target: it is the only one waiting
    shown.reply.setFocus()
    qtbot.keyClick(shown.reply, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: panel.thread_view.target() == question_id)


def test_a_group_is_marked_and_answered_from_the_keyboard(panel: InboxPanel, qtbot: QtBot,
                                                          fresh_sandbox: Sandbox) -> None:
    session = services(panel)
    asked = five_alike(qtbot, panel, fresh_sandbox)
    qtbot.waitUntil(lambda: all(panel.model.index(panel.model.row_of(t), 0).data(
        ThreadRole.ALIKE) == 4 for t, _ in asked), timeout=15_000)
    row = panel.model.row_of(asked[0][0])
    assert "4 more asked the same" in panel.model.index(row, 0).data(
        Qt.ItemDataRole.AccessibleTextRole)

    open_thread(qtbot, panel, asked[0][0])
    view = panel.thread_view
    reply_to(qtbot, panel, asked[0][1])
    group = view.group
    qtbot.waitUntil(lambda: group.isVisible() and len(group.boxes) == 4, timeout=10_000)
    assert group.together.text().startswith("Also answer 4 more who asked")
    assert not group.together.isChecked()  # never on by itself
    composer = view.composer
    assert composer.send.text() == "Send"

    group.together.setFocus()
    qtbot.keyClick(group.together, Qt.Key.Key_Space)
    assert group.together.isChecked() and all(b.isChecked() for b in group.boxes)
    assert composer.send.text() == "Send 5 answers"
    left_out = group.others()[-1]
    for _ in group.boxes:  # Tab walks the ticked questions in order
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert group.boxes[-1].hasFocus()
    qtbot.keyClick(group.boxes[-1], Qt.Key.Key_Space)
    assert composer.send.text() == "Send 4 answers"

    composer.editor.setFocus()
    qtbot.keyClicks(composer.editor, "Hola {buyer}, si: enviamos a todo el pais.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, CTRL)
    answered = [qid for _, qid in asked if qid != left_out.id]
    qtbot.waitUntil(lambda: all(
        (fresh_sandbox.get(f"/questions/{qid}").json().get("answer") or {}).get("text")
        for qid in answered), timeout=30_000)
    for qid in answered:
        server = fresh_sandbox.get(f"/questions/{qid}").json()
        first = server["from"]["name"].split()[0]
        assert server["answer"]["text"] == f"Hola {first}, si: enviamos a todo el pais."
    assert "answer" not in fresh_sandbox.get(f"/questions/{left_out.id}").json()
    puts = [r for r in fresh_sandbox.requests_log() if r["method"] == "PUT" and r["applied"]]
    assert sorted(int(r["path"].rsplit("/", 1)[-1]) for r in puts) == sorted(answered)
    entries = run(qtbot, session.outbox.entries())
    assert sorted(e.entity for e in entries) == sorted(f"question:{q}" for q in answered)
    qtbot.waitUntil(lambda: {e.state for e in run(qtbot, session.outbox.entries())} == {
        OutboxState.DONE}, timeout=15_000)
    assert composer.text() == ""


def test_the_group_warns_when_the_text_names_one_buyer(panel: InboxPanel, qtbot: QtBot,
                                                       fresh_sandbox: Sandbox) -> None:
    asked = five_alike(qtbot, panel, fresh_sandbox)
    open_thread(qtbot, panel, asked[0][0])
    view = panel.thread_view
    reply_to(qtbot, panel, asked[0][1])
    qtbot.waitUntil(lambda: len(view.group.boxes) == 4, timeout=10_000)
    view.group.together.setChecked(True)
    composer = view.composer
    target = next(c for c in view.conversation.cards if c.item.id == asked[0][1])
    name = target.item.buyer.split()[0]
    composer.editor.setPlainText(f"Hola {name}, si.")
    assert composer.notice.isVisible() and "{buyer}" in composer.notice.text()
    assert composer.send.isEnabled()  # a warning, not a refusal
    composer.editor.setPlainText("Hola {buyer}, si.")
    assert not composer.notice.isVisible()
