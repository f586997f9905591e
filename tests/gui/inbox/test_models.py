"""The Inbox's models and pure helpers: QAbstractItemModelTester, in-place updates, filters."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QAbstractItemModelTester
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Channel, QuestionStatus, ThreadStatus
from sellerdesk.api.models import Answer, From, Publication, Question, QuestionText, Thread
from sellerdesk.services.outbox.pending import RecordWrites, question_key
from sellerdesk.services.safe_text import FSI, PDI
from sellerdesk.services.triage import InboxThread, summarize
from sellerdesk.ui.inbox.conversation_model import (
    ConversationItem,
    ConversationModel,
    ConversationRole,
)
from sellerdesk.ui.inbox.thread_model import ThreadListModel, ThreadRole, one_line
from sellerdesk.ui.widgets.keyed_model import KeyedModel

NOW = datetime(2026, 11, 15, 12, 0, tzinfo=UTC)
FATAL = QAbstractItemModelTester.FailureReportingMode.Fatal


def thread(n: int, *, unanswered: int = 0, channel: Channel = Channel.SHOPFRONT,
           name: str = "", title: str = "Taladro") -> Thread:
    main = Question(id=1000 + n, thread_id=f"t{n}", from_=From(name=name or f"Buyer {n}"),
                    question=QuestionText(text=f"Question {n}?"),
                    publication=Publication(title=title, price=None))
    return Thread(id=f"t{n}", unanswered_quantity=unanswered, answered_quantity=1,
                  status=ThreadStatus.UNANSWERED if unanswered else ThreadStatus.ANSWERED,
                  last_question_date=NOW - timedelta(hours=n), channel=channel,
                  main_question=main)


def listed(*threads: Thread) -> list[InboxThread]:
    """As the inbox lists them, conversations not cached question by question."""
    return summarize(threads, [], set())


def iso(text: str) -> str:
    return f"{FSI}{text}{PDI}"


def question(n: int, *, answered: bool = False) -> Question:
    return Question(id=n, thread_id="t", status=QuestionStatus.ANSWERED if answered
                    else QuestionStatus.UNANSWERED, from_=From(name="Ana"),
                    question=QuestionText(text=f"q{n}", date=NOW - timedelta(minutes=60 - n)),
                    answer=Answer(text=f"a{n}", date=NOW) if answered else None)


def item(q: Question) -> ConversationItem:
    """A question with no write of the seller's (the states are the service's: tests/unit/
    services/test_inbox_list.py)."""
    return ConversationItem.of(q, RecordWrites(question_key(q.id)), set())


def ids(model: KeyedModel[Any]) -> list[object]:
    return [model.key(item) for item in model.items()]


def test_thread_model_passes_the_model_tester_through_updates(qtbot: QtBot) -> None:
    model = ThreadListModel()
    model.set_now(NOW)
    QAbstractItemModelTester(model, FATAL)
    rng = random.Random(7)
    pool = listed(*(thread(n, unanswered=n % 3) for n in range(30)))
    for _ in range(40):
        rows = rng.sample(pool, rng.randint(0, 20))
        if rows and rng.random() < 0.5:  # a changed record under the same id
            first = rows[0]
            rows[0] = listed(thread(int(first.id[1:]), unanswered=first.waiting + 1))[0]
        model.update(rows)
        assert ids(model) == [t.id for t in rows]
        assert model.items() == rows


def test_thread_model_updates_rows_in_place_without_a_reset(qtbot: QtBot) -> None:
    model = ThreadListModel()
    model.update(listed(thread(1, unanswered=1), thread(2), thread(3)))
    resets: list[bool] = []
    changed: list[int] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda top, _bottom, _roles=None: changed.append(top.row()))
    model.update(listed(thread(1), thread(2), thread(3)))  # thread 1 got its answer
    assert changed == [0] and not resets
    moved: list[tuple[int, int]] = []
    model.rowsMoved.connect(lambda _p, start, _e, _d, row: moved.append((start, row)))
    model.update(listed(thread(3), thread(1), thread(2)))
    assert moved and not resets
    assert ids(model) == ["t3", "t1", "t2"]
    changed.clear()
    model.refresh_times()  # the clock moved on: "5 minutes ago" becomes "6 minutes ago"
    assert changed == [0] and not resets


def test_thread_model_roles_say_what_a_row_shows(qtbot: QtBot) -> None:
    model = ThreadListModel()
    model.set_now(NOW)
    model.update(listed(thread(2, unanswered=2, channel=Channel.MARKETPLACE,
                               name="Vitória Araújo", title="Kit de potes\nherméticos")))
    index = model.index(0, 0)
    assert index.data() == iso("Vitória Araújo")
    assert index.data(ThreadRole.PRODUCT) == iso("Kit de potes herméticos")  # one line
    assert index.data(ThreadRole.CHANNEL) == "Marketplace"
    assert index.data(ThreadRole.UNANSWERED) == 2
    assert index.data(ThreadRole.WHEN) == "2 hours ago"
    spoken = index.data(Qt.ItemDataRole.AccessibleTextRole)
    assert "Vitória Araújo" in spoken and "2 unanswered" in spoken
    assert model.data(QModelIndex()) is None


def test_a_rows_look_is_its_roles_in_one_call(qtbot: QtBot) -> None:
    """The delegate draws from LOOK: it must say what the single roles say, row by row."""
    model = ThreadListModel()
    model.set_now(NOW)
    model.update([msgspec.structs.replace(t, write_state="queued") for t in listed(
        thread(1, unanswered=2), thread(2, channel=Channel.MARKETPLACE),
        thread(3, unanswered=1, name="Zoë"))])
    model.set_late({"t1", "t2"})
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        look = index.data(ThreadRole.LOOK)
        assert look == tuple(index.data(role) for role in (
            ThreadRole.UNANSWERED, ThreadRole.WHEN, ThreadRole.LATE, ThreadRole.BUYER,
            ThreadRole.PENDING, ThreadRole.PRODUCT, ThreadRole.CHANNEL, ThreadRole.SNIPPET,
            ThreadRole.ALIKE))
    assert model.index(0, 0).data(ThreadRole.LOOK).late  # waiting and late
    assert not model.index(1, 0).data(ThreadRole.LOOK).late  # late, yet nothing waits


def test_conversation_model_passes_the_model_tester(qtbot: QtBot) -> None:
    model = ConversationModel()
    QAbstractItemModelTester(model, FATAL)
    rng = random.Random(3)
    for _ in range(30):
        qs = sorted(rng.sample(range(1, 15), rng.randint(0, 8)))
        items = [item(question(n, answered=rng.random() < 0.5)) for n in qs]
        model.update(items)
        assert ids(model) == qs


def test_conversation_model_roles_say_what_the_service_worked_out() -> None:
    model = ConversationModel()
    model.update([item(question(1, answered=True)), item(question(2)), item(question(3))])
    assert model.index(1, 0).data(ConversationRole.CAN_ANSWER) is True
    assert model.index(0, 0).data(ConversationRole.CAN_ANSWER) is False
    assert model.index(0, 0).data(ConversationRole.ANSWER_TEXT) == "a1"


def test_one_line_cuts_and_flattens_outside_text() -> None:
    assert one_line("a\nb\tc\x00d") == iso("a b cd")  # breaks as spaces, controls gone
    assert one_line("\u202egnp.exe") == iso("gnp.exe")  # no override: it reads as written
    assert one_line("a\u2028b\x1b[31m") == iso("a b[31m")
    assert one_line(" \n ") == ""
    assert len(one_line("x" * 100_000)) == 240 + 1 + 2  # 240, the ellipsis, the isolate


def test_a_kept_look_follows_every_change_of_its_row(qtbot: QtBot) -> None:
    """Looks are kept between paints; each way a row's look can change gives a new one."""
    model = ThreadListModel()
    model.set_now(NOW)

    def look() -> Any:
        return model.index(0, 0).data(ThreadRole.LOOK)

    model.update(listed(thread(1, unanswered=1)))
    assert look() is look()  # kept
    assert look().when == "1 hour ago" and not look().late
    model.set_late({"t1"})
    assert look().late
    model.set_now(NOW + timedelta(hours=2))
    assert look().when == "3 hours ago"
    model.update(listed(thread(1, unanswered=2)))  # a new record for the row
    assert look().unanswered == 2
    held = model.item(0)
    assert held is not None
    model.update([msgspec.structs.replace(held, held=(1001,), write_state="sending")])
    assert look().pending == "sending"
