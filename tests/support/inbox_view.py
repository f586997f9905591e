"""Opening the inbox view in a test: shown at a seller's size, its first load waited for."""

from __future__ import annotations

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
