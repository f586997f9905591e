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


async def orders(args: list[str]) -> dict[str, float]:
    from PySide6.QtWidgets import QAbstractItemView

    session, window = await _window(args)
    window.show()
    window.show_view("inbox")
    await asyncio.sleep(0.2)
    opened = time.perf_counter()
    window.show_view("orders")
    panel = window.panel("orders")
    table = next(w for w in panel.findChildren(QAbstractItemView)
                 if w.model() is not None and w.model().columnCount() > 5)
    total = await session.orders.count()
    await _until(lambda: table.model().rowCount() > 0 or (total == 0 and panel.is_loaded()))
    window.grab()  # the first rows painted
    first_rows_ms = (time.perf_counter() - opened) * 1000
    rss = rss_mib()
    late = Lateness()
    late.start()
    bar = table.verticalScrollBar()
    steps = 0
    while table.model().rowCount() < total and steps < 5000:  # top to bottom, page by page
        bar.setValue(bar.maximum())
        await asyncio.sleep(0.01)
        steps += 1
    scroll_worst = late.worst
    late.start()
    await session.sync.sync()  # an incremental sync with the orders view open
    sync_worst = late.worst
    late.stop()
    await session.aclose()
    return {"first_rows_ms": first_rows_ms, "rss_mib": rss, "scroll_worst_ms": scroll_worst,
            "sync_worst_ms": sync_worst, "rows": float(table.model().rowCount())}


def main() -> None:
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "bare":
        result = bare()
    else:
        import qasync
        from PySide6.QtWidgets import QApplication

        app = QApplication(sys.argv[:1])
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        work = {"cold-inbox": cold_inbox, "sync-stall": sync_stall, "orders": orders}[mode]
        result = loop.run_until_complete(work(args))
    print("PROBE " + json.dumps(result), flush=True)
    os._exit(0)  # skip Qt teardown: not what is measured


if __name__ == "__main__":
    main()
