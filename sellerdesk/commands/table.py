"""Which function runs each subcommand."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Coroutine
from typing import Any

from sellerdesk.commands.base import CommandError
from sellerdesk.commands.connect import cmd_connect
from sellerdesk.commands.inbox import cmd_answer, cmd_delete_question, cmd_questions, cmd_sync
from sellerdesk.commands.orders import cmd_export, cmd_invoice, cmd_ship
from sellerdesk.commands.outbox import cmd_outbox
from sellerdesk.commands.print import cmd_print
from sellerdesk.commands.tracking import cmd_tracking

COMMANDS: dict[str, Callable[[argparse.Namespace], Coroutine[Any, Any, int]]] = {
    "sync": cmd_sync, "questions": cmd_questions, "answer": cmd_answer,
    "delete-question": cmd_delete_question, "ship": cmd_ship, "invoice": cmd_invoice,
    "outbox": cmd_outbox, "tracking": cmd_tracking, "export": cmd_export,
    "connect": cmd_connect, "print": cmd_print,
}

__all__ = ["COMMANDS", "CommandError"]
