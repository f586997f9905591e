"""Outside text is shown literally: markup, scripts, bidi overrides, emoji, 100 KB."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Channel, QuestionStatus, QuestionType, ThreadStatus
from sellerdesk.api.models import From, Publication, Question, QuestionText, Thread
from sellerdesk.services.changes import Changes
from sellerdesk.services.convert import thread_row
from sellerdesk.services.inbox import answer_to
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.inbox.thread_model import ThreadRole, one_line
from sellerdesk.ui.widgets.text import PlainLabel
from sellerdesk.ui.widgets.value_text import ValueText
from tests.gui.inbox.support import (
    card,
    first_waiting,
    open_thread,
    run,
    services,
    wait_sent,
)
from tests.support.sandbox import Sandbox

HOSTILE = ("<b>negrita</b> <script>alert('x')</script> <img src='https://t.example/p.gif'> "
           "\u202etxet desrever\u202c \u200f שלום 😀🇦🇷 &amp; %s {buyer}")
HUGE = "Q" + ("¿Tienen stock? <i>sí</i> " * 4_300)[:100_000]


def insert_hostile_thread(qtbot: QtBot, panel: InboxPanel) -> tuple[Thread, Question]:
    session = services(panel)
    when = datetime.now(UTC)
    who = From(name=HOSTILE, nickname="<u>nick</u>", client_id=9_999_001)
    pub = Publication(id="MKT1", currency_id="ARS", title="<h1>" + HOSTILE, price=None,
                      stock=3, thumbnail="file:///etc/passwd", permalink="javascript:alert(1)")
    question = Question(id=99_000_000_001, status=QuestionStatus.UNANSWERED, store_id=1001,
                        creation_date=when, from_=who,
                        question=QuestionText(text=HUGE, date=when), type=QuestionType.ITEM,
                        thread_id="hostile-thread", channel=Channel.SHOPFRONT, publication=pub)
    thread = Thread(id="hostile-thread", answered_quantity=0, status=ThreadStatus.UNANSWERED,
                    last_question_date=when, store_id=1001, channel=Channel.SHOPFRONT,
                    main_question=question, unanswered_quantity=1)
    run(qtbot, session.store.run(session.store.cache.upsert_threads, [thread_row(thread)]))
    run(qtbot, session.inbox.store_conversation(thread.id, [question]))
    session.changes.publish(Changes.of_threads([thread.id]))  # as a sync publishes it
    qtbot.waitUntil(lambda: panel.model.row_of(thread.id) >= 0, timeout=10_000)
    return thread, question


def test_hostile_names_and_a_huge_question_show_literally(panel: InboxPanel, qtbot: QtBot,
                                                          shots_dir: Path) -> None:
    thread, question = insert_hostile_thread(qtbot, panel)
    index = panel.model.index(panel.model.row_of(thread.id), 0)
    # One-line places: the words literally, on one line, bidi controls gone, isolated.
    assert index.data(ThreadRole.BUYER) == one_line(HOSTILE, 80)
    assert index.data(ThreadRole.BUYER).startswith("\u2068<b>negrita</b> <script>")
    assert index.data(ThreadRole.PRODUCT).startswith("\u2068<h1><b>negrita</b>")
    assert index.data(ThreadRole.SNIPPET) == f"\u2068{HUGE[:240]}…\u2069"
    panel.list.view.viewport().grab()  # the delegate paints it without trouble

    open_thread(qtbot, panel, thread.id)
    shown = card(panel, question.id)
    assert shown is not None
    assert isinstance(shown.buyer, PlainLabel)
    assert shown.buyer.textFormat() == Qt.TextFormat.PlainText
    assert isinstance(shown.text, ValueText) and not shown.text.acceptRichText()
    assert shown.buyer.text() == one_line(HOSTILE, 120)  # a name: one line
    assert HUGE.startswith(shown.text.text().rstrip("…"))  # the question: exactly
    assert shown.more.isVisible()
    shown.more.click()
    assert shown.text.text() == HUGE  # all of it, literally, on request
    header = panel.thread_view.header
    assert header.title.text().startswith("\u2068<h1><b>negrita</b>")
    assert header.title.textFormat() == Qt.TextFormat.PlainText
    # A permalink or picture that is not http(s) is never followed.
    assert not header.open_listing.isVisible() and header.permalink() == ""
    assert not header.thumbnail.has_image()
    composer = panel.thread_view.composer
    assert HOSTILE[:20] in composer.target.text()
    panel.thread_view.conversation.reveal(question.id)
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=10_000)
    assert panel.grab().save(str(shots_dir / "inbox-hostile.png"))


def test_a_hostile_answer_round_trips_literally(panel: InboxPanel, qtbot: QtBot,
                                                fresh_sandbox: Sandbox) -> None:
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    composer = panel.thread_view.composer
    composer.editor.setPlainText(HOSTILE)
    composer.send.click()
    wait_sent(qtbot, panel, question.id)
    # Literal, but for the `{buyer}` the seller typed: filled with the buyer's name, as the
    # preview showed (a placeholder never reaches a buyer as typed).
    sent = answer_to(question, HOSTILE)
    assert "{buyer}" not in sent and sent.startswith(HOSTILE.removesuffix("{buyer}"))
    stored = fresh_sandbox.get(f"/questions/{question.id}").json()["answer"]["text"]
    assert stored == sent
    shown = card(panel, question.id)
    assert shown is not None and shown.answer_text.text() == sent
    assert shown.answer_text.textFormat() == Qt.TextFormat.PlainText
