"""`sync`, `questions`, `answer`, `delete-question`."""

from __future__ import annotations

import argparse

from sellerdesk.commands.base import (
    CommandError,
    as_of,
    auth_words,
    flat,
    reason,
    run,
    store_trouble,
    write,
)
from sellerdesk.commands.codes import AUTH, DONE, ERROR, NOT_FOUND, PARTIAL, USAGE
from sellerdesk.commands.outbox import name_unsent
from sellerdesk.commands.output import end_progress, progress, say, warn
from sellerdesk.services.inbox_list import WAITING
from sellerdesk.services.outbox.settle import Intent
from sellerdesk.services.people import buyer_name
from sellerdesk.services.session import Session
from sellerdesk.services.sign_in import GRANT_REFUSED
from sellerdesk.services.sync import SyncProgress, report_lines
from sellerdesk.services.triage import awaits_answer
from sellerdesk.services.types import (
    ApiError,
    AuthError,
    IntentKind,
    NotFound,
    OutboxEntry,
    OutboxState,
    Question,
    StoreError,
    entity_key,
)


async def cmd_sync(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        def show(p: SyncProgress) -> None:
            total = p.total if p.total is not None else "?"
            progress(f"{p.stage}: {p.done}/{total}")

        try:
            report = await s.sync.sync(on_progress=show)
        except AuthError:
            end_progress()
            raise  # exit 4, in the token's words
        except ApiError as exc:  # every stage failed (the service's error says why)
            end_progress()
            raise CommandError(f"Nothing was synced: {reason(exc.message)}. The next sync "
                               "tries again.", ERROR) from None
        except StoreError as exc:
            end_progress()
            raise CommandError(f"The sync stopped: {store_trouble(exc)}, so the local copy "
                               "is not up to date; what was saved before is kept.",
                               ERROR) from None
        end_progress()
        lines = report_lines(report)  # counts, skipped records, then the failed stages
        failed = lines[len(lines) - len(report.failed):] if report.failed else []
        say("\n".join(lines[:len(lines) - len(failed)]))
        for line in failed:  # a refused grant in the command line's words (exit 4 below)
            warn(line.replace(GRANT_REFUSED, auth_words(GRANT_REFUSED)))
        if any(isinstance(r.error, AuthError) for r in report.failed):
            return AUTH  # the stages that need the token failed: a new one is the remedy
        left = await _flush_after_sync(s)
        return PARTIAL if failed or left else DONE
    return await run(args, body)


async def _flush_after_sync(s: Session) -> bool:
    """Send what waits; True when changes are left waiting to be sent (each named)."""
    try:
        await s.outbox.flush()
    except StoreError as exc:
        warn(f"sellerdesk: sending the waiting changes stopped: {store_trouble(exc)}.")
    waiting = await s.outbox.entries(states=(OutboxState.QUEUED, OutboxState.SENDING))
    name_unsent(waiting)
    return bool(waiting)


async def cmd_questions(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        await as_of(s, "questions")
        for q in await _questions(s, words=args.search, unanswered=args.unanswered):
            who = buyer_name(q.from_)
            when = q.creation_date.strftime("%Y-%m-%d %H:%M") if q.creation_date else ""
            text = q.question.text if q.question else ""
            say(f"{q.id}\t{q.status or ''}\t{when}\t{flat(who, 24)}\t{flat(text)}")
        return DONE
    return await run(args, body)


async def _questions(s: Session, *, words: str | None, unanswered: bool) -> list[Question]:
    """The questions to list, as the window finds them: `--unanswered` is what waits for an
    answer as every surface counts it (`Counts.unanswered`: a question whose answer or
    deletion is queued waits no more), in the inbox's order (`InboxService.list`)."""
    if words:
        found = await s.inbox.search_questions(words)
        if not unanswered:
            return found
        held = s.inbox.held()
        return [q for q in found if awaits_answer(q, held)]
    if not unanswered:
        return await s.inbox.questions()
    listed = await s.inbox.list(WAITING)
    # A conversation not read question by question yet is known by its main question only.
    return [q for t in listed.rows
            for q in (t.waiting_questions or ((t.preview,) if t.preview else ()))]


async def question_on_server(s: Session, question_id: int) -> bool | None:
    """Whether the shop has the question: True, False (404), None (could not tell).
    Asked only for a question the local copy lacks: a 404 to a write is ambiguous."""
    if await s.inbox.question(question_id) is not None:
        return True
    try:
        await s.client.question(question_id)
    except NotFound:
        return False
    except ApiError:  # offline, refused token, busy: the write path says which
        return None
    return True


def _no_question(question_id: int) -> CommandError:
    return CommandError(f"There is no question {question_id} in this shop; nothing was "
                        "queued.", NOT_FOUND)


async def cmd_answer(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        if not args.text.strip():
            raise CommandError("TEXT is empty: write the answer between quotes.", USAGE)
        if await question_on_server(s, args.question_id) is False:
            raise _no_question(args.question_id)
        try:
            return await write(s, lambda: s.inbox.answer(args.question_id, args.text))
        except ValueError as exc:  # too long: the service would refuse it
            raise CommandError(str(exc), USAGE) from None
    return await run(args, body)


async def cmd_delete_question(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        exists = await question_on_server(s, args.question_id)
        if exists is False:
            raise _no_question(args.question_id)

        async def submit() -> OutboxEntry:
            if exists:
                return await s.inbox.delete_question(args.question_id, undo_seconds=0)
            # Unverified (offline): the sender reads the question before deleting, and a
            # 404 then is reported as "no such question", never as "sent".
            return await s.outbox.submit(
                IntentKind.DELETE_QUESTION, entity_key("question", args.question_id),
                Intent(question_id=args.question_id, base={"seen": False}))
        return await write(s, submit)
    return await run(args, body)


__all__ = ["cmd_answer", "cmd_delete_question", "cmd_questions", "cmd_sync",
           "question_on_server"]
