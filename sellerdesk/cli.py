"""The command line: the GUI by default, and the same services without a window.

Exit codes: 0 done, 1 other error, 2 usage (the command line itself is wrong), 3 queued
(saved, not yet sent: offline or the service busy), 4 authentication (token missing or
refused), 5 conflict (the server's record moved on; both versions kept), 6 not found (the
question, order, tracking code or outbox entry does not exist; nothing was queued), 7 partly
done (some sync stages or some changes were not done; each is named on stderr).

Everything printed goes through `safe_text.for_terminal` (server words cannot drive the
terminal); a closed pipe ends the output quietly with the command's own exit code.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

# Before anything imports httpx: it imports its own command line (rich, click, pygments: a
# tenth of a second at every start) whenever those happen to be installed, and SellerDesk
# never runs it. A None entry makes that one import fail, which httpx expects (it then
# defines a stub `httpx.main`).
if "httpx" not in sys.modules:
    sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]

from sellerdesk import __version__, startup
from sellerdesk.commands.codes import (
    AUTH,
    CONFLICT,
    DONE,
    ERROR,
    NOT_FOUND,
    PARTIAL,
    QUEUED,
    USAGE,
)

# The services (and everything below them) are imported by `main`, after `startup` has
# turned the garbage collector off for the start: importing this module stays light.
SUBCOMMANDS = ("sync", "questions", "answer", "delete-question", "ship", "invoice", "outbox",
               "tracking", "export", "connect", "print", "sandbox")

EPILOG = """\
exit codes:
  0  done: everything asked for was done (a write: sent and applied)
  1  error: not done (a write: not saved, or refused by the shop), every sync stage failed
  2  usage: the command line itself is wrong; nothing ran
  3  queued: saved in the outbox, not yet sent (offline, the service busy, the disk full)
  4  authentication: the access token is missing or was refused
  5  conflict: the record changed elsewhere; both versions are kept
  6  not found: no such question, order, tracking code or outbox entry; nothing queued
  7  partly done: some sync stages or some changes were not done (each named on stderr)

The token comes from SELLERDESK_TOKEN or the keyring. A token other than one the shop
refused resumes the queue it paused. SELLERDESK_LOG_DEBUG=all logs every library at DEBUG
(the token never appears in any log)."""


class Parser(argparse.ArgumentParser):
    """argparse with its messages escaped and its errors in plain words (exit 2)."""

    def _print_message(self, message: str, file: Any = None) -> None:
        from sellerdesk.commands.output import raw

        if message:
            raw(message, to_stderr=file is sys.stderr)

    def error(self, message: str) -> NoReturn:
        # "argument ORDER_ID: must be ..." -> "ORDER_ID must be ..."
        message = re.sub(r"^argument (\S+?): (must|is) ", r"\1 \2 ", message)
        message = re.sub(r"^argument (\S+?): ", r"\1: ", message)
        self.exit(USAGE, f"{self.prog}: {message}\n"
                         f"See `{self.prog} --help`.\n")


class _CommandParser(Parser):
    """A command's parser whose arguments are added when it first parses: a start builds
    only its own command's arguments (and imports only what their choices need), while
    `sellerdesk --help` lists every command from its one-line help alone."""

    def __init__(self, *args: Any, fill: Callable[[argparse.ArgumentParser], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fill = fill

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:  # argparse's, overloaded
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)
        return super().parse_known_args(*args, **kwargs)


def _whole_number(text: str) -> int:
    if not re.fullmatch(r"\s*\d{1,19}\s*", text):
        raise argparse.ArgumentTypeError(f"must be a number such as 123456, not {text!r}")
    return int(text)


def _order_id(text: str) -> str:
    if not re.fullmatch(r"\d{1,32}", text.strip()):
        raise argparse.ArgumentTypeError(f"must be a number such as 2000012345, not {text!r}")
    return text.strip()


def base_url(text: str) -> str:
    """An http or https address with a host, and nothing secret in it."""
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or any(c.isspace() for c in text.strip())):
        raise argparse.ArgumentTypeError(
            f"must be an http:// or https:// address with a host, such as "
            f"https://api.example.com, not {text!r}")
    if parts.username or parts.password or "access_token" in text:
        raise argparse.ArgumentTypeError(
            "must not hold a user, password or token: give the token in SELLERDESK_TOKEN")
    return text.strip().rstrip("/")


def _choice(values: Sequence[str], prefix: str = "") -> Callable[[str], str]:
    """One of `values`, in any case; `prefix` may be left out (PROVIDER_ADS: ads)."""
    def parse(text: str) -> str:
        wanted = text.strip().upper()
        for value in values:
            if wanted in (value, value.removeprefix(prefix)):
                return value
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(values)}, not {text!r}")
    return parse


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"must be KEY=VALUE, not {text!r}")
    return key.strip(), value


DELIMITERS = {",": ",", "comma": ",", ";": ";", "semicolon": ";", "tab": "\t", "\t": "\t"}


def _delimiter(text: str) -> str:
    try:
        return DELIMITERS[text.strip(" ").lower()]
    except KeyError:
        raise argparse.ArgumentTypeError(f"must be ',', ';' or tab, not {text!r}") from None


def _ship(s: argparse.ArgumentParser) -> None:
    from sellerdesk.services.spec_values import ShippingStatus

    s.add_argument("order_id", type=_order_id, metavar="ORDER_ID")
    s.add_argument("shipping_id", type=_whole_number, metavar="SHIPPING_ID")
    s.add_argument("--status", required=True, choices=tuple(s.value for s in ShippingStatus))
    s.add_argument("--tracking", metavar="CODE")


def _tracking(t: argparse.ArgumentParser) -> None:
    from sellerdesk.services.spec_values import CodeEvent, Provider, TrackingStatus

    providers = tuple(p.value for p in Provider)
    events = tuple(e.value for e in CodeEvent)
    statuses = tuple(t.value for t in TrackingStatus)
    actions = t.add_subparsers(dest="action", metavar="ACTION", required=True)
    ls = actions.add_parser("list", help="the tracking codes in the local copy")
    ls.add_argument("--all", action="store_true", help="INACTIVE codes too")
    provider = _choice(providers, "PROVIDER_")
    c = actions.add_parser("create", help="create a tracking code (prints its id when sent)")
    c.add_argument("name", metavar="NAME")
    c.add_argument("code", metavar="CODE", help="the HTML snippet")
    c.add_argument("--provider", required=True, type=provider, metavar="P",
                   help=", ".join(providers))
    c.add_argument("--event", required=True, type=_choice(events), metavar="E",
                   help=", ".join(events))
    c.add_argument("--status", type=_choice(statuses), metavar="S", help="ACTIVE (default) "
                   "or INACTIVE")
    c.add_argument("--option", action="append", type=_option, metavar="KEY=VALUE",
                   help="a provider option (repeat for more)")
    m = actions.add_parser("modify", help="change some fields of a tracking code")
    m.add_argument("id", type=_whole_number, metavar="ID")
    m.add_argument("--name")
    m.add_argument("--code")
    m.add_argument("--provider", type=provider, metavar="P")
    m.add_argument("--event", type=_choice(events), metavar="E")
    m.add_argument("--status", type=_choice(statuses), metavar="S")
    m.add_argument("--option", action="append", type=_option, metavar="KEY=VALUE",
                   help="set one option, keeping the others (repeat for more)")
    d = actions.add_parser("delete", help="delete a tracking code")
    d.add_argument("id", type=_whole_number, metavar="ID")


def _connect(c: argparse.ArgumentParser) -> None:
    # SUPPRESS: the same options given before the command are kept, not reset to None.
    c.add_argument("--profile", metavar="NAME", default=argparse.SUPPRESS,
                   help="the shop profile to connect (made or changed with --base-url and "
                        "--shop-id)")
    c.add_argument("--base-url", metavar="URL", type=base_url, default=argparse.SUPPRESS,
                   help="the shop service's base URL (http or https)")
    c.add_argument("--shop-id", metavar="N", type=_whole_number, default=argparse.SUPPRESS,
                   help="the shop id")
    c.add_argument("--authorization-url", metavar="URL", type=base_url,
                   help="the shop's sign-in page")
    c.add_argument("--token-url", metavar="URL", type=base_url,
                   help="the token endpoint")
    c.add_argument("--client-id", metavar="ID", help="the app's id")
    c.add_argument("--redirect-uri", metavar="URL", type=base_url,
                   help="the app's registered redirect, when it is not on this computer "
                        "(the code is then pasted)")
    c.add_argument("--no-browser", action="store_true",
                   help="do not open a browser: print the address only")


def _questions(q: argparse.ArgumentParser) -> None:
    q.add_argument("--unanswered", action="store_true", help="only unanswered questions")
    q.add_argument("--search", metavar="WORD", help="only questions with these words")


def _answer(a: argparse.ArgumentParser) -> None:
    a.add_argument("question_id", type=_whole_number, metavar="QUESTION_ID")
    a.add_argument("text", metavar="TEXT")


def _delete_question(d: argparse.ArgumentParser) -> None:
    d.add_argument("question_id", type=_whole_number, metavar="QUESTION_ID")


def _invoice(i: argparse.ArgumentParser) -> None:
    i.add_argument("order_id", type=_order_id, metavar="ORDER_ID")
    i.add_argument("--number", required=True)
    i.add_argument("--type", required=True)
    i.add_argument("--not-invoiced", action="store_true", help="mark as not invoiced")


def _outbox(o: argparse.ArgumentParser) -> None:
    what = o.add_mutually_exclusive_group()
    what.add_argument("--flush", action="store_true", help="try to send them now")
    what.add_argument("--discard", metavar="ID",
                      help="drop a waiting change for good (says what is lost)")
    o.add_argument("--force", action="store_true",
                   help="with --discard: drop it even when it may already be on the shop "
                        "and the shop cannot be reached to check")
    what.add_argument("--retry", metavar="ID",
                      help="send a waiting, failed or conflicting change again now")


def _export(e: argparse.ArgumentParser) -> None:
    e.add_argument("what", choices=["orders"])
    e.add_argument("--csv", required=True, type=Path, metavar="FILE")
    e.add_argument("--delimiter", type=_delimiter, metavar="{,|;|tab}",
                   help="what separates cells (default: your locale's spreadsheets' list "
                        "separator: ';' where numbers have a decimal comma, else ',')")


def _print(pr: argparse.ArgumentParser) -> None:
    pr.add_argument("what", choices=["slips", "picklist"])
    which = pr.add_mutually_exclusive_group(required=True)
    which.add_argument("--view", choices=["to-ship"], help="every order of this view")
    which.add_argument("order_ids", nargs="*", default=[], type=_order_id, metavar="ORDER_ID")
    pr.add_argument("--pdf", required=True, type=Path, metavar="FILE")


def _top_level(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The options before any command (the window's own), on `p`."""
    p.add_argument("--version", action="version", version=f"SellerDesk {__version__}")
    p.add_argument("--demo", action="store_true",
                   help="run on the bundled demo shop (no account, no network)")
    p.add_argument("--snapshot", metavar="DIR", type=Path,
                   help="save a picture of every view to DIR and exit")
    p.add_argument("--lang", metavar="LANG", help="language of the window: en, es, pt_BR")
    p.add_argument("--profile", metavar="NAME", help="the shop profile to use")
    p.add_argument("--base-url", metavar="URL", type=base_url,
                   help="the shop service's base URL (http or https)")
    p.add_argument("--shop-id", metavar="N", type=_whole_number, help="the shop id")
    p.add_argument("--data-dir", metavar="DIR", type=Path,
                   help="where SellerDesk keeps its data (default: the user data folder)")
    p.add_argument("-v", "--verbose", action="count", default=0,
                   help="log to the terminal; -vv adds the libraries' debug lines")
    return p


def build_parser() -> argparse.ArgumentParser:
    p = _top_level(Parser(prog="sellerdesk", epilog=EPILOG,
                          formatter_class=argparse.RawDescriptionHelpFormatter, description=(
                              "SellerDesk: answer buyers, ship orders and keep your shop in "
                              "view, online or offline. With no command, opens the window.")))
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    # Each command's arguments are added by its `fill`, when that command parses.
    sub.add_parser("sync", help="bring the local copy of the shop up to date")
    sub.add_parser("questions", help="list buyers' questions (local copy)", fill=_questions)
    sub.add_parser("answer", help="answer a question", fill=_answer)
    sub.add_parser("delete-question", help="delete a question", fill=_delete_question)
    sub.add_parser("ship", help="update a shipping's status and tracking code", fill=_ship)
    sub.add_parser("invoice", help="set an order's invoice data", fill=_invoice)
    sub.add_parser("outbox", help="list writes not yet sent; send, discard or retry them",
                   fill=_outbox)
    sub.add_parser("tracking", help="list, create, modify or delete tracking codes",
                   description="Tracking codes (the snippets the shop inserts on a page "
                               "event), from the local copy and through the outbox.",
                   fill=_tracking)
    sub.add_parser(
        "connect", help="sign in to the shop in a browser and keep the connection",
        description="Sign in to the shop with OAuth, as the window's Connect does: allow "
                    "SellerDesk on the shop's page (a browser opens when one can; else open "
                    "the printed address anywhere and paste back the address it ends on), "
                    "and the connection is kept in the keyring. The app's settings come "
                    "from the profile's last sign-in, or from the options below with the "
                    "app's secret in SELLERDESK_CLIENT_SECRET.", fill=_connect)
    sub.add_parser("export", help="export data", fill=_export)
    sub.add_parser("print", help="packing slips or a pick list as a PDF (local copy)",
                   fill=_print)
    return p


class _NotTheWindow(Exception):
    """The lean parse gave up: the whole parser parses (and words any error)."""


class _WindowParser(Parser):
    def error(self, message: str) -> NoReturn:
        raise _NotTheWindow(message)


def _window_args(args: Sequence[str]) -> argparse.Namespace | None:
    """The window's start (no command) parsed without building the commands' parsers, the
    larger part of `build_parser`'s cost at every start; None when an argument could name a
    command or ask for help or the version, or the lean parse fails: the whole parser then
    parses, so every message and error stays its own. Same namespace: `command` is None."""
    if any(arg in SUBCOMMANDS or arg in ("-h", "--help", "--version") for arg in args):
        return None
    try:
        parsed = _top_level(_WindowParser(prog="sellerdesk", add_help=False)).parse_args(args)
    except _NotTheWindow:
        return None
    parsed.command = None
    return parsed


def _check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """What argparse cannot say alone; before anything touches the disk."""
    if bool(args.base_url) != bool(args.shop_id):
        parser.error("--base-url and --shop-id go together")
    if args.command is None and (args.base_url or args.shop_id):
        parser.error("--base-url and --shop-id are for commands; the window asks for a shop")


def _check_fails(args: argparse.Namespace) -> bool:
    """Whether `_check` would refuse `args` (it then speaks with the whole parser)."""
    try:
        _check(_WindowParser(prog="sellerdesk", add_help=False), args)
    except _NotTheWindow:
        return True
    return False


def not_text(args: Sequence[str]) -> str | None:
    """A sentence about the first argument that is not valid text, or None.

    Bytes that are not UTF-8 reach Python as lone surrogates (surrogateescape): they could
    be neither saved nor sent, and would fail deep inside with a codec error."""
    for arg in args:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            return (f'the argument "{shown}" is not valid text: it holds bytes that are not '
                    "UTF-8. Nothing was run; give it again as UTF-8 text.")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    startup.hold_collections()  # resumed once a command is imported, or the window is up
    try:
        return _main(argv)
    finally:  # never left off, whichever way main ends (a usage error, --help, a caller's
        startup.resume_collections()  # process that goes on after it: the tests')


def _main(argv: Sequence[str] | None) -> int:
    from sellerdesk.logs import protect

    protect()  # first: nothing may log a token before the redaction is in place
    args_list = list(sys.argv[1:] if argv is None else argv)
    problem = not_text(args_list)
    if problem is not None:  # before anything reads, logs or saves an argument
        from sellerdesk.commands.output import warn

        warn(f"sellerdesk: {problem}")
        return USAGE
    if args_list[:1] == ["sandbox"]:  # the bundled sandbox, for `--demo` inside a bundle
        startup.resume_collections()
        from sellerdesk.sandbox.cli import main as sandbox_main

        return int(sandbox_main(args_list[1:]) or 0)
    for stream in (sys.stdout, sys.stderr):  # never a UnicodeEncodeError on a terminal
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        args = _window_args(args_list)
        if args is None or _check_fails(args):
            parser = build_parser()
            args = parser.parse_args(args_list)
            _check(parser, args)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else USAGE
    from sellerdesk.logs import setup_logging

    log_file = setup_logging(args.data_dir, verbose=args.verbose)
    if args.command is None:
        from sellerdesk.app import run_gui

        return run_gui(demo=args.demo, snapshot_dir=args.snapshot, profile=args.profile,
                       data_dir=args.data_dir, lang=args.lang)
    return _run_command(args, log_file)


def _run_command(args: argparse.Namespace, log_file: Path | None) -> int:
    import asyncio

    from sellerdesk.commands.output import warn
    from sellerdesk.commands.table import CommandError, command_for
    from sellerdesk.logs import scrub

    command = command_for(args.command)
    # The command's modules are imported: they live as long as the process, so the collector
    # resumes past them (frozen) instead of walking them again and again while they load.
    startup.resume_collections(freeze=True)
    # One line per command in the log (the name only: arguments can hold the seller's words),
    # so a support log says what ran when, even for a command that needs no network.
    logging.getLogger("sellerdesk.cli").info("SellerDesk %s: %s", __version__, args.command)
    try:
        return asyncio.run(command(args))
    except CommandError as exc:
        warn(f"sellerdesk: {exc}")
        return exc.code
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: say so plainly, keep the details in the log
        logging.getLogger("sellerdesk.cli").exception("%s failed", args.command)
        where = f" Details are in {log_file}." if log_file else ""
        warn(f"sellerdesk: unexpected error ({type(exc).__name__}: {scrub(str(exc))})."
             f"{where}")
        return ERROR


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["AUTH", "CONFLICT", "DONE", "ERROR", "NOT_FOUND", "PARTIAL", "QUEUED", "USAGE",
           "base_url", "build_parser", "main", "not_text"]
