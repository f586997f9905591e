"""Suggested answers beside the composer: the seller's own answers to the most similar
questions, read from the local store (offline too), one key puts one in for editing.
Counted in events (reads, signals), never in time: the figure is the benchmark's."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sellerdesk.api.errors import Offline
from sellerdesk.api.models import Question
from sellerdesk.services import inbox as inbox_service
from sellerdesk.services.suggestions import Suggestion, content_words
from sellerdesk.store import Store
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.views import ViewSpec
from tests.gui.inbox.support import open_thread, run, services, wait_sent
from tests.support.sandbox import Sandbox

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def reads(panel: InboxPanel, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every suggestions read made on the store's thread, by question id."""
    asked: list[int] = []
    real = inbox_service.read_suggestions

    def counted(store: Store, question: Question, *args: Any) -> list[Suggestion]:
        asked.append(question.id)
        return real(store, question, *args)

    monkeypatch.setattr(inbox_service, "read_suggestions", counted)
    return asked


def open_with_suggestions(qtbot: QtBot, panel: InboxPanel, thread_id: str) -> list[Suggestion]:
    pane = panel.thread_view.suggestions
    with qtbot.waitSignal(pane.shown, timeout=10_000,
                          check_params_cb=lambda qid: qid == panel.thread_view.target()):
        open_thread(qtbot, panel, thread_id)
    return pane.suggestions()


def open_one_with_suggestions(qtbot: QtBot, panel: InboxPanel) -> list[Suggestion]:
    """Open waiting conversations in turn (not the open one) until one has answers that fit
    (the thermos's "¿Lo tienen en verde?" has none: its look-alikes name other colours)."""
    open_id = panel.thread_view.thread_id()
    for item in [t for t in panel.model.items() if t.waiting and t.id != open_id]:
        found = open_with_suggestions(qtbot, panel, item.id)
        if found:
            return found
    raise AssertionError("no waiting question of the demo shop has a suggested answer")


def first_waiting_text(qtbot: QtBot, panel: InboxPanel, thread_id: str) -> str:
    for q in run(qtbot, services(panel).inbox.conversation(thread_id)):
        if q.answer is None and q.status == "unanswered" and q.question:
            return q.question.text or ""
    return ""


def test_each_opened_question_gets_its_suggestions_once(panel: InboxPanel, qtbot: QtBot,
                                                        reads: list[int]) -> None:
    pane = panel.thread_view.suggestions
    shown: list[int] = []
    pane.shown.connect(shown.append)
    waiting = [t for t in panel.model.items()
               if t.waiting and t.id != panel.thread_view.thread_id()][:4]
    for item in waiting:
        reads.clear()
        shown.clear()
        open_with_suggestions(qtbot, panel, item.id)
        target = panel.thread_view.target()
        assert reads == [target] and shown == [target]  # one read, one showing: no more
    # A reload of the same conversation (a sync, an outbox event) asks nothing again.
    reads.clear()
    panel.thread_view.reload()
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=10_000)
    assert reads == []


def test_suggestions_are_the_closest_answered_questions(panel: InboxPanel,
                                                        qtbot: QtBot) -> None:
    session = services(panel)
    open_id = panel.thread_view.thread_id()
    item = next(t for t in panel.model.items() if t.waiting and t.id != open_id
                and first_waiting_text(qtbot, panel, t.id) == "¿Me hacen factura A?")
    found = open_with_suggestions(qtbot, panel, item.id)
    assert 1 <= len(found) <= 3 and len({s.answer for s in found}) == len(found)
    assert found[0].question == "¿Me hacen factura A?" and "factura A" in found[0].answer
    asked = set(content_words("¿Me hacen factura A?"))
    assert all(asked & set(content_words(s.question)) for s in found)
    answered = {q.id for q in run(qtbot, session.inbox.questions()) if q.answer is not None}
    assert {s.question_id for s in found} <= answered
    button = panel.thread_view.suggestions.buttons[0]
    assert button.isVisible() and "factura A" in button.accessibleName()
    assert "¿Me hacen factura A?" in button.accessibleDescription()


def test_alt_1_puts_the_answer_in_for_editing_and_it_is_sent_as_edited(
        panel: InboxPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    found = open_one_with_suggestions(qtbot, panel)
    target = panel.thread_view.target()
    composer = panel.thread_view.composer
    composer.editor.setFocus()
    qtbot.keyClick(composer.editor, Qt.Key.Key_1, ALT)
    assert composer.text() == found[0].answer
    assert composer.editor.hasFocus()  # ready to edit
    qtbot.keyClick(composer.editor, Qt.Key.Key_End, CTRL)
    qtbot.keyClicks(composer.editor, " Saludos!")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, CTRL)
    expected = found[0].answer + " Saludos!"
    wait_sent(qtbot, panel, target or 0)
    server = fresh_sandbox.get(f"/questions/{target}").json()
    assert server["answer"]["text"] == expected
    # Alt+2 / Alt+3 without that many suggestions do nothing.
    composer.editor.setFocus()
    missing = len(panel.thread_view.suggestions.suggestions()) + 1
    if missing <= 3:
        assert not panel.thread_view.suggestions.choose(missing)


def test_suggestions_work_offline_from_the_local_copy(panel: InboxPanel, qtbot: QtBot,
                                                      fresh_sandbox: Sandbox) -> None:
    session = services(panel)
    fresh_sandbox.stop()
    session.connectivity.report_failure(Offline())
    found = open_one_with_suggestions(qtbot, panel)
    assert found and panel.thread_view.suggestions.isVisible()


def test_the_suggestion_keys_are_in_the_shortcuts_sheet(live_ctx: UiContext,
                                                        qtbot: QtBot) -> None:
    window = MainWindow(live_ctx, views=[ViewSpec("inbox", InboxPanel, "Ctrl+1")])
    qtbot.addWidget(window)
    texts = {a.text(): a.shortcut().toString() for a in dict(window.shortcut_sections())["Inbox"]}
    assert [texts[f"Use suggested answer {n}"] for n in (1, 2, 3)] == [
        "Alt+1", "Alt+2", "Alt+3"]


def plain(text: str) -> str:
    """Without the bidi isolates `one_line` puts around outside text."""
    return text.replace("\u2068", "").replace("\u2069", "")


def thread_asking(qtbot: QtBot, panel: InboxPanel, text: str) -> str:
    open_id = panel.thread_view.thread_id()
    return next(t.id for t in panel.model.items() if t.waiting and t.id != open_id
                and first_waiting_text(qtbot, panel, t.id) == text)


def test_answers_to_another_colour_or_size_are_not_offered(panel: InboxPanel,
                                                           qtbot: QtBot) -> None:
    """Issue 25 B9: for the thermos's "¿Lo tienen en verde?" the look-alikes answered
    "talle M (17")", "rojo" and "azul": none is one Alt+1 away; each is listed with why."""
    pane = panel.thread_view.suggestions
    found = open_with_suggestions(qtbot, panel,
                                  thread_asking(qtbot, panel, "¿Lo tienen en verde?"))
    assert found == [] and not any(b.isVisible() for b in pane.buttons)
    assert pane.none.isVisible() and pane.none.text() == "No close match among your past answers."
    lines = [plain(line) for line in pane.left_out_lines()]
    assert lines == [
        '“¿Tienen talle M (17")?”: answers about M, 17", not verde',
        "“¿La tienen en rojo?”: answers a different colour: rojo",
        "“¿Las tienen en azul?”: answers a different colour: azul"]
    composer = panel.thread_view.composer
    composer.editor.setFocus()
    for key in (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3):
        qtbot.keyClick(composer.editor, key, ALT)
    assert composer.text() == ""  # no answer went in, nor a "1"


def test_the_words_shared_with_the_question_are_marked(panel: InboxPanel,
                                                       qtbot: QtBot) -> None:
    found = open_with_suggestions(qtbot, panel,
                                  thread_asking(qtbot, panel, "¿Me hacen factura A?"))
    assert found[0].question == "¿Me hacen factura A?"
    button = panel.thread_view.suggestions.buttons[0]
    assert button.marked_words() == ["hacen", "factura"]
    assert button.accessibleDescription().endswith("Words in common: hacen, factura")
    assert all(b.suggestion is None or b.marked_words()
               for b in panel.thread_view.suggestions.buttons)
