"""The GUI's start: QApplication, the qasync loop, settings, translations, and the wiring of
the shops (services/shops.py) to the windows (ui/windows.py).

`run_gui` is what `sellerdesk`, `sellerdesk --demo` and `sellerdesk --snapshot DIR` call.

Start-up order, for a first painted window as early as it can be (docs/performance.md):
the Qt-free layers are imported before Qt (PySide6 reads the source of every module imported
after it); the keyring's discovery (it starts programs and loads a crypto library) runs on a
thread of its own while Qt and the window's modules load, and so does the loading of
Babel's data for the window's language; the network backend's modules wait for the first
paint; the garbage collector stays off until the window's views are built
(`sellerdesk.startup`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import msgspec

import sellerdesk
from sellerdesk import startup
from sellerdesk.services.shops import (
    Shops,  # no Qt: imported ahead of Qt on purpose
    import_backend,
)

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from sellerdesk.ui.context import GuiOptions
    from sellerdesk.ui.settings import Settings

log = logging.getLogger("sellerdesk.ui")

APP_NAME = "SellerDesk"
WORKERS = 4  # threads of the event loop's default executor
# The GIL passes from a thread running Python to one that waits for it after this long (5 ms
# by default): the GUI thread, back from Qt, waited that long each time the sync's decoding
# or the store's thread held it. At 1 ms the demo shop's first sync stalled the window
# 8.8 ms at worst instead of 15.8 (medians of 14 runs), at the same sync throughput.
# Set once the first view has painted (`_WarmUp`): before it nothing is on screen to keep
# responsive, and the start's own threads (this warm-up, the store's) handing the GIL back
# and forth every millisecond only slowed the GUI thread's way to the first paint.
SWITCH_INTERVAL = 0.001


class _WarmUp:
    """Start-up work that waits more than it computes, on a thread of its own: the shops'
    profiles, Babel's data for the window's language once `locale_chosen` gives it, and
    after the first paint the network backend, the keyring's discovery (it starts programs
    and loads a crypto library: before the paint it would only take the interpreter's lock
    from the window; a token read before then looks for it on its own) and the HTTP client
    of the shop opened (httpx, its TLS certificates)."""

    def __init__(self, data_dir: Path | None) -> None:
        self.shops: Future[Shops] = Future()
        self._locale: Future[str] = Future()
        self._thread = threading.Thread(target=self._run, args=(data_dir,), daemon=True,
                                        name="warm-up")
        self._thread.start()

    def locale_chosen(self, name: str) -> None:
        if not self._locale.done():
            self._locale.set_result(name)

    def _run(self, data_dir: Path | None) -> None:
        try:
            self.shops.set_result(Shops(data_dir))
        except BaseException as exc:  # raised again where the shops are needed
            self.shops.set_exception(exc)
        try:
            _load_locale_data(self._locale.result(timeout=60))
        except Exception:  # the first date shown loads it instead
            log.debug("loading Babel's data ahead failed", exc_info=True)
        # The first paint needs no network: its imports wait for it (GIL), then go ahead of
        # the first request.
        startup.first_paint.wait(startup.HOLD_LIMIT)
        sys.setswitchinterval(SWITCH_INTERVAL)  # the window is on screen: keep it responsive
        try:
            import_network_backend()
        except Exception:  # the first request imports it instead
            log.debug("importing the network backend ahead failed", exc_info=True)
        if self.shops.exception() is not None:
            return
        shops = self.shops.result()
        # The keyring first: the shop's dialogs read where tokens go on the GUI thread, and
        # the start's sync makes the client on a thread of its own anyway.
        try:
            shops.discover_keyring()
        except Exception:  # the first token read (on a worker thread) looks again
            log.debug("looking for the keyring ahead failed", exc_info=True)
        try:
            shops.prepare_network()
        except Exception:  # the first request makes the client instead
            log.debug("making the HTTP client ahead failed", exc_info=True)


def import_network_backend() -> None:
    """httpx imports its async backend (anyio) on the first request, on the event loop, i.e.
    the GUI thread; with PySide's import hook reading each new module's source that is a
    stall of about 50 ms in the middle of the first sync. Imported here, off that thread
    (under the lock the requests take too: two threads importing it at once can deadlock)."""
    import_backend()


def _load_locale_data(name: str) -> None:
    """Babel reads a locale's data on its first use (a few hundredths of a second each):
    format once in the window's language so the first painted view does not wait for it."""
    from sellerdesk.ui.widgets import formatting

    now = datetime.now(UTC)
    formatting.format_datetime(now, locale=name)
    formatting.format_relative(now - timedelta(minutes=5), now, locale=name)
    formatting.format_number(1234, locale=name)


def run_gui(*, demo: bool = False, snapshot_dir: Path | None = None,
            profile: str | None = None, data_dir: Path | None = None,
            lang: str | None = None) -> int:
    """Open the main window and run until it closes; with `snapshot_dir`, save one picture
    per view there and exit (0 when every picture was saved)."""
    # PySide6 first, on this thread: its signature module initialises by walking what is
    # imported, and the warm-up thread importing at the same moment made that fail
    # ("could not initialize part 2", the app ended at start).
    import PySide6.QtWidgets  # noqa: F401

    skip_pyside_source_scan()
    from sellerdesk.ui.qt_loop import QtLoop

    warm = _WarmUp(data_dir)  # it shortens the switch interval after the first paint

    from sellerdesk.ui import settings as keys
    from sellerdesk.ui.context import GuiOptions
    from sellerdesk.ui.settings import Settings

    options = GuiOptions(demo=demo, snapshot_dir=snapshot_dir, profile=profile,
                         data_dir=data_dir, lang=lang)
    if snapshot_dir is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = create_application()
    with _settings_store(options) as store:
        settings = Settings(store)
        apply_color_scheme(app, settings.get(keys.COLOR_SCHEME))
        warm.locale_chosen(install_translations(app, lang or settings.get(keys.LANGUAGE)
                                                or None))
        loop = QtLoop(app)
        # A plain, named pool for blocking calls (keyring, DNS, the demo sandbox's start,
        # files, thumbnails): qasync's own makes QThreads that can outlive a closing loop.
        loop.set_default_executor(ThreadPoolExecutor(max_workers=WORKERS,
                                                     thread_name_prefix="sellerdesk-worker"))
        asyncio.set_event_loop(loop)
        # Never run long without the collector, whatever becomes of the window.
        resume = loop.call_later(startup.HOLD_LIMIT, startup.resume_collections)
        try:
            code: int = loop.run_until_complete(_main(app, options, settings, warm))
            return code
        except RuntimeError as exc:  # the OS ended the session: Qt quit under our feet
            log.warning("event loop stopped early: %s", exc)
            return 0
        finally:
            resume.cancel()
            startup.resume_collections()
            _finish(loop)


def skip_pyside_source_scan() -> None:
    """PySide reads the source of every module imported after it (`inspect.getsource`) to
    mark the modules that name PySide6, for its per-module feature switches (snake_case,
    true_property): about 120 modules before the first paint, 13-15 ms of the start.
    SellerDesk switches none on (tests/gui/test_app.py), and with none on every module gets
    Qt's plain names whatever its mark: the mark comes from what the module holds instead.
    A PySide without this hook is left as it is."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        setattr(feature, "_mod_uses_pyside", _holds_pyside)  # noqa: B010 (untyped module)


def _holds_pyside(module: ModuleType) -> bool:
    """Whether `module` holds anything of PySide6's (a module, class or function)."""
    for value in list(vars(module).values()):
        try:
            name = value.__name__ if isinstance(value, ModuleType) else getattr(
                value, "__module__", None)
        except Exception:  # an odd object's own __getattr__: not PySide's
            continue
        if isinstance(name, str) and name.startswith(("PySide6", "shiboken6")):
            return True
    return False


def create_application() -> QApplication:
    """The QApplication with SellerDesk's names (QSettings' location) and icon."""
    from PySide6.QtWidgets import QApplication

    from sellerdesk.ui.icons import app_icon

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
    from PySide6.QtCore import QSettings

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
    from PySide6.QtCore import Qt

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
    from PySide6.QtCore import Qt

    # Windows 10's native style ("windowsvista") ignores dark mode; Fusion follows it.
    dark = app.styleHints().colorScheme() == Qt.ColorScheme.Dark
    if dark and app.style().name().lower() == "windowsvista":
        app.setStyle("fusion")


def install_translations(app: QApplication, lang: str | None) -> str:
    """Load Qt's and SellerDesk's translations for `lang` (default: the OS's language);
    returns the locale dates and numbers are written in."""
    from sellerdesk.ui.translations import install_translations as install

    return install(app, lang)


async def _main(app: QApplication, options: GuiOptions, settings: Settings,
                warm: _WarmUp) -> int:
    from sellerdesk.ui.context import UiContext
    from sellerdesk.ui.dialogs.bug_reporter import BugReporter
    from sellerdesk.ui.runner import TaskRunner
    from sellerdesk.ui.shop_connector import ShopConnector
    from sellerdesk.ui.windows import run_windows

    ctx = UiContext(settings=settings, runner=TaskRunner(), options=options)
    # Bugs from anywhere (threads, the loop, a view's callback) reach one report dialog.
    asyncio.get_running_loop().set_exception_handler(ctx.bugs.loop_handler)
    reporter = BugReporter(ctx.bugs, app)
    with contextlib.ExitStack() as stack:
        stack.callback(ctx.bugs.install())
        stack.callback(reporter.deleteLater)
        if options.snapshot_dir is not None and options.demo and options.data_dir is None:
            # Pictures of the demo come from a fresh demo shop, not the seller's demo data.
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="sellerdesk-demo-"))
            options = msgspec.structs.replace(options, data_dir=Path(tmp))
            ctx.options = options
        shops = await asyncio.wrap_future(warm.shops)
        if shops.data_dir != options.data_dir:  # the snapshot's own demo folder
            shops = Shops(options.data_dir)
        shops.demo_unlimited = options.snapshot_dir is not None
        if not _opens_a_shop(shops, options, settings):
            # The connect dialog comes first and says where tokens go: look for the
            # keyring here, off the loop, not when the dialog reads it.
            await asyncio.to_thread(shops.discover_keyring)
        connector = ShopConnector(ctx, shops)
        try:
            return await run_windows(ctx, options, connector)
        finally:
            await ctx.runner.shutdown()  # no work may outlive the session it uses
            await connector.aclose()


def _opens_a_shop(shops: Shops, options: GuiOptions, settings: Settings) -> bool:
    """Whether the start opens a shop (the demo, the one named, the last or default one)
    rather than asking for one; as `ui.windows` decides, without touching the keyring."""
    from sellerdesk.ui import settings as keys

    if options.demo:
        return True
    try:
        name = options.profile or settings.get(keys.LAST_PROFILE)
        return (shops.profile(name) if name else shops.default_profile()) is not None
    except Exception:  # an unreadable settings file: the start reports it
        return False


def _finish(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is still pending, let it unwind, and close the loop."""
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())
    loop.run_until_complete(loop.shutdown_default_executor())
    loop.close()
    asyncio.set_event_loop(None)
