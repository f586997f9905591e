"""The window on a real X server with Qt's xcb platform, as on a seller's Linux desktop.

Every other GUI test renders offscreen, which loads none of the X11 libraries a desktop
needs; this one starts Xvfb, opens `sellerdesk --demo` on it with `QT_QPA_PLATFORM=xcb`,
waits for the main window to be mapped, and closes it like Ctrl+C in the terminal does. A
missing system library fails here (in CI), not on a seller's first run.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.display import need, xvfb

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="X11 is a Linux desktop matter")


@pytest.fixture
def display() -> Iterator[str]:
    """A private Xvfb display; its number is chosen by the server itself (-displayfd)."""
    with xvfb() as name:
        yield name


def _window_shown(xdotool: str, env: dict[str, str], app: subprocess.Popen[bytes]) -> bool:
    """Wait until a visible window of SellerDesk's class exists; False as soon as the app
    has exited without one (a platform plugin that cannot load ends it at once)."""
    for _ in range(600):  # a generous bound on polls; each poll waits up to a second
        found = subprocess.run([xdotool, "search", "--onlyvisible", "--class", "SellerDesk"],
                               env=env, capture_output=True, text=True)
        if found.returncode == 0 and found.stdout.split():
            return True
        if app.poll() is not None:
            return False
        try:
            app.wait(1.0)
        except subprocess.TimeoutExpired:
            pass
    return False


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_the_demo_window_opens_with_the_xcb_platform(display: str, tmp_path: Path) -> None:
    xdotool = need("xdotool")
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", PYTHONUNBUFFERED="1")
    env.pop("WAYLAND_DISPLAY", None)
    log = tmp_path / "app.log"
    with log.open("w") as out:
        app = subprocess.Popen([sys.executable, "-m", "sellerdesk", "--demo", "--data-dir",
                                str(tmp_path / "data"), "--lang", "en"],
                               env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            assert _window_shown(xdotool, env, app), log.read_text()
            app.send_signal(signal.SIGINT)  # closes the window like File -> Quit
            code = app.wait(120)
        finally:
            if app.poll() is None:
                app.kill()
                app.wait(30)
    text = log.read_text()
    assert code == 0, text
    assert "Could not load the Qt platform plugin" not in text
