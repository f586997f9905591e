"""The dashboard: figures equal the sandbox's own counts, each card opens the right filtered
view, the charts never add currencies together, and it refreshes after a sync, offline too."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import ThreadStatus
from sellerdesk.services.inbox_list import ThreadSort
from sellerdesk.services.outbox.settle import Intent
from sellerdesk.store.outbox import IntentKind, entity_key
from sellerdesk.store.rows import OrderFilter, OrderSummary
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dashboard.cards import FigureCard, balanced_columns
from sellerdesk.ui.dashboard.figures import duration_text, percent
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.widgets.formatting import format_money, format_number
from tests.gui.cockpit.support import (
    SUMMARY_FILTERS,
    all_pages,
    order_total,
    summary_total,
    threads_waiting,
    to_ship_total,
    unanswered_questions,
    when,
)
from tests.support.cockpit import dashboard_of
from tests.support.sandbox import Sandbox


def test_figures_equal_the_sandbox_counts(cockpit: MainWindow, fresh_sandbox: Sandbox,
                                          qtbot: QtBot,
                                          qloop: asyncio.AbstractEventLoop) -> None:
    """The cards, the late threads the inbox marks, and the late count after a new answer
    goal: on one window, as a window over a synced session is most of a test's cost."""
    panel = dashboard_of(cockpit)
    g = panel.glance
    assert g is not None
    questions = unanswered_questions(fresh_sandbox)
    late = sum(1 for q in questions
               if when(q["creation_date"]) < datetime.now(UTC) - timedelta(minutes=60))
    expected = {
        panel.card_unanswered: len(questions),
        panel.card_waiting: late,
        panel.card_process: order_total(fresh_sandbox,
                                        **SUMMARY_FILTERS[OrderSummary.PENDING_PROCESS]),
        panel.card_ship: to_ship_total(fresh_sandbox),
        panel.card_rate: order_total(fresh_sandbox,
                                     **SUMMARY_FILTERS[OrderSummary.PENDING_FEEDBACK]),
        panel.card_answers: 0,
        panel.card_writes: 0,
    }
    for card, count in expected.items():
        assert card.value() == format_number(count), card.title()
        assert card.accessibleName() == f"{card.title()}: {format_number(count)}"
    assert (g.unanswered, g.waiting_too_long) == (len(questions), late)
    oldest = min(when(q["creation_date"]) for q in questions)
    assert g.oldest_unanswered == oldest
    assert "ago" in panel.card_unanswered.detail()  # "Oldest asked 2 weeks ago"
    assert panel.card_waiting.detail() == f"Unanswered for over {duration_text(60)}"
    assert panel.header.subtitle().startswith("Figures as of ")
    # What the inbox marks as waiting too long: the same late questions' threads.
    now = datetime.now(UTC)
    task = qloop.create_task(panel.ctx.services.dashboard.late_threads(now=now,
                                                                       slow_minutes=60))
    qtbot.waitUntil(task.done, timeout=10_000)
    expected_late = {q["thread_id"] for q in questions
                     if when(q["creation_date"]) < now - timedelta(minutes=60)}
    assert task.result() == expected_late and expected_late
    # A new answer goal recounts them: a year, and none is late.
    assert g.waiting_too_long > 0
    panel.ctx.settings.set(keys.SLOW_ANSWER_MINUTES, 24 * 60 * 365)
    qtbot.waitUntil(lambda: panel.card_waiting.value() == "0", timeout=10_000)
    assert panel.card_waiting.detail() == f"Unanswered for over {duration_text(24 * 60 * 365)}"


def test_each_chart_says_what_it_shows_in_one_currency_at_a_time(
        cockpit: MainWindow, fresh_sandbox: Sandbox, qtbot: QtBot) -> None:
    panel = dashboard_of(cockpit)
    charts = panel.charts
    every = all_pages(fresh_sandbox, "/orders/search")
    ships = [s["status"] for o in every for s in o["shippings"] or []]
    delivered = percent(ships.count("delivered"), len(ships))
    assert charts.shipping.headline.text() == (
        f"{format_number(len(ships))} shippings; {delivered} delivered.")
    assert charts.channels.headline.text() == (
        f"All {format_number(len(every))} orders kept on this computer.")
    assert charts.answers.headline.text().startswith("Week of ")
    for box in (charts.sales, charts.answers, charts.channels, charts.shipping):
        assert box.showing_chart(), box.title()
    # The sales chart: one currency at a time, never added together.
    today = datetime.now().astimezone().date()
    since = today - timedelta(days=panel.days() - 1)
    revenue: dict[str, Decimal] = {}
    orders: dict[str, int] = {}
    for o in every:
        if when(o["creation_date"]).astimezone().date() >= since:
            revenue[o["currency"]] = (revenue.get(o["currency"], Decimal(0))
                                      + Decimal(str(o["grand_total"])))
            orders[o["currency"]] = orders.get(o["currency"], 0) + 1
    offered = [charts.currency.itemData(i) for i in range(charts.currency.count())]
    assert sorted(offered) == sorted(revenue)
    assert offered[0] == max(orders, key=lambda c: (orders[c], c))  # the busiest first
    for i, code in enumerate(offered):
        charts.currency.setCurrentIndex(i)
        charts.currency.activated.emit(i)
        series = charts.series()
        assert series is not None and series.currency == code
        assert series.total_revenue == revenue[code]  # exact Decimal, one currency only
        assert series.total_orders == orders[code]
        assert format_money(revenue[code], code) in charts.sales.headline.text()
    assert panel.ctx.settings.get(keys.DASHBOARD_CURRENCY) == offered[-1]  # remembered


def test_each_order_card_opens_the_orders_with_its_facet(cockpit: MainWindow,
                                                         fresh_sandbox: Sandbox,
                                                         qtbot: QtBot) -> None:
    # One window for the three cards: the window and its synced session cost most of a test.
    panel = dashboard_of(cockpit)
    for summary, card in ((OrderSummary.PENDING_PROCESS, panel.card_process),
                          (OrderSummary.PENDING_SHIPMENT, panel.card_ship),
                          (OrderSummary.PENDING_FEEDBACK, panel.card_rate)):
        cockpit.show_view("dashboard")
        qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
        assert cockpit.current_view() == "orders", summary
        orders = cockpit.panel("orders")
        assert isinstance(orders, OrdersPanel)
        assert orders.current_filter() == OrderFilter(summary=summary)
        expected = summary_total(fresh_sandbox, summary)
        qtbot.waitUntil(lambda orders=orders, expected=expected:
                        orders.model.total() == expected, timeout=30_000)
        assert card.value() == format_number(expected), summary


def test_the_question_cards_open_the_unanswered_conversations(cockpit: MainWindow,
                                                               fresh_sandbox: Sandbox,
                                                               qtbot: QtBot) -> None:
    panel = dashboard_of(cockpit)
    waiting = threads_waiting(fresh_sandbox)
    for card, sort in ((panel.card_unanswered, ThreadSort.UNANSWERED_FIRST),
                       (panel.card_waiting, ThreadSort.OLDEST_FIRST)):
        cockpit.show_view("dashboard")
        qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
        assert cockpit.current_view() == "inbox"
        inbox = cockpit.panel("inbox")
        assert isinstance(inbox, InboxPanel)
        shown = inbox.list.filters()
        assert (shown.status, shown.sort) == (ThreadStatus.UNANSWERED, sort)
        qtbot.waitUntil(lambda inbox=inbox: inbox.model.rowCount() == waiting, timeout=30_000)


def test_the_queue_cards_agree_and_open_the_outbox(
        cockpit: MainWindow, qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> None:
    """Both queue cards count the session's pending writes (the status bar's source): one
    held answer is "Answers queued 1" beside "Changes queued 1", never beside a 0 that says
    "Nothing waiting"; they follow the outbox even while the dashboard is hidden."""
    panel = dashboard_of(cockpit)
    session = panel.ctx.services

    async def queue() -> None:
        threads = await session.inbox.threads(status=ThreadStatus.UNANSWERED)
        question = next(q for q in await session.inbox.conversation(threads[0].id)
                        if q.status == "unanswered")
        await session.outbox.submit(IntentKind.ANSWER, entity_key("question", question.id),
                                    Intent(question_id=question.id, text="¡Hola!"), hold=3600)

    cockpit.show_view("inbox")
    task = qloop.create_task(queue())
    qtbot.waitUntil(task.done, timeout=10_000)
    task.result()
    qtbot.waitUntil(lambda: panel.card_answers.value() == "1", timeout=10_000)
    assert panel.card_writes.value() == "1"
    assert panel.card_writes.detail() != "Nothing waiting"
    counts = session.pending.counts()
    assert counts.waiting + counts.conflicts == 1  # what the status bar says
    assert panel.glance is not None
    assert panel.glance.queued_answers + panel.glance.queued_writes == 1  # "All shops" too
    cockpit.show_view("dashboard")
    for card in (panel.card_answers, panel.card_writes):
        cockpit.show_view("dashboard")
        card.setFocus()
        qtbot.keyClick(card, Qt.Key.Key_Space)
        assert cockpit.current_view() == "outbox"


def test_a_sync_refreshes_the_figures(cockpit: MainWindow, fresh_sandbox: Sandbox,
                                      qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> None:
    panel = dashboard_of(cockpit)
    before = panel.glance.unanswered if panel.glance else -1
    fresh_sandbox.ask(text="¿Hacen envíos a Córdoba?", buyer="Martina Gómez")
    task = qloop.create_task(panel.ctx.services.sync.sync())
    qtbot.waitUntil(task.done, timeout=60_000)
    qtbot.waitUntil(lambda: panel.card_unanswered.value() == format_number(before + 1),
                    timeout=10_000)
    assert panel.glance is not None and panel.glance.unanswered == before + 1
    assert panel.header.subtitle().startswith("Figures as of ")


def test_it_works_offline_from_the_store(cockpit: MainWindow, fresh_sandbox: Sandbox,
                                         qtbot: QtBot) -> None:
    panel = dashboard_of(cockpit)
    shown = panel.card_ship.value()
    fresh_sandbox.stop()  # no server at all
    panel.glance = None
    panel.refresh()
    qtbot.waitUntil(lambda: panel.glance is not None, timeout=10_000)
    assert panel.card_ship.value() == shown


def test_the_snapshot_shows_90_days(cockpit: MainWindow, qtbot: QtBot,
                                    qloop: asyncio.AbstractEventLoop, tmp_path: Path) -> None:
    panel = dashboard_of(cockpit)
    task = qloop.create_task(panel.prepare_snapshot())
    qtbot.waitUntil(task.done, timeout=10_000)
    assert panel.days() == 90
    assert panel.charts.sales.headline.text().split(",")[1].strip().startswith("last 90 days")
    picture = tmp_path / "dashboard.png"
    assert cockpit.grab().save(str(picture))
    assert picture.stat().st_size > 20_000


def test_without_pyqtgraph_every_figure_still_shows_in_words(
        live_ctx: UiContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bundle without the charting library: no charts, every figure and sentence still."""
    from sellerdesk.ui.dashboard import charts

    monkeypatch.setattr(charts, "charts_available", lambda: False)
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    window.show()
    window.show_view("dashboard")
    panel = dashboard_of(window)
    qtbot.waitUntil(panel.charts_drawn, timeout=30_000)
    assert panel.card_ship.value() != "—"
    assert not panel.charts.sales.showing_chart()
    assert "not available" in panel.charts.sales.message.text()
    assert panel.charts.sales.headline.text()  # the totals, in words


def test_every_card_is_a_named_button_and_the_last_syncs_are_named(
        cockpit: MainWindow) -> None:
    panel = dashboard_of(cockpit)
    line = panel.synced_line.text()
    assert panel.synced_line.isVisible()
    assert line.startswith("Last synced: ")
    for what in ("questions", "orders", "categories", "tracking codes", "shop"):
        assert f"{what} " in line, what
    cards = panel.findChildren(FigureCard)
    assert len(cards) == 7
    for card in cards:
        assert card.focusPolicy() & Qt.FocusPolicy.TabFocus
        assert card.accessibleName() and card.accessibleDescription()
    icons = {card.title(): card.icon_name() for card in cards}
    assert icons[panel.card_ship.title()] == "truck"
    assert list(icons.values()).count("tracking") == 0  # the tracking codes' own icon


@pytest.mark.parametrize(("cards", "room", "columns"), [
    (7, 7, 7), (7, 6, 4), (7, 5, 4), (7, 4, 4), (7, 3, 3), (7, 2, 2), (7, 1, 1), (7, 0, 1),
    (6, 5, 3), (8, 7, 4), (1, 9, 1)])
def test_cards_reflow_in_even_rows(cards: int, room: int, columns: int) -> None:
    assert balanced_columns(cards, room) == columns
    rows = -(-cards // columns)
    assert rows * columns - cards < rows  # the rows differ by one card at most
