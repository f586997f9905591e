"""Product thumbnails: fetched in the background, kept in memory and on disk, never blocking.

`ThumbnailCache.get(url)` looks in memory, then on disk, then fetches through the shop in use
(`shop_pictures`: the catalogue service over `ShopClient.fetch_image`, so a picture takes its
turn from the shop's one request pacer, with its size cap, timeouts and error mapping), and
reads the disk and decodes on the event loop's worker threads (never the GUI thread). A URL
that failed is not tried again this session. `Thumbnail` is the label that shows one, through
the task runner, with a neutral placeholder while it loads or when it cannot be had (offline,
no shop open, bad image).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from sellerdesk.services.types import ApiError
from sellerdesk.ui import theme
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.icons import icon
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.theme import Tone

log = logging.getLogger("sellerdesk.ui")

Fetch = Callable[[str], Awaitable[bytes]]


class NoShop(LookupError):
    """No shop is open to fetch a picture through."""


def shop_pictures(ctx: UiContext) -> Fetch:
    """Fetch pictures through the shop in use (`ctx.services`, whichever it is by then)."""
    async def fetch(url: str) -> bytes:
        services = ctx.services
        if services is None:
            raise NoShop(url)
        data: bytes = await services.catalogue.picture(url)
        return data
    return fetch


async def no_fetch(url: str) -> bytes:
    raise NoShop(url)


def _decode(data: bytes) -> QImage | None:
    image = QImage()
    # QImage (unlike QPixmap) may be made off the GUI thread.
    return image if image.loadFromData(data) and not image.isNull() else None


class ThumbnailCache:
    """Images by URL; `directory=None` keeps them in memory only."""

    def __init__(self, directory: Path | None, *, fetch: Fetch = no_fetch,
                 memory_items: int = 256) -> None:
        self.directory = directory
        self._fetch = fetch
        self._memory: OrderedDict[str, QImage] = OrderedDict()
        self._limit = memory_items
        self._failed: set[str] = set()

    @staticmethod
    def usable(url: str | None) -> bool:
        """Only http(s): a `file:` or `data:` URL from outside data is never followed."""
        return bool(url) and str(url).lower().startswith(("https://", "http://"))

    def cached(self, url: str) -> QImage | None:
        image = self._memory.get(url)
        if image is not None:
            self._memory.move_to_end(url)
        return image

    def has_failed(self, url: str) -> bool:
        return url in self._failed

    def _path(self, url: str) -> Path | None:
        if self.directory is None:
            return None
        return self.directory / (hashlib.sha256(url.encode("utf-8")).hexdigest()[:40] + ".img")

    def _read_disk(self, url: str) -> QImage | None:
        path = self._path(url)
        if path is None or not path.is_file():
            return None
        try:
            return _decode(path.read_bytes())
        except OSError:
            return None

    def _write_disk(self, url: str, data: bytes) -> None:
        path = self._path(url)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        except OSError as exc:  # a full or read-only disk costs the cache, nothing else
            log.info("thumbnail not cached on disk: %s", exc)

    def _remember(self, url: str, image: QImage) -> None:
        self._memory[url] = image
        self._memory.move_to_end(url)
        while len(self._memory) > self._limit:
            self._memory.popitem(last=False)

    async def get(self, url: str) -> QImage | None:
        """The image, or None when it cannot be had (the failure is remembered, quietly)."""
        if not self.usable(url) or url in self._failed:
            return None
        image = self.cached(url)
        if image is not None:
            return image
        image = await asyncio.to_thread(self._read_disk, url)
        if image is None:
            try:
                data = await self._fetch(url)
            except (ApiError, NoShop, OSError, ValueError) as exc:
                log.debug("thumbnail %s not fetched: %r", url, exc)
                self._failed.add(url)
                return None
            image = await asyncio.to_thread(_decode, data)
            if image is None:
                self._failed.add(url)
                return None
            await asyncio.to_thread(self._write_disk, url, data)
        self._remember(url, image)
        return image


class Thumbnail(QWidget):
    """A square thumbnail with rounded corners; a muted placeholder until (unless) it loads."""

    def __init__(self, runner: TaskRunner, cache: ThumbnailCache, side: int = 72,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._cache = cache
        self._side = side
        self._url = ""
        self._pixmap: QPixmap | None = None
        self.setFixedSize(side, side)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(QCoreApplication.translate("Thumbnail", "Product picture"))

    def sizeHint(self) -> QSize:
        return QSize(self._side, self._side)

    def url(self) -> str:
        return self._url

    def has_image(self) -> bool:
        return self._pixmap is not None

    def set_url(self, url: str | None) -> None:
        url = url or ""
        if url == self._url:
            return
        self._url = url
        self._pixmap = None
        self.update()
        if not self._cache.usable(url) or self._cache.has_failed(url):
            return
        image = self._cache.cached(url)
        if image is not None:
            self._show(url, image)
            return
        # Quiet background work: no progress, no banner; a new URL cancels the old fetch.
        self._runner.run(self._cache.get(url), on_success=lambda img: self._show(url, img),
                         key=f"thumbnail:{id(self)}", show_progress=False,
                         report_errors=False, owner=self)

    def _show(self, url: str, image: QImage | None) -> None:
        if url != self._url or image is None:
            return
        ratio = self.devicePixelRatioF()
        size = int(self._side * ratio)
        scaled = image.scaled(size, size, Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                              Qt.TransformationMode.SmoothTransformation)
        pixmap = QPixmap.fromImage(scaled)
        pixmap.setDevicePixelRatio(ratio)
        self._pixmap = pixmap
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        path = QPainterPath()
        path.addRoundedRect(rect, 8, 8)
        pal = self.palette()
        if self._pixmap is not None:
            painter.setClipPath(path)
            pw = self._pixmap.width() / self._pixmap.devicePixelRatio()
            ph = self._pixmap.height() / self._pixmap.devicePixelRatio()
            painter.drawPixmap(QRectF((self.width() - pw) / 2, (self.height() - ph) / 2, pw, ph),
                               self._pixmap, QRectF(self._pixmap.rect()))
            painter.setClipping(False)
        else:
            painter.fillPath(path, theme.tone_fill(Tone.MUTED, pal, 0.12))
            side = max(16, self._side // 3)
            icon("orders", Tone.MUTED).paint(
                painter, int((self.width() - side) / 2), int((self.height() - side) / 2),
                side, side)
        painter.setPen(theme.mix(pal.color(pal.ColorRole.WindowText),
                                 pal.color(pal.ColorRole.Base), 0.14))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.end()
