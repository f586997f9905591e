"""`--snapshot`: one picture per view, each taken only once the view has loaded."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.snapshot import SNAPSHOT_FILES, SNAPSHOT_SIZE, SnapshotReport, take_snapshots
from sellerdesk.ui.views import ViewSpec, default_views


def _snap(qloop: asyncio.AbstractEventLoop, qtbot: QtBot, window: MainWindow, out: Path,
          timeout: float = 30.0) -> SnapshotReport:
    task = qloop.create_task(take_snapshots(window, out, timeout=timeout))
    qtbot.waitUntil(task.done, timeout=60_000)
    return task.result()


def test_every_view_gets_its_picture(window: MainWindow, qloop: asyncio.AbstractEventLoop,
                                     qtbot: QtBot, tmp_path: Path) -> None:
    report = _snap(qloop, qtbot, window, tmp_path)
    assert report.ok and report.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(SNAPSHOT_FILES.values())
    image = QImage(str(tmp_path / "inbox.png"))
    assert (image.width(), image.height()) == (SNAPSHOT_SIZE.width(), SNAPSHOT_SIZE.height())


class _SlowPanel(Panel):
    """Loads when the test says so."""

    view_id = "orders"
    release: asyncio.Event | None = None

    def title(self) -> str:
        return "Slow"

    def icon_name(self) -> str:
        return "orders"

    def load(self) -> None:
        assert self.release is not None
        self.ctx.runner.run(self.release.wait(), on_success=lambda _: self.mark_loaded())


def _views_with(panel_type: type[Panel]) -> list[ViewSpec]:
    return [ViewSpec(spec.view_id, panel_type, spec.shortcut, spec.in_navigation)
            if spec.view_id == "orders" else spec for spec in default_views()]


def test_a_picture_waits_until_its_view_has_loaded(ctx: UiContext,
                                                   qloop: asyncio.AbstractEventLoop,
                                                   qtbot: QtBot, tmp_path: Path) -> None:
    _SlowPanel.release = asyncio.Event()
    window = MainWindow(ctx, _views_with(_SlowPanel))
    qtbot.addWidget(window)
    task = qloop.create_task(take_snapshots(window, tmp_path, timeout=30))
    qtbot.waitUntil(lambda: window.current_view() == "orders", timeout=30_000)
    assert not (tmp_path / "orders.png").exists()
    _SlowPanel.release.set()
    qtbot.waitUntil(task.done, timeout=30_000)
    assert task.result().ok
    assert (tmp_path / "orders.png").exists()


class _NeverLoads(_SlowPanel):
    def load(self) -> None:
        """Never calls mark_loaded."""


def test_a_view_that_never_loads_fails_the_run_but_not_the_others(
        ctx: UiContext, qloop: asyncio.AbstractEventLoop, qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(ctx, _views_with(_NeverLoads))
    qtbot.addWidget(window)
    report = _snap(qloop, qtbot, window, tmp_path, timeout=0.3)
    assert report.exit_code == 1
    assert list(report.failures) == ["orders"]
    assert len(report.saved) == len(SNAPSHOT_FILES) - 1


def test_the_window_is_grabbed_with_its_widgets_laid_out(window: MainWindow,
                                                         qloop: asyncio.AbstractEventLoop,
                                                         qtbot: QtBot, tmp_path: Path) -> None:
    _snap(qloop, qtbot, window, tmp_path)
    panel: QWidget = window.panel("shop")
    assert panel.width() > 0 and panel.height() > 0
    assert window.current_view() == "outbox"  # the last picture
