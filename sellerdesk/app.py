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
from sellerdesk.api.enums import ThreadStatus
from sellerdesk.credentials import CredentialStore, Profile
from sellerdesk.services.intents import Intent
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store.outbox import IntentKind, entity_key
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import GuiOptions, UiContext
from sellerdesk.ui.dialogs.profile import ProfileAnswer, ProfileChoice, ProfileDialog
from sellerdesk.ui.icons import app_icon
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.resources import resource_path
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
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
    runner = TaskRunner()
    ctx = UiContext(settings=settings, runner=runner, options=options)
    with contextlib.ExitStack() as stack:
        if options.snapshot_dir is not None and options.demo and options.data_dir is None:
            # Pictures of the demo come from a fresh demo shop, not the seller's demo data.
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="sellerdesk-demo-"))
            options = dataclasses.replace(options, data_dir=Path(tmp))
            ctx.options = options
        connector = ShopConnector(ctx)
        try:
            return await _run_windows(ctx, options, connector)
        finally:
            await connector.aclose()
            await runner.shutdown()


async def _run_windows(ctx: UiContext, options: GuiOptions, connector: ShopConnector) -> int:
    """One window per open shop: switching profiles closes the window and opens a new one
    over the new shop, so no view ever holds the previous shop's data."""
    opened = await _open_initial(connector, options, ctx.settings)
    while True:
        window = MainWindow(ctx)
        if connector.session is not None:
            connector.bind(window, shop_label=opened)
        if options.snapshot_dir is not None:
            return await _snapshots(window, connector, options.snapshot_dir)
        answer = await _until_closed_or_switched(window, connector, options)
        if answer is None:
            return 0
        window.save_state()
        connector.unbind()
        window.close()
        window.deleteLater()
        opened = await _switch(connector, answer, options, ctx)


async def _until_closed_or_switched(window: MainWindow, connector: ShopConnector,
                                    options: GuiOptions) -> ProfileAnswer | None:
    """Show `window`; return the profile the seller switched to, or None once it closed."""
    done: asyncio.Future[ProfileAnswer | None] = asyncio.get_running_loop().create_future()

    def finish(answer: ProfileAnswer | None) -> None:
        if not done.done():
            done.set_result(answer)

    def ask() -> None:
        warning = CredentialStore(config_dir=options.data_dir).storage_warning
        dialog = ProfileDialog(window, warning=warning)
        dialog.answered.connect(finish)
        dialog.open()

    window.closed.connect(lambda: finish(None))
    window.profiles_requested.connect(ask)
    window.show()
    if connector.session is None:
        ask()  # first run: connect a shop or try the demo
    else:
        connector.sync_now()
    with _close_on_interrupt(window):
        return await done


async def _open_initial(connector: ShopConnector, options: GuiOptions,
                        settings: Settings) -> str:
    """Open the demo, the profile asked for, or the last one used; "" when there is none."""
    if options.demo:
        connector.use(await connector.open_demo(options.data_dir))
        return QCoreApplication.translate("App", "Demo shop")
    creds = CredentialStore(config_dir=options.data_dir)
    name = options.profile or settings.get(keys.LAST_PROFILE)
    profile = creds.get_profile(name) if name else creds.default_profile()
    if profile is None:
        return ""
    if profile.demo:
        connector.use(await connector.open_demo(options.data_dir))
        return QCoreApplication.translate("App", "Demo shop")
    token = creds.get_token(profile.name)
    if not token:
        return ""
    address = ShopAddress(profile.name, profile.base_url, profile.shop_id)
    connector.use(await connector.open_profile(address, token, options.data_dir))
    return profile.name


async def _switch(connector: ShopConnector, answer: ProfileAnswer, options: GuiOptions,
                  ctx: UiContext) -> str:
    """Close the open shop and open the one the seller chose."""
    await connector.aclose()
    if answer.choice is ProfileChoice.DEMO:
        connector.use(await connector.open_demo(options.data_dir))
        ctx.settings.set(keys.LAST_PROFILE, "")
        return QCoreApplication.translate("App", "Demo shop")
    creds = CredentialStore(config_dir=options.data_dir)
    creds.add_profile(Profile(name=answer.name, base_url=answer.base_url,
                              shop_id=answer.shop_id))
    creds.set_token(answer.name, answer.token)
    creds.set_default_profile(answer.name)
    ctx.settings.set(keys.LAST_PROFILE, answer.name)
    address = ShopAddress(answer.name, answer.base_url, answer.shop_id)
    connector.use(await connector.open_profile(address, answer.token, options.data_dir))
    return answer.name


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
    for thread in await session.inbox.threads(status=ThreadStatus.UNANSWERED):
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
