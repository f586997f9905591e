"""Binds the shop in use to the window: status bar, badge, banner, tray and the background
refresh. Glue only: opening shops lives in services/shops.py, when to refresh in
services/refresh.py, what waits in the outbox in services/outbox/pending.py, whether the shop still
takes our token in services/access.py, the service's requests to slow down in
services/connectivity.py (`Pace`).

Views never see this: they get `ctx.services` (the Session) and listen to its events. It
lives as long as the app: windows come and go per shop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication, QObject

from sellerdesk.services.access import AccessProblem
from sellerdesk.services.changes import Changes
from sellerdesk.services.connectivity import Connection, Retry, SlowDown
from sellerdesk.services.counts import OutboxView
from sellerdesk.services.notifications import NewItem
from sellerdesk.services.refresh import BackgroundRefresh, RefreshSchedule
from sellerdesk.services.session import Session
from sellerdesk.services.shops import DEMO_PROFILE, Shops
from sellerdesk.services.sync import RecordKind, StageResult, SyncProgress, SyncReport
from sellerdesk.services.types import AuthError, Offline, Resource
from sellerdesk.ui import settings as keys
from sellerdesk.ui.announcements import SessionAnnouncements
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.core_messages import core_words
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notifier
from sellerdesk.ui.runner import Progress, describe_error
from sellerdesk.ui.status_bar import ConnectionState, slow_down_text
from sellerdesk.ui.widgets.banner import MessageLevel
from sellerdesk.ui.widgets.service_link import subscribe_changes

log = logging.getLogger("sellerdesk.ui")

# Seconds a sync waits for the window's first paint before it connects anyway (a safety
# net: a shown window paints its first view in a fraction of a second).
FIRST_PAINT_WAIT = 5.0

_STATES = {Connection.ONLINE: ConnectionState.ONLINE,
           Connection.OFFLINE: ConnectionState.OFFLINE}


def _stage_text(stage: str) -> str:
    texts = {
        "shop": QCoreApplication.translate("ShopConnector", "Syncing the shop record…"),
        "categories": QCoreApplication.translate("ShopConnector", "Syncing categories…"),
        "tracking": QCoreApplication.translate("ShopConnector", "Syncing tracking codes…"),
        "threads": QCoreApplication.translate("ShopConnector", "Syncing questions…"),
        "questions": QCoreApplication.translate("ShopConnector", "Syncing conversations…"),
        "orders": QCoreApplication.translate("ShopConnector", "Syncing orders…"),
    }
    return texts.get(stage, QCoreApplication.translate("ShopConnector", "Syncing…"))


# The order a sync's progress is told in: the first stage still under way names it.
_PROGRESS_ORDER = ("shop", "categories", "tracking", "threads", "questions", "orders")


def _part_name(resource: Resource) -> str:
    return {
        Resource.SHOP: QCoreApplication.translate("ShopConnector", "Shop record"),
        Resource.CATEGORIES: QCoreApplication.translate("ShopConnector", "Categories"),
        Resource.TRACKING_CODES: QCoreApplication.translate("ShopConnector", "Tracking codes"),
        Resource.THREADS: QCoreApplication.translate("ShopConnector", "Conversations"),
        Resource.QUESTIONS: QCoreApplication.translate("ShopConnector", "Questions"),
        Resource.ORDERS: QCoreApplication.translate("ShopConnector", "Orders"),
    }[resource]


def _stage_failed_text(result: StageResult) -> str:
    texts = {
        "shop": QCoreApplication.translate("ShopConnector", "Shop record not synced"),
        "categories": QCoreApplication.translate("ShopConnector", "Categories not synced"),
        "tracking": QCoreApplication.translate("ShopConnector", "Tracking codes not synced"),
        "threads": QCoreApplication.translate("ShopConnector", "Questions not synced"),
        "orders": QCoreApplication.translate("ShopConnector", "Orders not synced"),
    }
    return texts.get(result.stage, result.stage)


class SyncWords(QObject):
    """The words of a sync report (a class, so lupdate reads the plural forms)."""

    def skipped(self, kind: RecordKind, ids: list[str | None]) -> str:
        n = len(ids)
        named = [i for i in ids if i]
        if not named:  # "(ids no id)" said nothing: say what they lack, in words
            return self._without_id(kind, n)
        shown = named[:5] + (["…"] if len(named) > 5 else [])
        unnamed = n - len(named)
        listed = ", ".join(shown) + (self.tr(" and %n without an id", "", unnamed)
                                     if unnamed else "")
        if kind is RecordKind.ORDER:
            return self.tr("%n order(s) could not be read (ids {ids})", "", n).format(ids=listed)
        if kind is RecordKind.THREAD:
            return self.tr("%n conversation(s) could not be read (ids {ids})", "", n).format(
                ids=listed)
        if kind is RecordKind.QUESTION:
            return self.tr("%n question(s) could not be read (ids {ids})", "", n).format(
                ids=listed)
        return self.tr("%n tracking code(s) could not be read (ids {ids})", "", n).format(
            ids=listed)

    def _without_id(self, kind: RecordKind, n: int) -> str:
        if kind is RecordKind.ORDER:
            return self.tr("%n order(s) without an id could not be read", "", n)
        if kind is RecordKind.THREAD:
            return self.tr("%n conversation(s) without an id could not be read", "", n)
        if kind is RecordKind.QUESTION:
            return self.tr("%n question(s) without an id could not be read", "", n)
        return self.tr("%n tracking code(s) without an id could not be read", "", n)

    def outcome(self, report: SyncReport) -> str:
        """How a sync the seller asked for ended, in one line for the status bar."""
        if report.cancelled:
            return self.tr("Sync cancelled. What it had fetched is kept.")
        if isinstance(report.error, Offline):
            return self.tr("Not synced: the shop service cannot be reached.")
        if report.error is not None:
            return self.tr("Not synced: {reason}").format(reason=describe_error(report.error))
        short, _ = self.lines(report)
        if short:
            return self.tr("Synced, except: {what}").format(what="; ".join(short))
        return self.tr("Synced: the local copy is up to date.")

    def lines(self, report: SyncReport) -> tuple[list[str], list[str]]:
        """(short lines for the status bar, the same with reasons and every id for its
        tooltip)."""
        short: list[str] = []
        long: list[str] = []
        for result in report.failed:
            short.append(_stage_failed_text(result))
            long.append(self.tr("{what}: {why}").format(what=_stage_failed_text(result),
                                                         why=core_words(result.message)))
        for kind in RecordKind:
            ids = report.skipped_ids(kind)
            if ids:
                short.append(self.skipped(kind, ids))
                long.append(self.skipped(kind, ids) + (
                    "\n  " + ", ".join(i or self.tr("no id") for i in ids)
                    if len(ids) > 5 else ""))
        return short, long


class ShopConnector(QObject):
    """Shows the shop in use (`shops.session`) in a window and keeps it fresh."""

    def __init__(self, ctx: UiContext, shops: Shops, *,
                 notifier: Notifier | None = None) -> None:
        super().__init__()
        self._window: MainWindow | None = None
        self._ctx = ctx
        self.shops = shops
        self.notifier = notifier or Notifier(ctx.settings, self)
        self.notifier.activated.connect(self._on_notifier_activated)
        self.shop_label = ""
        self._unhook: list[Callable[[], None]] = []
        self.refresher: BackgroundRefresh | None = None
        self._asked = False  # the seller asked for a sync: its outcome goes in the status bar
        ctx.settings.setting_changed.connect(self._on_setting_changed)

    @property
    def session(self) -> Session | None:
        return self.shops.session

    def use(self, session: Session) -> None:
        """Give the views their services (before the window that shows them is built)."""
        self.shops.use(session)
        self._ctx.services = session

    # -- binding ----------------------------------------------------------------------------

    def bind(self, window: MainWindow, *, shop_label: str) -> None:
        """Map the shop's state onto `window`: status bar, badge, banner, tray; start the
        outbox sender and the background refresh."""
        session = self.session
        assert session is not None
        self._window = w = window
        self.shop_label = shop_label
        detail = (QCoreApplication.translate("ShopConnector", "Sample data, no account needed")
                  if session.address.profile == DEMO_PROFILE
                  else session.address.base_url.split("://")[-1])
        w.set_shop(shop_label, detail)
        w.set_connection_state(_STATES[session.connectivity.state])
        w.sync_requested.connect(self._on_window_sync_requested)

        def forget_window() -> None:
            with contextlib.suppress(RuntimeError):  # the window may be gone already
                w.sync_requested.disconnect(self._on_window_sync_requested)

        self._unhook += [
            forget_window,
            session.connectivity.changed.connect(
                lambda state: w.set_connection_state(_STATES[state])),
            session.connectivity.retry_changed.connect(self._on_connectivity_retry_changed),
            session.connectivity.came_back.connect(lambda _none: self._on_came_back()),
            # Badge, tray and the outbox's counts: the feed, once per turn of the loop.
            subscribe_changes(self, session.changes, self._on_changes),
            session.access.refused.connect(self._on_access_refused),
            session.pace.slowed.connect(self._on_pace_slowed),
            session.sync.finished.connect(self._after_sync),
        ]
        # What changes is said to a screen reader from one place (ui/announcements.py).
        announcements = SessionAnnouncements(w, session)
        self._unhook.append(announcements.close)
        # Requests before the client exists (a view refreshing what it shows, a queued write
        # going out) wait for the first paint, then the client is made off the loop.
        session.hold_requests(lambda: _first_paint_of(w))
        session.start()
        self._update_counts()
        self._update_badge()
        self._ctx.runner.run(session.sync.synced_at(Resource.ORDERS),
                             on_success=w.set_last_sync, show_progress=False)
        self._show_synced_times()
        self.refresher = BackgroundRefresh(
            RefreshSchedule(self._ctx.settings.get(keys.REFRESH_INTERVAL_S)),
            lambda: self.sync_now(quiet=True), lambda: session.connectivity.online)
        self.refresher.start()
        # Sending paused by a refusal in an earlier run (with this very token): say so now.
        self._ctx.runner.run(session.check_access(), show_progress=False,
                             report_errors=False, key="access-check")
        if session.access.problem is not None:
            self._on_access_refused(session.access.problem)

    def _on_connectivity_retry_changed(self, retry: Retry | None) -> None:
        if self._window is not None:
            self._window.set_connection_retry(retry.next_at if retry else None,
                                              bool(retry and retry.in_flight))

    def _on_window_sync_requested(self) -> None:
        """View → Sync now (F5): a sync with progress and Cancel, its outcome said after."""
        session, window = self.session, self._window
        if session is None or window is None:
            return
        if session.sync.running:  # a background one: its end is said as this one's
            self._asked = True
            window.status.say(QCoreApplication.translate(
                "ShopConnector", "Already syncing; the outcome will show here."))
            return
        self.sync_now(tell=True)

    def _after_sync(self, report: SyncReport) -> None:
        if self._window is None or self.session is None:
            return
        if self._asked:
            self._asked = False
            self._window.status.say(SyncWords().outcome(report))
        if report.error is not None or report.cancelled:
            # Said by the sync's own runner (the banner, the offline state); what it did
            # write before it stopped is counted from the feed (its last value says so).
            return
        if "orders" in report.stages:  # "Synced N ago" tells the age of the orders' copy
            self._window.set_last_sync(datetime.now(UTC))
        short, long = SyncWords().lines(report)
        self._window.status.sync_issues.set_issues(short, long)
        self._show_synced_times()
        self._ctx.runner.run(self.session.notifications.check(), on_success=self._announce,
                             show_progress=False, report_errors=False, key="notifications")

    def _show_synced_times(self) -> None:
        session, window = self.session, self._window
        if session is None or window is None:
            return

        def show(times: dict[Resource, datetime | None]) -> None:
            if self._window is window:
                window.status.sync_age.set_parts(
                    [(_part_name(r), times.get(r)) for r in Resource])

        self._ctx.runner.run(session.sync.synced_times(), on_success=show,
                             show_progress=False, report_errors=False, key="synced-times")

    def _on_pace_slowed(self, slowdown: SlowDown | None) -> None:
        window = self._window
        if window is None:
            return
        window.status.slow_down.set_resume_at(slowdown.resume_at if slowdown else None)
        if slowdown is not None and slowdown.rescheduled:
            # Work was put off, not held: say it where it cannot be missed (once; the banner
            # folds the same words).
            window.show_message(slow_down_text(slowdown.resume_at), MessageLevel.WARNING)

    def _on_access_refused(self, problem: AccessProblem) -> None:
        """The shop refused our token (or grant): sync and sending are paused; tell the
        seller at once, in the banner and with one desktop notification."""
        if self.refresher is not None:
            self.refresher.stop()  # nothing to refresh with until a new token comes
        window = self._window
        if window is None:
            return
        reason = core_words(problem.message)
        if problem.renewable:
            action = QCoreApplication.translate("ShopConnector", "Connect again…")
        else:
            action = QCoreApplication.translate("ShopConnector", "Enter a new token…")
        text = QCoreApplication.translate(
            "ShopConnector", "Syncing and sending are paused: {reason}").format(reason=reason)
        window.show_message(text, MessageLevel.WARNING, action_text=action,
                            on_action=window.token_requested.emit)
        self.notifier.announce_problem(
            QCoreApplication.translate("ShopConnector", "{shop}: syncing and sending are "
                                                        "paused").format(shop=self.shop_label),
            reason)

    def _announce(self, items: list[NewItem]) -> None:
        if items:
            self.notifier.announce(items)

    def _on_changes(self, changes: Changes) -> None:
        if changes.counts_may_change:
            self._update_counts()
            self._update_badge()

    def _update_counts(self) -> None:
        if self.session is None or self._window is None:
            return
        # The figures `Counts` carries (queued_changes, conflicts), read from the pending
        # writes in memory as `CountsService` reads them: the status bar moves in this turn.
        view = self.session.counts.view() or OutboxView()
        self._window.set_outbox_counts(view.changes - view.conflicts, view.conflicts)

    def _update_badge(self) -> None:
        if self.session is None or self._window is None:
            return
        window = self._window

        def show(n: int) -> None:
            spoken = self.tr("%n unanswered question(s)", "", n)
            window.set_badge("inbox", n, spoken)
            self.notifier.set_unanswered(n, self.shop_label)

        goal = self._ctx.settings.slow_answer_minutes()
        self._ctx.runner.run(self.session.counts.counts(goal_minutes=goal),
                             on_success=lambda counts: show(counts.unanswered),
                             show_progress=False, key="inbox-badge", report_errors=False)

    def _on_notifier_activated(self, item: NewItem | None) -> None:
        window = self._window
        if window is None:
            return
        window.bring_to_front()
        if item is not None and item.kind == "question":
            window.open_inbox(thread_id=item.thread_id)
        elif item is not None and item.kind == "order":
            window.open_orders(order_id=item.id)

    # -- syncing ------------------------------------------------------------------------------

    def sync_now(self, *, quiet: bool = False, tell: bool = False) -> None:
        """Refresh from the server with progress and Cancel; offline is not an error. `tell`:
        the seller asked (F5), so the outcome is said in the status bar, cancel included."""
        session = self.session
        if session is None or session.sync.running:
            return
        refresher = self.refresher
        if refresher is not None:
            refresher.pause()

        async def work(progress: Progress) -> SyncReport:
            await self._connected(session)
            await self.shops.demo_ready()
            stages: dict[str, tuple[int, int | None]] = {}

            def report(p: SyncProgress) -> None:
                # Stages run side by side: count them together, and name the first one
                # still under way (the text would flicker between them otherwise).
                stages[p.stage] = (p.done, p.total)
                done = sum(d for d, _ in stages.values())
                totals = [t for _, t in stages.values()]
                total = None if None in totals else sum(t or 0 for t in totals)
                busy = next((s for s in _PROGRESS_ORDER if s in stages
                             and stages[s][1] != stages[s][0]), p.stage)
                progress(done, total, _stage_text(busy))

            return await session.sync.sync(on_progress=report)

        ended: list[SyncReport] = []

        def say(report: SyncReport) -> None:
            ended.append(report)
            if tell and self._window is not None:
                self._window.status.say(SyncWords().outcome(report))

        def settled() -> None:
            if not ended:  # neither result nor error: cancelled
                say(SyncReport(cancelled=True))
                if refresher is not None and refresher is self.refresher:
                    refresher.done()  # the background refresh carries on

        def succeeded(result: SyncReport) -> None:
            say(result)
            # Still this window's, and not paused by a refused token:
            if refresher is not None and refresher is self.refresher \
                    and session.access.problem is None:
                refresher.done(result.backoff_error())
            if not quiet and self._window is not None:
                for failed in result.failed:
                    if failed.error is not None and not isinstance(failed.error, Offline):
                        self._window.show_message(describe_error(failed.error))

        def failed(exc: Exception) -> None:
            say(SyncReport(error=exc))
            if refresher is not None and refresher is self.refresher \
                    and session.access.problem is None:
                refresher.done(exc)
            # Offline is the status bar's to say; a refused token the access banner's.
            if not isinstance(exc, Offline | AuthError) and not quiet \
                    and self._window is not None:
                self._window.show_message(describe_error(exc))

        self._ctx.runner.run_reporting(
            work, label=QCoreApplication.translate("ShopConnector", "Syncing with the shop…"),
            on_success=succeeded, on_failure=failed, on_settled=settled, report_errors=False,
            key="sync",
            show_progress=not quiet)

    async def _connected(self, session: Session) -> None:
        """Make the session's network client off the loop (httpx and the api client: a few
        tenths of a second of imports), after the window's first paint: the inbox is painted
        from the store before the client exists (docs/performance.md, "Start-up")."""
        await _first_paint_of(self._window)
        await asyncio.to_thread(session.prepare_network)

    def _on_came_back(self) -> None:
        self.sync_now(quiet=True)

    def _on_setting_changed(self, name: str) -> None:
        if name == keys.REFRESH_INTERVAL_S.name and self.refresher is not None:
            self.refresher.set_interval(self._ctx.settings.get(keys.REFRESH_INTERVAL_S))

    # -- closing ------------------------------------------------------------------------------

    def unbind(self) -> None:
        """Forget the window (it is being replaced); the session stays open."""
        if self.session is not None:
            self.session.hold_requests(None)
        if self.refresher is not None:
            self.refresher.stop()
            self.refresher = None
        for unhook in self._unhook:
            unhook()
        self._unhook.clear()
        self._window = None

    async def close_session(self) -> None:
        """Close the shop in use (its session and demo sandbox); the notifier stays."""
        self.unbind()
        self._ctx.services = None
        await self.shops.close_session()

    async def aclose(self) -> None:
        """The app is ending: close the shop and take the tray icon away."""
        self.unbind()
        self._ctx.services = None
        await self.shops.aclose()
        self.notifier.close()


async def _first_paint_of(window: MainWindow | None) -> None:
    """Return once `window` has painted its first view (at once when it has, or is not shown;
    after `FIRST_PAINT_WAIT` seconds at the latest)."""
    if window is None:
        return
    painted: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def done() -> None:
        if not painted.done():
            painted.set_result(None)

    try:
        if not window.isVisible() or window.painted():
            return
        window.first_painted.connect(done)
    except RuntimeError:  # the window is gone already
        return
    try:
        await asyncio.wait_for(painted, FIRST_PAINT_WAIT)
    except TimeoutError:
        log.debug("no first paint after %s s: connecting anyway", FIRST_PAINT_WAIT)
    finally:
        try:
            window.first_painted.disconnect(done)
        except RuntimeError:  # the window is gone already
            pass
