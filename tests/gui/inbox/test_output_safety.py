"""Output safety in the window (issue 14, case 6): every one-line text of the inbox and its
notifications (rows, previews, titles, tooltips, the conversation's header, names, check
boxes, notifications, the tray) goes through `safe_text.one_line`: no bidi override turns
`\u202egnp.exe` into "exe.png", no U+2028 breaks a row, no escape sequence survives; the
conversation's multi-line texts stay exactly as the buyer wrote them, in plain-text widgets.
A picture of it is saved for a person to look at."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Channel, QuestionStatus, QuestionType, ThreadStatus
from sellerdesk.api.models import From, Publication, Question, QuestionText, Thread
from sellerdesk.services.changes import Changes
from sellerdesk.services.convert import thread_row
from sellerdesk.services.notifications import NewItem
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.inbox.thread_model import ThreadRole
from sellerdesk.ui.notify import Notifier, compose
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.widgets.value_text import ValueText
from tests.gui.inbox.support import card, open_thread, run, services

BUYER = "\u202egnp.exe"
FIRST = "\u202etxt.exe"
LATEST = "Primera línea\u2028segunda \x1b[31mroja\x1b[0m y\u2029fin"
TITLE = "Funda \u202eanil\u202c \x1b]0;pwned\x07 <b>x</b>"
# One-line texts may hold the isolate marks (FSI, PDI) and nothing else of the sort; our own
# words around an isolated run may break a tooltip into lines, the run itself never.
_CONTROLS = ("\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066\u2067\u200e\u200f"
             "\u061c")
_OURS = re.compile(f"[{_CONTROLS}]")
_RUN = re.compile(f"[\n\u2068{_CONTROLS}]")  # nor a nested isolate
_ISOLATED = re.compile("\u2068(.*?)\u2069", re.S)


def unsafe(text: str) -> bool:
    runs = _ISOLATED.findall(text)
    return any(_RUN.search(run) for run in runs) or bool(_OURS.search(_ISOLATED.sub("", text)))


def insert(qtbot: QtBot, panel: InboxPanel) -> tuple[Thread, Question, Question]:
    session = services(panel)
    now = datetime.now(UTC)
    who = From(name=BUYER, nickname="\x1b[2Jnick", client_id=9_999_002)
    pub = Publication(id="MKT-HOSTILE", currency_id="ARS", title=TITLE, price=None, stock=2)

    def asked(n: int, text: str, minutes: int) -> Question:
        when = now - timedelta(minutes=minutes)
        return Question(id=99_000_000_100 + n, status=QuestionStatus.UNANSWERED,
                        store_id=1001, creation_date=when, from_=who,
                        question=QuestionText(text=text, date=when), type=QuestionType.ITEM,
                        thread_id="hostile-bidi", channel=Channel.SHOPFRONT, publication=pub)

    first, latest = asked(1, FIRST, 90), asked(2, LATEST, 5)
    thread = Thread(id="hostile-bidi", answered_quantity=0, status=ThreadStatus.UNANSWERED,
                    last_question_date=latest.creation_date, store_id=1001,
                    channel=Channel.SHOPFRONT, main_question=first, unanswered_quantity=2)
    run(qtbot, session.store.run(session.store.cache.upsert_threads, [thread_row(thread)]))
    run(qtbot, session.inbox.store_conversation(thread.id, [first, latest]))
    session.changes.publish(Changes.of_threads([thread.id]))  # as a sync publishes it
    qtbot.waitUntil(lambda: panel.model.row_of(thread.id) >= 0, timeout=10_000)
    return thread, first, latest


def one_line_texts(root: QWidget, exact: set[QWidget]) -> list[tuple[str, str]]:
    """(where, text) of every text on one line under `root`: labels, buttons, tooltips,
    accessible names and descriptions; `exact` are the multi-line texts, left out."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        name = f"{type(widget).__name__} {widget.objectName()}"
        if isinstance(widget, QLabel) and widget not in exact:
            found.append((name, widget.text()))
        if isinstance(widget, QAbstractButton):
            found.append((name, widget.text()))
        if widget in exact:  # its name is "caption: the text", exact as its Text
            continue
        for what, text in (("tooltip", widget.toolTip()),
                           ("accessible name", widget.accessibleName()),
                           ("accessible description", widget.accessibleDescription())):
            found.append((f"{name} {what}", text))
    return [(w, t) for w, t in found if t]


def test_hostile_one_line_texts_are_inert_and_the_conversation_exact(
        panel: InboxPanel, qtbot: QtBot, shots_dir: Path) -> None:
    thread, first, latest = insert(qtbot, panel)
    index = panel.model.index(panel.model.row_of(thread.id), 0)
    assert index.data(ThreadRole.BUYER) == "\u2068gnp.exe\u2069"  # reads as written
    assert index.data(ThreadRole.SNIPPET) == (
        "\u2068Primera línea segunda [31mroja[0m y fin\u2069")  # the latest waiting one
    for role in (ThreadRole.BUYER, ThreadRole.PRODUCT, ThreadRole.SNIPPET,
                 Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
        assert not unsafe(str(index.data(role))), role
    assert "&lt;b&gt;" in index.data(Qt.ItemDataRole.ToolTipRole) or "<b>" not in str(
        index.data(Qt.ItemDataRole.ToolTipRole))

    open_thread(qtbot, panel, thread.id)
    view = panel.thread_view
    qtbot.waitUntil(lambda: card(panel, latest.id) is not None)
    exact: set[QWidget] = set()
    for question in (first, latest):
        shown = card(panel, question.id)
        assert shown is not None
        assert isinstance(shown.text, ValueText)  # plain text, never rich
        assert not shown.text.acceptRichText()
        assert shown.text.text() == question.question.text  # type: ignore[union-attr]
        exact.add(shown.text)
    assert view.header.title.text() == "\u2068Funda anil ]0;pwned <b>x</b>\u2069"
    assert "gnp.exe" in view.header.buyer.text()
    assert "gnp.exe" in view.composer.target.text()
    bad = [(where, text) for where, text in one_line_texts(panel, exact)
           if unsafe(text)]
    assert bad == []

    panel.resize(QSize(1280, 720))
    panel.list.view.scrollTo(panel.model.index(panel.model.row_of(thread.id), 0),
                             panel.list.view.ScrollHint.PositionAtCenter)
    view.conversation.reveal(latest.id)
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=10_000)
    assert panel.grab().save(str(shots_dir / "inbox-hostile-text.png"))


def test_notifications_and_the_tray_say_hostile_words_inertly(settings: Settings) -> None:
    item = NewItem("question", "1", BUYER, LATEST, "hostile-bidi")
    notice = compose([item], shop="\u202epohs\x1b[31m")
    for text in (notice.title, notice.body):
        assert not unsafe(text), text
    assert notice.title == "\u2068pohs[31m\u2069: New question from \u2068gnp.exe\u2069"
    assert notice.body == "\u2068Primera línea segunda [31mroja[0m y fin\u2069"
    several = compose([item, NewItem("order", "2", "\u202eobaid", "\u2028x")])
    assert not unsafe(several.title) and not unsafe(several.body)
    tray = Notifier(settings, tray_available=False)
    tray.set_unanswered(3, "\u202epohs\u2028\x1b[31m")
    assert not unsafe(tray.tooltip()) and "pohs" in tray.tooltip()
