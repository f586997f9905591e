"""The GUI's start: QApplication, the qasync loop, settings, translations, the main window.

`run_gui` is what `sellerdesk`, `sellerdesk --demo` and `sellerdesk --snapshot DIR` call.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import qasync
from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    Qt,
    QTimer,
    QTranslator,
)
from PySide6.QtWidgets import QApplication

import sellerdesk
from sellerdesk.credentials import CredentialStore
from sellerdesk.services.intents import Intent
from sellerdesk.services.session import Session
from sellerdesk.services.types import IntentKind, Profile, ThreadStatus
from sellerdesk.store.outbox import entity_key
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import GuiOptions, UiContext
from sellerdesk.ui.dialogs.profile import (
    ProfileAnswer,
    ProfileChoice,
    ProfileDialog,
)
from sellerdesk.ui.dialogs.profiles import ProfilesDialog, storage_warning_text
from sellerdesk.ui.icons import app_icon
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.resources import resource_path
from sellerdesk.ui.runner import TaskRunner, describe_error
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector, TokenMissing
from sellerdesk.ui.snapshot import take_snapshots
from sellerdesk.ui.widgets import formatting

log = logging.getLogger("sellerdesk.ui")

APP_NAME = "SellerDesk"


def run_gui(*, demo: bool = False, snapshot_dir: Path | None = None,
            profile: str | None = None, data_dir: Path | None = None,
            lang: str | None = None) -> int:
    """Open the main window and run until it closes; with `snapshot_dir`, save one picture
    per view there and exit (0 when every picture was saved)."""
    options = GuiOptions(demo=demo, snapshot_dir=snapshot_dir, profile=profile,
                         data_dir=data_dir, lang=lang)
    if snapshot_dir is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = create_application()
    with _settings_store(options) as store:
        settings = Settings(store)
        apply_color_scheme(app, settings.get(keys.COLOR_SCHEME))
        install_translations(app, lang or settings.get(keys.LANGUAGE) or None)
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        try:
            code: int = loop.run_until_complete(_main(app, options, settings))
            return code
        except RuntimeError as exc:  # the OS ended the session: Qt quit under our feet
            log.warning("event loop stopped early: %s", exc)
            return 0
        finally:
            _finish(loop)


def create_application() -> QApplication:
    """The QApplication with SellerDesk's names (QSettings' location) and icon."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(sellerdesk.__version__)
    app.setDesktopFileName("sellerdesk")
    app.setWindowIcon(app_icon())
    # The window's close ends `_main`, which then stops the loop; Qt must not quit first.
    app.setQuitOnLastWindowClosed(False)
    if app.platformName() == "offscreen":
        # Offscreen has no desktop font settings; use a typical desktop size for pictures.
        font = app.font()
        font.setPointSizeF(10.0)
        app.setFont(font)
    return app


@contextlib.contextmanager
def _settings_store(options: GuiOptions) -> Iterator[QSettings]:
    """The user's settings; in a data dir when one is given; a throw-away file for snapshots
    (pictures must not depend on, or change, the seller's window layout)."""
    if options.data_dir is not None:
        options.data_dir.mkdir(parents=True, exist_ok=True)
        yield QSettings(str(options.data_dir / "settings.ini"), QSettings.Format.IniFormat)
    elif options.snapshot_dir is not None:
        with tempfile.TemporaryDirectory(prefix="sellerdesk-snapshot-") as tmp:
            yield QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
    else:
        yield QSettings()


def apply_color_scheme(app: QApplication, choice: str) -> None:
    """Follow the OS (the default) or force light/dark; keep a style that can draw dark."""
    hints = app.styleHints()
    if choice == "light":
        hints.setColorScheme(Qt.ColorScheme.Light)
    elif choice == "dark":
        hints.setColorScheme(Qt.ColorScheme.Dark)
    else:
        hints.unsetColorScheme()
    _use_dark_capable_style(app)
    hints.colorSchemeChanged.connect(lambda _scheme: _use_dark_capable_style(app))


def _use_dark_capable_style(app: QApplication) -> None:
    # Windows 10's native style ("windowsvista") ignores dark mode; Fusion follows it.
    dark = app.styleHints().colorScheme() == Qt.ColorScheme.Dark
    if dark and app.style().name().lower() == "windowsvista":
        app.setStyle("fusion")


def install_translations(app: QApplication, lang: str | None) -> str:
    """Load Qt's and SellerDesk's translations for `lang` (default: the OS's language)."""
    locale = QLocale(lang) if lang else QLocale.system()
    QLocale.setDefault(locale)
    sources = (
        ("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
        ("sellerdesk", str(resource_path("translations"))),
    )
    for name, folder in sources:
        translator = QTranslator(app)
        if translator.load(locale, name, "_", folder):
            app.installTranslator(translator)
    return formatting.set_locale(locale.name())


async def _main(app: QApplication, options: GuiOptions, settings: Settings) -> int:
    ctx = UiContext(settings=settings, runner=TaskRunner(), options=options)
    with contextlib.ExitStack() as stack:
        if options.snapshot_dir is not None and options.demo and options.data_dir is None:
            # Pictures of the demo come from a fresh demo shop, not the seller's demo data.
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="sellerdesk-demo-"))
            options = dataclasses.replace(options, data_dir=Path(tmp))
            ctx.options = options
        # One credential store for the whole run: without a secure keyring, tokens live in
        # its memory only, and switching back to a shop must still find them.
        connector = ShopConnector(ctx, credentials=CredentialStore(config_dir=options.data_dir))
        try:
            return await run_windows(ctx, options, connector)
        finally:
            await ctx.runner.shutdown()  # no work may outlive the session it uses
            await connector.aclose()


class _Requests:
    """What the seller asked of one window, in order: another shop, or None (it closed)."""

    def __init__(self, window: MainWindow) -> None:
        self.queue: asyncio.Queue[ProfileAnswer | None] = asyncio.Queue()
        self.closed = False
        window.closed.connect(self._on_window_closed)
        window.shop_requested.connect(self.put)

    def put(self, answer: ProfileAnswer) -> None:
        self.queue.put_nowait(answer)

    def _on_window_closed(self) -> None:
        self.closed = True
        self.queue.put_nowait(None)


async def run_windows(ctx: UiContext, options: GuiOptions, connector: ShopConnector) -> int:
    """One window per open shop: switching closes this shop's window and opens a new one over
    the other shop, so no view ever holds the previous shop's data. The new shop is opened
    before the old one is closed, so a shop that cannot be opened (in use by another window,
    say) leaves the seller where they were, told why."""
    opened, problem, missing = await _open_initial(connector, options, ctx.settings)
    while True:
        window = MainWindow(ctx)
        if connector.session is not None:
            connector.bind(window, shop_label=opened)
        if options.snapshot_dir is not None:
            return await _snapshots(window, connector, options.snapshot_dir)
        requests = _Requests(window)
        _wire_dialogs(window, connector, requests)
        window.show()
        if problem:
            window.show_message(problem)
        if connector.session is None:
            _ask_to_connect(window, connector, requests, problem=problem, profile=missing)
        else:
            connector.sync_now()
        with _close_on_interrupt(window):
            while True:
                answer = await requests.queue.get()
                if answer is None:
                    return 0
                session: Session | None
                try:
                    session, label = await connector.open_choice(answer, ctx.settings)
                except TokenMissing as lost:
                    _ask_to_connect(window, connector, requests, profile=lost.profile)
                    continue
                except Exception as exc:  # busy, unreadable store...: stay on this shop
                    log.warning("could not open the shop asked for: %r", exc)
                    if connector.session is not None:
                        window.show_message(describe_error(exc))
                        continue
                    # It was this very shop, closed to be opened again: start over empty.
                    session, label, problem = None, "", describe_error(exc)
                    break
                problem = ""
                break
        if requests.closed:  # the seller closed the window while the other shop opened
            if session is not None:
                await session.aclose()
            return 0
        missing = None
        await _replace_window(window, connector, ctx)
        if session is not None:
            connector.use(session)
        opened = label


async def _replace_window(window: MainWindow, connector: ShopConnector, ctx: UiContext) -> None:
    """Close `window` and the shop it shows; the next window gets a runner of its own (the
    closing window stops its runner for good)."""
    window.save_state()
    connector.unbind()
    window.close()
    window.deleteLater()
    await ctx.runner.shutdown()
    await connector.close_session()
    ctx.runner = TaskRunner()


def _wire_dialogs(window: MainWindow, connector: ShopConnector, requests: _Requests) -> None:
    def shops() -> None:
        current = connector.session.address.profile if connector.session else None
        dialog = ProfilesDialog(connector.credentials, current, window.ctx.runner, window)
        dialog.answered.connect(requests.put)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def token() -> None:
        session = connector.session
        profile = (connector.credentials.get_profile(session.address.profile)
                   if session is not None else None)
        if profile is None:
            shops()
        else:
            _ask_to_connect(window, connector, requests, profile=profile, message=(
                QCoreApplication.translate("App", "The shop service did not accept the token "
                                                  "of {name}. Paste a new one.")
                .format(name=profile.name)))

    window.profiles_requested.connect(shops)
    window.token_requested.connect(token)


def _ask_to_connect(window: MainWindow, connector: ShopConnector, requests: _Requests, *,
                    profile: Profile | None = None, problem: str = "",
                    message: str = "") -> None:
    """The connect dialog: first run, a token to enter again, or a shop that failed to open."""
    if profile is not None and not message:
        message = QCoreApplication.translate(
            "App", "SellerDesk has no access token for {name} on this computer. Paste it "
                   "again to open the shop.").format(name=profile.name)
    dialog = ProfileDialog(
        window, warning=storage_warning_text(connector.credentials.storage_warning),
        name=profile.name if profile else "", base_url=profile.base_url if profile else "",
        shop_id=profile.shop_id if profile else 0, message=message or problem)
    dialog.answered.connect(requests.put)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()


async def _open_initial(connector: ShopConnector, options: GuiOptions,
                        settings: Settings) -> tuple[str, str, Profile | None]:
    """Open the demo, the profile asked for, or the last one used. Returns the shop's label
    ("" when none is open), why opening failed (in words), and the profile whose token must
    be entered again, if that is why."""
    try:
        if options.demo:
            connector.use(await connector.open_demo(options.data_dir))
            return QCoreApplication.translate("App", "Demo shop"), "", None
        creds = connector.credentials
        name = options.profile or settings.get(keys.LAST_PROFILE)
        profile = creds.get_profile(name) if name else creds.default_profile()
        if profile is None:
            return "", "", None
        answer = (ProfileAnswer(ProfileChoice.DEMO) if profile.demo
                  else ProfileAnswer(ProfileChoice.OPEN, name=profile.name))
        session, label = await connector.open_choice(answer, None)
    except TokenMissing as lost:
        return "", "", lost.profile
    except Exception as exc:  # in use by another window, unreadable settings or store...
        log.warning("could not open the shop at start: %r", exc)
        return "", describe_error(exc), None
    connector.use(session)
    return label, "", None


async def _snapshots(window: MainWindow, connector: ShopConnector, out_dir: Path) -> int:
    """Sync first (a demo shop starts empty), queue one held write so the outbox and the
    inbox show what a queued change looks like, then take the pictures."""
    session = connector.session
    if session is not None:
        try:
            await connector.wait_demo()
            await session.sync.sync()
            if session.address.profile == "demo":
                await _queue_example_answer(session)
        except Exception as exc:  # pictures of the cached state are still worth taking
            log.warning("snapshot sync failed: %s", exc)
    report = await take_snapshots(window, out_dir)
    for view_id, problem in report.failures.items():
        log.error("no picture of %s: %s", view_id, problem)
    window.close()
    return report.exit_code


async def _queue_example_answer(session: Session) -> None:
    threads = await session.inbox.threads(status=ThreadStatus.UNANSWERED)
    # Prefer a conversation with answered and waiting questions: the picture shows all three.
    threads.sort(key=lambda t: not ((t.answered_quantity or 0)
                                    and (t.unanswered_quantity or 0) >= 2))
    for thread in threads:
        for question in await session.inbox.conversation(thread.id):
            if question.status == "unanswered":
                # Demo buyers write in the shop's language, whatever the window's language.
                pub = thread.main_question.publication if thread.main_question else None
                text = ("Olá! Sim, temos em estoque e enviamos amanhã."
                        if pub is not None and pub.currency_id == "BRL"
                        else "¡Hola! Sí, tenemos stock y enviamos mañana.")
                await session.outbox.submit(
                    IntentKind.ANSWER, entity_key("question", question.id),
                    Intent(question_id=question.id, text=text), hold=3600)
                return


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


def _finish(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is still pending, let it unwind, and close the loop."""
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())
    loop.close()
    asyncio.set_event_loop(None)
