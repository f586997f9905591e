"""Everything the command line prints goes through here: escaped, and quiet on a closed pipe.

Server words (buyers' names, questions, error messages) may hold terminal control sequences;
`safe_text.for_terminal` makes them visible and inert. A reader that stops early
(`sellerdesk questions | head -1`) closes the pipe: the output ends quietly and the command
finishes with its own exit code (a write still reports whether it was sent).
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from sellerdesk.services.safe_text import for_terminal

_closed: set[str] = set()  # "stdout" / "stderr" once their reader went away


def _write(name: str, text: str) -> None:
    if name in _closed:
        return
    stream: TextIO | None = getattr(sys, name)
    if stream is None:
        return
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        _closed.add(name)
        # Point the descriptor at /dev/null, so the flush at exit cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, stream.fileno())
        finally:
            os.close(devnull)


def say(text: str) -> None:
    """One line of results on stdout."""
    _write("stdout", for_terminal(text) + "\n")


def warn(text: str) -> None:
    """One line for the person on stderr (notes, errors)."""
    _write("stderr", for_terminal(text) + "\n")


def progress(text: str) -> None:
    """A progress line that rewrites itself, on a terminal only (never in a log or pipe)."""
    if sys.stderr is not None and sys.stderr.isatty():
        _write("stderr", "\r" + for_terminal(text) + "\x1b[K")


def end_progress() -> None:
    if sys.stderr is not None and sys.stderr.isatty():
        _write("stderr", "\n")


def raw(text: str, *, to_stderr: bool = False) -> None:
    """Text that is already a whole message (argparse's help and errors), escaped too."""
    _write("stderr" if to_stderr else "stdout", for_terminal(text))


def stdout_closed() -> bool:
    return "stdout" in _closed


__all__ = ["end_progress", "progress", "raw", "say", "stdout_closed", "warn"]
