"""What a start of the real command line imports: `--version`, `--help` and a usage error
import almost nothing of SellerDesk and none of its heavy libraries; a command imports its
own module, not the other commands'. Scripts and cron jobs pay every start, and so does the
suite, which starts the command line hundreds of times (issue 23). Counted, not timed: the
modules each start has imported when it exits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import cli_env

# What a start that only parses may import of SellerDesk: the command line, its exit codes
# and printing, and the log redaction that is installed before anything else runs.
PARSING_ONLY = frozenset({
    "sellerdesk", "sellerdesk.cli", "sellerdesk.startup", "sellerdesk.commands",
    "sellerdesk.commands.codes", "sellerdesk.commands.output", "sellerdesk.logs",
    "sellerdesk.api", "sellerdesk.api.redact", "sellerdesk.services",
    "sellerdesk.services.safe_text",
    # `ship` and `tracking` build their choices from the spec's value sets.
    "sellerdesk.services.spec_values", "sellerdesk.api.enums",
})
# Libraries (and the log file's modules) that only a command that runs needs.
HEAVY = ("msgspec", "httpx", "httpcore", "anyio", "sqlite3", "asyncio", "keyring",
         "platformdirs", "babel", "PySide6", "logging.handlers", "tempfile", "decimal")


# `python -m sellerdesk ARGS`, then the modules in `sys.modules` (not the None entries that
# block an import) written to MODULES_FILE as the process exits, whatever its exit code.
# Not `-X importtime`: it leaves out modules imported by `importlib.import_module`, as the
# command line imports its commands.
START = """\
import atexit, os, runpy, sys
atexit.register(lambda: open(os.environ["MODULES_FILE"], "w").write(
    "\\n".join(name for name, module in sys.modules.items() if module is not None)))
sys.argv = ["sellerdesk", *sys.argv[1:]]
runpy.run_module("sellerdesk", run_name="__main__", alter_sys=True)
"""


def imported(args: list[str], tmp_path: Path, env: dict[str, str] | None = None
             ) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """`python -m sellerdesk ARGS` and the modules it imported."""
    listing = tmp_path / "modules.txt"
    r = subprocess.run([sys.executable, "-c", START, *args], capture_output=True, text=True,
                       env={**(env or cli_env(None)), "MODULES_FILE": str(listing)},
                       timeout=120)
    names = set(listing.read_text(encoding="utf-8").split())
    assert "sellerdesk.cli" in names, r.stderr[-2000:]
    return r, names


def heavy(names: set[str]) -> set[str]:
    return {n for n in names for lib in HEAVY if n == lib or n.startswith(lib + ".")}


@pytest.mark.parametrize(("args", "code", "says"), [
    (["--version"], 0, "SellerDesk "),
    (["--help"], 0, "exit codes:"),
    (["questions", "--help"], 0, "--unanswered"),
    (["ship", "--help"], 0, "in_progress"),
    (["tracking", "create", "--help"], 0, "PROVIDER_ADS"),
    (["answer", "12x", "hola"], 2, "QUESTION_ID must be a number"),
    (["bogus"], 2, "invalid choice"),
    (["ship", "1", "2", "--status", "lost"], 2, "invalid choice: 'lost'"),
    (["tracking", "create", "n", "<p>", "--provider", "nope", "--event", "NAVIGATION"], 2,
     "--provider must be one of"),
    (["--base-url", "ftp://x", "--shop-id", "1", "sync"], 2, "http:// or https://"),
    (["--base-url", "http://x", "sync"], 2, "go together"),
])
def test_a_start_that_only_parses_imports_almost_nothing(args: list[str], code: int,
                                                        says: str, tmp_path: Path) -> None:
    r, names = imported(args, tmp_path)
    assert r.returncode == code, r.stderr[-2000:]
    assert says in r.stdout + r.stderr  # the start did what it is for
    ours = {n for n in names if n == "sellerdesk" or n.startswith("sellerdesk.")}
    assert ours <= PARSING_ONLY, sorted(ours - PARSING_ONLY)
    assert not heavy(names), sorted(heavy(names))


def test_a_command_imports_its_own_module_only(tmp_path: Path) -> None:
    # `questions` reads the local copy: no server needed, nothing synced yet.
    r, names = imported(["--base-url", "http://127.0.0.1:9", "--shop-id", "1",
                         "--data-dir", str(tmp_path / "data"), "questions"],
                        tmp_path, env=cli_env("a-token"))
    assert r.returncode == 0, r.stderr[-2000:]
    assert "nothing synced yet" in r.stderr
    assert "sellerdesk.commands.inbox" in names
    others = {f"sellerdesk.commands.{m}" for m in ("connect", "orders", "print", "tracking")}
    assert not names & others, sorted(names & others)
    # Nor what only other commands or the window use: the browser, Qt, the HTTP client, the
    # demo's sandbox, the locale data of a CSV export, the user folders (--data-dir given).
    for module in ("webbrowser", "PySide6", "httpx", "sellerdesk.ui", "sellerdesk.app",
                   "sellerdesk.services.sandbox_launcher", "babel", "platformdirs"):
        assert module not in names
