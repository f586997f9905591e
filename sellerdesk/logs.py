"""Logging for the app and the command line: one file per user, the token never in it."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

import platformdirs

from sellerdesk.api.redact import RedactionFilter, install_redaction

APP_NAME = "SellerDesk"


def log_dir(data_dir: Path | None = None) -> Path:
    if data_dir is not None:
        return data_dir / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def setup_logging(data_dir: Path | None = None, *, verbose: bool = False) -> Path | None:
    """A rotating log file (INFO) plus, with `verbose`, the terminal; returns the file."""
    install_redaction()  # scrub access_token=... from every record, whoever logs it
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    # httpx logs every request URL at INFO; the redaction covers it, but it is noise.
    logging.getLogger("httpx").setLevel(logging.DEBUG if verbose else logging.WARNING)
    path: Path | None = None
    try:
        folder = log_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "sellerdesk.log"
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=2_000_000, backupCount=3,
                                                       encoding="utf-8")
        handler.setFormatter(fmt)
        handler.addFilter(RedactionFilter())
        root.addHandler(handler)
    except OSError:  # a read-only or full disk must not keep the seller out
        path = None
    if verbose:
        stream = logging.StreamHandler()
        stream.setFormatter(fmt)
        stream.addFilter(RedactionFilter())
        root.addHandler(stream)
    return path
