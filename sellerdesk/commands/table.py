"""Which function runs each subcommand. A command's module is imported when that command
runs (`command_for`): a start imports its own command and what it needs, not the other ten."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Coroutine
from typing import Any

from sellerdesk.commands.codes import CommandError

Command = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]

# The command's name -> its function, or (module under sellerdesk.commands, function).
COMMANDS: dict[str, Command | tuple[str, str]] = {
    "sync": ("inbox", "cmd_sync"), "questions": ("inbox", "cmd_questions"),
    "answer": ("inbox", "cmd_answer"), "delete-question": ("inbox", "cmd_delete_question"),
    "ship": ("orders", "cmd_ship"), "invoice": ("orders", "cmd_invoice"),
    "outbox": ("outbox", "cmd_outbox"), "tracking": ("tracking", "cmd_tracking"),
    "export": ("orders", "cmd_export"), "connect": ("connect", "cmd_connect"),
    "print": ("print", "cmd_print"),
}


def command_for(name: str) -> Command:
    """The function that runs the command `name`, its module imported now."""
    found = COMMANDS[name]
    if isinstance(found, tuple):
        module, function = found
        run: Command = getattr(importlib.import_module(f"sellerdesk.commands.{module}"),
                               function)
        return run
    return found


__all__ = ["COMMANDS", "Command", "CommandError", "command_for"]
