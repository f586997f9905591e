"""The Inbox's models and pure helpers: QAbstractItemModelTester, in-place updates, filters."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QAbstractItemModelTester
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Channel, QuestionStatus, ThreadStatus
from sellerdesk.api.models import Answer, From, Publication, Question, QuestionText, Thread
from sellerdesk.services.outbox.settle import Intent, dump
from sellerdesk.services.safe_text import FSI, PDI
from sellerdesk.services.triage import InboxThread, summarize
from sellerdesk.store.outbox import IntentKind, OutboxEntry, OutboxState
from sellerdesk.ui.inbox.conversation_model import (
    ConversationItem,
    ConversationModel,
    ConversationRole,
)
from sellerdesk.ui.inbox.filters import InboxFilters, ThreadSort, arrange
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


def entry(question_id: int, state: OutboxState, kind: IntentKind = IntentKind.ANSWER,
          seq: int = 1) -> OutboxEntry:
    return OutboxEntry(id=f"e{seq}", seq=seq, kind=kind, entity=f"question:{question_id}",
                       payload=dump(Intent(question_id=question_id, text="Sí, hay stock")),
                       state=state, created_at=NOW, updated_at=NOW, attempts=0,
                       next_attempt_at=None, last_error=None, conflict=None, uncertain=False,
                       result=None)


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
    assert model.total_unanswered() == 2
    assert model.data(QModelIndex()) is None


def test_a_rows_look_is_its_roles_in_one_call(qtbot: QtBot) -> None:
    """The delegate draws from LOOK: it must say what the single roles say, row by row."""
    model = ThreadListModel()
    model.set_now(NOW)
    model.set_pending_state(lambda item: "queued")
    model.update(listed(thread(1, unanswered=2), thread(2, channel=Channel.MARKETPLACE),
                        thread(3, unanswered=1, name="Zoë")))
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
        items = [ConversationItem(question(n, answered=rng.random() < 0.5)) for n in qs]
        model.update(items)
        assert ids(model) == qs


def test_conversation_item_states() -> None:
    waiting = ConversationItem(question(1))
    assert waiting.can_answer and waiting.answer_state == "" and waiting.answer_text == ""
    queued = ConversationItem(question(1), (entry(1, OutboxState.QUEUED),))
    assert not queued.can_answer
    assert (queued.answer_state, queued.answer_text) == ("queued", "Sí, hay stock")
    conflict = ConversationItem(question(1), (entry(1, OutboxState.CONFLICT),))
    assert conflict.answer_state == "conflict"
    sent = ConversationItem(question(1, answered=True), sent=True)
    assert (sent.answer_state, sent.answer_text) == ("sent", "a1")
    old = ConversationItem(question(1, answered=True))
    assert old.answer_state == "" and not old.can_answer
    deleting = ConversationItem(question(1), (entry(1, OutboxState.QUEUED,
                                                    IntentKind.DELETE_QUESTION),))
    assert deleting.pending_delete is not None and not deleting.can_answer
    model = ConversationModel()
    model.update([old, ConversationItem(question(2)), ConversationItem(question(3))])
    assert model.first_answerable() == 2
    assert model.index(1, 0).data(ConversationRole.CAN_ANSWER) is True
    assert model.index(0, 0).data(ConversationRole.ANSWER_TEXT) == "a1"


def test_filters_apply_status_channel_and_the_spec_orderings() -> None:
    threads = listed(thread(1), thread(2, unanswered=1, channel=Channel.MARKETPLACE),
                     thread(3, unanswered=2), thread(4, channel=Channel.MARKETPLACE))
    by_default = arrange(threads, InboxFilters())
    # Waiting longest first (t3 asked 3 hours ago, t2 2 hours ago), then the rest newest first.
    assert [t.id for t in by_default] == ["t3", "t2", "t1", "t4"]
    newest = arrange(threads, InboxFilters(sort=ThreadSort.NEWEST_FIRST))
    assert [t.id for t in newest] == ["t1", "t2", "t3", "t4"]
    oldest = arrange(threads, InboxFilters(sort=ThreadSort.OLDEST_FIRST))
    assert [t.id for t in oldest] == ["t4", "t3", "t2", "t1"]
    waiting = arrange(threads, InboxFilters(status=ThreadStatus.UNANSWERED))
    assert {t.id for t in waiting} == {"t2", "t3"}
    market = arrange(threads, InboxFilters(channel=Channel.MARKETPLACE))
    assert {t.id for t in market} == {"t2", "t4"}
    assert ThreadSort.OLDEST_FIRST.value == "last_question_date_asc"  # the spec's own ids


@pytest.mark.parametrize("stored", [
    {}, {"status": "bogus", "channel": 3, "sort": None}, {"sort": "last_question_date_asc"},
    {"status": "unanswered", "channel": "marketplace_long"},
])
def test_filters_read_back_tolerantly(stored: dict[str, object]) -> None:
    filters = InboxFilters.from_json(stored)
    assert InboxFilters.from_json(filters.to_json()) == filters
    assert not filters.words


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
    pending = {"state": ""}
    model.set_pending_state(lambda item: pending["state"])

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
    model.update([dataclasses.replace(held, held=(1001,))])
    pending["state"] = "sending"
    model.refresh_pending()
    assert look().pending == "sending"
