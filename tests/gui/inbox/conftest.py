"""Fixtures for the Inbox view: a panel over a live, synced session; thumbnails never leave
the machine (a generated picture stands in for the demo's image host)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache


def picture_bytes(color: str = "#e9a23b") -> bytes:
    image = QImage(96, 96, QImage.Format.Format_ARGB32)
    image.fill(QColor("#f4efe6"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor(color))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(18, 18, 60, 60)
    painter.end()
    data = QByteArray()  # (a PNG file's bytes, so QImage.loadFromData reads them back)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    assert not data.isEmpty()
    return bytes(data.data())


@pytest.fixture
def fetched() -> list[str]:
    return []


@pytest.fixture
def thumbs(tmp_path: Path, fetched: list[str]) -> ThumbnailCache:
    async def fetch(url: str) -> bytes:
        fetched.append(url)
        return picture_bytes()

    return ThumbnailCache(tmp_path / "thumbs", fetch=fetch)


def show_panel(ctx: UiContext, qtbot: QtBot, thumbs: ThumbnailCache) -> InboxPanel:
    panel = InboxPanel(ctx, thumbnails=thumbs)
    qtbot.addWidget(panel)
    panel.restore_state()
    panel.resize(1280, 800)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    panel.activate()
    qtbot.waitUntil(panel.is_loaded, timeout=20_000)
    return panel


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot, thumbs: ThumbnailCache) -> Iterator[InboxPanel]:
    """The Inbox over the live session, loaded, with its first thread open."""
    shown = show_panel(live_ctx, qtbot, thumbs)
    qtbot.waitUntil(lambda: shown.thread_view.model.rowCount() > 0, timeout=20_000)
    yield shown


@pytest.fixture
def shots_dir(tmp_path: Path) -> Path:
    """Where pictures go: $SELLERDESK_SHOTS when set (to look at them), else the test's tmp."""
    target = Path(os.environ.get("SELLERDESK_SHOTS") or tmp_path / "shots")
    target.mkdir(parents=True, exist_ok=True)
    return target
