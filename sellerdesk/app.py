"""The GUI's start: QApplication, the qasync loop, settings, translations, the main window.

`run_gui` is what `sellerdesk`, `sellerdesk --demo` and `sellerdesk --snapshot DIR` call.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import qasync
from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, Qt, QTimer, QTranslator
from PySide6.QtWidgets import QApplication

import sellerdesk
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import GuiOptions, UiContext
from sellerdesk.ui.icons import app_icon
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.resources import resource_path
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
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
    window = MainWindow(ctx)
    closed = asyncio.Event()
    window.closed.connect(closed.set)

    if options.snapshot_dir is not None:
        report = await take_snapshots(window, options.snapshot_dir)
        for view_id, problem in report.failures.items():
            log.error("no picture of %s: %s", view_id, problem)
        window.close()
        await runner.shutdown()
        return report.exit_code

    window.show()
    with _close_on_interrupt(window):
        await closed.wait()
    await runner.shutdown()
    return 0


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
