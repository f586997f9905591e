"""Run a child process and read its own peak resident memory (`ru_maxrss` of that child
alone, from `os.wait4`: `RUSAGE_CHILDREN` would give the largest of every child so far)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Finished:
    returncode: int
    stdout: str
    stderr: str
    peak_rss: int  # bytes

    @property
    def peak_mb(self) -> float:
        return self.peak_rss / 1e6


# Sets the address-space limit, then becomes the program (same process: `wait4` measures it).
_LIMITED = ("import os, resource, sys; n = int(sys.argv[1]); "
            "resource.setrlimit(resource.RLIMIT_AS, (n, n)); os.execv(sys.argv[2], sys.argv[2:])")


def run_measured(args: list[str], *, timeout: float = 180.0, address_space: int | None = None,
                 **kw: Any) -> Finished:
    """`args` run to its end (killed after `timeout` s); its exit code, output and peak RSS.

    `address_space` (bytes) limits the child's memory, so that a regression under test fails
    with a `MemoryError` instead of taking the machine's memory from everything else."""
    if address_space is not None:
        args = [sys.executable, "-c", _LIMITED, str(address_space), *args]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(args, stdout=out, stderr=err, **kw)
        killer = threading.Timer(timeout, os.kill, (process.pid, signal.SIGKILL))
        killer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            killer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)  # Popen must not wait again
        out.seek(0)
        err.seek(0)
        return Finished(process.returncode, out.read().decode("utf-8", "replace"),
                        err.read().decode("utf-8", "replace"), usage.ru_maxrss * 1024)
