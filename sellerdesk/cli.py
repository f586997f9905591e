"""The command line: the GUI by default, and the same services without a window.

Exit codes: 0 done, 1 other error, 2 usage, 3 queued (offline, not yet sent),
4 authentication, 5 conflict.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from sellerdesk import __version__

DONE, ERROR, USAGE, QUEUED, AUTH, CONFLICT = 0, 1, 2, 3, 4, 5

SUBCOMMANDS = ("sync", "questions", "answer", "delete-question", "ship", "invoice", "outbox",
               "export", "sandbox")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sellerdesk", description=(
        "SellerDesk: answer buyers, ship orders and keep your shop in view, online or "
        "offline. With no command, opens the window."))
    p.add_argument("--version", action="version", version=f"SellerDesk {__version__}")
    p.add_argument("--demo", action="store_true",
                   help="run on the bundled demo shop (no account, no network)")
    p.add_argument("--snapshot", metavar="DIR", type=Path,
                   help="save a picture of every view to DIR and exit")
    p.add_argument("--lang", metavar="LANG", help="language of the window: en, es, pt_BR")
    p.add_argument("--profile", metavar="NAME", help="the shop profile to use")
    p.add_argument("--base-url", metavar="URL", help="the shop service's base URL")
    p.add_argument("--shop-id", metavar="N", type=int, help="the shop id")
    p.add_argument("--data-dir", metavar="DIR", type=Path,
                   help="where SellerDesk keeps its data (default: the user data folder)")
    p.add_argument("-v", "--verbose", action="store_true", help="log to the terminal")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("sync", help="bring the local copy of the shop up to date")
    q = sub.add_parser("questions", help="list buyers' questions")
    q.add_argument("--unanswered", action="store_true", help="only unanswered questions")
    q.add_argument("--search", metavar="WORD", help="only questions with these words")
    a = sub.add_parser("answer", help="answer a question")
    a.add_argument("question_id", type=int)
    a.add_argument("text")
    d = sub.add_parser("delete-question", help="delete a question")
    d.add_argument("question_id", type=int)
    s = sub.add_parser("ship", help="update a shipping's status and tracking code")
    s.add_argument("order_id")
    s.add_argument("shipping_id", type=int)
    s.add_argument("--status", required=True,
                   choices=["pickup", "pending", "in_progress", "on_route", "delivered"])
    s.add_argument("--tracking", metavar="CODE")
    i = sub.add_parser("invoice", help="set an order's invoice data")
    i.add_argument("order_id")
    i.add_argument("--number", required=True)
    i.add_argument("--type", required=True)
    i.add_argument("--not-invoiced", action="store_true", help="mark as not invoiced")
    o = sub.add_parser("outbox", help="list writes not yet sent")
    o.add_argument("--flush", action="store_true", help="try to send them now")
    e = sub.add_parser("export", help="export data")
    e.add_argument("what", choices=["orders"])
    e.add_argument("--csv", required=True, type=Path, metavar="FILE")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["sandbox"]:  # the bundled sandbox, for `--demo` inside a bundle
        from sellerdesk.sandbox.cli import main as sandbox_main

        return int(sandbox_main(args_list[1:]) or 0)
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else USAGE
    from sellerdesk.logs import setup_logging

    setup_logging(args.data_dir, verbose=args.verbose)
    if args.command is None:
        from sellerdesk.app import run_gui

        return run_gui(demo=args.demo, snapshot_dir=args.snapshot, profile=args.profile,
                       data_dir=args.data_dir, lang=args.lang)
    from sellerdesk.commands import COMMANDS, CommandError

    command: Callable[[argparse.Namespace], Coroutine[Any, Any, int]] = COMMANDS[args.command]
    try:
        return asyncio.run(command(args))
    except CommandError as exc:
        print(f"sellerdesk: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["AUTH", "CONFLICT", "DONE", "ERROR", "QUEUED", "USAGE", "main"]
