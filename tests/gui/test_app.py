"""`run_gui` end to end, in a child process: a real QApplication and qasync loop of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sellerdesk.ui.snapshot import SNAPSHOT_FILES


def _run(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"))  # never the user's settings
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env, cwd=Path(__file__).resolve().parents[2])


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_snapshot_mode_saves_every_picture_and_exits_0(tmp_path: Path) -> None:
    shots, data = tmp_path / "shots", tmp_path / "data"
    result = _run(
        "from pathlib import Path\n"
        "from sellerdesk.app import run_gui\n"
        f"raise SystemExit(run_gui(snapshot_dir=Path({str(shots)!r}), "
        f"data_dir=Path({str(data)!r}), lang='es'))\n", tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert sorted(p.name for p in shots.iterdir()) == sorted(SNAPSHOT_FILES.values())
    assert (data / "settings.ini").exists()  # settings went to the data dir
    assert "Traceback" not in result.stderr


def test_closing_the_window_ends_run_gui_with_0(tmp_path: Path) -> None:
    code = (
        "from pathlib import Path\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from sellerdesk.app import create_application, run_gui\n"
        "from sellerdesk.ui.main_window import MainWindow\n"
        "app = create_application()\n"
        "def close_when_shown():\n"
        "    for w in app.topLevelWidgets():\n"
        "        if isinstance(w, MainWindow) and w.isVisible():\n"
        "            w.ctx.runner.run(__import__('asyncio').Event().wait())  # left running\n"
        "            w.close()\n"
        "tick = QTimer(); tick.timeout.connect(close_when_shown); tick.start(50)\n"
        f"raise SystemExit(run_gui(data_dir=Path({str(tmp_path / 'data')!r})))\n")
    result = _run(code, tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    assert "was destroyed but it is pending" not in result.stderr


# What the seller's start imports up to the window (app.py's `_main`) and its first view.
START_IMPORTS = ("import sellerdesk.cli, sellerdesk.app\n"
                 "import sellerdesk.ui.windows, sellerdesk.ui.dialogs.bug_reporter\n"
                 "import sellerdesk.ui.inbox.panel\n")


def _printed_by_the_start(before: str, after: str, tmp_path: Path) -> str:
    """What `after` prints once the start's modules are imported, `before` run first."""
    result = _run(before + START_IMPORTS + after, tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip()


def test_the_start_does_not_import_the_dialogs_it_does_not_show(tmp_path: Path) -> None:
    # The connect and shops dialogs, the snapshot module and the bug report dialog load
    # when one is needed.
    printed = _printed_by_the_start("import sys\n", (
        "late = ['sellerdesk.ui.dialogs.profile', 'sellerdesk.ui.dialogs.profiles',\n"
        "        'sellerdesk.ui.dialogs.bug_report', 'sellerdesk.ui.snapshot']\n"
        "print([name for name in late if name in sys.modules])\n"), tmp_path)
    assert printed == "[]"


def test_the_start_defines_its_records_as_structs_not_dataclasses(tmp_path: Path) -> None:
    # Python 3.11 compiles each generated method of a dataclass on its own (~1.3 ms a class);
    # a msgspec Struct is made in C (~0.04 ms). The start's records are Structs: 77
    # dataclasses were about 100 ms of the start's CPU (docs/decisions.md).
    printed = _printed_by_the_start((
        "import dataclasses\n"
        "made = []\n"
        "plain = dataclasses._process_class\n"
        "def counted(cls, *args, **kwargs):\n"
        "    made.append(f'{cls.__module__}.{cls.__qualname__}')\n"
        "    return plain(cls, *args, **kwargs)\n"
        "dataclasses._process_class = counted\n"), "print(sorted(made))\n", tmp_path)
    # These keep a field out of their repr (a secret) or out of their comparison.
    kept = ["sellerdesk.services.shops.ProfileAnswer", "sellerdesk.services.sign_in.OAuthApp",
            "sellerdesk.store.outbox_entries.OutboxChange"]
    assert printed == repr(sorted(kept))


def test_modules_imported_after_pyside_are_marked_without_reading_their_source(
        tmp_path: Path) -> None:
    # app.skip_pyside_source_scan: PySide's import hook marks each new module as using
    # PySide6 or not; after it, from the module's contents, never from its source.
    code = (
        "import inspect, sys\n"
        "import PySide6.QtWidgets\n"
        "from sellerdesk.app import skip_pyside_source_scan\n"
        "skip_pyside_source_scan()\n"
        "read = []\n"
        "plain = inspect.getsource\n"
        "inspect.getsource = lambda obj: read.append(obj) or plain(obj)\n"
        "import sellerdesk.ui.main_window, wave  # main_window: from ...navigation import\n"
        "marks = sys.modules['shibokensupport.feature'].pyside_feature_dict\n"
        "print(len(read), marks.get('sellerdesk.ui.navigation'), marks.get('wave'))\n")
    result = _run(code, tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.split() == ["0", "0", "-1"]


def test_no_module_switches_a_pyside_feature_on() -> None:
    # What skip_pyside_source_scan relies on: every module sees Qt's plain names.
    package = Path(__file__).resolve().parents[2] / "sellerdesk"
    switching = [p for p in package.rglob("*.py")
                 if re.search(r"^\s*from __feature__ import", p.read_text(encoding="utf-8"),
                              re.MULTILINE)]
    assert switching == []
