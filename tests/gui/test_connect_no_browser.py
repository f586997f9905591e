"""Connect by signing in, by keyboard, with no browser on the computer (issue 25, B18).

On a real X server (Xvfb, Qt's xcb platform, 1280×720) with nothing that opens a web page
(no BROWSER, no xdg-open or browser in PATH; and once with BROWSER=/bin/false, which Qt
"opens" with success), the Connect dialog in en, es and pt_BR: Enter
starts the sign-in, the sign-in address is shown and Enter on the focused Copy button puts it
on the X clipboard; a "browser on another computer" (httpx, here) allows SellerDesk on the
sandbox's page; the address it ended on (the loopback redirect, never followed) is typed into
the paste field with real key events, and Enter finishes the sign-in: the grant reads the
shop. The dialog runs alone in a worker process (tests/support/connect_worker.py), which
reports what is on screen as JSON lines; keys come from xdotool, as a seller's would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest

from tests.support.display import need, xvfb
from tests.support.sandbox import Sandbox

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="X11 is a Linux desktop matter")

ROOT = Path(__file__).resolve().parents[2]
# The words above the address when no browser could be opened, in each language.
NO_BROWSER = {"en": "No browser could be opened here",
              "es": "No se pudo abrir ningún navegador aquí",
              "pt_BR": "Não foi possível abrir um navegador aqui"}
COPIED = {"en": "The sign-in address is copied.",
          "es": "La dirección de inicio de sesión está copiada.",
          "pt_BR": "O endereço de entrada foi copiado."}


@pytest.fixture
def display() -> Iterator[str]:
    with xvfb() as name:
        yield name


class Worker:
    """The dialog's process: its reports, one JSON object per line."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.seen: list[dict[str, Any]] = []

    def next(self, event: str) -> dict[str, Any]:
        """The next report of kind `event` (earlier other ones are kept in `seen`)."""
        out: IO[str] | None = self.proc.stdout
        assert out is not None
        for line in out:  # blocks until the worker says something or ends
            report: dict[str, Any] = json.loads(line)
            self.seen.append(report)
            if report["event"] == event:
                return report
        raise AssertionError(f"the dialog ended before {event!r}; it said {self.seen}; "
                             + (self.proc.stderr.read() if self.proc.stderr else ""))


def _keys(display: str, *args: str) -> None:
    subprocess.run([need("xdotool"), *args], env=dict(os.environ, DISPLAY=display),
                   check=True, timeout=120)


def _browser_elsewhere(sb: Sandbox, url: str) -> str:
    """What a browser on another computer does: open the page, press Permitir; the address
    it ends on is the redirect (to this computer's loopback, so not followed there)."""
    with httpx.Client(timeout=30) as http:
        assert http.get(url).status_code == 200
        fields = dict(parse_qsl(urlsplit(url).query))
        answer = http.post(f"{sb.base_url}/authorization", data={**fields, "decision": "allow"})
    assert answer.status_code == 302
    location: str = answer.headers["location"]
    assert location.startswith("http://127.0.0.1:") and "code=" in location
    return location


# BROWSER=/bin/false: Qt "opens" the page (the program started), and nothing shows it.
OPENED_NOTHING = "No page opened, or your browser is on another computer?"


@pytest.mark.parametrize(("lang", "browser"), [("en", ""), ("es", ""), ("pt_BR", ""),
                                               ("en", "/bin/false")])
def test_connect_with_no_browser_by_keyboard(lang: str, browser: str, display: str,
                                             fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb = fresh_sandbox
    no_browsers = tmp_path / "bin"  # PATH: nothing that could show a web page
    no_browsers.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("BROWSER", "DEFAULT_BROWSER", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb", PATH=str(no_browsers),
               PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    if browser:
        env["BROWSER"] = browser
    picture = tmp_path / f"connect-{lang}{'-browser-false' if browser else ''}.png"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.support.connect_worker", lang, sb.base_url,
         str(sb.shop_id), sb.client_id, sb.client_secret, str(picture)],
        env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    worker = Worker(proc)
    with proc:  # its pipes are closed at the end
        _drive(worker, proc, display, sb, lang, OPENED_NOTHING if browser else NO_BROWSER[lang])
    assert picture.exists()
    shots = os.environ.get("SELLERDESK_CONNECT_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        (Path(shots) / picture.name).write_bytes(picture.read_bytes())


def _drive(worker: Worker, proc: subprocess.Popen[str], display: str, sb: Sandbox,
           lang: str, said_first: str) -> None:
    try:
        shown = worker.next("shown")
        _keys(display, "windowfocus", "--sync", str(shown["window"]))
        _keys(display, "key", "Return")  # Connect is the dialog's default button

        address = worker.next("address")
        url = address["text"]
        assert url.startswith(f"{sb.base_url}/authorization?"), address
        assert address["visible"] and address["read_only"] and address["paste_visible"]
        assert address["on_screen"] and address["screen"] == [1280, 720], address
        assert address["squeezed"] == [], address  # every text has its height
        assert said_first in address["status"], address
        assert address["focus"] != ""  # the Copy button, named in the seller's language

        _keys(display, "key", "Return")  # the focused Copy button
        assert worker.next("clipboard")["text"] == url
        assert worker.next("said")["text"] == COPIED[lang]

        redirect = _browser_elsewhere(sb, url)
        _keys(display, "key", "Tab")  # to the paste field
        _keys(display, "type", "--delay", "1", redirect)
        _keys(display, "key", "Return")  # Finish signing in, the default now
        assert worker.next("signed-in")["shop_id"] == sb.shop_id
        assert proc.wait(60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
