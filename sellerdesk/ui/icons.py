"""Icons: the hand-drawn SVGs of `resources/icons/`, tinted from the palette at paint time.

`icon("inbox")` follows light/dark switches by itself, gets the highlighted-text colour when
its item is selected, and a muted one when disabled. A missing file gives an empty icon and a
log line, never a crash.
"""

from __future__ import annotations

import logging
from functools import cache

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QIconEngine, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from sellerdesk.ui import theme
from sellerdesk.ui.resources import resource_path
from sellerdesk.ui.theme import Tone

log = logging.getLogger("sellerdesk.ui")

APP_ICON = "sellerdesk"


@cache
def _svg_source(name: str) -> str:
    path = resource_path("icons", f"{name}.svg")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        log.warning("icon %s not found at %s", name, path)
        return ""


_renderers: dict[tuple[str, str], QSvgRenderer] = {}


def _renderer(name: str, color: QColor) -> QSvgRenderer | None:
    source = _svg_source(name)
    if not source:
        return None
    key = (name, color.name(QColor.NameFormat.HexArgb))
    found = _renderers.get(key)
    if found is None:
        tinted = source.replace("currentColor", color.name(QColor.NameFormat.HexRgb))
        found = QSvgRenderer(QByteArray(tinted.encode("utf-8")))
        if len(_renderers) > 512:  # palette switches create new keys; keep the cache bounded
            _renderers.clear()
        _renderers[key] = found
    return found


class _TintedSvgEngine(QIconEngine):
    """Renders one SVG at any size and scale in the colour the mode and palette call for."""

    def __init__(self, name: str, tone: Tone) -> None:
        super().__init__()
        self._name = name
        self._tone = tone

    def _color(self, mode: QIcon.Mode) -> QColor:
        pal = theme.palette()
        if mode == QIcon.Mode.Selected:
            return pal.color(QPalette.ColorRole.HighlightedText)
        color = theme.tone_color(self._tone, pal)
        if mode == QIcon.Mode.Disabled:
            return theme.mix(color, pal.color(QPalette.ColorRole.Window), 0.4)
        return color

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        renderer = _renderer(self._name, self._color(mode))
        if renderer is None or not renderer.isValid():
            return
        side = min(rect.width(), rect.height())
        target = QRectF(rect.x() + (rect.width() - side) / 2,
                        rect.y() + (rect.height() - side) / 2, side, side)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, target)
        painter.restore()

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State,
                     scale: float) -> QPixmap:
        pixmap = QPixmap(size * scale)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QRect(0, 0, pixmap.width(), pixmap.height()), mode, state)
        painter.end()
        pixmap.setDevicePixelRatio(scale)
        return pixmap

    def clone(self) -> QIconEngine:
        return _TintedSvgEngine(self._name, self._tone)

    def isNull(self) -> bool:
        return not _svg_source(self._name)

    def key(self) -> str:
        return "sellerdesk-tinted-svg"


def icon(name: str, tone: Tone = Tone.TEXT) -> QIcon:
    """A monochrome UI icon from `resources/icons/<name>.svg`, tinted with `tone`."""
    if not _svg_source(name):
        return QIcon()
    return QIcon(_TintedSvgEngine(name, tone))


def app_icon() -> QIcon:
    """The full-colour application icon, at the usual sizes."""
    return QIcon(_app_icon())  # a copy: the cached one is never handed out to be changed


@cache
def _app_icon() -> QIcon:
    # Drawn once (seven sizes): the application and every window set it, at start too.
    result = QIcon()
    renderer = QSvgRenderer(str(resource_path("icons", f"{APP_ICON}.svg")))
    if not renderer.isValid():
        log.warning("application icon missing")
        return result
    for side in (16, 24, 32, 48, 64, 128, 256):
        pixmap = QPixmap(side, side)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, side, side))
        painter.end()
        result.addPixmap(pixmap)
    return result
