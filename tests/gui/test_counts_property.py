"""A property of the whole desk (hypothesis, stateful): whatever a seller does — answer,
delete, ship, invoice, change a tracking code, online or offline, discard, send, sync while
the shop changes on the web — after each step every count surface agrees with the counts
worked out from the store and the pending writes, and each commit was published once.

Surfaces: `CountsService`'s `Counts`, the dashboard's `Glance` and its card, the sidebar's
inbox and outbox badges and the tray's tooltip (set by `ShopConnector` from the feed), the
inbox header's `InboxService.list` figure, and the command line's `questions --unanswered`
(the same store and service calls it makes).
Real sandbox over loopback, real store; the outbox's sender is not started, so writes go out
only at the "send" step and every step ends settled. Nothing is timed: each step waits for
the work it started, then the loop turns."""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import ShippingStatus
from sellerdesk.api.errors import ApiError
from sellerdesk.api.models import Question
from sellerdesk.commands.inbox import _questions as questions_to_list
from sellerdesk.services.changes import Changes
from sellerdesk.services.convert import load_all
from sellerdesk.services.counts import Counts
from sellerdesk.services.inbox_list import WAITING
from sellerdesk.services.session import Session
from sellerdesk.services.shops import Shops
from sellerdesk.store.outbox import OutboxChange, OutboxState, OutboxStateError
from sellerdesk.store.outbox_entries import UNFINISHED
from sellerdesk.store.rows import OrderFilter, QuestionFilter
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dashboard import DashboardPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
from sellerdesk.ui.widgets.formatting import format_number
from tests.support import http
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session

T = TypeVar("T")
SHIPPING = [ShippingStatus.PICKUP, ShippingStatus.IN_PROGRESS, ShippingStatus.ON_ROUTE,
            ShippingStatus.DELIVERED]


class Desk:
    """One open shop in a window: the session, the window, its connector, and what the
    feed and the outbox said during the current step."""

    def __init__(self, qtbot: QtBot, loop: asyncio.AbstractEventLoop, runner: TaskRunner,
                 session: Session, window: MainWindow, connector: ShopConnector,
                 sandbox: Sandbox) -> None:
        self.qtbot, self.loop, self.runner = qtbot, loop, runner
        self.session, self.window, self.connector = session, window, connector
        self.sandbox = sandbox
        self.online = True
        self._lock = threading.Lock()
        self.commits: list[Sequence[OutboxChange]] = []
        self.values: list[Changes] = []
        session.store.outbox.add_batch_observer(self._commit)
        session.changes.published.connect(self.values.append)

    def _commit(self, changes: Sequence[OutboxChange]) -> None:
        records = [c for c in changes if c.entity is not None]
        if records:
            with self._lock:
                self.commits.append(records)

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        task = asyncio.ensure_future(coro, loop=self.loop)
        self.qtbot.waitUntil(task.done, timeout=60_000)
        return task.result()

    def settle(self) -> None:
        """Until the work the views started is done and the loop has turned."""
        for _ in range(3):
            self.qtbot.waitUntil(lambda: not self.runner.is_busy(), timeout=60_000)
            for _ in range(5):
                QApplication.processEvents()

    def start_step(self) -> None:
        with self._lock:
            self.commits.clear()
        self.values.clear()


@pytest.fixture
def desk(qloop: asyncio.AbstractEventLoop, qtbot: QtBot, settings: Settings,
         runner: TaskRunner, fresh_sandbox: Sandbox, synced_data_dir: Path, tmp_path: Path,
         monkeypatch: pytest.MonkeyPatch) -> Iterator[Desk]:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    opening = asyncio.ensure_future(open_session(fresh_sandbox, data), loop=qloop)
    qtbot.waitUntil(opening.done, timeout=60_000)
    session = opening.result()
    monkeypatch.setattr(session, "start", lambda: None)  # writes go at the "send" step only
    ctx = UiContext(settings=settings, runner=runner, services=session)
    connector = ShopConnector(ctx, Shops(data))
    connector.use(session)
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.show_view("dashboard")
    connector.bind(window, shop_label="Tienda")
    assert connector.refresher is not None
    connector.refresher.stop()  # syncs happen at the "sync" step only
    d = Desk(qtbot, qloop, runner, session, window, connector, fresh_sandbox)
    panel = window.panel("dashboard")
    assert isinstance(panel, DashboardPanel)
    qtbot.waitUntil(lambda: panel.glance is not None, timeout=30_000)
    d.settle()
    yield d
    connector.unbind()
    if not fresh_sandbox.running:
        fresh_sandbox.start()
    closing = asyncio.ensure_future(session.aclose(), loop=qloop)
    qtbot.waitUntil(closing.done, timeout=60_000)


async def _open_questions(session: Session) -> list[Question]:
    """The questions a seller could still answer or delete here."""
    held = session.inbox.held()
    rows = await session.store.run(session.store.cache.questions,
                                   QuestionFilter(status="unanswered"))
    return [q for q in load_all(rows, Question) if q.status == "unanswered"
            and q.id not in held]


async def cli_unanswered(session: Session) -> int:
    """`sellerdesk questions --unanswered`: its rows, counted (the command's own read)."""
    return len(await questions_to_list(session, words=None, unanswered=True))


async def expected_counts(session: Session) -> tuple[int, int, int]:
    """(unanswered, queued, conflicts) from the store alone: the cached questions waiting,
    less those whose answer or deletion the outbox holds; the outbox's unfinished entries."""
    store = session.store
    entries = await store.run(store.outbox.entries, states=UNFINISHED)
    held = {int(e.entity.split(":")[1]) for e in entries
            if e.kind.value in ("answer", "delete_question") and e.entity.startswith("question:")}
    listed = await store.run(store.cache.thread_unanswered)
    rows = await store.run(store.cache.questions, QuestionFilter(status="unanswered"))
    waiting = [q for q in load_all(rows, Question) if q.status == "unanswered"
               and q.id not in held and q.thread_id in listed]
    conflicts = sum(e.state is OutboxState.CONFLICT for e in entries)
    return len(waiting), len(entries), conflicts


def test_every_surface_counts_alike_after_any_step(desk: Desk) -> None:
    class Seller(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.desk = desk
            desk.start_step()

        # ---- the seller's writes (each one commit) -------------------------------------
        @rule(pick=st.integers(0, 10_000))
        def answer(self, pick: int) -> None:
            qs = desk.run(_open_questions(desk.session))
            if qs:
                desk.run(desk.session.inbox.answer(qs[pick % len(qs)].id, "Sí, hay stock."))

        @rule(pick=st.integers(0, 10_000))
        def delete(self, pick: int) -> None:
            qs = desk.run(_open_questions(desk.session))
            if qs:
                desk.run(desk.session.inbox.delete_question(qs[pick % len(qs)].id,
                                                            undo_seconds=0))

        @rule(pick=st.integers(0, 10_000), status=st.sampled_from(SHIPPING))
        def ship(self, pick: int, status: ShippingStatus) -> None:
            orders = [o for o in desk.run(desk.session.orders.orders(limit=60))
                      if o.shippings and o.shippings[0].id is not None]
            order = orders[pick % len(orders)]
            shipping_id = order.shippings[0].id  # type: ignore[index]
            assert shipping_id is not None
            desk.run(desk.session.orders.update_shipping(order, shipping_id, status=status))

        @rule(pick=st.integers(0, 10_000), number=st.integers(1, 99_999))
        def invoice(self, pick: int, number: int) -> None:
            orders = desk.run(desk.session.orders.orders(OrderFilter(), limit=60))
            order = orders[pick % len(orders)]
            desk.run(desk.session.orders.update_invoice(order, invoiced=True,
                                                        number=f"F-{number:05d}", type="A"))

        @rule(pick=st.integers(0, 10_000), name=st.sampled_from(["Píxel", "Meta", "Ads 2"]))
        def tracking(self, pick: int, name: str) -> None:
            codes = desk.run(desk.session.tracking.codes())
            if codes:
                desk.run(desk.session.tracking.modify(codes[pick % len(codes)], name=name))

        @rule(pick=st.integers(0, 10_000))
        def discard(self, pick: int) -> None:
            entries = desk.run(desk.session.outbox.entries(
                states=(OutboxState.QUEUED, OutboxState.FAILED, OutboxState.CONFLICT)))
            if entries:
                try:
                    desk.run(desk.session.outbox.discard(entries[pick % len(entries)].id))
                except OutboxStateError:
                    pass  # it moved on meanwhile: nothing to discard

        # ---- the network, the sender, the sync, the shop changing elsewhere -------------
        @precondition(lambda self: desk.online)
        @rule()
        def go_offline(self) -> None:
            desk.sandbox.stop()
            desk.online = False

        @precondition(lambda self: not desk.online)
        @rule()
        def go_online(self) -> None:
            desk.sandbox.start()
            desk.online = True

        @rule()
        def send(self) -> None:
            desk.session.outbox.kick(ignore_backoff=True)  # a retry waits for nobody
            desk.run(desk.session.outbox.drain_once())

        @rule()
        def sync(self) -> None:
            try:
                desk.run(desk.session.sync.sync())
            except ApiError:
                assert not desk.online  # only offline does a sync fail here

        @precondition(lambda self: desk.online)
        @rule(pick=st.integers(0, 10_000))
        def answered_on_the_web(self, pick: int) -> None:
            found = desk.sandbox.get("/questions/search", status="unanswered").json()["results"]
            if found:
                qid = found[pick % len(found)]["id"]
                http.put(f"{desk.sandbox.api}/questions/{qid}",
                         params={"access_token": desk.sandbox.token},
                         json={"answer": "Desde la web."}, timeout=30).raise_for_status()

        # ---- after every step -----------------------------------------------------------
        @invariant()
        def every_surface_agrees(self) -> None:
            desk.settle()
            session = desk.session
            writes = [v for v in desk.values if v.writes]
            # Each outbox commit published once, as one value naming exactly its writes.
            assert len(writes) == len(desk.commits)
            for value, commit in zip(writes, desk.commits, strict=True):
                assert [w.entry_id for w in value.writes] == [c.entry_id for c in commit]
            # Only a sync publishes values that are not writes.
            assert all(v.writes or v.everything or v.finished_sync for v in desk.values)
            unanswered, queued, conflicts = desk.run(expected_counts(session))
            counts: Counts = desk.run(session.counts.counts())
            assert (counts.unanswered, counts.queued_changes, counts.conflicts) == (
                unanswered, queued, conflicts)
            glance = desk.run(session.dashboard.glance())
            assert glance.counts == counts
            assert desk.run(cli_unanswered(session)) == unanswered
            # The inbox header's figure, read as the inbox reads its list.
            assert desk.run(session.inbox.list(WAITING)).unanswered == unanswered
            nav = desk.window.sidebar.navigation
            panel = desk.window.panel("dashboard")
            assert isinstance(panel, DashboardPanel)
            # The window's surfaces follow the feed: waited for, not polled on a clock.
            desk.qtbot.waitUntil(lambda: (
                nav.badge("inbox"), nav.badge("outbox"), desk.connector.notifier.unanswered,
                panel.card_unanswered.value(), panel.card_writes.value()) == (
                unanswered, queued, unanswered, format_number(unanswered),
                format_number(queued)), timeout=30_000)
            desk.start_step()

    run_state_machine_as_test(Seller, settings=settings(
        max_examples=3, stateful_step_count=8, deadline=None, database=None,
        suppress_health_check=list(HealthCheck)))
