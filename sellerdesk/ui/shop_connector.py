"""Binds the shop in use to the window: status bar, badge, banner, tray and the background
refresh. Glue only: opening shops lives in services/shops.py, when to refresh in
services/refresh.py, what waits in the outbox in services/pending.py.

Views never see this: they get `ctx.services` (the Session) and listen to its events. It
lives as long as the app: windows come and go per shop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication, QObject

from sellerdesk.services.connectivity import Connection, Retry
from sellerdesk.services.notifications import NewItem
from sellerdesk.services.refresh import BackgroundRefresh, RefreshSchedule
from sellerdesk.services.session import Session
from sellerdesk.services.shops import DEMO_PROFILE, Shops
from sellerdesk.services.sync import SyncProgress
from sellerdesk.services.types import Offline, Resource
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notifier
from sellerdesk.ui.runner import Progress, describe_error
from sellerdesk.ui.status_bar import ConnectionState
from sellerdesk.ui.widgets.banner import MessageLevel

log = logging.getLogger("sellerdesk.ui")

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
        self._unhook += [
            session.connectivity.changed.connect(
                lambda state: w.set_connection_state(_STATES[state])),
            session.connectivity.retry_changed.connect(self._on_connectivity_retry_changed),
            session.connectivity.came_back.connect(lambda _none: self._on_came_back()),
            session.pending.changed.connect(lambda _change: self._update_counts()),
            session.outbox.auth_needed.connect(self._on_outbox_auth_needed),
            session.sync.finished.connect(lambda _report: self._after_sync()),
            session.inbox.changed.connect(lambda _thread: self._update_badge()),
        ]
        session.start()
        self._update_counts()
        self._update_badge()
        self._ctx.runner.run(session.sync.synced_at(Resource.ORDERS),
                             on_success=w.set_last_sync, show_progress=False)
        self.refresher = BackgroundRefresh(
            RefreshSchedule(self._ctx.settings.get(keys.REFRESH_INTERVAL_S)),
            lambda: self.sync_now(quiet=True), lambda: session.connectivity.online)
        self.refresher.start()

    def _on_connectivity_retry_changed(self, retry: Retry | None) -> None:
        if self._window is not None:
            self._window.set_connection_retry(retry.next_at if retry else None,
                                              bool(retry and retry.in_flight))

    def _after_sync(self) -> None:
        if self._window is None or self.session is None:
            return
        self._window.set_last_sync(datetime.now(UTC))
        self._update_badge()
        self._ctx.runner.run(self.session.notifications.check(), on_success=self._announce,
                             show_progress=False, report_errors=False, key="notifications")

    def _announce(self, items: list[NewItem]) -> None:
        if items:
            self.notifier.announce(items)

    def _update_counts(self) -> None:
        if self.session is None or self._window is None:
            return
        counts = self.session.pending.counts()
        self._window.set_outbox_counts(counts.waiting, counts.conflicts)

    def _update_badge(self) -> None:
        if self.session is None or self._window is None:
            return
        window = self._window

        def show(n: int) -> None:
            spoken = self.tr("%n unanswered question(s)", "", n)
            window.set_badge("inbox", n, spoken)
            self.notifier.set_unanswered(n, self.shop_label)

        self._ctx.runner.run(self.session.inbox.unanswered_count(),
                             on_success=show, show_progress=False, key="inbox-badge",
                             report_errors=False)

    def _on_outbox_auth_needed(self, message: str) -> None:
        if self._window is None:
            return
        self._window.show_message(
            QCoreApplication.translate("ShopConnector", "Sending is paused: {reason}")
            .format(reason=message), MessageLevel.WARNING,
            action_text=QCoreApplication.translate("ShopConnector", "Enter a new token…"),
            on_action=self._window.token_requested.emit)

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

    def sync_now(self, *, quiet: bool = False) -> None:
        """Refresh from the server with progress and Cancel; offline is not an error."""
        session = self.session
        if session is None or session.sync.running:
            return
        refresher = self.refresher
        if refresher is not None:
            refresher.pause()

        async def work(progress: Progress) -> None:
            await self.shops.demo_ready()

            def report(p: SyncProgress) -> None:
                progress(p.done, p.total, _stage_text(p.stage))

            await session.sync.sync(on_progress=report)

        def succeeded(_none: None) -> None:
            if refresher is not None and refresher is self.refresher:  # still this window's
                refresher.done()

        def failed(exc: Exception) -> None:
            if refresher is not None and refresher is self.refresher:
                refresher.done(exc)
            if not isinstance(exc, Offline) and not quiet and self._window is not None:
                self._window.show_message(describe_error(exc))

        self._ctx.runner.run_reporting(
            work, label=QCoreApplication.translate("ShopConnector", "Syncing with the shop…"),
            on_success=succeeded, on_failure=failed, report_errors=False, key="sync",
            show_progress=not quiet)

    def _on_came_back(self) -> None:
        self.sync_now(quiet=True)

    def _on_setting_changed(self, name: str) -> None:
        if name == keys.REFRESH_INTERVAL_S.name and self.refresher is not None:
            self.refresher.set_interval(self._ctx.settings.get(keys.REFRESH_INTERVAL_S))

    # -- closing ------------------------------------------------------------------------------

    def unbind(self) -> None:
        """Forget the window (it is being replaced); the session stays open."""
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
