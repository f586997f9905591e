"""Measures the window in a process of its own and prints one JSON line (for test_gui_bench).

    python -m tests.benchmarks.gui_probe bare
    python -m tests.benchmarks.gui_probe cold-inbox  DATA_DIR PROFILE BASE_URL SHOP_ID TOKEN
    python -m tests.benchmarks.gui_probe sync-stall  DATA_DIR PROFILE BASE_URL SHOP_ID TOKEN
    python -m tests.benchmarks.gui_probe orders      DATA_DIR PROFILE BASE_URL SHOP_ID TOKEN

Lateness is measured the way a seller feels it: a 5 ms timer on the GUI thread records how
late each tick fires; the worst lateness is the longest stall.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # before any import: the cold start counts them

import asyncio  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def rss_mib() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Lateness:
    """A 5 ms QTimer; `worst` is the longest delay beyond its interval, in ms."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.worst = 0.0
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        self.worst = 0.0
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.worst = max(self.worst, (now - self._last) * 1000 - 5)
        self._last = now


def bare() -> dict[str, float]:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    win = QMainWindow()
    win.resize(1280, 800)
    win.show()
    win.grab()  # paint once
    app.processEvents()
    return {"seconds": time.perf_counter() - STARTED}


async def _until(predicate: object, timeout: float = 120.0) -> None:
    deadline = time.perf_counter() + timeout
    while not predicate():  # type: ignore[operator]
        if time.perf_counter() > deadline:
            raise TimeoutError("the window did not get there")
        await asyncio.sleep(0.002)


async def _window(args: list[str]):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    from sellerdesk.services.session import Session, ShopAddress
    from sellerdesk.ui.context import UiContext
    from sellerdesk.ui.main_window import MainWindow
    from sellerdesk.ui.runner import TaskRunner
    from sellerdesk.ui.settings import Settings

    data_dir, profile, base_url, shop_id, token = args
    session = await Session.open(ShopAddress(profile, base_url, int(shop_id)), token,
                                 data_dir=Path(data_dir))
    # The session's HTTP client is made off the GUI thread before a sync, as the app's
    # connector does (services/session.py; ui/shop_connector.py `_connected`).
    await asyncio.to_thread(session.prepare_network)
    settings = Settings(QSettings(str(Path(data_dir) / "probe.ini"), QSettings.Format.IniFormat))
    ctx = UiContext(settings=settings, runner=TaskRunner(), services=session)
    window = MainWindow(ctx)
    window.resize(1280, 800)
    return session, window


async def cold_inbox(args: list[str]) -> dict[str, float]:
    session, window = await _window(args)
    window.show_view("inbox")
    window.show()
    panel = window.panel("inbox")
    await _until(panel.is_loaded)
    window.grab()  # the first painted inbox
    seconds = time.perf_counter() - STARTED
    await session.aclose()
    return {"seconds": seconds}


async def sync_stall(args: list[str]) -> dict[str, float]:
    from sellerdesk.app import SWITCH_INTERVAL

    sys.setswitchinterval(SWITCH_INTERVAL)  # as the app's start (app.py, run_gui)
    session, window = await _window(args)
    window.show_view("inbox")
    window.show()
    await _until(window.panel("inbox").is_loaded)
    late = Lateness()
    late.start()
    await session.sync.sync()
    await asyncio.sleep(0.5)  # let the views take in what the sync brought
    late.stop()
    await session.aclose()
    return {"worst_ms": late.worst}


def _late() -> Any:
    """The stall probe (tests/benchmarks/stall.py), started; SELLERDESK_PROBE_TRACE=1 also
    samples the GUI thread, and `_done` prints the worst ticks with their code to stderr.

    Beside lateness (wall clock) it keeps `worst_cpu`: the most CPU time the GUI thread
    used between two ticks. On 2 shared cores a tick is also late when other processes
    hold the CPU; the busy time is the part the window itself spent.
    """
    from tests.benchmarks.stall import Lateness

    class BusyLateness(Lateness):
        def start(self) -> None:
            self.worst_cpu = 0.0
            self._cpu = time.thread_time()
            super().start()

        def _tick(self) -> None:
            cpu = time.thread_time()
            self.worst_cpu = max(self.worst_cpu, (cpu - self._cpu) * 1000)
            self._cpu = cpu
            super()._tick()

    late = BusyLateness(trace="1" in (os.environ.get("SELLERDESK_PROBE_TRACE"),
                                      os.environ.get("SELLERDESK_STALL_TRACE")))
    late.start()
    return late


def _done(late: Any, phase: str, busy: dict[str, float]) -> float:
    late.stop()
    busy[phase] = float(late.worst_cpu)
    if late.trace:
        print(f"=== {phase}: worst {late.worst:.1f} ms late, {late.worst_cpu:.1f} ms busy, "
              f"over {late.ticks} ticks\n{late.describe(5)}", file=sys.stderr, flush=True)
    return float(late.worst)


async def _settled(panel: Any, *, facets: bool = False, counts: object = None) -> None:
    """The list's first page and count are in (and the sidebar's counts, with `facets`: new
    since now, or since `counts` was the sidebar's), and the window has had a moment to paint
    and take in what landed."""
    model = panel.model
    sidebar = panel.sidebar
    before = counts if counts is not None else sidebar.model._counts  # set_counts: a new dict
    await _until(lambda: not model.is_fetching() and model.total() is not None
                 and not model.is_following()
                 and (not facets or (sidebar.model._counts is not before
                                     and sidebar._after_paint is None)))
    await asyncio.sleep(0.3)


NEW_ORDERS = 50  # sold between two syncs, in the orders probe


async def orders(args: list[str]) -> dict[str, float]:
    """The orders view of a big shop, driven as a seller does: opened (first rows painted),
    scrolled to the end, sorted by a header click (Total, then Date again), filtered by a
    sidebar click (and unticked), searched by typing, and open during an incremental sync.
    Each step's longest GUI stall is its figure."""
    from sellerdesk.app import SWITCH_INTERVAL

    sys.setswitchinterval(SWITCH_INTERVAL)  # as the app's start (app.py, run_gui)
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from sellerdesk import startup
    from sellerdesk.ui.orders.columns import Column

    # As the command line does first thing: no collections while the window starts; once
    # its views are built the window freezes what start-up made (main_window). Without it
    # every full collection walks ~100,000 start-up objects (60 ms at load 7) in whichever
    # tick it falls, the sync's most often.
    startup.hold_collections()
    session, window = await _window(args)
    window.show()
    window.show_view("inbox")
    # As the app does after its first paint (app.py's warm-up thread): the network backend
    # imported off the GUI thread, not by the sync's first request in the middle of the
    # sync figure (a stall the app never has).
    from sellerdesk.api.backend import import_backend

    await asyncio.to_thread(import_backend)
    # The window builds its other views once the first has painted (the lead's start-up
    # work): opened in the middle of that, the orders view waits for it (reported apart).
    await _until(window.views_built)
    await asyncio.sleep(0.5)
    total = await session.orders.count()  # the probe's own need: before the clock starts
    opened = time.perf_counter()
    window.show_view("orders")
    panel = window.panel("orders")
    table = panel.table
    await _until(lambda: table.model().rowCount() > 0 or (total == 0 and panel.is_loaded()))
    window.grab()  # the first rows painted
    first_rows_ms = (time.perf_counter() - opened) * 1000
    await _settled(panel)
    rss = rss_mib()
    busy: dict[str, float] = {}  # phase -> the most CPU the GUI thread used between ticks
    if total == 0:  # the empty shop: the memory baseline only
        await session.aclose()
        return {"first_rows_ms": first_rows_ms, "rss_mib": rss}

    late = _late()
    bar = table.verticalScrollBar()
    steps = 0
    while table.model().rowCount() < total and steps < 5000:  # top to bottom, page by page
        bar.setValue(bar.maximum())
        await asyncio.sleep(0.01)
        steps += 1
    scroll_worst = _done(late, "scroll", busy)
    rows = table.model().rowCount()

    header = table.horizontalHeader()

    def click_header(column: Column) -> None:
        x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
        QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, QPoint(x, header.height() // 2))

    late = _late()
    click_header(Column.TOTAL)  # highest total first
    await _settled(panel)
    click_header(Column.DATE)  # and back to newest first
    await _settled(panel)
    sort_worst = _done(late, "sort", busy)

    tree = panel.sidebar.tree

    def click_facet(facet: str, value: str) -> None:
        index = panel.sidebar.model.value_index(facet, value, column=1)
        tree.scrollTo(index)
        rect = tree.visualRect(index)
        QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, rect.center())

    late = _late()
    click_facet("paid", "false")  # unpaid orders
    await _settled(panel, facets=True)
    click_facet("paid", "false")  # unticked: every order again
    await _settled(panel, facets=True)
    filter_worst = _done(late, "filter", busy)

    late = _late()
    panel.search.setFocus()
    word = next((w for r in range(min(50, rows)) for w in panel.model.line(r).buyer.split()[:1]
                 if w.isalpha()), "maria")
    QTest.keyClicks(panel.search, word.lower(), Qt.KeyboardModifier.NoModifier, 60)
    await _until(lambda: panel.current_filter().query is not None)
    await _settled(panel, facets=True)
    search_worst = _done(late, "search", busy)
    panel.search.clear()
    await _settled(panel, facets=True)

    # New sales since the last sync, so the sync brings rows into the list on screen.
    import httpx

    base_url, token = args[2], args[4]
    with httpx.Client(timeout=30) as http:
        for _ in range(NEW_ORDERS):
            http.post(f"{base_url}/_sandbox/orders",
                      params={"access_token": token}).raise_for_status()
    late = _late()
    counts = panel.sidebar.model._counts
    await session.sync.sync()  # an incremental sync with the orders view open
    # The list and the sidebar take in what it brought.
    await _until(lambda: panel.model.total() == total + NEW_ORDERS)
    await _settled(panel, facets=True, counts=counts)
    sync_worst = _done(late, "sync", busy)
    await session.aclose()
    return {"first_rows_ms": first_rows_ms, "rss_mib": rss, "scroll_worst_ms": scroll_worst,
            "sort_worst_ms": sort_worst, "filter_worst_ms": filter_worst,
            "search_worst_ms": search_worst, "sync_worst_ms": sync_worst, "rows": float(rows),
            "load": os.getloadavg()[0], **{f"{k}_busy_ms": v for k, v in busy.items()}}


def main() -> None:
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "bare":
        result = bare()
    else:
        from PySide6.QtWidgets import QApplication

        from sellerdesk.ui.qt_loop import QtLoop

        app = QApplication(sys.argv[:1])
        loop = QtLoop(app)
        asyncio.set_event_loop(loop)
        work = {"cold-inbox": cold_inbox, "sync-stall": sync_stall, "orders": orders}[mode]
        result = loop.run_until_complete(work(args))
    print("PROBE " + json.dumps(result), flush=True)
    os._exit(0)  # skip Qt teardown: not what is measured


if __name__ == "__main__":
    main()
