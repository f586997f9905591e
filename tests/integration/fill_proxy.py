"""A loopback proxy in front of the sandbox that fills a small file system at a chosen
request: the disk becomes full at an exact point of a command's progress (before a read is
answered, or after a write was applied and before its answer goes back), with no timing."""

from __future__ import annotations

import http.client
import http.server
import os
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

HOP = {"connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade"}


def fill(folder: Path) -> Path:
    """Write a file in `folder` until its file system has no byte left; returns it."""
    filler = folder / "filler.bin"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (1 << 20, 1 << 16, 1 << 12, 1 << 8, 1):
            chunk = b"\0" * size
            while True:
                try:
                    os.write(fd, chunk)
                except OSError:
                    break
    finally:
        os.close(fd)
    return filler


@dataclass
class Trigger:
    """Fill `folder` at the `nth` request of `method` whose path ends with `path`:
    `after=False` before it is forwarded, `after=True` once the sandbox answered it."""

    method: str
    path: str
    folder: Path
    after: bool = False
    nth: int = 1
    seen: int = 0
    fired: threading.Event = field(default_factory=threading.Event)


class FillProxy:
    def __init__(self, target: str) -> None:
        parts = urlsplit(target)
        self._host, self._port = parts.hostname or "127.0.0.1", parts.port or 80
        self.trigger: Trigger | None = None
        self._lock = threading.Lock()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _any(self) -> None:
                proxy.forward(self)

            do_GET = do_PUT = do_POST = do_DELETE = do_PATCH = _any

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def _counts(self, method: str, path: str) -> bool:
        """Whether this request is the trigger's `nth` (counted before it is forwarded)."""
        t = self.trigger
        if t is None or t.fired.is_set() or method != t.method:
            return False
        if not path.split("?")[0].rstrip("/").endswith(t.path):
            return False
        t.seen += 1
        return t.seen == t.nth

    def _fire(self) -> None:
        assert self.trigger is not None
        fill(self.trigger.folder)
        self.trigger.fired.set()

    def forward(self, h: http.server.BaseHTTPRequestHandler) -> None:
        length = int(h.headers.get("Content-Length") or 0)
        body = h.rfile.read(length) if length else None
        with self._lock:
            hit = self._counts(h.command, h.path)
        if hit and self.trigger is not None and not self.trigger.after:
            self._fire()
        conn = http.client.HTTPConnection(self._host, self._port, timeout=60)
        try:
            headers = {k: v for k, v in h.headers.items() if k.lower() not in HOP}
            conn.request(h.command, h.path, body=body, headers=headers)
            answer = conn.getresponse()
            data = answer.read()
            if hit and self.trigger is not None and self.trigger.after:
                self._fire()
            h.send_response(answer.status)
            for k, v in answer.getheaders():
                if k.lower() not in HOP and k.lower() != "content-length":
                    h.send_header(k, v)
            h.send_header("Content-Length", str(len(data)))
            h.end_headers()
            h.wfile.write(data)
        finally:
            conn.close()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def can_mount() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@contextmanager
def small_disk(folder: Path, size: str = "8m") -> Iterator[Path]:
    """A tmpfs of `size` mounted on `folder` (root only; the caller skips otherwise)."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs",
                    str(folder)], check=True, capture_output=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False, capture_output=True)
