"""Logging set-up: levels per verbosity and SELLERDESK_LOG_DEBUG, escaped lines, no token."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

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
