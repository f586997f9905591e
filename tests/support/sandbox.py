"""Start and drive the sandbox as a real subprocess over loopback, for tests and benchmarks."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

READY = re.compile(r"SELLERDESK-SANDBOX base_url=(\S+) shop_id=(\d+) token=(\S+)")


@dataclass
class Sandbox:
    """A running `sellerdesk-sandbox` process; `restart()` keeps its database and port."""

    db: Path
    seed: int = 1
    orders: int | None = None
    extra_args: list[str] = field(default_factory=list)
    port: int = 0
    base_url: str = ""
    shop_id: int = 0
    token: str = ""
    proc: subprocess.Popen[str] | None = None
    output: list[str] = field(default_factory=list)

    def start(self, timeout: float = 120.0) -> Sandbox:
        args = [sys.executable, "-m", "sellerdesk.sandbox", "--host", "127.0.0.1",
                "--port", str(self.port), "--db", str(self.db), "--seed", str(self.seed)]
        if self.orders is not None:
            args += ["--orders", str(self.orders)]
        args += self.extra_args
        args.append("--gentle")  # until the client paces and tolerates the field: the lead removes this  # noqa: E501
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        found = threading.Event()

        def pump() -> None:
            assert self.proc and self.proc.stdout
            for line in self.proc.stdout:
                self.output.append(line)
                m = READY.search(line)
                if m and not found.is_set():
                    self.base_url, self.token = m.group(1), m.group(3)
                    self.shop_id = int(m.group(2))
                    self.port = int(self.base_url.rsplit(":", 1)[1])
                    found.set()

        threading.Thread(target=pump, daemon=True).start()
        if not found.wait(timeout):
            self.stop()
            raise RuntimeError("sandbox did not start:\n" + "".join(self.output[-40:]))
        return self

    def stop(self, kill: bool = False) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    def restart(self) -> Sandbox:
        self.stop()
        return self.start()

    @property
    def api(self) -> str:
        return f"{self.base_url}/v1/shops/{self.shop_id}"

    def get(self, path: str, **params: Any) -> httpx.Response:
        """A plain authenticated GET below /v1/shops/{id}, for checking server state."""
        return httpx.get(self.api + path, params={"access_token": self.token, **params},
                         timeout=30)

    def set_faults(self, **faults: Any) -> dict[str, Any]:
        r = httpx.put(f"{self.base_url}/_sandbox/faults", params={"access_token": self.token},
                      json=faults, timeout=30)
        r.raise_for_status()
        result: dict[str, Any] = r.json()
        return result

    def clear_faults(self) -> None:
        httpx.delete(f"{self.base_url}/_sandbox/faults", params={"access_token": self.token},
                     timeout=30).raise_for_status()

    def requests_log(self) -> list[dict[str, Any]]:
        r = httpx.get(f"{self.base_url}/_sandbox/requests", params={"access_token": self.token},
                      timeout=30)
        r.raise_for_status()
        log: list[dict[str, Any]] = r.json()
        return log

    def ask(self, **body: Any) -> dict[str, Any]:
        """A buyer asks a question (POST /_sandbox/questions); returns it as a single read."""
        r = httpx.post(f"{self.base_url}/_sandbox/questions",
                       params={"access_token": self.token}, json=body or None, timeout=30)
        r.raise_for_status()
        question: dict[str, Any] = r.json()
        return question

    def sell(self, **body: Any) -> dict[str, Any]:
        """A buyer places an order (POST /_sandbox/orders); returns it as a single read."""
        r = httpx.post(f"{self.base_url}/_sandbox/orders",
                       params={"access_token": self.token}, json=body or None, timeout=30)
        r.raise_for_status()
        order: dict[str, Any] = r.json()
        return order
