"""The suite's watchdog: a test that runs past its timeout ends its test process, and the run
says which test it was and where every thread stood.

pytest-timeout's default (SIGALRM) never fires while Qt's event loop sits in C, and a hung
window test stalled a whole CI run; its thread method needs the interpreter to write its
report, which an xdist worker then loses. `faulthandler` writes from C, needs no lock, and
ends the process; each worker writes to a file of the run's own folder, and the controller
prints those files in the summary (pytest-xdist reports the test as crashed and goes on).
"""

from __future__ import annotations

import faulthandler
import os
import tempfile
from pathlib import Path
from typing import IO, Any

import pytest

_FOLDER_ENV = "SELLERDESK_TEST_WATCHDOG"
_OPEN = pytest.StashKey[tuple[IO[str], Path]]()


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or a run without workers)
        folder = Path(tempfile.mkdtemp(prefix="sellerdesk-watchdog-"))
        os.environ[_FOLDER_ENV] = str(folder)  # the workers, started later, inherit it


def _folder() -> Path:
    return Path(os.environ.get(_FOLDER_ENV) or tempfile.gettempdir())


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    if not settings.timeout:
        return None
    path = _folder() / f"{os.getpid()}.txt"
    out = path.open("w", encoding="utf-8")
    out.write(f"{item.nodeid} ran past its {settings.timeout:.0f} s; its test process was "
              "ended. Where each thread stood:\n")
    out.flush()
    faulthandler.dump_traceback_later(settings.timeout, exit=True, file=out)
    item.stash[_OPEN] = (out, path)
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> bool | None:
    entry = item.stash.get(_OPEN, None)
    if entry is None:
        return None
    faulthandler.cancel_dump_traceback_later()
    out, path = entry
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
