"""Errors a person can act on, bugs a person can report: telling them apart, and the report.

A known failure carries a sentence for the seller (`message`): the shop service's errors
(offline, refused token, conflict...), the local store's (a full disk, data in use...) and
the saved profiles'. Those are shown where they happened, with an action where there is one.
Anything else is a bug in SellerDesk: it is logged with its traceback and reaches one
"Something went wrong" report, whether it escaped a window's task, a thread, the event loop
or the main program (`BugReports.install` sets `sys.excepthook` and `threading.excepthook`;
`loop_handler` is the event loop's exception handler).

No Qt here: a front end listens to `BugReports.reported`, which may fire on any thread.
"""

from __future__ import annotations

import asyncio
import logging
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import sellerdesk
from sellerdesk.api.errors import ApiError
from sellerdesk.api.redact import scrub
from sellerdesk.credentials import CredentialsError
from sellerdesk.services.events import Event
from sellerdesk.store import StoreError

log = logging.getLogger("sellerdesk.bugs")

KNOWN_ERRORS: tuple[type[Exception], ...] = (ApiError, StoreError, CredentialsError)


def is_known(exc: BaseException) -> bool:
    """Whether `exc` is a failure the core describes in words for a person (not a bug)."""
    return isinstance(exc, KNOWN_ERRORS)


def current_log_file() -> Path | None:
    """The file the app logs to (the root logger's file handler), if any."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.FileHandler):
            return Path(handler.baseFilename)
    return None


@dataclass(frozen=True)
class BugReport:
    """What went wrong, for a person to send: `details` is scrubbed of every secret."""

    kind: str  # the exception's type, e.g. "KeyError"
    where: str  # what SellerDesk was doing, e.g. "Saving your answer…" ("" if unknown)
    details: str  # version, system, time, where, traceback: what to send
    log_file: Path | None
    when: datetime


def build_report(exc: BaseException, *, where: str = "",
                 log_file: Path | None = None, now: datetime | None = None) -> BugReport:
    moment = now or datetime.now(UTC)
    trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    lines = [
        f"SellerDesk {sellerdesk.__version__}",
        f"Python {platform.python_version()} on {platform.platform()}",
        f"When: {moment.isoformat(timespec='seconds')}",
    ]
    if where:
        lines.append(f"Doing: {where}")
    details = scrub("\n".join([*lines, "", trace.rstrip()]))
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
        log.error("unexpected error%s", f" while: {where}" if where else "", exc_info=exc)
        found = build_report(exc, where=where, log_file=self._log_file())
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


__all__ = ["KNOWN_ERRORS", "BugReport", "BugReports", "build_report", "current_log_file",
           "is_known"]
