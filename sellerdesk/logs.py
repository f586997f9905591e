"""Logging for the app and the command line: one file per user, the token never in it.

Levels: the log file takes SellerDesk's INFO and libraries' warnings. `-v` adds the terminal
and SellerDesk's DEBUG; `-vv` also the libraries' DEBUG (qasync, httpx, httpcore, keyring,
asyncio, ...). `SELLERDESK_LOG_DEBUG=all` puts every logger at DEBUG (file and, with `-v`,
terminal); `SELLERDESK_LOG_DEBUG=httpx,qasync` only those. Every level is safe: the redaction
(`sellerdesk.api.redact`) is installed before anything logs and scrubs every record of every
logger, so the most verbose log still holds no token; the file and the terminal also take
buyers' data and the user name out (`sellerdesk.api.personal`), since the file is what a
seller sends with a bug report. Lines are escaped like everything the command line prints
(`safe_text.for_terminal`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from sellerdesk.api.redact import install_excepthooks, install_redaction
from sellerdesk.services.safe_text import for_terminal

if TYPE_CHECKING:
    import logging.handlers

# What only the log file needs (platformdirs, logging.handlers, the personal-data patterns,
# the private files) is imported by `setup_logging`: `protect` runs at every start of the
# command line, `--version`, `--help` and a usage error included, which open no log.

APP_NAME = "SellerDesk"
DEBUG_ENV = "SELLERDESK_LOG_DEBUG"
BACKUPS = 3  # rotated files kept
# Libraries quiet (warnings only) unless asked for: their DEBUG is for chasing their bugs.
LIBRARIES = ("qasync", "httpx", "httpcore", "keyring", "asyncio", "hpack", "h11",
             "secretstorage", "jeepney", "PIL", "matplotlib", "urllib3")


def scrub(text: str) -> str:
    """The command line's crash line: no secret, no buyer, no user name."""
    from sellerdesk.api.personal import scrub_all

    return scrub_all(text)


def log_dir(data_dir: Path | None = None) -> Path:
    if data_dir is not None:
        return data_dir / "logs"
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def debug_loggers(environ: Mapping[str, str] | None = None) -> tuple[str, ...] | None:
    """Loggers `SELLERDESK_LOG_DEBUG` asks for: None when unset, ("",) for all (the root)."""
    raw = (os.environ if environ is None else environ).get(DEBUG_ENV, "").strip()
    if not raw:
        return None
    names = tuple(n.strip() for n in raw.split(",") if n.strip())
    return ("",) if any(n.lower() in ("all", "1", "*", "root") for n in names) else names


def _private_rotating_handler(path: Path) -> logging.handlers.RotatingFileHandler:
    """A rotating log file; each file (the first and every one rotation starts) is 0600."""
    import io
    import logging.handlers

    from sellerdesk.private_files import private_opener

    class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
        def _open(self) -> io.TextIOWrapper:
            stream = open(self.baseFilename, self.mode, encoding=self.encoding,  # noqa: SIM115
                          errors=self.errors, opener=private_opener)
            assert isinstance(stream, io.TextIOWrapper)  # a text mode ("a")
            return stream

    return PrivateRotatingFileHandler(path, maxBytes=2_000_000, backupCount=BACKUPS,
                                      encoding="utf-8")


class SafeFormatter(logging.Formatter):
    """Log lines quote buyers and servers: escape their control characters, so neither the
    terminal (`-v`) nor `tail -f` on the file can be recoloured, retitled or cleared."""

    def format(self, record: logging.LogRecord) -> str:
        return for_terminal(super().format(record))


def protect() -> None:
    """Scrub secrets from every log record and uncaught traceback from now on; call first."""
    install_redaction(os.environ.get("SELLERDESK_TOKEN"))
    install_excepthooks()


def setup_logging(data_dir: Path | None = None, *, verbose: int | bool = 0,
                  environ: Mapping[str, str] | None = None) -> Path | None:
    """A rotating log file plus, with `verbose`, the terminal; returns the file's path.
    `verbose`: 0 quiet, 1 SellerDesk's DEBUG on the terminal, 2 libraries' DEBUG too."""
    from sellerdesk.api.personal import PersonalDataFilter
    from sellerdesk.api.redact import RedactionFilter
    from sellerdesk.private_files import (
        DIR_MODE,
        FILE_MODE,
        private_dir,
        report,
        tighten_if_present,
    )

    protect()
    level = int(verbose)
    wanted = debug_loggers(environ)
    everything = level >= 2 or wanted == ("",)
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if level or wanted else logging.INFO)
    if not everything:
        # Root at DEBUG would pass their DEBUG records on; hold them at warnings.
        for name in LIBRARIES:
            logging.getLogger(name).setLevel(logging.WARNING)
    else:
        for name in LIBRARIES:
            logging.getLogger(name).setLevel(logging.DEBUG)
    if not level and not wanted:
        logging.getLogger("sellerdesk").setLevel(logging.INFO)
    for name in wanted or ():
        if name:
            logging.getLogger(name).setLevel(logging.DEBUG)
    fmt = SafeFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    path: Path | None = None
    try:
        folder = log_dir(data_dir)
        # Private (0700/0600): lines name buyers. Said in the log once it is open.
        widened = [(p, private_dir(p, quiet=True)) for p in
                   ((data_dir, folder) if data_dir is not None else (folder,))]
        path = folder / "sellerdesk.log"
        widened += [(p, tighten_if_present(p, quiet=True)) for p in
                    (path, *(Path(f"{path}.{n}") for n in range(1, BACKUPS + 1)))]
        handler = _private_rotating_handler(path)
        handler.setFormatter(fmt)
        handler.addFilter(RedactionFilter())
        handler.addFilter(PersonalDataFilter())
        root.addHandler(handler)
        for where, old in widened:
            if old is not None:
                report(where, old, DIR_MODE if where.is_dir() else FILE_MODE)
    except OSError:  # a read-only or full disk must not keep the seller out
        path = None
    if level:
        stream = logging.StreamHandler()
        stream.setFormatter(fmt)
        stream.addFilter(RedactionFilter())
        stream.addFilter(PersonalDataFilter())
        root.addHandler(stream)
    return path
