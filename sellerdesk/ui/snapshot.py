"""`sellerdesk --snapshot DIR`: one PNG per view, each taken once the view shows its data."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale, QSize
from PySide6.QtGui import QImage

import sellerdesk

if TYPE_CHECKING:
    from sellerdesk.ui.main_window import MainWindow

log = logging.getLogger("sellerdesk.ui")

SNAPSHOT_SIZE = QSize(1280, 800)
SNAPSHOT_FILES = {
    "dashboard": "dashboard.png",
    "inbox": "inbox.png",
    "orders": "orders.png",
    "categories": "categories.png",
    "tracking": "tracking.png",
    "shop": "shop.png",
    "outbox": "outbox.png",
}


@dataclass
class SnapshotReport:
    saved: list[Path] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)  # view id -> what went wrong

    @property
    def ok(self) -> bool:
        return bool(self.saved) and not self.failures

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1


async def _settle() -> None:
    """Let posted layout and paint requests through before a grab (no timers, no sleeps)."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents()
        await asyncio.sleep(0)


def _picture(window: MainWindow, title: str) -> QImage:
    """The window as an image that says what it shows: the view's title and the language
    travel in the PNG's text chunks (tests and documentation read them)."""
    image = window.grab().toImage()
    image.setText("Title", title)
    image.setText("Language", QLocale().name())
    image.setText("Software", f"SellerDesk {sellerdesk.__version__}")
    return image


async def take_snapshots(window: MainWindow, out_dir: Path, *, timeout: float = 90.0,
                         size: QSize = SNAPSHOT_SIZE,
                         views: list[str] | None = None) -> SnapshotReport:
    """Show each view, wait until it has loaded (up to `timeout` s each), save its picture."""
    report = SnapshotReport()
    out_dir.mkdir(parents=True, exist_ok=True)
    window.resize(size)
    window.show()
    for view_id in views or window.view_ids():
        target = out_dir / SNAPSHOT_FILES.get(view_id, f"{view_id}.png")
        panel = window.panel(view_id)
        window.show_view(view_id)
        try:
            await panel.wait_loaded(timeout)
            await panel.prepare_snapshot()
        except TimeoutError:
            report.failures[view_id] = f"not loaded after {timeout:g} s"
            log.error("snapshot of %s: view not loaded after %g s", view_id, timeout)
            continue
        await _settle()
        if _picture(window, panel.title()).save(str(target)):  # PNG, by the suffix
            report.saved.append(target)
            log.info("snapshot of %s saved to %s", view_id, target)
        else:
            report.failures[view_id] = f"could not write {target}"
            log.error("snapshot of %s: could not write %s", view_id, target)
    return report
