"""Reading an answer's body with a cap on what it decodes to, a piece at a time.

httpx inflates each network chunk whole (a 64 KiB chunk of a gzip bomb is ~64 MB at once);
here every `Content-Encoding` is undone by zlib with `max_length`, so no step holds more
than `STEP` bytes beyond the body kept, however compressed the body is, and the count stops
at the cap before the next piece is made. Codings: identity, gzip (x-gzip), deflate (zlib or
raw, as httpx reads it), up to `MAX_CODINGS` layers; the client asks for no other.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator

STEP = 256 * 1024  # bytes one inflate step may produce
MAX_CODINGS = 3  # "gzip, gzip, gzip" is already more than any server has a reason to send
ACCEPT_ENCODING = "gzip, deflate"  # the codings this module undoes; httpx may offer more


class Unreadable(Exception):
    """The body is not in a coding we read, or its compressed data is corrupt."""


class TooLarge(Exception):
    """The body (after decoding) is longer than the cap."""


class _Layer:
    """One coding undone, at most `STEP` bytes out per step."""

    def __init__(self, coding: str) -> None:
        self.coding = coding
        self._first = True
        self._z = (zlib.decompressobj(zlib.MAX_WBITS | 16) if coding in ("gzip", "x-gzip")
                   else zlib.decompressobj())

    def feed(self, data: bytes) -> Iterator[bytes]:
        first, self._first = self._first, False
        try:
            out = self._z.decompress(data, STEP)
        except zlib.error as exc:
            if not (first and self.coding == "deflate"):
                raise Unreadable(f"{self.coding}: {exc}") from None
            # "deflate" is zlib-wrapped by the letter, raw in the field: read both (httpx does).
            self._z = zlib.decompressobj(-zlib.MAX_WBITS)
            yield from self.feed(data)
            return
        yield out
        while self._z.unconsumed_tail:
            try:
                out = self._z.decompress(self._z.unconsumed_tail, STEP)
            except zlib.error as exc:
                raise Unreadable(f"{self.coding}: {exc}") from None
            yield out

    def flush(self) -> bytes:
        try:
            return self._z.flush()
        except zlib.error as exc:
            raise Unreadable(f"{self.coding}: {exc}") from None


class BodyReader:
    """Takes the raw bytes of a body as they arrive; keeps at most `limit` decoded bytes.

    `feed` raises `TooLarge` as soon as the decoded body passes `limit` (or, with
    `truncate`, quietly drops the rest and sets `full`), `Unreadable` on a coding it
    cannot undo."""

    def __init__(self, content_encoding: list[str], limit: int, *,
                 truncate: bool = False) -> None:
        codings = [c.strip().lower() for c in content_encoding if c.strip()]
        codings = [c for c in codings if c != "identity"]
        unknown = [c for c in codings if c not in ("gzip", "x-gzip", "deflate")]
        # Told when a byte comes: an empty body in any coding is still an empty body.
        self._refusal = (f"{len(codings)} content codings" if len(codings) > MAX_CODINGS
                         else f"content coding {unknown[0][:40]!r}" if unknown else "")
        # Applied first to last: undone last to first.
        self._layers = [] if self._refusal else [_Layer(c) for c in reversed(codings)]
        self.limit = limit
        self.truncate = truncate
        self.full = False
        self.size = 0
        self._parts: list[bytes] = []

    def feed(self, raw: bytes) -> None:
        if self._refusal and raw:
            raise Unreadable(self._refusal)
        self._through(0, raw)

    def finish(self) -> bytes:
        """The decoded body, once the raw body has ended."""
        for index, layer in enumerate(self._layers):
            if self.full:
                break
            self._through(index + 1, layer.flush())
        body = b"".join(self._parts)
        self._parts = []
        return body

    def _through(self, index: int, data: bytes) -> None:
        if index == len(self._layers):
            self._keep(data)
            return
        for piece in self._layers[index].feed(data):
            if self.full:
                return
            self._through(index + 1, piece)

    def _keep(self, data: bytes) -> None:
        if self.full or not data:
            return
        room = self.limit - self.size
        if len(data) > room:
            if not self.truncate:
                raise TooLarge(self.size + len(data))
            data = data[:room]
            self.full = True
        self.size += len(data)
        self._parts.append(data)
