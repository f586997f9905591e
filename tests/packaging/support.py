"""Helpers of the packaging tests: the recipes' modules, and one bundle build per test run."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP = "SellerDesk"

# Opt-in switches of the bundle test (it builds with PyInstaller: about a minute here).
BUNDLE_TEST_ENV = "SELLERDESK_BUNDLE_TEST"  # "1": run it (same as `pytest --bundle`)
BUNDLE_DIR_ENV = "SELLERDESK_BUNDLE_DIR"  # a dist/ folder already built: test it, no build
BUILD_TIMEOUT = 1500.0

_RUN_ID = uuid.uuid4().hex  # one per test process; xdist gives its workers a shared one


def load(name: str) -> ModuleType:
    """packaging/<name>.py, loaded by path (`packaging` is a PyPI package's name)."""
    spec = importlib.util.spec_from_file_location(f"sellerdesk_packaging_{name}",
                                                  PACKAGING / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bundle_test_wanted(config: pytest.Config) -> bool:
    return (os.environ.get("CI") == "true" or os.environ.get(BUNDLE_TEST_ENV) == "1"
            or bool(os.environ.get(BUNDLE_DIR_ENV))
            or bool(config.getoption("--bundle", default=False)))


@dataclass
class Bundle:
    dist: Path  # the folder holding SellerDesk/ (or SellerDesk.app) and the archive
    folder: Path  # the one-folder app (macOS: the .app)
    exe: Path  # the program to start: window, command line and sandbox in one
    build_seconds: float | None  # None when reused


def bundle_paths(dist: Path) -> tuple[Path, Path]:
    if sys.platform == "darwin":
        folder = dist / f"{APP}.app"
        return folder, folder / "Contents" / "MacOS" / APP
    folder = dist / APP
    # Windows: the console twin of the windowed SellerDesk.exe, so the output can be read
    exe = folder / ("sellerdesk-cli.exe" if os.name == "nt" else APP)
    return folder, exe


@contextlib.contextmanager
def _exclusive(lock: Path) -> Iterator[None]:
    """One builder at a time across pytest-xdist workers."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a+") as fh:
        if os.name == "posix":
            import fcntl

            fcntl.flock(fh, fcntl.LOCK_EX)
        yield


def build_bundle_once() -> Bundle:
    """Build into build/bundle-test/ unless a worker of this same run already did."""
    reuse = os.environ.get(BUNDLE_DIR_ENV)
    if reuse:
        dist = Path(reuse).resolve()
        folder, exe = bundle_paths(dist)
        if not exe.exists():
            pytest.fail(f"{BUNDLE_DIR_ENV}={reuse} holds no bundle ({exe} is missing)")
        return Bundle(dist, folder, exe, None)
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail("the bundle test needs PyInstaller: pip install -c constraints.txt -e .[dev]")
    base = ROOT / "build" / "bundle-test"
    dist = base / "dist"
    folder, exe = bundle_paths(dist)
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID", _RUN_ID)
    stamp = base / "built-by-run"
    with _exclusive(base / "lock"):
        if stamp.exists() and stamp.read_text() == run_id and exe.exists():
            return Bundle(dist, folder, exe, None)
        stamp.unlink(missing_ok=True)
        cmd = [sys.executable, str(PACKAGING / "build.py"), "--dist", str(dist),
               "--work", str(base / "work")]
        if sys.platform.startswith("linux"):
            # the tarball's contents are checked, not how tightly they are packed: gzip's
            # fastest level packs it in 5 CPU-s instead of 12
            cmd += ["--archive-level", "1"]
        else:
            cmd.append("--no-archive")  # no Inno Setup / hdiutil needed for the test
        started = time.monotonic()
        log = base / "build.log"
        with open(log, "w") as out:
            res = subprocess.run(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                 timeout=BUILD_TIMEOUT)
        seconds = time.monotonic() - started
        if res.returncode != 0 or not exe.exists():
            tail = "".join(log.read_text(errors="replace").splitlines(True)[-60:])
            pytest.fail(f"packaging/build.py failed ({res.returncode}), see {log}:\n{tail}")
        stamp.write_text(run_id)
        return Bundle(dist, folder, exe, seconds)


def bundle_env(home: Path) -> dict[str, str]:
    """A bare environment, as a seller's desktop session would give: nothing of this
    checkout or its virtual environment, a fresh home, offscreen Qt."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_RUNTIME_DIR": str(home / "runtime"),
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
    }
    for key in ("SYSTEMROOT", "TEMP", "TMP", "USERPROFILE", "APPDATA", "LOCALAPPDATA"):
        if key in os.environ:  # Windows cannot start a process without some of these
            env[key] = os.environ[key]
    (home / "runtime").mkdir(parents=True, exist_ok=True, mode=0o700)
    return env
