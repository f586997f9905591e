"""The Outbox view: offline writes queued, retry and discard, a conflict shown side by side and
resolved, a paused queue and a fault said in words; rows follow the outbox live."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import ShippingStatus
from sellerdesk.policy import WRITE_RETRY
from sellerdesk.services.safe_text import FSI, PDI
from sellerdesk.services.session import Session
from sellerdesk.services.shops import queue_demo_answer
from sellerdesk.store.outbox import OutboxEntry
from sellerdesk.ui.announcements import SessionAnnouncements
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.outbox import OutboxPanel
from sellerdesk.ui.outbox.conflict import ConflictDialog
from sellerdesk.ui.outbox.model import Column
from sellerdesk.ui.widgets.announce import announcer
from sellerdesk.ui.widgets.chip_delegate import STATE_ROLE
from sellerdesk.ui.widgets.confirm import button_with_text
from sellerdesk.ui.widgets.formatting import format_datetime
from tests.support import http
from tests.support.pictures import save_picture
from tests.support.sandbox import Sandbox


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot) -> OutboxPanel:
    view = OutboxPanel(live_ctx)
    qtbot.addWidget(view)
    view.resize(1180, 640)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=20_000):
        view.activate()
    return view


@pytest.fixture
def services(live_ctx: UiContext) -> Session:
    session: Session = live_ctx.services
    return session


@pytest.fixture
def real_backoff(services: Session) -> Session:
    """Back off between attempts like the app does (the test sessions retry at once), so a
    failed write stays queued while the test looks at it; Retry still sends it at once."""
    services.outbox.backoff = WRITE_RETRY.with_first(60.0)
    return services


def _unanswered(sb: Sandbox) -> int:
    found = sb.get("/questions/search", status="unanswered").json()["results"]
    return int(found[0]["id"])


def _cell(view: OutboxPanel, row: int, column: Column) -> str:
    """A cell's words without the bidi isolation around names and outside text."""
    return plain(str(view.model.data(view.model.index(row, column))))


def plain(text: str) -> str:
    return text.replace(FSI, "").replace(PDI, "")


def _entries(await_: Any, services: Session) -> list[OutboxEntry]:
    found: list[OutboxEntry] = await_(services.outbox.entries())
    return found


def _click_in_box(qtbot: QtBot, view: OutboxPanel, text: str) -> None:
    def box() -> QMessageBox | None:
        found = [b for b in view.findChildren(QMessageBox) if b.isVisible()]
        return found[0] if found else None

    qtbot.waitUntil(lambda: box() is not None, timeout=5000)
    found = box()
    assert found is not None
    button = button_with_text(found, text)
    assert button is not None
    button.click()


def test_empty_says_nothing_waits(panel: OutboxPanel, qtmodeltester: Any) -> None:
    # Not "All changes sent": an outbox emptied by a discard sent nothing.
    assert panel.stack.currentWidget() is panel.empty_state
    assert panel.empty_state.title() == "Nothing waiting to be sent"
    qtmodeltester.check(panel.model)


def test_an_offline_answer_is_queued_then_retry_sends_it(
        panel: OutboxPanel, real_backoff: Session, services: Session,
        fresh_sandbox: Sandbox, qtbot: QtBot, await_: Any, qtmodeltester: Any) -> None:
    question = _unanswered(fresh_sandbox)
    asked = fresh_sandbox.get(f"/questions/{question}").json()
    fresh_sandbox.stop()
    await_(services.inbox.answer(question, "Sí, <b>hay stock</b> del azul."))
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10_000)
    # Who and what it is about, from the local copy (the shop is out of reach).
    qtbot.waitUntil(lambda: _cell(panel, 0, Column.WHAT) ==
                    f"Answer to {asked['from']['name']} about {asked['publication']['title']}",
                    timeout=10_000)
    assert plain(panel.detail.value("about")) == asked["question"]["text"]
    assert _cell(panel, 0, Column.DETAILS) == "“Sí, <b>hay stock</b> del azul.”"
    qtbot.waitUntil(lambda: "No connection" in _cell(panel, 0, Column.ERROR)
                    and _cell(panel, 0, Column.STATE) == "Waiting to retry", timeout=20_000)
    assert panel.header.subtitle() == "1 waiting"
    assert panel.retry_button.isEnabled() and panel.discard_button.isEnabled()
    qtmodeltester.check(panel.model)
    save_picture(panel, "outbox.png")

    fresh_sandbox.start()
    with qtbot.assertNotEmitted(panel.model.modelReset):
        panel.retry_button.click()
        qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=30_000)
    assert panel.stack.currentWidget() is panel.empty_state
    server = fresh_sandbox.get(f"/questions/{question}").json()
    assert server["answer"]["text"] == "Sí, <b>hay stock</b> del azul."


def test_discard_asks_then_drops_the_write(panel: OutboxPanel, real_backoff: Session,
                                           services: Session,
                                           fresh_sandbox: Sandbox, qtbot: QtBot,
                                           await_: Any) -> None:
    orders = await_(services.orders.orders(limit=50))
    order = next(o for o in orders if o.shippings)
    shipping = order.shippings[0]
    fresh_sandbox.stop()
    await_(services.orders.update_shipping(order, shipping.id, status=ShippingStatus.ON_ROUTE,
                                           tracking_code="AR123456789"))
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10_000)
    qtbot.waitUntil(lambda: _cell(panel, 0, Column.WHAT) ==
                    f"Shipping of order {order.id} ({order.buyer.name}) → On the way",
                    timeout=10_000)
    assert _cell(panel, 0, Column.DETAILS) == "On the way, tracking AR123456789"
    qtbot.waitUntil(lambda: _cell(panel, 0, Column.STATE) == "Waiting to retry",
                    timeout=20_000)
    panel.discard_button.click()
    _click_in_box(qtbot, panel, "Cancel")
    assert len(_entries(await_, services)) == 1
    panel.discard_button.click()
    _click_in_box(qtbot, panel, "Discard")
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=10_000)
    assert _entries(await_, services) == []


def test_an_answer_given_elsewhere_is_a_conflict_shown_side_by_side(
        panel: OutboxPanel, services: Session, fresh_sandbox: Sandbox, qtbot: QtBot,
        await_: Any) -> None:
    question = _unanswered(fresh_sandbox)
    # The app cannot send (its token is refused: the queue pauses) while the same question
    # is answered elsewhere; then the app may send again.
    services.client.set_token("not-the-token")
    await_(services.inbox.answer(question, "Mi respuesta desde SellerDesk"))
    qtbot.waitUntil(lambda: panel.paused_text() != "", timeout=20_000)
    assert panel.paused_text().startswith("Sending is paused: ")
    assert "access token" in panel.paused_text()
    r = http.put(f"{fresh_sandbox.api}/questions/{question}",
                  params={"access_token": fresh_sandbox.token},
                  json={"answer": "Respuesta desde la web"}, timeout=30)
    r.raise_for_status()
    await_(services.outbox.set_token(fresh_sandbox.token))
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1
                    and _cell(panel, 0, Column.STATE) == "Conflict", timeout=20_000)
    assert panel.paused_text() == ""
    assert "already answered elsewhere" in _cell(panel, 0, Column.ERROR)
    assert panel.header.subtitle() == "1 need you"
    assert panel.resolve_button.isVisible() and panel.resolve_button.isEnabled()
    save_picture(panel, "outbox-conflict.png")

    dialog = panel.resolve_selected()
    assert isinstance(dialog, ConflictDialog)
    assert dialog.texts() == [("Mi respuesta desde SellerDesk", "Respuesta desde la web")]
    assert not dialog.keep_mine.isEnabled()  # a question is answered once
    assert dialog.why_label is not None
    save_picture(dialog, "conflict-answer.png")
    dialog.keep_theirs.click()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=10_000)
    assert _entries(await_, services) == []
    server = fresh_sandbox.get(f"/questions/{question}").json()
    assert server["answer"]["text"] == "Respuesta desde la web"


def test_keep_mine_sends_the_sellers_tracking_change_over_the_shops(
        panel: OutboxPanel, services: Session, fresh_sandbox: Sandbox, qtbot: QtBot,
        await_: Any) -> None:
    code = await_(services.tracking.codes())[0]
    fresh_sandbox.stop()
    await_(services.tracking.modify(code, name="Nombre mío"))
    qtbot.waitUntil(lambda: any(e.last_error for e in _entries(await_, services)),
                    timeout=20_000)
    services.client.set_token("not-the-token")  # back online, but unable to send for now
    fresh_sandbox.start()
    await_(services.outbox.retry_all_waiting())
    qtbot.waitUntil(lambda: panel.paused_text() != "", timeout=20_000)
    http.put(f"{fresh_sandbox.api}/metrics/{code.id}",
              params={"access_token": fresh_sandbox.token}, json={"name": "Nombre de ellos"},
              timeout=30).raise_for_status()
    await_(services.outbox.set_token(fresh_sandbox.token))
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1
                    and _cell(panel, 0, Column.STATE) == "Conflict", timeout=20_000)
    assert _cell(panel, 0, Column.WHAT) == "Changes to tracking code “Nombre mío”"
    dialog = panel.resolve_selected()
    assert isinstance(dialog, ConflictDialog)
    assert dialog.texts() == [("Nombre mío", "Nombre de ellos")]
    assert dialog.keep_mine.isEnabled()
    save_picture(dialog, "conflict-tracking.png")
    dialog.keep_mine.click()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=20_000)
    assert fresh_sandbox.get(f"/metrics/{code.id}").json()["name"] == "Nombre mío"


def test_a_sandbox_fault_is_said_in_words(panel: OutboxPanel, real_backoff: Session,
                                          services: Session,
                                          fresh_sandbox: Sandbox, qtbot: QtBot,
                                          await_: Any) -> None:
    question = _unanswered(fresh_sandbox)
    fresh_sandbox.set_faults(error_next=1000, error_status=503)
    await_(services.inbox.answer(question, "Hola"))
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1
                    and "having trouble" in _cell(panel, 0, Column.ERROR), timeout=20_000)
    assert "Traceback" not in _cell(panel, 0, Column.ERROR)
    assert panel.detail.value("problem") == _cell(panel, 0, Column.ERROR)
    fresh_sandbox.clear_faults()
    panel.retry_button.click()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=30_000)


def test_without_services_the_empty_state_shows(ctx: UiContext, qtbot: QtBot) -> None:
    view = OutboxPanel(ctx)
    qtbot.addWidget(view)
    view.activate()
    assert view.is_loaded()
    assert view.stack.currentWidget() is view.empty_state


def test_rows_follow_the_outbox_without_a_reset(panel: OutboxPanel, services: Session,
                                                fresh_sandbox: Sandbox, qtbot: QtBot,
                                                await_: Any, qtmodeltester: Any) -> None:
    found = fresh_sandbox.get("/questions/search", status="unanswered").json()["results"]
    ids = [int(q["id"]) for q in found[:2]]
    with qtbot.assertNotEmitted(panel.model.modelReset):
        # Held deletions (the inbox's undo delay) stay queued while the test looks at them.
        entries = [await_(services.inbox.delete_question(qid, undo_seconds=3600))
                   for qid in ids]
        qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=10_000)
        buyer = found[1]["from"]["name"]
        qtbot.waitUntil(lambda: _cell(panel, 1, Column.WHAT).startswith(
            f"Deletion of {buyer}’s question"), timeout=10_000)
        await_(services.outbox.discard(entries[0].id))

        def only_the_second_left() -> None:  # a timeout says what the view showed instead
            assert panel.model.keys() == [entries[1].id], (
                f"shown {panel.model.keys()}, states {[e.state for e in panel.model.items()]}; "
                f"discarded {entries[0].id}, held {entries[1].id}")

        qtbot.waitUntil(only_the_second_left, timeout=10_000)
    qtmodeltester.check(panel.model)


def test_the_demos_held_answer_shows_as_scheduled_with_its_time(
        panel: OutboxPanel, services: Session, qtbot: QtBot, await_: Any) -> None:
    """The pictures' example answer is held an hour on purpose: it reads "Scheduled for
    <time>", never "Queued" with nothing to explain why it waits while the shop is online."""
    entry = await_(queue_demo_answer(services))
    assert entry is not None and entry.next_attempt_at is not None
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10_000)
    when = format_datetime(entry.next_attempt_at, "short")
    assert _cell(panel, 0, Column.STATE) == f"Scheduled for {when}"
    assert panel.model.data(panel.model.index(0, Column.STATE), STATE_ROLE) == "scheduled"
    assert panel.detail.caption("next") == "Goes at"
    assert _cell(panel, 0, Column.WHAT).startswith("Answer to ")
    assert not _cell(panel, 0, Column.WHAT).startswith("Answer to question")


def test_a_discard_is_announced_as_a_discard_never_as_sent(
        panel: OutboxPanel, services: Session, fresh_sandbox: Sandbox, qtbot: QtBot,
        await_: Any) -> None:
    said: list[str] = []

    def hear(text: str, _assertive: bool) -> None:
        said.append(text)

    announcer().announced.connect(hear)
    announcements = SessionAnnouncements(panel, services)
    try:
        qid = _unanswered(fresh_sandbox)
        entry = await_(services.inbox.delete_question(qid, undo_seconds=3600))
        qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10_000)
        panel.table.setFocus()
        with qtbot.waitSignal(announcer().announced, timeout=10_000,
                              check_params_cb=lambda text, _a: "discarded" in text):
            await_(services.outbox.discard(entry.id))
        qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=10_000)
        # "Discarded: it will not be sent", never a claim that it was.
        assert not [t for t in said if "sent" in t and "will not be sent" not in t]
        (discarded,) = [t for t in said if "discarded" in t]
        assert "will not be sent" in discarded
    finally:
        announcements.close()
        announcer().announced.disconnect(hear)
