"""Opens a shop (the demo or a saved profile), binds its services to the window, keeps it fresh.

Views never see this: they get `ctx.services` (the Session) and listen to its events. This
object maps the services' state onto the window's status bar, badge and banner, and runs the
background sync on the task runner at the interval the seller chose.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from sellerdesk.api.errors import Offline
from sellerdesk.demo import DemoServer, free_port, start_demo_server
from sellerdesk.services.connectivity import Connection
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.services.sync import SyncProgress
from sellerdesk.store import default_data_dir
from sellerdesk.store.outbox import OutboxState
from sellerdesk.store.rows import Resource, ThreadFilter
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.runner import Progress
from sellerdesk.ui.status_bar import ConnectionState
from sellerdesk.ui.widgets.banner import MessageLevel

log = logging.getLogger("sellerdesk.ui")

DEMO_SHOP_ID = 1001  # the sandbox's defaults (docs/decisions.md, "Sandbox specifics")
DEMO_TOKEN = "sandbox-token"

_STATES = {Connection.ONLINE: ConnectionState.ONLINE,
           Connection.OFFLINE: ConnectionState.OFFLINE,
           Connection.RECONNECTING: ConnectionState.RECONNECTING}


def _tr(text: str) -> str:
    return QCoreApplication.translate("ShopConnector", text)


def _stage_text(stage: str) -> str:
    return {"shop": _tr("Syncing the shop record…"), "categories": _tr("Syncing categories…"),
            "tracking": _tr("Syncing tracking codes…"), "threads": _tr("Syncing questions…"),
            "questions": _tr("Syncing conversations…"),
            "orders": _tr("Syncing orders…")}.get(stage, _tr("Syncing…"))


class ShopConnector(QObject):
    """Owns the open Session (and the demo server) for the window's lifetime."""

    def __init__(self, ctx: UiContext) -> None:
        super().__init__()
        self._window: MainWindow | None = None
        self._ctx = ctx
        self.session: Session | None = None
        self._demo: DemoServer | None = None
        self._demo_ready: asyncio.Future[DemoServer] | None = None
        self._unhook: list[Callable[[], None]] = []
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._on_timer_timeout)

    # -- opening --------------------------------------------------------------------------

    async def open_demo(self, data_dir: Path | None) -> Session:
        """The bundled demo shop: the sandbox starts in the background on a loopback port
        chosen now, while the cached copy (if any) is already on screen."""
        folder = data_dir or default_data_dir()
        port = free_port()
        loop = asyncio.get_running_loop()
        self._demo_ready = loop.create_task(asyncio.to_thread(
            start_demo_server, folder / "demo" / "sandbox.db", port=port))
        address = ShopAddress("demo", f"http://127.0.0.1:{port}", DEMO_SHOP_ID)
        return await Session.open(address, DEMO_TOKEN, data_dir=data_dir)

    async def open_profile(self, address: ShopAddress, token: str,
                           data_dir: Path | None) -> Session:
        return await Session.open(address, token, data_dir=data_dir)

    async def wait_demo(self) -> None:
        if self._demo_ready is not None:
            self._demo = await self._demo_ready

    # -- binding ----------------------------------------------------------------------------

    def use(self, session: Session) -> None:
        """Give the views their services (before the window that shows them is built)."""
        self.session = session
        self._ctx.services = session

    def bind(self, window: MainWindow, *, shop_label: str) -> None:
        """Map the open session's state onto `window`: status bar, badge, banner."""
        session = self.session
        assert session is not None
        self._window = w = window
        detail = (_tr("Sample data, no account needed") if session.address.profile == "demo"
                  else session.address.base_url.split("://")[-1])
        w.set_shop(shop_label, detail)
        w.set_connection_state(_STATES[session.connectivity.state])
        self._unhook += [
            session.connectivity.changed.connect(
                lambda state: w.set_connection_state(_STATES[state])),
            session.outbox.changed.connect(lambda _change: self._update_counts()),
            session.outbox.auth_needed.connect(self._on_outbox_auth_needed),
            session.sync.finished.connect(lambda _report: self._after_sync()),
            session.inbox.changed.connect(lambda _thread: self._update_badge()),
        ]
        session.start()
        self._update_counts()
        self._update_badge()
        self._ctx.runner.run(session.store.run(session.store.cache.last_sync, Resource.ORDERS),
                             on_success=w.set_last_sync, show_progress=False)
        interval = max(30, int(self._ctx.settings.get(keys.REFRESH_INTERVAL_S)))
        self._timer.start(interval * 1000)

    def _after_sync(self) -> None:
        if self._window is None:
            return
        self._window.set_last_sync(datetime.now(UTC))
        self._update_badge()

    def _update_counts(self) -> None:
        if self.session is None or self._window is None:
            return
        window = self._window

        def show(counts: dict[OutboxState, int]) -> None:
            waiting = (counts[OutboxState.QUEUED] + counts[OutboxState.SENDING]
                       + counts[OutboxState.FAILED])
            window.set_outbox_counts(waiting, counts[OutboxState.CONFLICT])

        self._ctx.runner.run(self.session.outbox.counts(), on_success=show,
                             show_progress=False, key="outbox-counts", report_errors=False)

    def _update_badge(self) -> None:
        if self.session is None or self._window is None:
            return
        store = self.session.store
        window = self._window

        def show(n: int) -> None:
            spoken = QCoreApplication.translate("ShopConnector", "%n unanswered question(s)",
                                                "", n)
            window.set_badge("inbox", n, spoken)

        self._ctx.runner.run(store.run(store.cache.unanswered_quantity, ThreadFilter()),
                             on_success=show, show_progress=False, key="inbox-badge",
                             report_errors=False)

    def _on_outbox_auth_needed(self, message: str) -> None:
        if self._window is None:
            return
        self._window.show_message(
            _tr("Sending is paused: {reason}").format(reason=message), MessageLevel.WARNING,
            action_text=_tr("Enter a new token…"), on_action=self._window.profiles_requested.emit)

    # -- syncing ------------------------------------------------------------------------------

    def sync_now(self, *, quiet: bool = False) -> None:
        """Refresh from the server with progress and Cancel; offline is not an error."""
        session = self.session
        if session is None or session.sync.running:
            return

        async def work(progress: Progress) -> None:
            await self.wait_demo()

            def report(p: SyncProgress) -> None:
                progress(p.done, p.total, _stage_text(p.stage))

            await session.sync.sync(on_progress=report)

        def failed(exc: Exception) -> None:
            if not isinstance(exc, Offline) and not quiet and self._window is not None:
                from sellerdesk.ui.runner import describe_error

                self._window.show_message(describe_error(exc))

        self._ctx.runner.run_reporting(work, label=_tr("Syncing with the shop…"),
                                       on_failure=failed, report_errors=False, key="sync",
                                       show_progress=not quiet)

    def _on_timer_timeout(self) -> None:
        self.sync_now(quiet=True)

    # -- closing ------------------------------------------------------------------------------

    def unbind(self) -> None:
        """Forget the window (it is being replaced); the session stays open."""
        self._timer.stop()
        for unhook in self._unhook:
            unhook()
        self._unhook.clear()
        self._window = None

    async def aclose(self) -> None:
        self.unbind()
        if self.session is not None:
            await self.session.aclose()
            self.session = None
        if self._demo_ready is not None and self._demo is None:
            # The thread starting it cannot be cancelled: let it finish, then stop the server.
            with contextlib.suppress(Exception):
                self._demo = await self._demo_ready
        if self._demo is not None:
            await asyncio.to_thread(self._demo.stop)
