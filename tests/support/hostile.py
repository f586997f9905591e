"""A hostile HTTP server on loopback, for the wire's tests: it answers as a broken proxy or a
malicious endpoint would (compression bombs, endless trickles, lengths that lie, garbage).

Written on raw asyncio streams, in a thread of its own, so that nothing between it and the
client tidies an answer up, and so that a command line in a subprocess can be pointed at it
as well as a client in the test's own loop. Each connection carries one answer and is closed.
"""

from __future__ import annotations

import asyncio
import functools
import struct
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

MiB = 1 << 20


@dataclass(frozen=True)
class Answer:
    """One answer. `pieces` are written one by one, `pause` seconds apart.

    `framing`: "length" announces a Content-Length (the body's true size, or `length` when
    given: a lie), "close" announces none and ends the body by closing, "chunked" uses
    chunked transfer coding. `hold` keeps the connection open after the last piece; `stall`
    sends nothing at all (not even the status line) and keeps it open."""

    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    pieces: Callable[[], Iterable[bytes]] = lambda: ()
    pause: float = 0.0
    framing: str = "length"
    length: int | None = None
    hold: bool = False
    stall: bool = False


def body(data: bytes, *, status: int = 200, coding: str | None = None,
         **kw: object) -> Answer:
    """An answer holding `data` as it is (already encoded in `coding`, if any)."""
    headers = [("Content-Type", "application/json")]
    if coding:
        headers.append(("Content-Encoding", coding))
    return Answer(status=status, headers=tuple(headers), pieces=lambda: [data],
                  **kw)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=8)
def gzip_bomb(inflated: int = 1 << 30, block: int = MiB) -> bytes:
    """A valid gzip body of `inflated` zero bytes (1 GiB: about 1 MB of gzip), built from one
    compressed block repeated: after a full flush deflate starts afresh, so each block of
    zeros compresses to the same bytes and the bomb costs one block's compression."""
    count, rest = divmod(inflated, block)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    zeros = bytes(block)
    unit = deflate.compress(zeros) + deflate.flush(zlib.Z_FULL_FLUSH)
    tail = deflate.compress(bytes(rest)) + deflate.flush()
    crc = 0
    for _ in range(count):
        crc = zlib.crc32(zeros, crc)
    crc = zlib.crc32(bytes(rest), crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    return header + unit * count + tail + struct.pack("<II", crc, inflated & 0xFFFFFFFF)


def gzip(data: bytes) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    return packer.compress(data) + packer.flush()


def deflate(data: bytes, *, raw: bool = False) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS if raw else zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush()


def split(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)] or [b""]


def trickle(piece: int = MiB, count: int | None = None) -> Callable[[], Iterator[bytes]]:
    """Pieces of `piece` bytes of JSON-ish filler, `count` of them (None: without end)."""
    filler = b" " * piece

    def pieces() -> Iterator[bytes]:
        sent = 0
        while count is None or sent < count:
            sent += 1
            yield filler
    return pieces


Route = Callable[[str, str], Answer]


@dataclass
class HostileServer:
    """`route(method, target)` picks each request's answer; `requests` lists what came."""

    route: Route
    host: str = "127.0.0.1"
    port: int = 0
    requests: list[tuple[str, str]] = field(default_factory=list)
    _loop: asyncio.AbstractEventLoop | None = None
    _thread: threading.Thread | None = None
    _server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> HostileServer:
        ready = threading.Event()
        self._loop = asyncio.new_event_loop()

        def run() -> None:
            assert self._loop is not None
            asyncio.set_event_loop(self._loop)
            self._server = self._loop.run_until_complete(
                asyncio.start_server(self._serve, self.host, 0))
            self.port = self._server.sockets[0].getsockname()[1]
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="hostile-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        return self

    def close(self) -> None:
        loop, server = self._loop, self._server
        if loop is None or server is None:
            return

        async def stop() -> None:
            server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await server.wait_closed()

        asyncio.run_coroutine_threadsafe(stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        assert self._thread is not None
        self._thread.join(10)
        loop.close()

    def __enter__(self) -> HostileServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, target = lines[0].split(" ")[:2]
            size = next((int(line.split(":", 1)[1]) for line in lines[1:]
                         if line.lower().startswith("content-length:")), 0)
            if size:
                await reader.readexactly(size)
            self.requests.append((method, target))
            await self._answer(writer, self.route(method, target))
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass  # the client hung up: what a client that stops reading does
        finally:
            writer.close()
            try:
                await writer.wait_closed()
            except (ConnectionError, OSError):
                pass

    async def _answer(self, writer: asyncio.StreamWriter, answer: Answer) -> None:
        if answer.stall:
            await asyncio.sleep(3600)
        pieces: Iterable[bytes] = answer.pieces()
        headers = list(answer.headers)
        if answer.framing == "length":
            if answer.length is None:
                pieces = [b"".join(pieces)]
                headers.append(("Content-Length", str(len(pieces[0]))))
            else:
                headers.append(("Content-Length", str(answer.length)))
        elif answer.framing == "chunked":
            headers.append(("Transfer-Encoding", "chunked"))
        head = f"HTTP/1.1 {answer.status} Hostile\r\n" + "".join(
            f"{k}: {v}\r\n" for k, v in headers) + "Connection: close\r\n\r\n"
        writer.write(head.encode("latin-1"))
        await writer.drain()
        for index, piece in enumerate(pieces):
            if index and answer.pause:
                await asyncio.sleep(answer.pause)
            if answer.framing == "chunked":
                if piece:
                    writer.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            else:
                writer.write(piece)
            await writer.drain()
        if answer.framing == "chunked":
            writer.write(b"0\r\n\r\n")
            await writer.drain()
        if answer.hold:
            await asyncio.sleep(3600)


class Switch:
    """A route that gives every request the answer set last (`switch.answer = ...`)."""

    def __init__(self, answer: Answer | None = None) -> None:
        self.answer = answer or body(b"{}")

    def __call__(self, method: str, target: str) -> Answer:
        return self.answer
