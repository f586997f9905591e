"""What must be true of a tracking code before it is queued, said in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

NAME_MAX = 120
CODE_MAX = 50_000  # real snippets are a few kilobytes; this stops a pasted file or log


def _tr(text: str) -> str:
    return QCoreApplication.translate("TrackingValidation", text)


@dataclass(frozen=True)
class Problem:
    field: str  # "name", "code" or "options"
    message: str
    row: int | None = None  # for options: the offending row


def validate(name: str, code: str, option_keys: Sequence[str]) -> list[Problem]:
    problems: list[Problem] = []
    if not name.strip():
        problems.append(Problem("name", _tr("Give the tracking code a name.")))
    elif len(name.strip()) > NAME_MAX:
        problems.append(Problem("name", _tr(
            "The name is {n} characters long; keep it under {max}.").format(
                n=len(name.strip()), max=NAME_MAX)))
    if not code.strip():
        problems.append(Problem("code", _tr("Paste the snippet's code: it cannot be empty.")))
    elif len(code) > CODE_MAX:
        problems.append(Problem("code", _tr(
            "The code is {n:,} characters long; the most a snippet may have is {max:,}. "
            "Check that only the snippet was pasted.").format(n=len(code), max=CODE_MAX)))
    seen: dict[str, int] = {}
    for row, key in enumerate(option_keys):
        clean = key.strip()
        if not clean:
            problems.append(Problem("options", _tr(
                "Option {n} has no name: give it one, or remove the row.").format(n=row + 1),
                row))
        elif clean in seen:
            problems.append(Problem("options", _tr(
                "The option “{key}” appears twice: each option needs its own name.").format(
                    key=clean), row))
        else:
            seen[clean] = row
    return problems
