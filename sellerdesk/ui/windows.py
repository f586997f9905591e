"""One window per shop in use: open the first shop, show its window, and when the seller asks
for another shop, open that one, then replace the window.

Switching closes this shop's window and opens a new one over the other shop, so no view ever
holds the previous shop's data. The new shop is opened before the old one is closed, so a
shop that cannot be opened (in use by another window, say) leaves the seller where they were,
told why. Opening itself is `services/shops.py`'s; this is the dialogs and windows around it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Iterator
from pathlib import Path

import msgspec
from PySide6.QtCore import QCoreApplication, Qt, QTimer

from sellerdesk.services.bug_report import BugReports
from sellerdesk.services.session import Session
from sellerdesk.services.shops import (
    DEMO_PROFILE,
    ProfileAnswer,
    ProfileChoice,
    TokenMissing,
    queue_demo_answer,
)
from sellerdesk.services.sign_in import OAuthApp
from sellerdesk.services.types import Profile
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import GuiOptions, UiContext
from sellerdesk.ui.inbox import first_read
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.runner import TaskRunner, describe_error, is_bug
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
from sellerdesk.ui.translations import install_translations

log = logging.getLogger("sellerdesk.ui")

# Seconds a new window waits for its first view's data before it is shown without it (the
# inbox's rows take about 25 ms from a warm store; a cold disk may take longer).
FIRST_VIEW_WAIT = 0.1


def shop_label(session: Session) -> str:
    """The name the window shows for a shop."""
    if session.address.profile == DEMO_PROFILE:
        return QCoreApplication.translate("App", "Demo shop")
    return session.address.profile


class _Language(msgspec.Struct, frozen=True):
    """View → Language: the same shop in a window rebuilt in `code` ("": the system's)."""

    code: str


class _Requests:
    """What the seller asked of one window, in order: another shop, another language, or
    None (it closed)."""

    def __init__(self, window: MainWindow) -> None:
        self.queue: asyncio.Queue[ProfileAnswer | _Language | None] = asyncio.Queue()
        self.closed = False
        window.closed.connect(self._on_window_closed)
        window.shop_requested.connect(self.put)
        window.language_requested.connect(lambda code: self.queue.put_nowait(_Language(code)))

    def put(self, answer: ProfileAnswer) -> None:
        self.queue.put_nowait(answer)

    def _on_window_closed(self) -> None:
        self.closed = True
        self.queue.put_nowait(None)


async def run_windows(ctx: UiContext, options: GuiOptions, connector: ShopConnector) -> int:
    """Show the shop in use (and the next ones the seller picks) until the window closes;
    with `options.snapshot_dir`, take the pictures instead. Returns the exit code."""
    problem, missing = await _open_initial(connector, options, ctx.settings, ctx.bugs)
    carried: dict[str, object] | None = None  # typed text kept across a language switch
    while True:
        # The inbox's rows are read while the window is built (ui/inbox/first_read.py).
        async with first_read.offered(connector.session, ctx.settings):
            window = MainWindow(ctx)
        if connector.session is not None:
            connector.bind(window, shop_label=shop_label(connector.session))
        if options.snapshot_dir is not None:
            return await _snapshots(window, connector, options.snapshot_dir)
        requests = _Requests(window)
        _wire_dialogs(window, connector, requests)
        # Its first frame with the first view's rows (read meanwhile), not an empty frame
        # painted while they are read and the whole window painted again with them.
        await window.first_view_loaded(FIRST_VIEW_WAIT)
        window.show()
        if problem:
            window.show_message(problem)
        if carried is not None:  # the same shop in another language: nothing to fetch
            window.adopt_unsaved(carried)
            carried = None
        elif connector.session is None:
            _ask_to_connect(window, connector, requests, problem=problem, profile=missing)
        else:
            connector.sync_now()
        session: Session | None = None
        language: _Language | None = None
        with _close_on_interrupt(window):
            while True:
                answer = await requests.queue.get()
                if answer is None:
                    return 0
                if isinstance(answer, _Language):
                    language = answer
                    break
                try:
                    session = await connector.shops.open_choice(answer)
                except TokenMissing as lost:
                    _ask_to_connect(window, connector, requests, profile=lost.profile)
                    continue
                except Exception as exc:  # busy, unreadable store...: stay on this shop
                    log.warning("could not open the shop asked for: %r", exc)
                    if is_bug(exc):  # words for the seller, and a report of ours
                        ctx.bugs.report(exc, "Opening a shop")
                    if connector.session is not None:
                        window.show_message(describe_error(exc))
                        continue
                    # It was this very shop, closed to be opened again: start over empty.
                    session, problem = None, describe_error(exc)
                    break
                ctx.settings.set(keys.LAST_PROFILE, "" if answer.choice is ProfileChoice.DEMO
                                 else session.address.profile)
                problem = ""
                break
        if language is not None:
            # Every view is built anew in the new language (no view keeps a word of the
            # old one); the shop stays open and what the seller typed moves across.
            carried = window.unsaved()
            app = QCoreApplication.instance()
            assert app is not None
            install_translations(app, language.code or None)
            await _close_window(window, connector, ctx)
            problem = ""
            continue
        if requests.closed:  # the seller closed the window while the other shop opened
            if session is not None:
                await connector.shops.discard(session)
            return 0
        missing = None
        await _replace_window(window, connector, ctx)
        if session is not None:
            connector.use(session)


async def _replace_window(window: MainWindow, connector: ShopConnector, ctx: UiContext) -> None:
    """Close `window` and the shop it shows."""
    await _close_window(window, connector, ctx)
    await connector.close_session()


async def _close_window(window: MainWindow, connector: ShopConnector, ctx: UiContext) -> None:
    """Close `window`, its layout remembered; the next window gets a runner of its own (the
    closing window stops its runner for good)."""
    window.save_state()
    connector.unbind()
    window.close()
    window.deleteLater()
    await ctx.runner.shutdown()
    # Destroyed by Qt on this thread, not later by the cyclic collector on any thread (the
    # closed window's panels still name it).
    ctx.runner.deleteLater()
    ctx.runner = TaskRunner()


def _wire_dialogs(window: MainWindow, connector: ShopConnector, requests: _Requests) -> None:
    def shops() -> None:
        # The dialogs' modules load when one opens, not before the first paint.
        from sellerdesk.ui.dialogs.profiles import ProfilesDialog

        current = connector.session.address.profile if connector.session else None
        dialog = ProfilesDialog(connector.shops, current, window.ctx.runner, window)
        dialog.answered.connect(requests.put)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def token() -> None:
        session = connector.session
        profile = (connector.shops.profile(session.address.profile)
                   if session is not None else None)
        if profile is None:
            shops()
            return
        renewable = session is not None and session.access.problem is not None \
            and session.access.problem.renewable

        def ask(app: OAuthApp | None) -> None:
            assert profile is not None
            if app is not None:
                message = QCoreApplication.translate(
                    "App", "The shop service no longer accepts SellerDesk's connection to "
                           "{name}. Sign in again (or paste a new access token).").format(
                    name=profile.name)
            else:
                message = QCoreApplication.translate(
                    "App", "The shop service did not accept the token of {name}. Paste a new "
                           "one.").format(name=profile.name)
            _ask_to_connect(window, connector, requests, profile=profile, message=message,
                            oauth=app, sign_in_first=app is not None)

        if renewable:  # connect again with the settings the grant was made with
            window.ctx.runner.run(connector.shops.oauth_app(profile.name), on_success=ask,
                                  on_failure=lambda _exc: ask(None), report_errors=False,
                                  show_progress=False, key="oauth-settings")
        else:
            ask(None)

    window.profiles_requested.connect(shops)
    window.token_requested.connect(token)


def _ask_to_connect(window: MainWindow, connector: ShopConnector, requests: _Requests, *,
                    profile: Profile | None = None, problem: str = "",
                    message: str = "", oauth: OAuthApp | None = None,
                    sign_in_first: bool = False) -> None:
    """The connect dialog: first run, a token to enter again, or a shop that failed to open.
    Its sign-in settings are `oauth`'s; the demo sandbox, while it runs, is refused as a shop
    to connect (it stops with the demo shop)."""
    if profile is not None and not message:
        message = QCoreApplication.translate(
            "App", "SellerDesk has no access token for {name} on this computer. Paste it "
                   "again to open the shop.").format(name=profile.name)
    from sellerdesk.ui.dialogs.profile import ProfileDialog
    from sellerdesk.ui.dialogs.profiles import storage_warning_text

    dialog = ProfileDialog(
        window, warning=storage_warning_text(connector.shops.storage_warning),
        name=profile.name if profile else "", base_url=profile.base_url if profile else "",
        shop_id=profile.shop_id if profile else 0, message=message or problem,
        runner=window.ctx.runner, oauth=oauth, demo=connector.shops.demo_oauth_app(),
        sign_in_first=sign_in_first)
    dialog.answered.connect(requests.put)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()


async def _open_initial(connector: ShopConnector, options: GuiOptions,
                        settings: Settings, bugs: BugReports) -> tuple[str, Profile | None]:
    """Open the demo, the profile asked for, or the last one used. Returns why opening
    failed (in words, "" when it did not), and the profile whose token must be entered
    again, if that is why."""
    shops = connector.shops
    try:
        if options.demo:
            connector.use(await shops.open_demo())
            return "", None
        name = options.profile or settings.get(keys.LAST_PROFILE)
        profile = shops.profile(name) if name else shops.default_profile()
        if profile is None:
            return "", None
        answer = (ProfileAnswer(ProfileChoice.DEMO) if profile.demo
                  else ProfileAnswer(ProfileChoice.OPEN, name=profile.name))
        session = await shops.open_choice(answer)
    except TokenMissing as lost:
        return "", lost.profile
    except Exception as exc:  # in use by another window, unreadable settings or store...
        log.warning("could not open the shop at start: %r", exc)
        if is_bug(exc):  # words for the seller, and a report of ours
            bugs.report(exc, "Opening a shop")
        return describe_error(exc), None
    connector.use(session)
    return "", None


async def _snapshots(window: MainWindow, connector: ShopConnector, out_dir: Path) -> int:
    """Sync first (a demo shop starts empty), queue one held write so the outbox and the
    inbox show what a queued change looks like, then take the pictures."""
    session = connector.session
    if session is not None:
        try:
            await connector.shops.demo_ready()
            await session.sync.sync()
            if connector.shops.demo:
                await queue_demo_answer(session)
        except Exception as exc:  # pictures of the cached state are still worth taking
            log.warning("snapshot sync failed: %s", exc)
    from sellerdesk.ui.snapshot import take_snapshots

    report = await take_snapshots(window, out_dir)
    for view_id, problem in report.failures.items():
        log.error("no picture of %s: %s", view_id, problem)
    window.close()
    return report.exit_code


@contextlib.contextmanager
def _close_on_interrupt(window: MainWindow) -> Iterator[None]:
    """Ctrl+C in the terminal closes the window like File → Quit."""
    try:
        previous = signal.signal(signal.SIGINT, lambda *_: window.close())
    except ValueError:  # not the main thread
        yield
        return
    # Python only runs signal handlers when it gets control: give it a moment regularly.
    tick = QTimer()
    tick.timeout.connect(lambda: None)
    tick.start(250)
    try:
        yield
    finally:
        tick.stop()
        signal.signal(signal.SIGINT, previous)
