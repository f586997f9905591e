"""Logging set-up: levels per verbosity and SELLERDESK_LOG_DEBUG, escaped lines, no token,
no buyer and no user name in the file (nor in the command line's crash line)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from sellerdesk.api.envelope import record_reader
from sellerdesk.api.models import Question
from sellerdesk.api.redact import register_secret
from sellerdesk.credentials import CredentialStore
from sellerdesk.logs import LIBRARIES, SafeFormatter, debug_loggers, setup_logging

SECRET = "logs-unit-secret-7f3a9"


@pytest.fixture
def clean_logging() -> Iterator[None]:
    """Undo what setup_logging does to the process's loggers and hooks."""
    root = logging.getLogger()
    names = ["sellerdesk", *LIBRARIES, "custom.lib"]
    saved = (root.level, list(root.handlers), {n: logging.getLogger(n).level for n in names},
             sys.excepthook, threading.excepthook)
    yield
    level, handlers, levels, hook, thread_hook = saved
    for handler in root.handlers:
        if handler not in handlers:
            handler.close()
            root.removeHandler(handler)
    root.setLevel(level)
    for name, value in levels.items():
        logging.getLogger(name).setLevel(value)
    sys.excepthook, threading.excepthook = hook, thread_hook


def test_debug_loggers_from_the_environment() -> None:
    assert debug_loggers({}) is None
    assert debug_loggers({"SELLERDESK_LOG_DEBUG": " "}) is None
    assert debug_loggers({"SELLERDESK_LOG_DEBUG": "all"}) == ("",)
    assert debug_loggers({"SELLERDESK_LOG_DEBUG": "httpx, qasync"}) == ("httpx", "qasync")


@pytest.mark.usefixtures("clean_logging")
@pytest.mark.parametrize(("verbose", "env", "app", "library"), [
    (0, {}, logging.INFO, logging.WARNING),
    (1, {}, logging.DEBUG, logging.WARNING),
    (2, {}, logging.DEBUG, logging.DEBUG),
    (0, {"SELLERDESK_LOG_DEBUG": "all"}, logging.DEBUG, logging.DEBUG),
])
def test_levels(tmp_path: Path, verbose: int, env: dict[str, str], app: int,
                library: int) -> None:
    setup_logging(tmp_path, verbose=verbose, environ=env)
    assert logging.getLogger("sellerdesk.outbox").getEffectiveLevel() == app
    for name in ("qasync", "httpx", "httpcore", "keyring", "asyncio"):
        assert logging.getLogger(name).getEffectiveLevel() == library, name


@pytest.mark.usefixtures("clean_logging")
def test_one_library_at_debug(tmp_path: Path) -> None:
    setup_logging(tmp_path, environ={"SELLERDESK_LOG_DEBUG": "custom.lib,httpcore"})
    assert logging.getLogger("custom.lib").getEffectiveLevel() == logging.DEBUG
    assert logging.getLogger("httpcore").getEffectiveLevel() == logging.DEBUG
    assert logging.getLogger("qasync").getEffectiveLevel() == logging.WARNING


def test_lines_are_escaped() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "buyer %s", ("\x1b]0;t\x07\u202e",),
                               None)
    assert SafeFormatter("%(message)s").format(record) == "buyer \\x1b]0;t\\x07\\u202e"


@pytest.mark.usefixtures("clean_logging")
def test_a_keyring_read_is_scrubbed_from_what_a_library_logs_next(tmp_path: Path) -> None:
    """qasync logs a worker's result at DEBUG: `Setting Future result: <the token>`."""
    path = setup_logging(tmp_path, verbose=2, environ={})
    assert path is not None

    class Backend:
        priority = 1

        def get_password(self, service: str, user: str) -> str:
            return SECRET

    creds = CredentialStore(tmp_path, backend=Backend(), environ={})  # type: ignore[arg-type]
    result = creds.get_token("shop")
    logging.getLogger("qasync._QThreadWorker").debug("Setting Future result: %s", result)
    logging.getLogger("any.lib").debug("token in extra", extra={"token": SECRET})
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "Setting Future result: REDACTED" in text
    assert SECRET not in text


@pytest.mark.usefixtures("clean_logging")
def test_uncaught_tracebacks_are_scrubbed(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(tmp_path, environ={})
    register_secret(SECRET)
    try:
        raise RuntimeError(f"failed with {SECRET}")
    except RuntimeError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)

    def crash() -> None:
        raise RuntimeError(f"thread failed with {SECRET}")

    t = threading.Thread(target=crash)
    t.start()
    t.join()
    err = capsys.readouterr().err
    assert "failed with REDACTED" in err and "thread failed with REDACTED" in err
    assert SECRET not in err


# A buyer as the log may meet them.
EMAIL, PHONE, CPF = "juan.perez@correo.com.ar", "+54 11 4555-1234", "123.456.789-09"


def _flushed(path: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


@pytest.mark.usefixtures("clean_logging")
def test_the_log_file_holds_no_buyer_and_no_home_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home" / "juanp"
    monkeypatch.setenv("HOME", str(home))
    path = setup_logging(tmp_path / "data", environ={})
    assert path is not None
    log = logging.getLogger("sellerdesk.orders")
    log.info("order %s shipped to %s, %s (CPF %s)", 2000012345678, EMAIL, PHONE, CPF)
    log.warning("export written to %s", home / "Documentos" / "pedidos.csv")
    log.info("record %s", {"id": 9, "billing_data": {"name": "Juan", "zip_code": "C1043"}})
    text = _flushed(path)
    for value in (EMAIL, PHONE, "4555", CPF, str(home), "juanp", "Juan", "C1043"):
        assert value not in text
    assert "order 2000012345678 shipped to <email>, <phone> (CPF <document>)" in text
    assert "export written to ~/Documentos/pedidos.csv" in text
    assert "{'id': 9, 'billing_data': <removed>}" in text


@pytest.mark.usefixtures("clean_logging")
def test_an_unreadable_record_is_logged_without_the_buyer_in_it(tmp_path: Path) -> None:
    """The log line of a record the client cannot read names its id and the field at fault."""
    path = setup_logging(tmp_path, environ={})
    assert path is not None
    raw = msgspec.Raw(f'{{"id":null,"from":{{"email":"{EMAIL}","phone":"{PHONE}"}},'
                      f'"text":"Escribime a {EMAIL} o al {PHONE}"}}'.encode())
    item, skipped, _ = record_reader(Question, "GET /questions/search")(raw)
    assert item is None and skipped
    text = _flushed(path)
    assert "WARNING sellerdesk.api" in text and "$.id" in text
    for value in (EMAIL, PHONE, "4555"):
        assert value not in text


CRASH = """
    import sys

    from sellerdesk.commands import table


    async def labels(args):
        shipping = {"id": 77, "receiver": {"name": "Juan Perez", "address": "Av. Corrientes 1234"}}
        raise LookupError(f"no label for {shipping!r}: {EMAIL}, {PHONE}, CPF {CPF}, "
                          f"see {HOME}/Documentos/etiquetas.csv")


    table.COMMANDS["sync"] = labels  # a bug in a command, as the command line meets one
    from sellerdesk.cli import main

    sys.exit(main(["--data-dir", DATA, "sync"]))
"""


def test_a_crash_on_the_command_line_leaves_the_buyer_out_of_its_line_and_log(
        tmp_path: Path) -> None:
    """The real command line, in a child process whose home folder holds the data."""
    home = tmp_path / "mariag"
    data = home / ".local" / "share" / "SellerDesk"
    script = home / "crash.py"
    script.parent.mkdir(parents=True)
    script.write_text(
        f"EMAIL, PHONE, CPF = {EMAIL!r}, {PHONE!r}, {CPF!r}\n"
        f"HOME, DATA = {str(home)!r}, {str(data)!r}\n" + textwrap.dedent(CRASH),
        encoding="utf-8")
    env = dict(os.environ, HOME=str(home), PYTHONUNBUFFERED="1")
    env.pop("SELLERDESK_TOKEN", None)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         env=env, timeout=120, check=False)
    assert run.returncode == 1, run.stderr
    text = (data / "logs" / "sellerdesk.log").read_text(encoding="utf-8")
    secret = (EMAIL, PHONE, "4555", CPF, "Juan Perez", "Corrientes", "mariag")
    for value in secret:
        assert value not in text
        assert value not in run.stderr.split("Details are in")[0]
    # What support needs is all there: the type, the message's shape, the frame.
    assert "sellerdesk: unexpected error (LookupError: no label for" in run.stderr
    assert "LookupError: no label for {'id': 77, 'receiver': <removed>}: <email>" in text
    assert 'File "~/crash.py", line' in text and "in labels" in text
    assert "~/Documentos/etiquetas.csv" in text
