"""Measures the app's start and the demo sync in a process of its own; prints one JSON line.

    python -m tests.benchmarks.start_probe bare
    python -m tests.benchmarks.start_probe floor
    python -m tests.benchmarks.start_probe cold-start DATA_DIR PROFILE
    python -m tests.benchmarks.start_probe sync-stall DATA_DIR PROFILE BASE_URL SHOP_ID TOKEN

`cold-start` is the seller's own start: `sellerdesk --profile PROFILE --data-dir DATA_DIR`
as the `sellerdesk` script runs it (import `sellerdesk.cli`, call `main`; the token from
SELLERDESK_TOKEN), timed from before the first import to the moment the inbox has its rows
and the window is painted with them (`grab`, the same paint `bare` makes). The probe's only
addition is its hook on `Panel.mark_loaded`, put in when the app imports it.

`sync-stall`: a 5 ms timer on the GUI thread records how late each tick fires while a first
sync fills an empty store with the inbox open; the worst lateness is the longest stall. With
SELLERDESK_PROBE_TRACE=1 it also prints the ten worst ticks with what ran in them.

`floor` (a diagnostic, not a figure of the benchmark): the least a first frame like the
inbox's costs without any of SellerDesk: the asyncio loop (qasync), SQLite and msgspec
imported, and a window with words in it (a menu bar, a status bar message, a list of 123
rows drawn by a delegate of Python's beside a label), painted once as `bare` paints. What
the bare window never pays and any such window does: Qt's enum types for the `Qt` namespace,
QStyle and the widgets a list view hands to Python, the fonts, asyncio.

With SELLERDESK_PROBE_PHASES=1, `cold-start` also prints the start step by step: the GUI
thread's CPU at the start's landmarks (tests/benchmarks/start_phases.py), to stderr.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # before any import: the cold start counts them

import functools  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from collections.abc import Callable  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import Any  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def report(result: dict[str, float]) -> None:
    print("PROBE " + json.dumps(result), flush=True)
    os._exit(0)  # skip the app's and Qt's teardown: not what is measured


def bare() -> None:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    win = QMainWindow()
    win.resize(1280, 800)
    win.show()
    win.grab()  # paint once
    app.processEvents()
    report({"seconds": time.perf_counter() - STARTED, "cpu": time.process_time()})


def floor() -> None:
    import asyncio  # noqa: F401 (what the app's loop needs, imported as the app does)
    import sqlite3  # noqa: F401

    import msgspec  # noqa: F401
    import qasync  # noqa: F401
    from PySide6.QtCore import QStringListModel, Qt
    from PySide6.QtWidgets import (
        QApplication,
        QLabel,
        QListView,
        QMainWindow,
        QSplitter,
        QStyle,
        QStyledItemDelegate,
    )

    class Rows(QStyledItemDelegate):  # as any list drawn in Python: the state, the text
        def paint(self, painter: Any, option: Any, index: Any) -> None:
            if option.state & QStyle.StateFlag.State_Selected:
                painter.fillRect(option.rect, option.palette.highlight())
            painter.drawText(option.rect, int(Qt.AlignmentFlag.AlignVCenter),
                             str(index.data()))

    app = QApplication(sys.argv[:1])
    win = QMainWindow()
    win.resize(1280, 800)
    rows = QListView()
    rows.setItemDelegate(Rows(rows))
    rows.setModel(QStringListModel([f"Conversation {n}" for n in range(123)], rows))
    split = QSplitter()
    split.addWidget(rows)
    split.addWidget(QLabel("Pick a conversation"))
    win.setCentralWidget(split)
    win.menuBar().addMenu("&File")
    win.statusBar().showMessage("Online")
    win.show()
    win.grab()  # paint once
    app.processEvents()
    report({"seconds": time.perf_counter() - STARTED, "cpu": time.process_time()})


def cold_start(data_dir: str, profile: str) -> None:
    phases = os.environ.get("SELLERDESK_PROBE_PHASES") == "1"
    if phases:  # the start step by step (start_phases.py), hooked before the app's imports
        from tests.benchmarks import start_phases

        start_phases.install(when_imported, STARTED)
    from sellerdesk.cli import main  # as the `sellerdesk` script does, before main()

    def mark_loaded(panel: Any, plain: Callable[[Any], None]) -> None:
        plain(panel)
        if panel.view_id == "inbox":
            panel.window().grab()  # the first painted inbox
            # The rows it painted: a start that opened no shop paints an empty state.
            result = {"seconds": time.perf_counter() - STARTED, "cpu": time.process_time(),
                      "rows": float(panel.model.rowCount())}
            if phases:
                start_phases.print_phases()
            report(result)

    # The hook goes in when the app imports Panel itself, so the app imports what it
    # imports, in its own order.
    when_imported("sellerdesk.ui.panel", lambda module: setattr(
        module.Panel, "mark_loaded", functools.partialmethod(
            mark_loaded, module.Panel.mark_loaded)))
    main(["--profile", profile, "--data-dir", data_dir])
    raise SystemExit("the app ended before the inbox was painted")


def when_imported(name: str, then: Callable[[ModuleType], object]) -> None:
    """Call `then(module)` right after the module `name` is first imported.

    A plain class with `find_spec` is all a meta path finder needs; `importlib.abc` would
    import importlib.resources, tempfile and shutil into the measured start, costs of the
    probe that the bare baseline does not pay. (`importlib.util` is in every start already.)"""
    import importlib.util

    class Finder:
        def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
            if fullname != name:
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(fullname)
            assert spec is not None and spec.loader is not None
            loader: Any = spec.loader
            plain = loader.exec_module

            def exec_module(module: ModuleType) -> None:
                plain(module)
                then(module)

            loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, Finder())


def sync_stall(args: list[str]) -> None:
    import asyncio

    from PySide6.QtWidgets import QApplication

    from sellerdesk import startup
    from sellerdesk.ui.qt_loop import QtLoop
    from tests.benchmarks.stall import Lateness

    # As the app's command line does first thing (cli.main): the collector held through the
    # start, then what the start made frozen once the views are built (the window's
    # `_build_next_view`). Without it every full collection during the sync walks the start's
    # hundred thousand objects (85-120 ms each) and the probe measures a start the app lacks.
    startup.hold_collections()
    app = QApplication(sys.argv[:1])
    loop = QtLoop(app)
    asyncio.set_event_loop(loop)

    async def work() -> dict[str, float]:
        from PySide6.QtCore import QSettings

        from sellerdesk.app import SWITCH_INTERVAL, import_network_backend
        from sellerdesk.services.session import Session, ShopAddress
        from sellerdesk.ui.context import UiContext
        from sellerdesk.ui.main_window import MainWindow
        from sellerdesk.ui.runner import TaskRunner
        from sellerdesk.ui.settings import Settings

        sys.setswitchinterval(SWITCH_INTERVAL)  # as the app's start (app.py, run_gui)
        # What the app's warm-up thread does at start (sellerdesk/app.py), here too.
        threading.Thread(target=import_network_backend, daemon=True).start()
        data_dir, profile, base_url, shop_id, token = args
        session = await Session.open(ShopAddress(profile, base_url, int(shop_id)), token,
                                     data_dir=Path(data_dir))
        # Its HTTP client, made off the GUI thread before the sync as the app's connector
        # does (ui/shop_connector.py `_connected`).
        await asyncio.to_thread(session.prepare_network)
        ini = str(Path(data_dir) / "probe.ini")
        settings = Settings(QSettings(ini, QSettings.Format.IniFormat))
        ctx = UiContext(settings=settings, runner=TaskRunner(), services=session)
        window = MainWindow(ctx)
        window.resize(1280, 800)
        window.show_view("inbox")
        window.show()
        panel = window.panel("inbox")
        while not panel.is_loaded():
            await asyncio.sleep(0.002)
        # The other views are built after the first paint, one per loop turn (each a stall
        # of its own, start-up's and not the sync's): wait for all of them, however long.
        while not window.views_built():
            await asyncio.sleep(0.01)
        late = Lateness(trace=os.environ.get("SELLERDESK_PROBE_TRACE") == "1")
        late.start()
        await session.sync.sync()
        await asyncio.sleep(0.5)  # let the views take in what the sync brought
        late.stop()
        if late.trace:
            print(late.describe(), file=sys.stderr, flush=True)
        return {"worst_ms": late.worst, "ticks": float(late.ticks)}

    from pathlib import Path

    report(loop.run_until_complete(work()))


def main() -> None:
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "bare":
        bare()
    elif mode == "floor":
        floor()
    elif mode == "cold-start":
        cold_start(*args)
    elif mode == "sync-stall":
        sync_stall(args)
    raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
