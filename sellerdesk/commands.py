"""The command line's subcommands, over the same services the window uses."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Awaitable, Callable, Coroutine
from datetime import UTC, datetime
from typing import Any

from sellerdesk.api.enums import ShippingStatus, ThreadStatus
from sellerdesk.api.errors import ApiError, AuthError, Offline
from sellerdesk.api.models import Order, Question
from sellerdesk.services.convert import load_all
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store import StoreError
from sellerdesk.store.outbox import UNFINISHED, OutboxEntry, OutboxState
from sellerdesk.store.rows import QuestionFilter

DONE, ERROR, USAGE, QUEUED, AUTH, CONFLICT = 0, 1, 2, 3, 4, 5


class CommandError(Exception):
    """A failure with its exit code and a sentence for the terminal."""

    def __init__(self, message: str, code: int = ERROR) -> None:
        super().__init__(message)
        self.code = code


def resolve(args: argparse.Namespace) -> tuple[ShopAddress, str]:
    """The shop to talk to and its token: `--base-url/--shop-id` or a saved profile."""
    from sellerdesk.credentials import CredentialStore

    creds = CredentialStore(config_dir=args.data_dir)
    env_token = os.environ.get("SELLERDESK_TOKEN")
    if args.base_url or args.shop_id:
        if not (args.base_url and args.shop_id):
            raise CommandError("--base-url and --shop-id go together.", USAGE)
        name = args.profile or f"{args.shop_id}@{args.base_url.split('://')[-1].rstrip('/')}"
        token = env_token or creds.get_token(name)
        address = ShopAddress(profile=_safe_name(name), base_url=args.base_url,
                              shop_id=int(args.shop_id))
    else:
        profile = creds.get_profile(args.profile) if args.profile else creds.default_profile()
        if profile is None:
            raise CommandError("No shop profile yet: open SellerDesk once, or give --base-url, "
                               "--shop-id and SELLERDESK_TOKEN.", USAGE)
        token = env_token or creds.get_token(profile.name)
        address = ShopAddress(profile=_safe_name(profile.name), base_url=profile.base_url,
                              shop_id=profile.shop_id)
    if not token:
        raise CommandError("No access token: set SELLERDESK_TOKEN or save one in SellerDesk.",
                           AUTH)
    return address, token


def _safe_name(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:80]


async def _open(args: argparse.Namespace) -> Session:
    address, token = resolve(args)
    try:
        return await Session.open(address, token, data_dir=args.data_dir)
    except StoreError as exc:
        raise CommandError(exc.message) from None


def _say(text: str) -> None:
    print(text, flush=True)


def _one_line(text: str | None, width: int = 80) -> str:
    flat = " ".join((text or "").split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


async def _run(args: argparse.Namespace, body: Callable[[Session], Awaitable[int]]) -> int:
    session = await _open(args)
    try:
        return await body(session)
    except AuthError as exc:
        raise CommandError(exc.message, AUTH) from None
    except ApiError as exc:
        raise CommandError(exc.message) from None
    except StoreError as exc:
        raise CommandError(exc.message) from None
    finally:
        await session.aclose()


def _outcome(entry: OutboxEntry | None, paused: str | None) -> int:
    """Exit code and message for a write that was queued and tried once."""
    if entry is None:
        _say("done")
        return DONE
    if paused:
        _say(f"queued, not sent: {paused}")
        return AUTH
    if entry.state is OutboxState.DONE:
        _say("sent")
        return DONE
    if entry.state is OutboxState.CONFLICT:
        _say(f"conflict: {entry.last_error or ''}")
        return CONFLICT
    if entry.state is OutboxState.FAILED:
        _say(f"refused: {entry.last_error or ''}")
        return ERROR
    _say(f"queued: {entry.last_error or 'waiting to be sent'} "
         "(it goes out with `sellerdesk outbox --flush` or when SellerDesk next runs)")
    return QUEUED


async def _write(session: Session, submit: Callable[[], Awaitable[OutboxEntry]]) -> int:
    entry = await submit()
    await session.outbox.flush()
    after = await session.store.run(session.store.outbox.get, entry.id)
    return _outcome(after, await session.outbox.paused())


async def cmd_sync(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        def progress(p: object) -> None:
            stage, done, total = p.stage, p.done, p.total  # type: ignore[attr-defined]
            print(f"\r{stage}: {done}/{total if total is not None else '?'}   ", end="",
                  file=sys.stderr, flush=True)

        try:
            report = await s.sync.sync(on_progress=progress)
        except Offline as exc:
            print(file=sys.stderr)
            raise CommandError(exc.message, QUEUED) from None
        print(file=sys.stderr)
        await s.outbox.flush()
        _say(f"synced: {report.orders} orders, {report.threads} threads, "
             f"{report.questions} questions, {report.tracking_codes} tracking codes, "
             f"{report.categories} categories")
        return DONE
    return await _run(args, body)


async def cmd_questions(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        questions: list[Question]
        if args.search:
            ids = await s.store.run(s.store.search.questions, args.search, limit=500)
            from sellerdesk.store.rows import Resource

            rows = await s.store.run(s.store.cache.get_many, Resource.QUESTIONS, ids)
            questions = load_all(rows, Question)
        else:
            status = ThreadStatus.UNANSWERED.value if args.unanswered else None
            rows = await s.store.run(s.store.cache.questions, QuestionFilter(status=status))
            questions = load_all(rows, Question)
        if args.unanswered:
            questions = [q for q in questions if q.status == "unanswered"]
        synced = await s.store.run(s.store.cache.last_sync, "questions")
        if synced is None:
            _say("(nothing synced yet: run `sellerdesk sync` first)")
        else:
            age = datetime.now(UTC) - synced
            print(f"as of {synced:%Y-%m-%d %H:%M} UTC ({int(age.total_seconds() // 60)} min ago)",
                  file=sys.stderr)
        for q in questions:
            who = q.from_.nickname or q.from_.name if q.from_ else ""
            when = q.creation_date.strftime("%Y-%m-%d %H:%M") if q.creation_date else ""
            text = q.question.text if q.question else ""
            _say(f"{q.id}\t{q.status or ''}\t{when}\t{_one_line(who, 24)}\t{_one_line(text)}")
        return DONE
    return await _run(args, body)


async def cmd_answer(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        try:
            return await _write(s, lambda: s.inbox.answer(args.question_id, args.text))
        except ValueError as exc:
            raise CommandError(str(exc), USAGE) from None
    return await _run(args, body)


async def cmd_delete_question(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        return await _write(s, lambda: s.inbox.delete_question(args.question_id,
                                                                undo_seconds=0))
    return await _run(args, body)


async def _order(s: Session, order_id: str) -> Order:
    order = await s.orders.order(order_id)
    if order is None:
        try:
            order = await s.orders.refresh_order(order_id)
        except Offline:
            raise CommandError(f"Order {order_id} is not in SellerDesk yet and the shop "
                               "service cannot be reached; sync first.", QUEUED) from None
    return order


async def cmd_ship(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        order = await _order(s, args.order_id)
        try:
            return await _write(s, lambda: s.orders.update_shipping(
                order, args.shipping_id, status=ShippingStatus(args.status),
                tracking_code=args.tracking))
        except ValueError as exc:
            raise CommandError(str(exc), USAGE) from None
    return await _run(args, body)


async def cmd_invoice(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        order = await _order(s, args.order_id)
        return await _write(s, lambda: s.orders.update_invoice(
            order, invoiced=not args.not_invoiced, number=args.number, type=args.type))
    return await _run(args, body)


async def cmd_outbox(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        if args.flush:
            await s.outbox.retry_all_waiting()
            await s.outbox.flush()
        entries = await s.outbox.entries(states=UNFINISHED)
        paused = await s.outbox.paused()
        if paused:
            _say(f"paused: {paused}")
        if not entries:
            _say("nothing waiting: every change was sent")
            return DONE
        for e in entries:
            _say(f"{e.id[:8]}\t{e.state.value}\t{e.kind.value}\t{e.entity}\t"
                 f"{_one_line(e.last_error or '', 60)}")
        if paused:
            return AUTH
        if any(e.state is OutboxState.CONFLICT for e in entries):
            return CONFLICT
        return QUEUED
    return await _run(args, body)


async def cmd_export(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        try:
            n = await s.orders.export_csv(args.csv)
        except OSError as exc:
            raise CommandError(f"Could not write {args.csv}: {exc.strerror or exc}") from None
        _say(f"exported {n} orders to {args.csv}")
        return DONE
    return await _run(args, body)


COMMANDS: dict[str, Callable[[argparse.Namespace], Coroutine[Any, Any, int]]] = {
    "sync": cmd_sync, "questions": cmd_questions, "answer": cmd_answer,
    "delete-question": cmd_delete_question, "ship": cmd_ship, "invoice": cmd_invoice,
    "outbox": cmd_outbox, "export": cmd_export,
}
