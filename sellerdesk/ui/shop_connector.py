"""Opens a shop (the demo or a saved profile), binds its services to the window, keeps it fresh.

Views never see this: they get `ctx.services` (the Session) and listen to its events. This
object maps the services' state onto the window's status bar, badge and banner, runs the
background sync at the interval the seller chose (backing off while offline, after a 429 or
while the server struggles), and after each sync asks the notification service what is new
and has the `Notifier` say it. It lives as long as the app: windows come and go per shop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from sellerdesk.credentials import CredentialStore
from sellerdesk.demo import DemoServer, free_port, start_demo_server
from sellerdesk.services.connectivity import Connection
from sellerdesk.services.notifications import NewItem
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.services.sync import SyncProgress
from sellerdesk.services.types import (
    ApiError,
    CredentialsError,
    Offline,
    Profile,
    RateLimited,
    Resource,
    ServerError,
    StoreBusyError,
)
from sellerdesk.store import default_data_dir
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dialogs.profile import DEMO_PROFILE, ProfileAnswer, ProfileChoice
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notifier
from sellerdesk.ui.runner import Progress, describe_error
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.status_bar import ConnectionState
from sellerdesk.ui.widgets.banner import MessageLevel

log = logging.getLogger("sellerdesk.ui")

DEMO_SHOP_ID = 1001  # the sandbox's defaults (docs/decisions.md, "Sandbox specifics")
DEMO_TOKEN = "sandbox-token"
MIN_INTERVAL_S = 30
MAX_BACKOFF_S = 30 * 60
BUSY_RETRIES = 10  # a store read for a moment ("All shops") is free again within a second

_STATES = {Connection.ONLINE: ConnectionState.ONLINE,
           Connection.OFFLINE: ConnectionState.OFFLINE,
           Connection.RECONNECTING: ConnectionState.RECONNECTING}


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


@dataclass
class RefreshSchedule:
    """Seconds until the next background refresh: the seller's interval after a good sync;
    doubled (up to 30 min, or longer if the server's Retry-After says so) after a sync that
    found no network, a 429 or a struggling server."""

    interval: float
    delay: float = field(init=False)

    def __post_init__(self) -> None:
        self.delay = self.interval

    def set_interval(self, interval: float) -> None:
        backing_off = self.delay > self.interval
        self.interval = interval
        if not backing_off:
            self.delay = interval

    def after_success(self) -> float:
        self.delay = self.interval
        return self.delay

    def after_failure(self, retry_after: float | None = None) -> float:
        wish = retry_after or 0.0
        self.delay = max(min(max(self.delay, self.interval) * 2, MAX_BACKOFF_S), wish)
        return self.delay


class TokenMissing(Exception):
    """The saved shop has no token on this computer (the keyring lost it): ask again."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile.name)
        self.profile = profile


class ShopConnector(QObject):
    """Owns the open Session (and the demo server), the notifier and the refresh timer."""

    def __init__(self, ctx: UiContext, *, credentials: CredentialStore | None = None,
                 notifier: Notifier | None = None) -> None:
        super().__init__()
        self._window: MainWindow | None = None
        self._ctx = ctx
        self.session: Session | None = None
        self.credentials = credentials or CredentialStore(config_dir=ctx.options.data_dir)
        self.notifier = notifier or Notifier(ctx.settings, self)
        self.notifier.activated.connect(self._on_notifier_activated)
        self.shop_label = ""
        self._demo: DemoServer | None = None
        self._demo_ready: asyncio.Future[DemoServer] | None = None
        self._demo_pending: tuple[Path, int] | None = None  # opened, server not started yet
        self._unhook: list[Callable[[], None]] = []
        self.schedule = RefreshSchedule(self._interval())
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timer_timeout)
        ctx.settings.setting_changed.connect(self._on_setting_changed)

    # -- opening --------------------------------------------------------------------------

    async def open_demo(self, data_dir: Path | None) -> Session:
        """The bundled demo shop's session. Its sandbox starts when the session is `use`d,
        in the background, while the cached copy (if any) is already on screen."""
        folder = data_dir or default_data_dir()
        port = free_port()
        address = ShopAddress(DEMO_PROFILE, f"http://127.0.0.1:{port}", DEMO_SHOP_ID)
        session = await self._open(address, DEMO_TOKEN, data_dir)
        self._demo_pending = (folder / "demo" / "sandbox.db", port)
        return session

    async def open_profile(self, address: ShopAddress, token: str,
                           data_dir: Path | None) -> Session:
        return await self._open(address, token, data_dir)

    @staticmethod
    async def _open(address: ShopAddress, token: str, data_dir: Path | None) -> Session:
        for attempt in range(BUSY_RETRIES):
            try:
                return await Session.open(address, token, data_dir=data_dir)
            except StoreBusyError:
                if attempt == BUSY_RETRIES - 1:
                    raise  # another window or command holds it: the seller is told so
                await asyncio.sleep(0.2)
        raise AssertionError("unreachable")

    async def open_choice(self, answer: ProfileAnswer,
                          settings: Settings | None) -> tuple[Session, str]:
        """Open (not yet `use`) the shop the seller chose, saving a new or edited profile
        first; returns it with its label. `settings` (when given) remembers the choice."""
        creds, data_dir = self.credentials, self._ctx.options.data_dir
        if answer.choice is ProfileChoice.DEMO:
            await self._close_if_open(DEMO_PROFILE)
            session = await self.open_demo(data_dir)
            if settings is not None:
                settings.set(keys.LAST_PROFILE, "")
            return session, QCoreApplication.translate("App", "Demo shop")
        if answer.choice is ProfileChoice.CONNECT:
            creds.add_profile(Profile(name=answer.name, base_url=answer.base_url,
                                      shop_id=answer.shop_id))
            if answer.token:  # empty when an edit keeps the saved token
                await asyncio.to_thread(creds.set_token, answer.name, answer.token)
        profile = creds.get_profile(answer.name)
        if profile is None:
            raise CredentialsError(QCoreApplication.translate(
                "App", "There is no saved shop named {name}.").format(name=answer.name))
        token = await asyncio.to_thread(creds.get_token, profile.name)  # the keyring may block
        if not token:
            raise TokenMissing(profile)
        await self._close_if_open(profile.name)
        address = ShopAddress(profile.name, profile.base_url, profile.shop_id)
        session = await self.open_profile(address, token, data_dir)
        creds.set_default_profile(profile.name)
        if settings is not None:
            settings.set(keys.LAST_PROFILE, profile.name)
        return session, profile.name

    async def _close_if_open(self, profile: str) -> None:
        """Re-opening the open shop (a new token, say): its store must be closed first."""
        if self.session is not None and self.session.address.profile == profile:
            await self.close_session()

    async def wait_demo(self) -> None:
        if self._demo_ready is not None:
            # Shielded: a cancelled sync must not cancel the server's start (its thread would
            # go on starting a sandbox nobody stops).
            self._demo = await asyncio.shield(self._demo_ready)

    # -- binding ----------------------------------------------------------------------------

    def use(self, session: Session) -> None:
        """Give the views their services (before the window that shows them is built)."""
        self.session = session
        self._ctx.services = session
        if session.address.profile == DEMO_PROFILE and self._demo_pending is not None:
            path, port = self._demo_pending
            self._demo_pending = None
            self._demo_ready = asyncio.get_running_loop().create_task(
                asyncio.to_thread(start_demo_server, path, port=port))

    def bind(self, window: MainWindow, *, shop_label: str) -> None:
        """Map the open session's state onto `window`: status bar, badge, banner, tray."""
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
        self.schedule = RefreshSchedule(self._interval())
        self._timer.start(int(self.schedule.delay * 1000))

    def _interval(self) -> int:
        return max(MIN_INTERVAL_S, int(self._ctx.settings.get(keys.REFRESH_INTERVAL_S)))

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
        self._timer.stop()

        async def work(progress: Progress) -> None:
            await self.wait_demo()

            def report(p: SyncProgress) -> None:
                progress(p.done, p.total, _stage_text(p.stage))

            await session.sync.sync(on_progress=report)

        def succeeded(_none: None) -> None:
            session.connectivity.report_success()
            self._schedule_next(self.schedule.after_success())

        def failed(exc: Exception) -> None:
            if isinstance(exc, ApiError):
                session.connectivity.report_failure(exc)  # offline: the probe starts
            if isinstance(exc, Offline | RateLimited | ServerError):
                retry_after = exc.retry_after if isinstance(exc, RateLimited) else None
                self._schedule_next(self.schedule.after_failure(retry_after))
            else:
                self._schedule_next(self.schedule.delay)
            if not isinstance(exc, Offline) and not quiet and self._window is not None:
                self._window.show_message(describe_error(exc))

        self._ctx.runner.run_reporting(
            work, label=QCoreApplication.translate("ShopConnector", "Syncing with the shop…"),
            on_success=succeeded, on_failure=failed, report_errors=False, key="sync",
            show_progress=not quiet)

    def _schedule_next(self, seconds: float) -> None:
        if self._window is not None:
            log.debug("next background refresh in %.0f s", seconds)
            self._timer.start(int(seconds * 1000))

    def _on_timer_timeout(self) -> None:
        session = self.session
        if session is None:
            return
        if not session.connectivity.online:
            # The connectivity probe watches the network; when it is back, `came_back`
            # syncs at once. Until then, look less and less often.
            self._schedule_next(self.schedule.after_failure())
            return
        self.sync_now(quiet=True)

    def _on_came_back(self) -> None:
        self.sync_now(quiet=True)

    def _on_setting_changed(self, name: str) -> None:
        if name == keys.REFRESH_INTERVAL_S.name:
            self.schedule.set_interval(self._interval())
            if self._timer.isActive():
                self._schedule_next(self.schedule.delay)

    # -- closing ------------------------------------------------------------------------------

    def unbind(self) -> None:
        """Forget the window (it is being replaced); the session stays open."""
        self._timer.stop()
        for unhook in self._unhook:
            unhook()
        self._unhook.clear()
        self._window = None

    async def close_session(self) -> None:
        """Close the open shop (its session and demo server); the notifier stays."""
        self.unbind()
        if self.session is not None:
            await self.session.aclose()
            self.session = None
            self._ctx.services = None
        ready = self._demo_ready
        if ready is not None and self._demo is None and not ready.cancelled():
            # The thread starting it cannot be cancelled: let it finish, then stop the server.
            with contextlib.suppress(Exception):
                self._demo = await asyncio.shield(ready)
        self._demo_ready = None
        if self._demo is not None:
            demo, self._demo = self._demo, None
            await asyncio.to_thread(demo.stop)

    async def aclose(self) -> None:
        """The app is ending: close the shop and take the tray icon away."""
        await self.close_session()
        self.notifier.close()
