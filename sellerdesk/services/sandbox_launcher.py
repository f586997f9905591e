"""Start the bundled sandbox as a child process on loopback: the demo shop, the tests and the
benchmarks all start it here.

The sandbox is a separate program that happens to ship in the package: this starts it with
`python -m sellerdesk.sandbox` (or the bundle's own executable) and talks to it over HTTP
only, exactly as the client talks to the real service. It prints one ready line,
`SELLERDESK-SANDBOX base_url=... shop_id=N token=T`; a named thread keeps reading its output
(the child never blocks on a full pipe) and keeps the last lines for error messages.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

READY = re.compile(r"SELLERDESK-SANDBOX base_url=(\S+) shop_id=(\d+) token=(\S+)")
# The demo app's OAuth credentials and a refresh token issued at start, after the above.
READY_OAUTH = re.compile(r" client_id=(\S+) client_secret=(\S+) refresh_token=(\S+)")

# Extra arguments for every sandbox started here (the demo shop, the tests, the benchmarks),
# after the launcher's own; one argument per item. None: every sandbox is as harsh as the
# field (rate limit, expiring tokens, field variety; docs/decisions.md), and a caller that
# needs it gentler says so in `extra_args` (the test suite turns the rate limit off).
SANDBOX_ARGS: tuple[str, ...] = ()

OUTPUT_LINES = 400  # lines of the child's output kept before and after its ready line


def sandbox_command() -> list[str]:
    """How to start the sandbox from this installation (a frozen bundle has no `-m`)."""
    if getattr(sys, "frozen", False):
        # On Windows the windowed SellerDesk.exe has no console; its console twin does.
        twin = Path(sys.executable).with_name("sellerdesk-cli.exe")
        if sys.platform == "win32" and twin.exists():
            return [str(twin), "sandbox"]
        return [sys.executable, "sandbox"]
    return [sys.executable, "-m", "sellerdesk.sandbox"]


def free_port() -> int:
    """A loopback port free right now (the demo's address must be known before it starts)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class SandboxChild(Protocol):
    """What the launcher needs of the sandbox's process: `subprocess.Popen`'s shape."""

    @property
    def pid(self) -> int: ...

    @property
    def stdout(self) -> IO[str] | None: ...

    def poll(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int: ...

    def terminate(self) -> None: ...

    def kill(self) -> None: ...


class SandboxStartError(RuntimeError):
    """The sandbox did not print its ready line; the message ends with its last output."""


@dataclass
class SandboxProcess:
    """One sandbox child process. `start()` blocks until it serves (call it through
    `asyncio.to_thread` from the event loop); `restart()` keeps its database and port."""

    db: Path
    port: int = 0
    seed: int | None = None
    orders: int | None = None
    extra_args: list[str] = field(default_factory=list)
    base_url: str = ""
    shop_id: int = 0
    token: str = ""
    client_id: str = ""  # the demo app's OAuth credentials (empty from an older sandbox)
    client_secret: str = field(default="", repr=False)
    refresh_token: str = field(default="", repr=False)  # issued at start, single-use
    ready_line: str = ""
    proc: SandboxChild | None = field(default=None, repr=False)
    # Its output: the lines up to the ready line, and the latest ones after it.
    _head: list[str] = field(default_factory=list, repr=False)
    _tail: deque[str] = field(default_factory=lambda: deque(maxlen=OUTPUT_LINES), repr=False)
    _reader: threading.Thread | None = field(default=None, repr=False)

    def arguments(self) -> list[str]:
        args = [*sandbox_command(), "--host", "127.0.0.1", "--port", str(self.port),
                "--db", str(self.db)]
        if self.seed is not None:
            args += ["--seed", str(self.seed)]
        if self.orders is not None:
            args += ["--orders", str(self.orders)]
        return [*args, *SANDBOX_ARGS, *self.extra_args]

    def spawn(self, argv: list[str], env: dict[str, str]) -> SandboxChild:
        """Create the sandbox's process, its stdout and stderr on one text pipe (a seam: the
        test suite forks its sandboxes from a warm process instead)."""
        return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, encoding="utf-8", errors="replace", env=env,
                                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))

    def start(self, timeout: float = 120.0) -> SandboxProcess:
        self.db.parent.mkdir(parents=True, exist_ok=True)
        proc = self.spawn(self.arguments(), dict(os.environ, PYTHONUNBUFFERED="1"))
        self.proc = proc
        ready = threading.Event()
        found: list[re.Match[str]] = []

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:  # until the child closes it (it ended)
                if found or len(self._head) >= OUTPUT_LINES:
                    self._tail.append(line)
                else:
                    self._head.append(line)
                if not found:
                    m = READY.search(line)
                    if m:
                        found.append(m)
                        ready.set()
            ready.set()

        self._reader = threading.Thread(target=read, name="sandbox-output", daemon=True)
        self._reader.start()
        ready.wait(timeout)
        if not found:
            tail = "".join(list(self.output)[-40:])
            self.stop(kill=True)
            raise SandboxStartError("The sandbox could not start:\n" + tail)
        m = found[0]
        self.ready_line = m.string
        self.base_url, self.token, self.shop_id = m.group(1), m.group(3), int(m.group(2))
        self.port = int(self.base_url.rsplit(":", 1)[1])
        oauth = READY_OAUTH.search(m.string)
        if oauth is not None:
            self.client_id, self.client_secret, self.refresh_token = oauth.groups()
        return self

    @property
    def output(self) -> list[str]:
        return [*self._head, *self._tail]

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, kill: bool = False) -> None:
        """End the child (SIGTERM, or SIGKILL with `kill`) and close its output pipe."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            if kill:
                proc.kill()
            else:
                proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.join(10)  # the pipe reached its end with the child
        if proc.stdout is not None:
            with contextlib.suppress(OSError):
                proc.stdout.close()

    def restart(self) -> SandboxProcess:
        self.stop()
        return self.start()

    def __repr__(self) -> str:  # the token is the sandbox's own, but keep the habit
        return f"SandboxProcess(base_url={self.base_url!r}, shop_id={self.shop_id})"


__all__ = ["READY", "READY_OAUTH", "SANDBOX_ARGS", "SandboxChild", "SandboxProcess",
           "SandboxStartError", "free_port", "sandbox_command"]
