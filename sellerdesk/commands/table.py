"""Which function runs each subcommand. Each command's module is imported when that command
runs: a start imports its own command (and what it needs), not the other ten."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Coroutine
from typing import Any

from sellerdesk.commands.codes import CommandError

Command = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]


def _later(module: str, name: str) -> Command:
    """`sellerdesk.commands.<module>.<name>`, imported when it is called."""
    async def command(args: argparse.Namespace) -> int:
        run: Command = getattr(importlib.import_module(f"sellerdesk.commands.{module}"), name)
        return await run(args)
    command.__name__ = command.__qualname__ = name
    return command


COMMANDS: dict[str, Command] = {
    "sync": _later("inbox", "cmd_sync"), "questions": _later("inbox", "cmd_questions"),
    "answer": _later("inbox", "cmd_answer"),
    "delete-question": _later("inbox", "cmd_delete_question"),
    "ship": _later("orders", "cmd_ship"), "invoice": _later("orders", "cmd_invoice"),
    "outbox": _later("outbox", "cmd_outbox"), "tracking": _later("tracking", "cmd_tracking"),
    "export": _later("orders", "cmd_export"), "connect": _later("connect", "cmd_connect"),
    "print": _later("print", "cmd_print"),
}

__all__ = ["COMMANDS", "Command", "CommandError"]
