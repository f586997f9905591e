"""Start the bundled sandbox as a child process for `--demo`: no account, no network.

The sandbox is a separate program that happens to ship in the package; the client side
only talks to it over loopback HTTP, exactly as it talks to the real service.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

READY = re.compile(r"SELLERDESK-SANDBOX base_url=(\S+) shop_id=(\d+) token=(\S+)")


@dataclass
class DemoServer:
    """A running demo sandbox; `stop()` ends it."""

    base_url: str
    shop_id: int
    token: str
    process: subprocess.Popen[str]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def __repr__(self) -> str:  # the demo token is not a secret, but keep the habit
        return f"DemoServer(base_url={self.base_url!r}, shop_id={self.shop_id})"


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


def start_demo_server(db_path: Path, *, port: int = 0, orders: int | None = None,
                      timeout: float = 120.0) -> DemoServer:
    """Start the sandbox on loopback over `db_path` and wait for its ready line. Blocks:
    the GUI calls it through `asyncio.to_thread`."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    args = [*sandbox_command(), "--host", "127.0.0.1", "--port", str(port), "--db",
            str(db_path)]
    if orders is not None:
        args += ["--orders", str(orders)]
    args.append("--gentle")  # until the client paces and tolerates the field: the lead removes this
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"),
                            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
    found: list[re.Match[str]] = []
    ready = threading.Event()
    tail: list[str] = []

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:  # keep draining so the child never blocks on a full pipe
            if not found:
                tail.append(line)
                m = READY.search(line)
                if m:
                    found.append(m)
                    ready.set()
        ready.set()

    threading.Thread(target=pump, name="demo-sandbox-output", daemon=True).start()
    ready.wait(timeout)
    if not found:
        with contextlib.suppress(Exception):
            proc.kill()
        raise RuntimeError("The demo shop could not start:\n" + "".join(tail[-20:]))
    m = found[0]
    return DemoServer(base_url=m.group(1), shop_id=int(m.group(2)), token=m.group(3),
                      process=proc)
