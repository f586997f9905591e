"""The frozen bundle works on its own: built by packaging/build.py, started from a bare
environment outside the checkout, it finds its Qt plugins, icons, translations and sandbox.

Slow (a PyInstaller build), so it runs only when asked: CI=true (CI), `--bundle`, or
SELLERDESK_BUNDLE_TEST=1; SELLERDESK_BUNDLE_DIR=dist tests a bundle already built there.
"""

from __future__ import annotations

import importlib.metadata
import os
import queue
import re
import signal
import subprocess
import sys
import tarfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

import sellerdesk
from sellerdesk.ui.snapshot import SNAPSHOT_FILES
from tests.packaging.support import (
    APP,
    ROOT,
    Bundle,
    build_bundle_once,
    bundle_env,
    bundle_test_wanted,
)
from tests.support import http

# One test process builds and tests the bundle (with `--dist loadgroup`, as ./run test runs),
# from the start of the run: the others never wait on the build's lock meanwhile.
pytestmark = [pytest.mark.timeout(1800), pytest.mark.xdist_group("bundle"), pytest.mark.early]

READY = re.compile(r"SELLERDESK-SANDBOX base_url=(\S+) shop_id=(\d+) token=(\S+)")
LINUX = sys.platform.startswith("linux")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="session")
def bundle(request: pytest.FixtureRequest) -> Bundle:
    if not bundle_test_wanted(request.config):
        pytest.skip("bundle test: set CI=true or SELLERDESK_BUNDLE_TEST=1, or pass --bundle")
    return build_bundle_once()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home"
    path.mkdir()
    return path


def run_bundle(bundle: Bundle, home: Path, *args: str | Path,
               timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bundle.exe), *map(str, args)], cwd=home, env=bundle_env(home),
                          capture_output=True, text=True, timeout=timeout)


def internal(bundle: Bundle) -> Path:
    """Where PyInstaller put the collected files (sys._MEIPASS)."""
    if sys.platform == "darwin":
        return bundle.folder / "Contents" / "Frameworks"
    return bundle.folder / "_internal"


def test_version_is_the_package_metadata(bundle: Bundle, home: Path) -> None:
    res = run_bundle(bundle, home, "--version", timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.strip() == f"SellerDesk {sellerdesk.__version__}"


def test_qt_plugins_translations_and_resources_are_inside(bundle: Bundle) -> None:
    inside = internal(bundle)
    plugins = inside / "PySide6" / "Qt" / "plugins"
    platforms = {p.name for p in (plugins / "platforms").iterdir()}
    if LINUX:
        for wanted in ("libqoffscreen.so", "libqxcb.so"):
            assert wanted in platforms
        assert any(name.startswith("libqwayland") for name in platforms), platforms
        assert (plugins / "platforminputcontexts").is_dir()  # dead keys, input methods
    elif sys.platform == "darwin":
        assert "libqcocoa.dylib" in platforms
    else:
        assert "qwindows.dll" in platforms
    assert list((plugins / "iconengines").glob("*svg*")), "SVG icons need the svg icon engine"
    assert list((plugins / "imageformats").glob("*svg*"))
    # unused Qt modules stay out
    qt_files = " ".join(p.name for p in inside.rglob("*Qt*"))
    for unwanted in ("Qt6Quick", "Qt6Qml", "Qt6Network", "Qt6WebEngine", "Qt6Multimedia",
                     "Qt6Pdf", "Qt63D"):
        assert unwanted not in qt_files, f"{unwanted} was bundled"
    # Qt's own translations for the app's languages
    qt_translations = {p.name for p in (inside / "PySide6" / "Qt" / "translations").iterdir()}
    assert {"qtbase_es.qm", "qtbase_pt_BR.qm"} <= qt_translations
    # the app's resources, with every translation source compiled
    resources = inside / "resources"
    assert (resources / "icons" / "sellerdesk.svg").is_file()
    for svg in (ROOT / "resources" / "icons").glob("*.svg"):
        assert (resources / "icons" / svg.name).is_file(), svg.name
    for ts in (ROOT / "resources" / "translations").glob("*.ts"):
        assert (resources / "translations" / f"{ts.stem}.qm").is_file(), ts.name
    assert not list(resources.rglob("*.ts"))
    # licence texts of what is bundled (BSD/MIT/MPL want them in binary copies)
    licences = {p.name for p in (inside / "licenses").iterdir()}
    assert {"Python", "httpx", "certifi", "qasync", "uvicorn", "babel"} <= licences
    # every text a distribution keeps under its metadata's licenses/ (PEP 639), at its own
    # path: numpy's name the libraries compiled into it, several files called LICENSE
    for name in licences - {"Python"}:
        for file in importlib.metadata.distribution(name).files or []:
            _head, below, rest = str(file).replace("\\", "/").partition(".dist-info/licenses/")
            if below:
                assert (inside / "licenses" / name / rest).is_file(), f"{name}: {rest}"


def _read_lines(stream: IO[str], lines: queue.Queue[str]) -> None:
    with stream:  # closed by its reader at the end, never left to the garbage collector
        for line in stream:
            lines.put(line)


def test_the_bundle_is_its_own_sandbox(bundle: Bundle, home: Path) -> None:
    """`SellerDesk sandbox`: what `--demo` starts as a child of the frozen app."""
    proc = subprocess.Popen([str(bundle.exe), "sandbox", "--host", "127.0.0.1", "--port", "0",
                             "--db", str(home / "sandbox.db")], cwd=home,
                            env=bundle_env(home), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    assert proc.stdout is not None
    reader = threading.Thread(target=_read_lines, args=(proc.stdout, lines), daemon=True)
    reader.start()
    seen: list[str] = []
    try:
        match = None
        while match is None:
            try:
                line = lines.get(timeout=120)
            except queue.Empty:
                pytest.fail("no ready line within 120 s:\n" + "".join(seen))
            seen.append(line)
            match = READY.search(line)
            if match is None and proc.poll() is not None and lines.empty():
                pytest.fail(f"sandbox exited with {proc.returncode}:\n" + "".join(seen))
        base_url, shop_id, token = match.group(1), match.group(2), match.group(3)
        shop = http.get(f"{base_url}/v1/shops/{shop_id}", params={"access_token": token},
                         timeout=30)
        assert shop.status_code == 200, shop.text
        assert shop.json()["id"] == int(shop_id)
        spec = http.get(f"{base_url}/openapi.json", timeout=30)
        assert spec.status_code == 200 and spec.json()["paths"]
    finally:
        if proc.poll() is None:
            if os.name == "posix":
                proc.send_signal(signal.SIGTERM)
            else:
                proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(20)
        reader.join(20)  # the pipe's end reached: the reader closes it
    if os.name == "posix":
        assert proc.returncode == 0, "the sandbox did not stop cleanly on SIGTERM"


@dataclass(frozen=True)
class DemoStart:
    """One `SellerDesk --demo --snapshot DIR` run of the bundle, and what it left."""

    home: Path
    data: Path
    snapshots: Path
    result: subprocess.CompletedProcess[str]
    log: str  # the app's log as it was right after this run


@pytest.fixture(scope="module")
def first_demo(bundle: Bundle, tmp_path_factory: pytest.TempPathFactory) -> DemoStart:
    """The bundle's first start on the demo shop, in the seller's language (no `--lang`):
    it seeds and syncs the demo shop from scratch, the dearest start of all. Started once for
    the first-start checks and as the English pictures the translated ones are told from."""
    base = tmp_path_factory.mktemp("demo")
    home, out, data = base / "home", base / "snapshots", base / "data"
    home.mkdir()
    res = run_bundle(bundle, home, "--demo", "--snapshot", out, "--data-dir", data, timeout=600)
    log = data / "logs" / "sellerdesk.log"
    return DemoStart(home, data, out, res,
                     log.read_text(encoding="utf-8") if log.is_file() else "")


def _check_log(start: DemoStart) -> None:
    assert start.log, "the bundle wrote no log"
    problems = [line for line in start.log.splitlines()
                if " ERROR " in line or " CRITICAL " in line or "Traceback" in line
                or ("icon" in line and ("not found" in line or "missing" in line))]
    assert not problems, "\n".join(problems)


def test_demo_snapshot_offscreen(first_demo: DemoStart) -> None:
    """`SellerDesk --demo --snapshot DIR`: the frozen app starts the frozen sandbox as its
    child, loads every view and saves its picture; no icon is missing on the way."""
    res = first_demo.result
    assert res.returncode == 0, res.stdout + res.stderr
    saved = sorted(p.name for p in first_demo.snapshots.glob("*.png"))
    assert saved == sorted(SNAPSHOT_FILES.values())
    for name in saved:
        head = (first_demo.snapshots / name).read_bytes()[:8]
        assert head == PNG_SIGNATURE, name
    _check_log(first_demo)


def test_demo_snapshot_in_each_language(bundle: Bundle, first_demo: DemoStart) -> None:
    """With `--lang`, the bundle's compiled translations are found: the pictures change."""
    # sellerdesk_en.ts holds only English plural forms: the source language, not a translation.
    languages = sorted(lang for ts in (ROOT / "resources" / "translations").glob("sellerdesk_*.ts")
                       if (lang := ts.stem.split("_", 1)[1]) != "en")
    if not languages:
        pytest.skip("no translation sources in resources/translations yet")
    assert first_demo.result.returncode == 0, "no first start: see test_demo_snapshot_offscreen"
    english = (first_demo.snapshots / SNAPSHOT_FILES["inbox"]).read_bytes()
    # The first start's data folder: the demo shop is seeded and synced once (by the English
    # start), and each language's start then costs a start, not a seeding.
    for lang in languages:
        out = first_demo.data.parent / f"snapshots-{lang}"
        res = run_bundle(bundle, first_demo.home, "--demo", "--snapshot", out, "--lang", lang,
                         "--data-dir", first_demo.data, timeout=600)
        assert res.returncode == 0, f"--lang {lang}:\n{res.stdout}{res.stderr}"
        assert sorted(p.name for p in out.glob("*.png")) == sorted(SNAPSHOT_FILES.values())
        picture = (out / SNAPSHOT_FILES["inbox"]).read_bytes()
        assert picture != english, f"the {lang} inbox looks like the English one"


# Loads each library given, as the dynamic loader would for the app, and names those that fail.
_LOAD_EACH = """
import ctypes, sys
for path in sys.argv[1:]:
    try:
        ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
    except OSError as exc:
        print(exc)
"""


@pytest.mark.skipif(not LINUX, reason="the build strips binaries on Linux only")
def test_every_library_inside_loads(bundle: Bundle, home: Path) -> None:
    """No library was broken on its way into the bundle: `strip` on a library that auditwheel
    rewrote (numpy.libs' OpenBLAS) left a file the loader refuses, numpy could not be
    imported and the dashboard drew no charts, with no error anywhere."""
    inside = internal(bundle)
    libraries = sorted(str(p) for p in inside.rglob("*.so*") if p.is_file() and not p.is_symlink())
    assert any("numpy" in path for path in libraries)
    env = dict(bundle_env(home), LD_LIBRARY_PATH=f"{inside}:{inside / 'PySide6' / 'Qt' / 'lib'}")
    res = subprocess.run([sys.executable, "-c", _LOAD_EACH, *libraries], cwd=home, env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "", res.stdout


@pytest.mark.skipif(not LINUX, reason="the tarball and the menu entry are Linux's")
def test_linux_tarball_and_menu_entry(bundle: Bundle, home: Path) -> None:
    tarballs = list(bundle.dist.glob(f"{APP}-{sellerdesk.__version__}-linux-*.tar.gz"))
    assert len(tarballs) == 1, list(bundle.dist.iterdir())
    with tarfile.open(tarballs[0]) as tar:
        members = {m.name: m for m in tar.getmembers()}
    for name in (f"{APP}/{APP}", f"{APP}/install.sh",
                 f"{APP}/share/applications/sellerdesk.desktop",
                 f"{APP}/share/icons/hicolor/scalable/apps/sellerdesk.svg",
                 f"{APP}/share/icons/hicolor/256x256/apps/sellerdesk.png",
                 f"{APP}/_internal/resources/icons/sellerdesk.svg"):
        assert name in members, name
    assert members[f"{APP}/{APP}"].mode & 0o111, "the program lost its executable bit"
    assert members[f"{APP}/{APP}"].uname == ""  # no build machine's user names inside

    # install.sh puts the menu entry and icons in the user's data folder, pointing here
    env = bundle_env(home)
    res = subprocess.run([str(bundle.folder / "install.sh")], env=env, capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    data = Path(env["XDG_DATA_HOME"])
    entry = (data / "applications" / "sellerdesk.desktop").read_text(encoding="utf-8")
    assert f'Exec="{bundle.exe}"' in entry.splitlines()
    assert (data / "icons" / "hicolor" / "48x48" / "apps" / "sellerdesk.png").is_file()
    res = subprocess.run([str(bundle.folder / "install.sh"), "--uninstall"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    assert not (data / "applications" / "sellerdesk.desktop").exists()
