"""The application icon in every format the three systems want, from one SVG.

    python packaging/icons.py SVG OUT_DIR      render sellerdesk-<N>.png (needs PySide6)

`write_ico` and `write_icns` are standard library only: both formats may hold PNG images
as they are (Windows Vista and later; macOS 10.7 and later), so no image library is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types that hold a PNG of the given pixel size (the @2x ones share sizes).
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)


def png_name(size: int) -> str:
    return f"sellerdesk-{size}.png"


def render_pngs(svg: Path, out_dir: Path, sizes: Iterable[int] = PNG_SIZES) -> dict[int, Path]:
    """Draw `svg` into square PNGs with Qt (offscreen, no display needed)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(["sellerdesk-icons"])  # noqa: F841
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"not a valid SVG: {svg}")
    out_dir.mkdir(parents=True, exist_ok=True)
    written: dict[int, Path] = {}
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        path = out_dir / png_name(size)
        if not image.save(str(path), "PNG"):
            raise OSError(f"could not write {path}")
        written[size] = path
    return written


def _png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def write_ico(pngs: Mapping[int, Path], target: Path, sizes: Iterable[int] = ICO_SIZES) -> None:
    """A Windows .ico holding the given PNGs (one directory entry per size)."""
    images = [pngs[s].read_bytes() for s in sizes if s in pngs]
    if not images:
        raise ValueError("no PNG for the .ico")
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for data in images:
        width, height = _png_size(data)
        # 256 px is written as 0 in the one-byte width and height fields
        entries += struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32,
                               len(data), offset)
        blobs += data
        offset += len(data)
    target.write_bytes(header + entries + blobs)


def write_icns(pngs: Mapping[int, Path], target: Path) -> None:
    """A macOS .icns holding the given PNGs."""
    body = b""
    for kind, size in ICNS_TYPES:
        if size in pngs:
            data = pngs[size].read_bytes()
            body += kind + struct.pack(">I", 8 + len(data)) + data
    if not body:
        raise ValueError("no PNG for the .icns")
    target.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    render_pngs(Path(argv[0]), Path(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
