"""Errors a person can act on, bugs a person can report: telling them apart, and the report.

A known failure carries a sentence for the seller (`message`): the shop service's errors
(offline, refused token, conflict...), the local store's (a full disk, data in use...) and
the saved profiles'. Those are shown where they happened, with an action where there is one.
Anything else is a bug in SellerDesk: it is logged with its traceback and reaches one
"Something went wrong" report, whether it escaped a window's task, a thread, the event loop
or the main program (`BugReports.install` sets `sys.excepthook` and `threading.excepthook`;
`loop_handler` is the event loop's exception handler).

The report's details are what the seller copies and sends, shown to them as they are: the
traceback and the last lines of the log, with no secret (`redact`) and no buyer's e-mail,
phone, document or address, nor the seller's user name (`personal`), whatever wrote them.

No Qt here: a front end listens to `BugReports.reported`, which may fire on any thread.
"""

from __future__ import annotations

import asyncio
import logging
import os
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import msgspec

import sellerdesk
from sellerdesk.api.errors import ApiError
from sellerdesk.api.personal import scrub_all
from sellerdesk.credentials import CredentialsError
from sellerdesk.services.events import Event
from sellerdesk.store import StoreError

log = logging.getLogger("sellerdesk.bugs")

KNOWN_ERRORS: tuple[type[Exception], ...] = (ApiError, StoreError, CredentialsError)
# The log's last lines in a report: what led to the bug. Read from at most this many bytes
# at the file's end, so a huge log costs nothing.
LOG_LINES = 30
_LOG_TAIL_BYTES = 32_768


def is_known(exc: BaseException) -> bool:
    """Whether `exc` is a failure the core describes in words for a person (not a bug)."""
    return isinstance(exc, KNOWN_ERRORS)


def current_log_file() -> Path | None:
    """The file the app logs to (the root logger's file handler), if any."""
    for handler in logging.getLogger().handlers:
        # One writing nowhere (pytest's own, by default) is no file to read or send.
        if isinstance(handler, logging.FileHandler) and handler.baseFilename != os.devnull:
            return Path(handler.baseFilename)
    return None


class BugReport(msgspec.Struct, frozen=True):
    """What went wrong, for a person to send: `details` hold no secret and no personal data."""

    kind: str  # the exception's type, e.g. "KeyError"
    where: str  # what SellerDesk was doing, e.g. "Saving your answer…" ("" if unknown)
    details: str  # version, system, time, where, traceback, log lines: what is sent
    log_file: Path | None
    when: datetime


def log_tail(log_file: Path | None, lines: int = LOG_LINES) -> list[str]:
    """The last `lines` lines of the log (none if it cannot be read). Scrubbed again by the
    report: lines an older SellerDesk wrote were not."""
    if log_file is None or lines <= 0:
        return []
    try:
        with log_file.open("rb") as f:
            size = f.seek(0, 2)
            f.seek(max(0, size - _LOG_TAIL_BYTES))
            data = f.read()
    except OSError:
        return []
    found = data.decode("utf-8", "replace").splitlines()
    if len(data) == _LOG_TAIL_BYTES and found:
        found = found[1:]  # the first may be cut
    return found[-lines:]


def build_report(exc: BaseException, *, where: str = "",
                 log_file: Path | None = None, now: datetime | None = None,
                 log_lines: list[str] | None = None) -> BugReport:
    """The report of `exc`; `log_lines` (the log's last lines) default to `log_file`'s."""
    moment = now or datetime.now(UTC)
    trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    lines = [
        f"SellerDesk {sellerdesk.__version__}",
        f"Python {platform.python_version()} on {platform.platform()}",
        f"When: {moment.isoformat(timespec='seconds')}",
    ]
    where = scrub_all(where)
    if where:
        lines.append(f"Doing: {where}")
    lines += ["", trace.rstrip()]
    tail = log_tail(log_file) if log_lines is None else log_lines
    if tail:
        lines += ["", "Last lines of the log:", *tail]
    details = scrub_all("\n".join(lines))
    return BugReport(type(exc).__name__, where, details, log_file, moment)


class BugReports:
    """Where every unexpected exception goes; `reported` fires once per report (on the
    thread that found it)."""

    def __init__(self, log_file: Callable[[], Path | None] = current_log_file) -> None:
        self._log_file = log_file
        self.reported: Event[BugReport] = Event("bugs.reported")
        self.count = 0

    def report(self, exc: BaseException, where: str = "") -> BugReport:
        """Log `exc` with its traceback and announce the report."""
        # Made first: its log lines are what led here, not this traceback a second time.
        found = build_report(exc, where=where, log_file=self._log_file())
        log.error("unexpected error%s", f" while: {where}" if where else "", exc_info=exc)
        self.count += 1
        self.reported.emit(found)
        return found

    # ---- the hooks ------------------------------------------------------------------------

    def install(self) -> Callable[[], None]:
        """Route uncaught exceptions of the main program and of threads here; returns the
        function that puts the previous hooks back."""
        previous_sys, previous_thread = sys.excepthook, threading.excepthook

        def on_uncaught(kind: type[BaseException], exc: BaseException,
                        tb: TracebackType | None) -> None:
            if issubclass(kind, KeyboardInterrupt):
                previous_sys(kind, exc, tb)
                return
            self.report(exc.with_traceback(tb))

        def on_thread(args: threading.ExceptHookArgs) -> None:
            if args.exc_value is None or issubclass(args.exc_type, SystemExit):
                previous_thread(args)
                return
            name = args.thread.name if args.thread is not None else "a thread"
            self.report(args.exc_value, where=f"thread {name}")

        sys.excepthook, threading.excepthook = on_uncaught, on_thread

        def uninstall() -> None:
            sys.excepthook, threading.excepthook = previous_sys, previous_thread
        return uninstall

    def loop_handler(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's exception handler: a task's exception nobody retrieved, a
        callback that raised. Known errors are logged; bugs reported."""
        exc = context.get("exception")
        message = str(context.get("message") or "")
        if not isinstance(exc, BaseException):
            log.warning("event loop: %s", message)
            return
        if is_known(exc):
            log.warning("event loop: %s: %r", message, exc)
            return
        self.report(exc, where=message)


__all__ = ["KNOWN_ERRORS", "LOG_LINES", "BugReport", "BugReports", "build_report",
           "current_log_file", "is_known", "log_tail"]
