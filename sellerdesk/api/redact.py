"""Keep the access token out of logs: a reusable, idempotent redaction for `logging`.

httpx logs every request URL at INFO and httpcore traces at DEBUG; the spec puts the token in
the query string (`access_token=...`), so any URL in a log line is a leak. `install_redaction()`
wraps the log-record factory, so every record of every logger is scrubbed at birth, whatever
handler (a file, the console, pytest's caplog) sees it later. `RedactionFilter` does the same
as a `logging.Filter` for a handler of one's own.
"""

from __future__ import annotations

import logging
import re
import threading
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


def register_secret(*secrets: str) -> None:
    """Scrub these values (besides any `access_token=` parameter) from now on."""
    global _secrets, _pattern
    with _lock:
        new = _secrets | {s for s in secrets if s and len(s) >= _MIN_SECRET}
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


def scrub_record(record: logging.LogRecord) -> None:
    """Rewrite `record` in place so that neither its message nor its traceback holds a secret."""
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: let the handler report it as usual
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


def install_redaction(*secrets: str) -> None:
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
        _installed = True
