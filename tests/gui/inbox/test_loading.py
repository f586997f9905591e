"""The Inbox loads from the cache of a live, synced session and follows filters and search."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Channel, ThreadStatus
from sellerdesk.api.errors import Offline
from sellerdesk.services.inbox_list import InboxFilters, InboxList, ThreadSort
from sellerdesk.services.sync import SyncProgress
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.inbox.thread_model import ThreadRole
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import SPLITTER_STATE, VIEW_FILTERS, Settings
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache
from tests.gui.inbox.support import run, services, shown_ids
from tests.support.inbox_view import show_panel
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session


def server_threads(sb: Sandbox, **params: object) -> dict[str, object]:
    response = sb.get("/questions/threads/search", limit=200, **params)
    response.raise_for_status()
    body: dict[str, object] = response.json()
    return body


def test_without_a_shop_the_view_says_so_and_is_loaded(ctx: UiContext, qtbot: QtBot,
                                                      tmp_path: Path) -> None:
    panel = show_panel(ctx, qtbot, ThumbnailCache(None))
    assert panel.is_loaded()
    assert panel.list.showing_empty()
    assert panel.list.empty.title() == "No shop connected"
    assert panel.thread_view.stack.currentWidget() is panel.thread_view.empty


def server_waiting_oldest_first(sb: Sandbox) -> list[dict[str, object]]:
    response = sb.get("/questions/search", status="unanswered", orders="question_date_asc",
                      limit=50)
    response.raise_for_status()
    found: list[dict[str, object]] = response.json()["results"]
    return found


def test_opens_on_the_conversation_waiting_longest(panel: InboxPanel, qtbot: QtBot,
                                                   fresh_sandbox: Sandbox) -> None:
    """Issue 15, item 4: the buyer who has waited longest comes first (answer time decides
    sales); answered conversations follow, newest first; each row previews the question that
    waits, not the thread's first (answered) one."""
    server = server_threads(fresh_sandbox)
    # Every thread but those made for the client not to read (field variety).
    unreadable = fresh_sandbox.unreadable("threads")
    assert len(shown_ids(panel)) == server["paging"]["total"] - len(unreadable)  # type: ignore[index]
    items = panel.model.items()
    counts = [t.waiting for t in items]
    first_answered = next(i for i, c in enumerate(counts) if c == 0)
    assert all(counts[:first_answered]) and not any(counts[first_answered:])
    since = [t.waiting_since for t in items[:first_answered]]
    assert since == sorted(since)  # type: ignore[type-var]
    last = [t.last_question_date for t in items[first_answered:]]
    assert last == sorted(last, reverse=True)  # type: ignore[type-var]
    oldest = server_waiting_oldest_first(fresh_sandbox)[0]
    assert shown_ids(panel)[0] == str(oldest["thread_id"])
    assert panel.thread_view.thread_id() == shown_ids(panel)[0]  # and it is open
    assert panel.list.sort.currentText() == "Waiting longest first"
    # The header counts what waits in the whole shop; the server says the same.
    waiting = sum(counts)
    assert waiting == server["unanswered_quantity"]
    assert panel.header.subtitle() == f"Waiting for an answer: {waiting}"
    # A row previews the latest question waiting in its conversation.
    session = services(panel)
    answered_first = 0
    for row, item in enumerate(items[:first_answered]):
        conversation = run(qtbot, session.inbox.conversation(item.id))
        latest = [q for q in conversation if q.answer is None
                  and q.status == "unanswered"][-1]
        assert latest.question is not None and latest.question.text
        snippet = panel.model.index(row, 0).data(ThreadRole.SNIPPET)
        assert snippet == f"\u2068{latest.question.text}\u2069", item.id
        answered_first += conversation[0].answer is not None
    assert answered_first  # the demo has conversations whose first question is answered
    # "Newest first" is still a choice.
    panel.list.sort.setCurrentIndex(panel.list.sort.findData(ThreadSort.NEWEST_FIRST.value))
    qtbot.waitUntil(lambda: [t.last_question_date for t in panel.model.items()] == sorted(
        (t.last_question_date for t in panel.model.items()),  # type: ignore[type-var]
        reverse=True))
    conversation = run(qtbot, session.inbox.conversation(panel.thread_view.thread_id() or ""))
    view = panel.thread_view
    assert [c.item.id for c in view.conversation.cards] == [q.id for q in conversation]
    assert view.header.title.text()


def test_status_and_channel_filters_change_the_rows(panel: InboxPanel, qtbot: QtBot,
                                                   fresh_sandbox: Sandbox) -> None:
    everything = len(shown_ids(panel))
    panel.list.status.setCurrentIndex(panel.list.status.findData("unanswered"))
    waiting = server_threads(fresh_sandbox, status="unanswered")
    qtbot.waitUntil(lambda: len(shown_ids(panel)) == waiting["paging"]["total"])  # type: ignore[index]
    assert {t.thread.status for t in panel.model.items()} == {ThreadStatus.UNANSWERED}
    assert panel.list.count.text() == f"Shown: {len(shown_ids(panel))}"

    panel.list.channel.setCurrentIndex(panel.list.channel.findData("marketplace"))
    qtbot.waitUntil(lambda: {t.channel for t in panel.model.items()} == {Channel.MARKETPLACE})
    assert all(t.waiting for t in panel.model.items())

    panel.list.status.setCurrentIndex(panel.list.status.findData("answered"))
    qtbot.waitUntil(lambda: bool(shown_ids(panel)) and not any(
        t.waiting for t in panel.model.items()))

    panel.list.status.setCurrentIndex(0)
    panel.list.channel.setCurrentIndex(0)
    qtbot.waitUntil(lambda: len(shown_ids(panel)) == everything)


def test_orderings_follow_the_last_question_date(panel: InboxPanel, qtbot: QtBot) -> None:
    def dates() -> list[object]:
        return [t.last_question_date for t in panel.model.items()]

    panel.list.sort.setCurrentIndex(panel.list.sort.findData(ThreadSort.OLDEST_FIRST.value))
    qtbot.waitUntil(lambda: dates() == sorted(dates()))  # type: ignore[type-var]
    panel.list.sort.setCurrentIndex(panel.list.sort.findData(ThreadSort.NEWEST_FIRST.value))
    qtbot.waitUntil(lambda: dates() == sorted(dates(), reverse=True))  # type: ignore[type-var]


def test_word_search_finds_threads_and_says_when_nothing_matches(
        panel: InboxPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    everything = len(shown_ids(panel))
    found = server_threads(fresh_sandbox, query="precio")
    expected = {t["id"] for t in found["results"]}  # type: ignore[attr-defined]
    assert 0 < len(expected) < everything
    qtbot.keyClicks(panel.list.search, "precio")
    qtbot.waitUntil(lambda: set(shown_ids(panel)) == expected, timeout=10_000)
    assert not panel.list.showing_empty()

    panel.list.search.clear()
    qtbot.keyClicks(panel.list.search, "zzqxv")
    qtbot.waitUntil(panel.list.showing_empty, timeout=10_000)
    assert panel.list.empty.title() == "No results for these filters"
    panel.list.search.clear()
    qtbot.waitUntil(lambda: len(shown_ids(panel)) == everything, timeout=10_000)


def test_typing_cancels_the_previous_search(panel: InboxPanel, qtbot: QtBot) -> None:
    keys = [h.key for h in panel.ctx.runner.running()]
    assert "inbox.threads" not in keys
    panel._on_list_words_changed("precio")
    first = [h for h in panel.ctx.runner.running() if h.key == "inbox.threads"]
    panel._on_list_words_changed("precio por unidad")
    qtbot.waitUntil(lambda: all(h.is_finished() for h in first))
    assert all(h.was_cancelled() for h in first)


def test_offline_search_uses_the_local_index(panel: InboxPanel, qtbot: QtBot,
                                             fresh_sandbox: Sandbox) -> None:
    fresh_sandbox.stop()
    session = services(panel)
    session.connectivity.report_failure(Offline())
    errors: list[str] = []
    panel.ctx.runner.error_reported.connect(errors.append)
    local = {t.id for t in run(qtbot, session.inbox.search_threads("precio"))}
    assert local, "the local full-text index finds cached questions"
    qtbot.keyClicks(panel.list.search, "precio")
    qtbot.waitUntil(lambda: set(shown_ids(panel)) == local, timeout=10_000)
    assert not errors  # offline is not a failure: the cache answers


def test_no_unanswered_left_says_nice_work(panel: InboxPanel, qtbot: QtBot) -> None:
    panel.list.status.setCurrentIndex(panel.list.status.findData("unanswered"))
    qtbot.waitUntil(lambda: panel.list.count.text().startswith("Shown"))
    # Pretend every question got its answer: the list of waiting threads becomes empty.
    panel._on_threads_read(panel._filters, False, False, InboxList([], 0, set()))
    assert panel.list.showing_empty()
    assert panel.list.empty.title() == "No unanswered questions — nice work"
    assert panel.header.subtitle() == "Every question has an answer"


def test_splitter_and_filters_are_remembered(live_ctx: UiContext, qtbot: QtBot,
                                             thumbs: ThumbnailCache,
                                             settings: Settings) -> None:
    first = show_panel(live_ctx, qtbot, thumbs)
    first.list.channel.setCurrentIndex(first.list.channel.findData("marketplace"))
    first.list.sort.setCurrentIndex(first.list.sort.findData(ThreadSort.OLDEST_FIRST.value))
    first.splitter.setSizes([450, 830])
    first.save_state()
    assert settings.get(VIEW_FILTERS.at("inbox"))["channel"] == "marketplace"
    assert settings.get(SPLITTER_STATE.at("inbox"))
    second = show_panel(live_ctx, qtbot, thumbs)
    assert second.list.filters().channel is Channel.MARKETPLACE
    assert second.list.filters().sort is ThreadSort.OLDEST_FIRST
    assert second.splitter.sizes()[0] == first.splitter.sizes()[0]
    qtbot.waitUntil(lambda: bool(shown_ids(second)) and all(
        t.channel is Channel.MARKETPLACE for t in second.model.items()))


def test_filters_and_a_thread_can_be_asked_for_from_outside(panel: InboxPanel,
                                                           qtbot: QtBot) -> None:
    """What the window uses for a notification or a dashboard card."""
    answered = next(t for t in panel.model.items() if not t.waiting)
    panel.apply_filters(InboxFilters(status=ThreadStatus.UNANSWERED, words="precio"))
    assert panel.list.search.text() == "precio"
    assert panel.filters().words == "precio"
    qtbot.waitUntil(lambda: bool(shown_ids(panel)) and all(
        t.waiting for t in panel.model.items()), timeout=10_000)
    assert not panel.open_thread(answered.id)  # not listed under these filters...
    qtbot.waitUntil(lambda: panel.thread_view.shown_thread() == answered.id)  # ...yet open


def test_a_first_sync_says_it_is_reading_until_the_conversations_arrive(
        settings: Settings, runner: TaskRunner, fresh_sandbox: Sandbox, tmp_path: Path,
        qtbot: QtBot, thumbs: ThumbnailCache) -> None:
    """A shop's first sync into an empty inbox: the list says it is reading the questions,
    with how far it got, not "No questions yet"; the conversations show when they are in."""
    session = run(qtbot, open_session(fresh_sandbox, tmp_path / "empty"))
    try:
        panel = show_panel(UiContext(settings=settings, runner=runner, services=session),
                           qtbot, thumbs)
        assert panel.list.showing_empty() and panel.model.rowCount() == 0
        seen: list[tuple[str, str, str]] = []  # (stage, title, hint) while the list was empty
        subtitles: set[str] = set()

        def look(p: SyncProgress) -> None:  # connected after the panel: it has updated
            if p.stage in ("threads", "questions") and not panel.model.rowCount():
                seen.append((p.stage, panel.list.empty.title(), panel.list.empty.hint()))
                subtitles.add(panel.header.subtitle())

        session.sync.progressed.connect(look)
        run(qtbot, session.sync.sync(), timeout=60_000)
        assert seen, "no progress of the questions while the inbox was empty"
        assert {title for _stage, title, _hint in seen} == {"Reading your shop's questions…"}
        assert subtitles == {"Reading your shop's questions…"}  # not "every question has..."
        counted = [hint for _stage, _title, hint in seen if " of " in hint]
        assert counted and all(h.startswith(("Conversations listed: ", "Conversations read: "))
                               for h in counted)
        qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=20_000)
        assert not panel.list.showing_empty()
    finally:
        run(qtbot, session.aclose(), timeout=60_000)
