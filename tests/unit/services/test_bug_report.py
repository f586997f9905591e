"""Bugs apart from known errors: what counts as known, the report's details (never a token,
never a buyer), and the hooks that bring every uncaught exception to one place."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.api.redact import register_secret
from sellerdesk.logs import setup_logging
from sellerdesk.services.bug_report import BugReport, BugReports, build_report, is_known
from sellerdesk.services.types import (
    CredentialsError,
    NotFound,
    Offline,
    StoreError,
    StoreFullError,
)
from sellerdesk.store.db import (
    StoreBugError,
    StoreBusyError,
    StoreCorruptError,
    StoreReadOnlyError,
    translate_error,
)
from tests.support.values import raised

TOKEN = "APP_USR-bug-report-secret-0123456789"


def test_known_errors_are_the_ones_with_words_for_a_person() -> None:
    for known in (Offline(), NotFound(), StoreFullError(), StoreError(),
                  CredentialsError("A profile needs a name.")):
        assert is_known(known)
    for bug in (KeyError("x"), AttributeError("y"), ValueError("z"), RuntimeError()):
        assert not is_known(bug)


def test_an_unknown_sqlite_error_is_not_called_a_full_disk() -> None:
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = 13  # type: ignore[attr-defined]  # SQLITE_FULL
    assert isinstance(translate_error(full), StoreFullError)
    odd = sqlite3.OperationalError("database or disk is full")  # the words, another code
    odd.sqlite_errorcode = 1  # type: ignore[attr-defined]  # SQLITE_ERROR
    other = translate_error(odd)
    assert not isinstance(other, StoreFullError | StoreError)  # a bug, not a disk problem
    assert isinstance(other, StoreBugError) and not is_known(other) and "full" in other.detail


def test_sqlite_errors_are_told_by_code_into_known_failures_and_bugs() -> None:
    def error(code: int, text: str = "x") -> sqlite3.Error:
        exc = sqlite3.OperationalError(text)
        exc.sqlite_errorcode = code  # type: ignore[attr-defined]
        return exc

    assert isinstance(translate_error(error(13)), StoreFullError)
    assert isinstance(translate_error(error(5)), StoreBusyError)
    assert isinstance(translate_error(error(6)), StoreBusyError)
    assert isinstance(translate_error(error(11)), StoreCorruptError)
    assert isinstance(translate_error(error(26)), StoreCorruptError)
    assert isinstance(translate_error(error(8)), StoreReadOnlyError)
    assert isinstance(translate_error(error(8 | (1 << 8))), StoreReadOnlyError)  # extended
    for known in (5, 8, 10, 11, 13, 14):
        assert is_known(translate_error(error(known)))
    for bug in (1, 19, 20, 21, 25):  # SQL error, constraint, mismatch, misuse, range
        translated = translate_error(error(bug))
        assert isinstance(translated, StoreBugError) and not is_known(translated)
    # A real one: a statement SellerDesk got wrong is a bug with the statement's words.
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("SELEC 1")
    except sqlite3.Error as exc:
        assert isinstance(translate_error(exc), StoreBugError)
    finally:
        conn.close()


def test_the_details_hold_what_to_send_and_never_the_token(tmp_path: Path) -> None:
    register_secret(TOKEN)
    exc = raised(KeyError(f"https://api.example/v1?access_token={TOKEN}"))
    report = build_report(exc, where="Saving your answer…", log_file=tmp_path / "s.log")
    assert report.kind == "KeyError" and report.where == "Saving your answer…"
    assert "SellerDesk " in report.details and "Python " in report.details
    assert "Traceback" in report.details and "values.py" in report.details  # where it was raised
    assert "Doing: Saving your answer…" in report.details
    assert TOKEN not in report.details
    assert report.log_file == tmp_path / "s.log"


def test_a_report_is_logged_and_announced(caplog: pytest.LogCaptureFixture) -> None:
    bugs = BugReports(log_file=lambda: None)
    heard: list[BugReport] = []
    bugs.reported.connect(heard.append)
    with caplog.at_level(logging.ERROR, logger="sellerdesk.bugs"):
        bugs.report(raised(AttributeError("nope")), "Opening the inbox")
    assert [r.kind for r in heard] == ["AttributeError"] and bugs.count == 1
    assert any(r.exc_info for r in caplog.records)


def test_uncaught_exceptions_of_the_program_and_of_threads_are_reported() -> None:
    bugs = BugReports(log_file=lambda: None)
    heard: list[BugReport] = []
    bugs.reported.connect(heard.append)
    before = (sys.excepthook, threading.excepthook)
    uninstall = bugs.install()
    try:
        exc = raised(ZeroDivisionError("division"))
        sys.excepthook(type(exc), exc, exc.__traceback__)

        def fail() -> None:
            raise LookupError("in a thread")

        worker = threading.Thread(target=fail, name="worker-under-test")
        worker.start()
        worker.join()
    finally:
        uninstall()
    assert (sys.excepthook, threading.excepthook) == before
    assert [r.kind for r in heard] == ["ZeroDivisionError", "LookupError"]
    assert heard[1].where == "thread worker-under-test"


async def test_a_task_exception_nobody_retrieved_reaches_the_report() -> None:
    bugs = BugReports(log_file=lambda: None)
    heard: list[BugReport] = []
    bugs.reported.connect(heard.append)
    loop = asyncio.get_running_loop()
    bugs.loop_handler(loop, {"message": "Task exception was never retrieved",
                             "exception": raised(TypeError("bug"))})
    bugs.loop_handler(loop, {"message": "Task exception was never retrieved",
                             "exception": Offline()})  # known: logged, not a bug
    bugs.loop_handler(loop, {"message": "something without an exception"})
    assert [r.kind for r in heard] == ["TypeError"]
    assert heard[0].where == "Task exception was never retrieved"


# A buyer as a bug may quote them, and the seller's own folder.
EMAIL, PHONE, CPF = "ana.souza@correo.com.br", "+55 11 98765-4321", "123.456.789-09"
STREET, NAME = "Rua das Flores 123", "Ana Souza"
TEST_FILE = Path(__file__).resolve()
# The home folder for these tests: the checkout's, so the frames are under it.
HOME = TEST_FILE.parents[3]


@pytest.fixture
def file_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app's real log set-up, writing to a file in `tmp_path`; undone afterwards."""
    monkeypatch.setenv("HOME", str(HOME))
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    levels = {n: logging.getLogger(n).level for n in ("sellerdesk", "sellerdesk.bugs")}
    hooks = (sys.excepthook, threading.excepthook)
    path = setup_logging(tmp_path / "data")
    assert path is not None
    yield path
    for handler in root.handlers:
        if handler not in before:
            handler.close()
            root.removeHandler(handler)
    root.setLevel(level)
    for name, value in levels.items():
        logging.getLogger(name).setLevel(value)
    sys.excepthook, threading.excepthook = hooks


def open_buyers_file() -> None:
    shipping = {"id": 77, "receiver": {"name": NAME, "address": STREET, "zip": "01234-567"}}
    raise LookupError(f"no label for {shipping!r}: write to {EMAIL} or call {PHONE} "
                      f"(CPF {CPF}); see {HOME}/Documentos/etiquetas.csv")


def test_a_bug_quoting_a_buyer_leaves_them_out_of_the_report_and_the_log(
        file_log: Path) -> None:
    # A line an older SellerDesk wrote, unscrubbed, and one written now: the report's tail.
    with file_log.open("a", encoding="utf-8") as f:
        f.write(f"2026-11-27 06:00:00,000 WARNING sellerdesk.api: old line for {EMAIL}\n")
    logging.getLogger("sellerdesk.orders").warning("label for %s, order 2000012345678", PHONE)
    bugs = BugReports()  # the real log file: the root logger's
    heard: list[BugReport] = []
    bugs.reported.connect(heard.append)
    uninstall = bugs.install()
    try:
        worker = threading.Thread(target=open_buyers_file, name="labels")
        worker.start()
        worker.join()
    finally:
        uninstall()
    [report] = heard
    for handler in logging.getLogger().handlers:
        handler.flush()
    old, written = file_log.read_text(encoding="utf-8").split("\n", 1)
    assert EMAIL in old  # written by the test as an older version would have
    # The frames, as support needs them: under `~`, with their line and function.
    frame = f'File "~/{TEST_FILE.relative_to(HOME).as_posix()}", line'
    for text in (report.details, written):
        for value in (EMAIL, PHONE, "98765", CPF, STREET, NAME, str(HOME)):
            assert value not in text
        assert "LookupError: no label for {'id': 77, 'receiver': <removed>}" in text
        assert "in open_buyers_file" in text
        assert frame in text and "~/Documentos/etiquetas.csv" in text
    assert report.kind == "LookupError" and report.log_file == file_log
    # The last lines of the log ride along, cleaned again: the old one too.
    assert "Last lines of the log:" in report.details
    assert "order 2000012345678" in report.details and "old line for <email>" in report.details
    # The log file holds the bug's traceback (logged after the report took the tail).
    assert written.count("LookupError: no label for") == 1
    assert "Last lines of the log:" not in written
