"""What must be true of a tracking code before it is queued, said in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from sellerdesk.ui.widgets.formatting import format_number

NAME_MAX = 120
CODE_MAX = 50_000  # real snippets are a few kilobytes; this stops a pasted file or log


@dataclass(frozen=True)
class Problem:
    field: str  # "name", "code" or "options"
    message: str
    row: int | None = None  # for options: the offending row


def validate(name: str, code: str, option_keys: Sequence[str]) -> list[Problem]:
    problems: list[Problem] = []
    if not name.strip():
        problems.append(Problem("name", QCoreApplication.translate(
            "TrackingValidation", "Give the tracking code a name.")))
    elif len(name.strip()) > NAME_MAX:
        text = QCoreApplication.translate(
            "TrackingValidation", "The name is {n} characters long; keep it under {max}.")
        problems.append(Problem("name", text.format(n=format_number(len(name.strip())),
                                                    max=format_number(NAME_MAX))))
    if not code.strip():
        problems.append(Problem("code", QCoreApplication.translate(
            "TrackingValidation", "Paste the snippet's code: it cannot be empty.")))
    elif len(code) > CODE_MAX:
        text = QCoreApplication.translate(
            "TrackingValidation", "The code is {n} characters long; the most a snippet may have "
                                  "is {max}. Check that only the snippet was pasted.")
        problems.append(Problem("code", text.format(n=format_number(len(code)),
                                                    max=format_number(CODE_MAX))))
    seen: dict[str, int] = {}
    for row, key in enumerate(option_keys):
        clean = key.strip()
        if not clean:
            text = QCoreApplication.translate(
                "TrackingValidation", "Option {n} has no name: give it one, or remove the row.")
            problems.append(Problem("options", text.format(n=row + 1), row))
        elif clean in seen:
            text = QCoreApplication.translate(
                "TrackingValidation",
                "The option “{key}” appears twice: each option needs its own name.")
            problems.append(Problem("options", text.format(key=clean), row))
        else:
            seen[clean] = row
    return problems
