"""The demo shop's logo: a small PNG drawn in code (a shopping bag on a blue disc).

Served outside /v1 at `/media/shops/{shop_id}/logo.png`, like a CDN image: no token, no rate
limit. The shop record names it in `logo_url` when `has_logo` is true.
"""

from __future__ import annotations

import struct
import zlib
from functools import cache

SIZE = 128
BLUE = (29, 78, 216)
WHITE = (255, 255, 255)


def _pixel(x: int, y: int) -> tuple[int, int, int, int]:
    c = (SIZE - 1) / 2
    if (x - c) ** 2 + (y - c) ** 2 > (SIZE / 2 - 1) ** 2:
        return (0, 0, 0, 0)  # transparent outside the disc
    body = 38 <= x <= 89 and 50 <= y <= 96
    # The handle: a ring above the bag, 5 px thick.
    ring = 14 ** 2 <= (x - c) ** 2 + (y - 50) ** 2 <= 19 ** 2 and y < 50
    return (*WHITE, 255) if body or ring else (*BLUE, 255)


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


@cache
def png() -> bytes:
    rows = b"".join(b"\x00" + b"".join(bytes(_pixel(x, y)) for x in range(SIZE))
                    for y in range(SIZE))
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b""))
