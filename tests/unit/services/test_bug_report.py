"""Bugs apart from known errors: what counts as known, the report's details (never a token),
and the hooks that bring every uncaught exception to one place."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
import threading
from pathlib import Path

import pytest

from sellerdesk.api.redact import register_secret
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
