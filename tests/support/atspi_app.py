"""The window as a screen reader meets it, from outside: a private X server, a private D-Bus
session with the accessibility bus, `python -m sellerdesk` on them, one walker on the bus
for the desktop's life to walk and act (`atspi_walk.py --serve`, AT-SPI's calls with
pyatspi's names) and Debian's pyatspi to listen (`atspi_listen.py`).

Debian's `/usr/bin/python3` runs the AT-SPI side: the project's virtual environment cannot
import pyatspi. Used by tests/gui/test_atspi*.py; each test process has its own D-Bus session
and accessibility bus (under its own runtime folder), so walks in two processes run at once.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.display import need, xvfb

SUPPORT = Path(__file__).resolve().parent
WALKER = SUPPORT / "atspi_walk.py"
LISTENER = SUPPORT / "atspi_listen.py"
RUNTIME = Path(tempfile.gettempdir()) / f"sellerdesk-atspi-{os.getpid()}"  # per test process
# Gone with the test process, not left in the machine's /tmp run after run.
atexit.register(shutil.rmtree, RUNTIME, ignore_errors=True)
DEBIAN_PYTHON = "/usr/bin/python3"  # the python3 Debian's python3-pyatspi is built for
APP = "SellerDesk"  # the application's name on the bus (QApplication.applicationName)
WALKS = 400  # a bound on walks while waiting for the app, a view or a sync
QUIET = 180  # and on one-second waits in a row in which its tree did not change


def debian_atspi() -> str:
    """Debian's python3 if it can import pyatspi; skips otherwise (never in CI)."""
    usable = Path(DEBIAN_PYTHON).exists() and subprocess.run(
        [DEBIAN_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode == 0
    launcher = any(Path(p).exists() for p in ("/usr/libexec/at-spi-bus-launcher",
                                              "/usr/lib/at-spi2-core/at-spi-bus-launcher"))
    if not (usable and launcher):
        why = ("Debian's at-spi2-core and python3-pyatspi are not installed "
               "(./run test installs them with apt-get; CI always has them)")
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return DEBIAN_PYTHON


@contextlib.contextmanager
def session_bus() -> Iterator[str]:
    """A private D-Bus session; the accessibility bus is activated on it when first asked."""
    daemon = need("dbus-daemon")
    # The accessibility bus's socket goes under $XDG_RUNTIME_DIR (else ~/.cache/at-spi,
    # shared with every other program of the user: a window test under X elsewhere in the
    # run could take that path over and remove it when it ends). One of our own.
    RUNTIME.mkdir(mode=0o700, parents=True, exist_ok=True)
    proc = subprocess.Popen([daemon, "--session", "--nofork", "--print-address=1"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=dict(os.environ, XDG_RUNTIME_DIR=str(RUNTIME)))
    assert proc.stdout is not None
    with proc.stdout:
        address = proc.stdout.readline().strip()
    try:
        assert address, "dbus-daemon did not start"
        yield address
    finally:
        proc.terminate()  # the accessibility bus and registry leave with their session
        proc.wait(30)


@dataclass
class Walk:
    found: bool
    nodes: list[dict[str, Any]]

    @property
    def title(self) -> str:
        frames = [n["name"] for n in self.nodes if n["role"] == "frame"]
        return frames[0] if frames else ""

    def shape(self) -> list[tuple[str, str]]:
        return [(n["path"], n["role"]) for n in self.nodes]

    def names(self) -> set[str]:
        return {n["name"] for n in self.nodes}


class Walker:
    """One `atspi_walk.py --serve` for a desktop: each walk or act is a line to it and a
    line back, instead of a new python3 that imports pyatspi and GObject per walk (which
    cost more than the walk)."""

    def __init__(self, python: str, env: dict[str, str]) -> None:
        self._errors = RUNTIME / "atspi_walk.log"  # what it said, when a walk fails
        with self._errors.open("w") as errors:
            self.proc = subprocess.Popen([python, str(WALKER), APP, "--serve"], env=env,
                                         text=True, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=errors)
        self.walks = 0  # for the record: how many walks a test made

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:  # it ended: say why
            self.proc.wait(30)
            raise AssertionError(f"the walker ended ({self.proc.returncode}): "
                                 + self._errors.read_text())
        return dict(json.loads(line))

    def walk(self) -> Walk:
        self.walks += 1
        data = self.ask({"op": "walk"})
        return Walk(found=data["found"], nodes=data["nodes"])

    def wait(self, seconds: float) -> int:
        """The app's tree changes heard since the last walk or act began, waiting up to
        `seconds` for one."""
        return int(self.ask({"op": "wait", "seconds": seconds})["changes"])

    def act(self, kind: str, parent: str, child: str) -> bool:
        data = self.ask({"op": "act", "kind": kind, "parent": parent, "child": child})
        return bool(data["done"])

    def close(self) -> None:
        _end(self.proc)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


@dataclass
class Desktop:
    """A private X display and accessibility bus: Debian's python, the environment to run
    on them, and the walker that reads the bus."""

    python: str
    env: dict[str, str]
    walker: Walker


Heard = dict[str, Any]  # one event of atspi_listen.py: type, text, role, name, ...


class Listener:
    """What a screen reader hears of the app, as it happens (`atspi_listen.py`)."""

    def __init__(self, python: str, env: dict[str, str], log: Path | None = None) -> None:
        self._log = log.open("w") if log is not None else None  # beside the app's log
        self.proc = subprocess.Popen([python, str(LISTENER), APP], env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.heard: list[Heard] = []
        self._new: queue.Queue[Heard | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        ready = self._new.get(timeout=60)
        assert ready is not None and ready["type"] == "ready", ready

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if self._log is not None:
                self._log.write(line)
                self._log.flush()
            self._new.put(json.loads(line))
        self._new.put(None)

    def _drain(self, block: bool) -> bool:
        """Take what arrived (waiting for one event when `block`); False once it ended."""
        try:
            event = self._new.get(timeout=1) if block else self._new.get_nowait()
        except queue.Empty:
            return True
        if event is None:
            return False
        self.heard.append(event)
        return True

    def mark(self) -> int:
        """A point in what was heard: `wait` and `since` look after it."""
        while self._new.qsize():
            self._drain(False)
        return len(self.heard)

    def since(self, mark: int, kind: str | None = None) -> list[Heard]:
        self.mark()
        return [h for h in self.heard[mark:] if kind is None or h["type"] == kind]

    def wait(self, mark: int, found: Callable[[list[Heard]], Any], what: str,
             events: int = 400) -> Any:
        """Wait until `found(events heard since mark)` is truthy; returns it. Bounded by
        events and by one-second waits without one (a loaded machine is slow, not stuck)."""
        quiet = 0
        while quiet < 180 and len(self.heard) - mark < events:
            got = found(self.since(mark))
            if got:
                return got
            before = len(self.heard)
            if not self._drain(True):
                break
            quiet = 0 if len(self.heard) > before else quiet + 1
        raise AssertionError(f"never heard {what}; heard: "
                             + json.dumps(self.heard[mark:], indent=1))

    def close(self) -> None:
        _end(self.proc)
        self._reader.join(30)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        if self._log is not None:
            self._log.close()


def said(heard: list[Heard], words: str) -> list[Heard]:
    """The announcements heard that contain `words`."""
    return [h for h in heard if h["type"] == "announcement" and words in h["text"]]


class App:
    def __init__(self, desk: Desktop, env: dict[str, str], proc: subprocess.Popen[bytes],
                 log: Path) -> None:
        self.walker, self.env, self.proc, self.log = desk.walker, env, proc, log

    def settle(self, done: Callable[[Walk], Any]) -> Walk:
        """Walk until `done(walk)` holds and two walks in a row have the same shape. A walk
        that does not settle is followed by a wait for the app to change its tree (an
        object added, removed, shown, hidden or renamed), not by walks to find out."""
        last: Walk | None = None
        quiet = 0  # one-second waits in a row without a change: a stuck app, not a slow one
        for _ in range(WALKS):
            assert self.proc.poll() is None, self.log.read_text()
            now = self.walker.walk()
            if now.found and done(now) and last is not None and last.shape() == now.shape():
                return now
            ready = now.found and done(now)  # then a second walk, to see it stays so
            last = now
            try:
                self.proc.wait(0.5)  # a burst of changes is walked once
            except subprocess.TimeoutExpired:
                pass
            if ready or self.walker.wait(1.0):
                quiet = 0
            elif (quiet := quiet + 1) >= QUIET:
                break
        raise AssertionError(f"the app never settled; last walk: {last}\n"
                             + self.log.read_text())

    def act(self, kind: str, parent: str, child: str) -> bool:
        """Do to `parent`'s child `child` what a screen reader does (see atspi_walk.py);
        `parent` "" looks for `child` anywhere showing in the app."""
        return self.walker.act(kind, parent, child)

    def key(self, keys: str) -> None:
        """Type `keys` into the window. No window manager runs on the private display, so
        the window is given the keyboard focus first, as a desktop does on a click."""
        xdotool = need("xdotool")
        subprocess.run([xdotool, "search", "--onlyvisible", "--class", APP, "windowfocus",
                        "--sync", "key", "--clearmodifiers", keys], env=self.env, check=True)

    def activate(self) -> None:
        """Give the window the keyboard focus back, as a desktop's window manager does when
        a dialog of it closes (none runs on the private display)."""
        xdotool = need("xdotool")
        subprocess.run([xdotool, "search", "--onlyvisible", "--class", APP, "windowfocus",
                        "--sync"], env=self.env, check=True)

    def type(self, text: str) -> None:
        xdotool = need("xdotool")
        subprocess.run([xdotool, "search", "--onlyvisible", "--class", APP, "windowfocus",
                        "--sync", "type", "--clearmodifiers", text], env=self.env, check=True)


@contextlib.contextmanager
def desktop() -> Iterator[Desktop]:
    """A private X display and accessibility bus, with a walker on it."""
    python = debian_atspi()
    need("xdotool")
    with session_bus() as bus, xvfb() as display:
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", PYTHONUNBUFFERED="1",
                   DBUS_SESSION_BUS_ADDRESS=bus, XDG_RUNTIME_DIR=str(RUNTIME),
                   QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
                   # libatspi asks every app for a bus of its own, which Qt does not offer
                   # (and says so on every walk): the shared bus is the one meant.
                   QT_LOGGING_RULES="qt.accessibility.atspi.warning=false")
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("AT_SPI_BUS_ADDRESS", None)
        # The walker asks for the accessibility bus, which brings it up before the app
        # starts, so the app finds it at once; no app is on it yet.
        walker = Walker(python, env)
        try:
            assert not walker.walk().found
            yield Desktop(python, env, walker)
        finally:
            walker.close()


@contextlib.contextmanager
def running(desk: Desktop, args: Sequence[str], log: Path,
            env: dict[str, str] | None = None) -> Iterator[App]:
    """`python -m sellerdesk ARGS` on the desktop (in `env`, else the desktop's); closed
    like File -> Quit at the end."""
    env = desk.env if env is None else env
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "sellerdesk", *args],
                                env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            yield App(desk, env, proc, log)
            proc.send_signal(signal.SIGINT)  # closes the window like File -> Quit
            assert proc.wait(120) == 0, log.read_text()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(30)


def _end(proc: subprocess.Popen[str]) -> None:
    """Close a helper's input (its cue to finish) and wait for it; killed if it will not."""
    assert proc.stdin is not None
    proc.stdin.close()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(30)
