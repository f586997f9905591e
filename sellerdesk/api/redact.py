"""Keep the access token out of logs: a reusable, idempotent redaction for `logging`.

httpx logs every request URL at INFO and httpcore traces at DEBUG; the spec puts the token in
the query string (`access_token=...`), so any URL in a log line is a leak. Libraries also log
bare values at DEBUG (qasync: `Setting Future result: <what a keyring read returned>`), so
every secret is registered by value (`register_secret`) the moment it is read, before any
library can see it: the access token, and in time OAuth refresh tokens and client secrets.

`install_redaction()` wraps the log-record factory, so every record of every logger is
scrubbed at birth, and `logging.Handler.handle`, so it is scrubbed again (now with its `extra`
fields and any secret registered since) whatever handler (a file, the console, pytest's
caplog, a library's own) takes it. `RedactionFilter` does the same as a
`logging.Filter` for a handler of one's own; `install_excepthooks()` scrubs the tracebacks
Python prints for uncaught exceptions (of secrets and, with `personal`, of buyers' data).
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import traceback
import urllib.parse
from types import TracebackType
from typing import Any

REDACTED = "REDACTED"
# Shortest secret we scrub by value: shorter ones would blank ordinary words.
_MIN_SECRET = 4
_PARAM = re.compile(r"(access_token=)[^&\s\"'#<>]+", re.IGNORECASE)

_lock = threading.Lock()
_secrets: frozenset[str] = frozenset()
_pattern: re.Pattern[str] | None = None
_installed = False


class Secret:
    """A string that never shows itself in `repr`/`str`; `reveal()` gives it back."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return f"Secret({REDACTED})"

    __str__ = __repr__


def _spellings(secret: str) -> set[str]:
    """The secret as it may appear in a log line: raw, URL-encoded, as a repr."""
    return {secret, urllib.parse.quote(secret, safe=""), urllib.parse.quote_plus(secret),
            repr(secret)[1:-1]}


def register_secret(*secrets: str | None) -> None:
    """Scrub these values (besides any `access_token=` parameter) from every log record
    made from now on. Call it with every secret the moment it is read or received."""
    global _secrets, _pattern
    wanted = {v for s in secrets if s and len(s.strip()) >= _MIN_SECRET
              for v in _spellings(s.strip()) | _spellings(s)}
    with _lock:
        new = _secrets | {v for v in wanted if len(v) >= _MIN_SECRET}
        if new != _secrets:
            _secrets = new
            longest_first = sorted(new, key=len, reverse=True)
            _pattern = re.compile("|".join(re.escape(s) for s in longest_first))


def scrub(text: str) -> str:
    """`text` with every `access_token=...` value and every registered secret replaced."""
    text = _PARAM.sub(r"\1" + REDACTED, text)
    pattern = _pattern
    if pattern is not None:
        text = pattern.sub(REDACTED, text)
    return text


def _needs_scrub(text: str) -> bool:
    pattern = _pattern
    if "access_token" in text.lower():
        return True
    return pattern is not None and pattern.search(text) is not None


# What every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message", "asctime"}


def _scrub_extras(record: logging.LogRecord) -> None:
    for name, value in list(record.__dict__.items()):
        if name in _STANDARD or value is None or isinstance(value, int | float | bool):
            continue
        try:
            text = value if isinstance(value, str) else str(value)
        except Exception:  # an object that cannot say what it is cannot leak through str()
            continue
        if _needs_scrub(text):
            setattr(record, name, scrub(text))


def scrub_record(record: logging.LogRecord) -> None:
    """Rewrite `record` in place so that neither its message, its arguments, its traceback
    nor its `extra` fields hold a secret."""
    _scrub_extras(record)
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: let the handler report it as usual
        if _needs_scrub(str(record.msg)) or _needs_scrub(str(record.args)):
            record.msg, record.args = scrub(f"{record.msg} {record.args}"), None
        return
    if _needs_scrub(message):
        record.msg, record.args = scrub(message), None
    if record.exc_info and not record.exc_text:
        # Formatters cache the traceback text here; filling it in scrubbed wins over them.
        record.exc_text = logging.Formatter().formatException(record.exc_info)
    if record.exc_text and _needs_scrub(record.exc_text):
        record.exc_text = scrub(record.exc_text)
    if record.stack_info and _needs_scrub(record.stack_info):
        record.stack_info = scrub(record.stack_info)


class RedactionFilter(logging.Filter):
    """A handler or logger filter that scrubs records and lets them all through."""

    def filter(self, record: logging.LogRecord) -> bool:
        scrub_record(record)
        return True


def install_redaction(*secrets: str | None) -> None:
    """Register `secrets` and scrub every log record from now on. Safe to call many times."""
    global _installed
    register_secret(*secrets)
    with _lock:
        if _installed:
            return
        previous = logging.getLogRecordFactory()

        def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
            record = previous(*args, **kwargs)
            scrub_record(record)
            return record

        logging.setLogRecordFactory(factory)
        # `extra=` fields are set after the factory ran, and a secret may be registered
        # between a record's birth and its output: scrub again as any handler takes it.
        plain_handle = logging.Handler.handle

        def handle(self: logging.Handler, record: logging.LogRecord) -> Any:
            scrub_record(record)
            return plain_handle(self, record)

        logging.Handler.handle = handle  # type: ignore[method-assign]
        _installed = True


def _print_scrubbed(exc_type: type[BaseException], exc: BaseException,
                    tb: TracebackType | None) -> None:
    # Imported here: `personal` builds on this module's `scrub`.
    from sellerdesk.api.personal import scrub_personal

    text = "".join(traceback.format_exception(exc_type, exc, tb))
    if sys.stderr is not None:
        sys.stderr.write(scrub_personal(scrub(text)))
        sys.stderr.flush()


def install_excepthooks() -> None:
    """Scrub the tracebacks Python prints for uncaught exceptions (main and other threads)."""
    sys.excepthook = _print_scrubbed

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        _print_scrubbed(args.exc_type, args.exc_value, args.exc_traceback)

    threading.excepthook = thread_hook
