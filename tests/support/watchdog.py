"""The suite's watchdog: a test that runs past its timeout ends its test process, and the run
says which test it was and where every thread stood.

pytest-timeout's default (SIGALRM) never fires while Qt's event loop sits in C, and a hung
window test stalled a whole CI run; its thread method needs the interpreter to write its
report, which an xdist worker then loses. Here a timer thread writes where every thread
stood (`faulthandler`, from C) to a file of the run's own folder, ends the processes the test
started (an app or a sandbox left running would hold the run's output open after it ends),
and ends the test process; the controller prints those files in the summary, and
pytest-xdist reports the test as crashed and goes on. Should the thread never get the
interpreter, faulthandler's own timer ends the process a minute later.
"""

from __future__ import annotations

import faulthandler
import os
import shutil
import signal
import sys
import tempfile
import threading
from pathlib import Path
from typing import IO, Any

import pytest

_FOLDER_ENV = "SELLERDESK_TEST_WATCHDOG"
_OPEN = pytest.StashKey[tuple[IO[str], Path, threading.Timer]]()
_LAST_RESORT_S = 60


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or a run without workers)
        folder = Path(tempfile.mkdtemp(prefix="sellerdesk-watchdog-"))
        os.environ[_FOLDER_ENV] = str(folder)  # the workers, started later, inherit it


def _folder() -> Path:
    return Path(os.environ.get(_FOLDER_ENV) or tempfile.gettempdir())


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    if not settings.timeout:
        return None
    path = _folder() / f"{os.getpid()}.txt"
    out = path.open("w", encoding="utf-8")
    out.write(f"{item.nodeid} ran past its {settings.timeout:.0f} s; its test process was "
              "ended. Where each thread stood:\n")
    out.flush()
    timer = threading.Timer(settings.timeout, _end, (out,))
    timer.daemon = True
    timer.start()
    faulthandler.dump_traceback_later(settings.timeout + _LAST_RESORT_S, exit=True, file=out)
    item.stash[_OPEN] = (out, path, timer)
    return True


def _end(out: IO[str]) -> None:
    try:
        faulthandler.dump_traceback(file=out, all_threads=True)
        ended = _end_descendants()
        out.write(f"Ended the {len(ended)} processes it had started: {ended}\n")
        out.flush()
    finally:
        os._exit(1)


def _end_descendants() -> list[int]:
    """Kill every process below this one (Linux: read from /proc)."""
    if not sys.platform.startswith("linux"):
        return []
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    ended: list[int] = []
    todo = list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            os.kill(pid, signal.SIGKILL)
            ended.append(pid)
        except OSError:
            pass
    return ended


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> bool | None:
    entry = item.stash.get(_OPEN, None)
    if entry is None:
        return None
    faulthandler.cancel_dump_traceback_later()
    out, path, timer = entry
    timer.cancel()
    out.close()
    path.unlink(missing_ok=True)
    del item.stash[_OPEN]
    return True


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):
        return
    for report in sorted(_folder().glob("*.txt")):
        terminalreporter.section(f"watchdog: {report.name}", sep="!")
        terminalreporter.write(report.read_text(encoding="utf-8", errors="replace")[-20000:])


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = os.environ.get(_FOLDER_ENV)
    if not hasattr(config, "workerinput") and folder:
        shutil.rmtree(folder, ignore_errors=True)  # its reports were printed in the summary
