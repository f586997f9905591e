"""Run a child process and read its own peak resident memory (`ru_maxrss` of that child
alone, from `os.wait4`: `RUSAGE_CHILDREN` would give the largest of every child so far).

Linux carries a process's RSS high-water mark across `execve` from the memory it had
before, so a child forked by a large test worker (hundreds of MB once it has run window
tests) would report the worker's size. The child is therefore started by a small launcher
(a fresh interpreter of about 10 MB), which measures it and writes the figures to a file."""

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


# Sets the address-space limit (0: none) for the program it starts, waits for it and writes
# "exit code, peak RSS in KiB" to the file named first.
_LAUNCHER = ("import os, resource, subprocess, sys; report, n = sys.argv[1], int(sys.argv[2]); "
             "limit = (lambda: resource.setrlimit(resource.RLIMIT_AS, (n, n))) if n else None; "
             "p = subprocess.Popen(sys.argv[3:], preexec_fn=limit); "
             "_, status, usage = os.wait4(p.pid, 0); "
             "open(report, 'w').write(f'{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}')")


def run_measured(args: list[str], *, timeout: float = 180.0, address_space: int | None = None,
                 **kw: Any) -> Finished:
    """`args` run to its end (killed after `timeout` s); its exit code, output and peak RSS.

    `address_space` (bytes) limits the child's memory, so that a regression under test fails
    with a `MemoryError` instead of taking the machine's memory from everything else."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "peak")
        launcher = [sys.executable, "-c", _LAUNCHER, report, str(address_space or 0), *args]
        process = subprocess.Popen(launcher, stdout=out, stderr=err, start_new_session=True,
                                   **kw)
        killer = threading.Timer(timeout, os.killpg, (process.pid, signal.SIGKILL))
        killer.start()
        try:
            process.wait()
        finally:
            killer.cancel()
        try:
            with open(report) as figures:
                code, kib = (int(v) for v in figures.read().split())
        except (OSError, ValueError):  # the launcher was killed (the timeout)
            code, kib = -signal.SIGKILL, 0
        out.seek(0)
        err.seek(0)
        return Finished(code, out.read().decode("utf-8", "replace"),
                        err.read().decode("utf-8", "replace"), kib * 1024)
