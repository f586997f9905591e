"""Helpers for the Inbox tests: run service coroutines on the qasync loop, find rows."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from pytestqt.qtbot import QtBot

from sellerdesk.api.models import Question
from sellerdesk.services.outbox.pending import question_key
from sellerdesk.services.session import Session
from sellerdesk.services.triage import InboxThread
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.inbox.question_card import QuestionCard

T = TypeVar("T")


def run(qtbot: QtBot, work: Coroutine[Any, Any, T], timeout: int = 20_000) -> T:
    """Await `work` on the running qasync loop while Qt keeps processing events."""
    future = asyncio.ensure_future(work)
    qtbot.waitUntil(future.done, timeout=timeout)
    return future.result()


def services(panel: InboxPanel) -> Session:
    session = panel.ctx.services
    assert isinstance(session, Session)
    return session


def shown_ids(panel: InboxPanel) -> list[str]:
    return [t.id for t in panel.model.items()]


def open_thread(qtbot: QtBot, panel: InboxPanel, thread_id: str) -> None:
    assert panel.open_thread(thread_id), f"{thread_id} is not in the list"
    qtbot.waitUntil(lambda: panel.thread_view.shown_thread() == thread_id, timeout=10_000)


def card(panel: InboxPanel, question_id: int) -> QuestionCard | None:
    return panel.thread_view.conversation.card_for(question_id)


def first_waiting(qtbot: QtBot, panel: InboxPanel) -> tuple[InboxThread, Question]:
    """A conversation (in the list) and its oldest question waiting for an answer."""
    session = services(panel)
    for thread in panel.model.items():
        if not thread.waiting:
            continue
        for question in run(qtbot, session.inbox.conversation(thread.id)):
            if question.answer is None and question.status == "unanswered":
                return thread, question
    raise AssertionError("the demo shop has no unanswered question")


def outbox_report(qtbot: QtBot, panel: InboxPanel) -> str:
    """What the app holds of its writes: for a wait on the sandbox that ran out."""
    session = services(panel)
    entries = run(qtbot, session.outbox.entries())
    return (f"outbox {[(e.entity, e.state.value, e.attempts, e.last_error) for e in entries]}, "
            f"online {session.connectivity.online}, paused {run(qtbot, session.outbox.paused())}")


def wait_sent(qtbot: QtBot, panel: InboxPanel, question_id: int, timeout: int = 15_000) -> None:
    """Wait until `question_id`'s card says "Sent"; if it never does, say what was on show
    and what the outbox held (a rare failure under load left nothing to go on).

    Answering a conversation's last open question takes the inbox on to the next one
    waiting: then the question's own conversation is opened again to look at its card."""
    question = run(qtbot, services(panel).inbox.question(question_id))
    thread_id = str(question.thread_id) if question is not None and question.thread_id else None

    def sent() -> bool:
        if thread_id is not None and panel.thread_view.thread_id() != thread_id:
            panel.open_thread(thread_id)  # the inbox went on: back to the answered one
        c = card(panel, question_id)
        return c is not None and c.chip.text() == "Sent"

    try:
        qtbot.waitUntil(sent, timeout=timeout)
    except qtbot.TimeoutError:
        c = card(panel, question_id)
        session = services(panel)
        entries = run(qtbot, session.outbox.entries())
        # Which side lost the last change: the pending writes (the services' read model)
        # or the view (a read of the conversation now says what it would show).
        writes = session.pending.writes(question_key(question_id))
        now = (run(qtbot, session.inbox.read_conversation(thread_id))
               if thread_id is not None else None)
        read = now.find(question_id) if now is not None else None
        raise AssertionError(
            f"question {question_id} never shown as sent: thread open "
            f"{panel.thread_view.thread_id()!r}, its card "
            f"{'missing' if c is None else repr(c.chip.text())}, outbox "
            f"{[(e.entity, e.state.value, e.attempts, e.last_error) for e in entries]}, "
            f"pending writes {[(e.state.value, e.seq) for e in writes.waiting]} waiting, "
            f"{[(e.state.value, e.seq) for e in writes.sent]} sent; a read now says "
            f"{None if read is None else (read.answer_state, read.answer_text[:20])!r}"
        ) from None
