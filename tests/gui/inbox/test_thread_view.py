"""The open conversation: listing header, thumbnails (async, cached, quiet on failure),
saved replies, the snapshot's choice of thread, and faults of the server."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from sellerdesk.services.outbox.settle import Intent
from sellerdesk.services.types import Offline
from sellerdesk.store.outbox import IntentKind, entity_key
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox import publication_header
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.settings import SavedReply
from sellerdesk.ui.views import ViewSpec
from sellerdesk.ui.widgets.formatting import format_money
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache
from tests.gui.inbox.support import first_waiting, open_thread, outbox_report, run, services
from tests.support.inbox_view import picture_bytes, show_panel
from tests.support.sandbox import Sandbox
from tests.support.server_wait import wait_on_server


def test_header_shows_the_listing_and_opens_its_link(panel: InboxPanel, qtbot: QtBot,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    fetched: list[str]) -> None:
    thread = next(t for t in panel.model.items()
                  if t.thread.main_question and t.thread.main_question.publication)
    open_thread(qtbot, panel, thread.id)
    pub = thread.thread.main_question.publication  # type: ignore[union-attr]
    assert pub is not None
    header = panel.thread_view.header
    assert header.title.text() == f"\u2068{pub.title}\u2069"  # one line, isolated
    assert format_money(pub.price, pub.currency_id) in header.details.text()
    assert "in stock" in header.details.text() or "Out of stock" in header.details.text()
    qtbot.waitUntil(header.thumbnail.has_image, timeout=10_000)
    assert pub.thumbnail in fetched
    opened: list[QUrl] = []

    class FakeDesktop:
        @staticmethod
        def openUrl(url: QUrl) -> bool:
            opened.append(url)
            return True

    monkeypatch.setattr(publication_header, "QDesktopServices", FakeDesktop)
    header.open_listing.click()
    assert [u.toString() for u in opened] == [pub.permalink]


def test_thumbnails_come_from_disk_once_fetched_and_fail_quietly(
        tmp_path: Path, qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> None:
    url = "https://img.example/p/1-thumb.webp"
    calls: list[str] = []

    async def fetch(u: str) -> bytes:
        calls.append(u)
        return picture_bytes()

    first = ThumbnailCache(tmp_path, fetch=fetch)
    assert run(qtbot, first.get(url)) is not None
    assert run(qtbot, first.get(url)) is not None  # memory
    second = ThumbnailCache(tmp_path, fetch=fetch)
    assert run(qtbot, second.get(url)) is not None  # disk
    assert calls == [url]

    async def unreachable(u: str) -> bytes:
        calls.append(u)
        raise Offline(detail="name does not resolve")  # as the shop's client says it

    offline = ThumbnailCache(tmp_path / "other", fetch=unreachable)
    assert run(qtbot, offline.get(url)) is None
    assert run(qtbot, offline.get(url)) is None  # not tried again this session
    assert calls.count(url) == 2
    assert run(qtbot, offline.get("file:///etc/passwd")) is None


def test_a_thumbnail_that_cannot_load_leaves_a_placeholder_and_no_message(
        live_ctx: UiContext, qtbot: QtBot) -> None:
    async def unreachable(u: str) -> bytes:
        raise Offline(detail="offline")

    errors: list[str] = []
    live_ctx.runner.error_reported.connect(errors.append)
    panel = show_panel(live_ctx, qtbot, ThumbnailCache(None, fetch=unreachable))
    qtbot.waitUntil(lambda: panel.thread_view.model.rowCount() > 0, timeout=10_000)
    qtbot.waitUntil(lambda: not live_ctx.runner.is_busy(), timeout=10_000)
    assert not panel.thread_view.header.thumbnail.has_image()
    assert errors == []


def test_saved_replies_fill_in_the_buyer_and_product(panel: InboxPanel, qtbot: QtBot) -> None:
    thread, _question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    composer = panel.thread_view.composer
    menu = composer.replies_menu
    composer.editor.setPlainText("Gracias por tu consulta sobre {product}.")
    dialog = menu.ask_to_save()
    dialog.setTextValue("Gracias")
    dialog.accept()
    assert panel.ctx.settings.saved_replies() == [
        SavedReply("Gracias", "Gracias por tu consulta sobre {product}.")]
    panel.ctx.settings.set_saved_replies([SavedReply("Hola", "Hola {buyer}, sobre {product}: ")])
    composer.clear()
    menu.aboutToShow.emit()
    action = next(a for a in menu.actions() if a.text() == "Hola")
    action.trigger()
    buyer = thread.thread.main_question.from_.name.split()[0]  # type: ignore[union-attr]
    product = thread.thread.main_question.publication.title  # type: ignore[union-attr]
    assert composer.text() == f"Hola {buyer}, sobre {product}: "
    assert composer.editor.hasFocus()


def test_snapshot_opens_a_thread_with_a_queued_answer(panel: InboxPanel, qtbot: QtBot) -> None:
    session = services(panel)
    mixed = None
    for thread in panel.model.items():
        conversation = run(qtbot, session.inbox.conversation(thread.id))
        waiting = [q for q in conversation if q.answer is None]
        if waiting and any(q.answer is not None for q in conversation):
            mixed = (thread, waiting[0])
            break
    assert mixed is not None, "the demo shop has a thread with both kinds"
    thread, question = mixed
    run(qtbot, session.outbox.submit(IntentKind.ANSWER, entity_key("question", question.id),
                                     Intent(question_id=question.id, text="En camino"),
                                     hold=3600))
    run(qtbot, panel.prepare_snapshot())
    assert panel.thread_view.thread_id() == thread.id
    states = [c.chip.text() for c in panel.thread_view.conversation.cards
              if not c.chip.isHidden()]
    assert "Queued" in states


def test_a_server_fault_is_said_in_words_and_the_view_keeps_working(
        live_ctx: UiContext, qtbot: QtBot, thumbs: ThumbnailCache,
        fresh_sandbox: Sandbox) -> None:
    window = MainWindow(live_ctx, views=[ViewSpec("inbox", InboxPanel, "Ctrl+1")])
    qtbot.addWidget(window)
    panel = window.panel("inbox")
    assert isinstance(panel, InboxPanel)
    window.show()
    qtbot.waitUntil(lambda: panel.thread_view.model.rowCount() > 0, timeout=20_000)
    fresh_sandbox.set_faults(error_next=5)
    panel.refresh()
    qtbot.waitUntil(lambda: bool(window.banner.messages()), timeout=20_000)
    message = window.banner.messages()[0]
    assert "shop service" in message and "Traceback" not in message
    fresh_sandbox.clear_faults()
    first = panel.thread_view.thread_id()
    panel.next_thread()
    qtbot.waitUntil(lambda: panel.thread_view.thread_id() not in (None, first))
    thread, question = first_waiting(qtbot, panel)
    open_thread(qtbot, panel, thread.id)
    panel.thread_view.composer.editor.setPlainText("Sigue funcionando")
    panel.thread_view.composer.send.click()
    wait_on_server(qtbot, lambda: fresh_sandbox.get(f"/questions/{question.id}").json().get(
        "answer") is not None, timeout=20_000,
        explain=lambda: outbox_report(qtbot, panel))
