"""`outbox`: list the writes not yet sent, send them, discard or retry one."""

from __future__ import annotations

import argparse
from typing import Any

from sellerdesk.commands.base import (
    SENT_BY,
    CommandError,
    after_store_error,
    auth_words,
    flat,
    outcome,
    reason,
    run,
    store_trouble,
)
from sellerdesk.commands.codes import AUTH, CONFLICT, DONE, NOT_FOUND, PARTIAL, QUEUED, USAGE
from sellerdesk.commands.output import say, warn
from sellerdesk.services.outbox.discard import DiscardOutcome
from sellerdesk.services.outbox.settle import parse
from sellerdesk.services.session import Session
from sellerdesk.services.types import (
    UNFINISHED,
    IntentKind,
    OutboxEntry,
    OutboxState,
    OutboxStateError,
    Resolution,
    StoreError,
)

SHORT_ID = 8  # characters of an entry's id shown in the list; any unique prefix is accepted
MIN_PREFIX = 4


def _q(text: object) -> str:
    """Text between quotes, whole (line breaks kept); `say` escapes what could act."""
    return f'"{text}"' if isinstance(text, str) else str(text)


def _fields(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} {_q(v)}" for k, v in values.items())


def describe(entry: OutboxEntry) -> str:
    """The whole of what an entry would change, in words (for a discard: what is lost)."""
    intent = parse(entry.payload)
    kind = entry.kind
    if kind is IntentKind.ANSWER:
        return f"the answer to question {intent.question_id}: {_q(intent.text)}"
    if kind is IntentKind.DELETE_QUESTION:
        return f"the deletion of question {intent.question_id}"
    if kind is IntentKind.INVOICE:
        state = "invoiced" if intent.invoiced else "not invoiced"
        return (f"the invoice data of order {intent.order_id}: {state}, number "
                f"{_q(intent.number or '')}, type {_q(intent.type or '')}")
    if kind is IntentKind.SHIPPING:
        code = ("" if intent.tracking_code is None
                else f", tracking code {_q(intent.tracking_code)}")
        return (f"shipping {intent.shipping_id} of order {intent.order_id}: status "
                f"{intent.status}{code}")
    if kind is IntentKind.TRACKING_CREATE:
        return f"a new tracking code: {_fields(intent.draft or {})}"
    code_id = entry.entity.rsplit(":", 1)[-1]
    if kind is IntentKind.TRACKING_MODIFY:
        return f"changes to tracking code {code_id}: {_fields(intent.changes or {})}"
    return f"the deletion of tracking code {code_id}"


async def _find(s: Session, wanted: str) -> OutboxEntry:
    """The unfinished entry whose id is `wanted` or starts with it."""
    wanted = wanted.strip().lower()
    if len(wanted) < MIN_PREFIX:
        raise CommandError(f"ID {wanted!r} is too short: give at least {MIN_PREFIX} "
                           "characters of an id that `sellerdesk outbox` shows.", USAGE)
    found = [e for e in await s.outbox.entries(states=UNFINISHED) if e.id.startswith(wanted)]
    if not found:
        raise CommandError(f"No change waiting has the id {wanted}; `sellerdesk outbox` "
                           "lists them.", NOT_FOUND)
    if len(found) > 1:
        raise CommandError(f"{len(found)} changes have ids starting with {wanted}; give more "
                           "of the id.", USAGE)
    return found[0]


async def _discard(s: Session, wanted: str, force: bool) -> int:
    """Drop a change; one sent before without a clear answer is looked up on the shop first
    (services/outbox/discard.py), and each outcome is said as it is."""
    entry = await _find(s, wanted)
    short = entry.id[:SHORT_ID]
    try:
        done = await s.outbox.discard(entry.id, force=force)
    except StoreError as exc:
        raise CommandError(f"Not discarded: {store_trouble(exc)}; change "
                           f"{short} is still in the outbox.") from None
    except OutboxStateError:
        raise CommandError(f"Change {short} may already be on its way; run "
                           "`sellerdesk outbox --flush` to settle it first.") from None
    if done.outcome is DiscardOutcome.ALREADY_APPLIED:
        say(f"already on the shop: {describe(entry)} (change {short} was sent before; "
            "nothing to undo, nothing was discarded)")
    elif done.outcome is DiscardOutcome.UNCHECKED:
        raise CommandError(
            f"Change {short} was sent before without a clear answer from the shop: it may "
            f"already be on the shop, and the shop cannot be reached to check "
            f"({done.reason.rstrip('.')}). Nothing was discarded; try again when the shop "
            f"can be reached, or drop it unchecked with "
            f"`sellerdesk outbox --discard {short} --force`.")
    elif done.outcome is DiscardOutcome.FORCED:
        say(f"discarded {short} ({entry.state.value}) unchecked; it will not be sent again, "
            f"and it may already be on the shop: {describe(entry)}")
    else:
        say(f"discarded {short} ({entry.state.value}); it will not be sent. "
            f"Lost: {describe(entry)}")
    return DONE


async def _retry(s: Session, wanted: str) -> int:
    entry = await _find(s, wanted)
    if entry.state is OutboxState.CONFLICT:
        # The seller chose their version: send it again over what the server has now.
        await s.outbox.resolve(entry.id, Resolution.KEEP_LOCAL)
    else:
        await s.outbox.retry(entry.id)  # failed: queued again; waiting: now, not later
    try:
        await s.outbox.flush()
    except StoreError as exc:  # still in the outbox: say how far it got
        return await after_store_error(s, entry, exc)
    after = await s.store.run(s.store.outbox.get, entry.id)
    return outcome(after, await s.outbox.paused())


def name_unsent(entries: list[OutboxEntry]) -> None:
    """One sentence per change a flush left unsent, on stderr (exit 7 says "some")."""
    for e in entries:
        what = f"{e.id[:SHORT_ID]} ({describe_short(e)})"
        if e.state is OutboxState.CONFLICT:
            warn(f"conflict, not sent: {what}: {reason(e.last_error, '')}. Keep yours with "
                 f"`sellerdesk outbox --retry {e.id[:SHORT_ID]}` or drop it with --discard.")
        elif e.state is OutboxState.FAILED:
            warn(f"refused, not sent: {what}: {reason(e.last_error, '')}. Send it again with "
                 f"`sellerdesk outbox --retry {e.id[:SHORT_ID]}` or drop it with --discard.")
        elif e.state is OutboxState.SENDING:
            warn(f"not settled: {what} may be on the shop; the next `sellerdesk outbox "
                 "--flush` reads the shop first and sends it only if it is not there.")
        else:
            warn(f"still waiting: {what}: {reason(e.last_error)} ({SENT_BY}).")


def describe_short(entry: OutboxEntry) -> str:
    return f"{entry.kind.value.replace('_', ' ')} for {entry.entity.replace(':', ' ')}"


async def cmd_outbox(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        if args.discard:
            return await _discard(s, args.discard, args.force)
        if args.retry:
            return await _retry(s, args.retry)
        if args.flush:
            await s.outbox.retry_all_waiting()
            try:
                await s.outbox.flush()
            except StoreError as exc:  # what was saved stays saved: the listing says where
                warn(f"sellerdesk: the flush stopped: {store_trouble(exc)}. Every change "
                     "listed below is still in the outbox.")
        entries = await s.outbox.entries(states=UNFINISHED)
        paused = await s.outbox.paused()
        if paused:
            say(f"paused: {auth_words(paused)}")
        if not entries:
            say("nothing waiting: every change was sent")
            return DONE
        for e in entries:
            say(f"{e.id[:SHORT_ID]}\t{e.state.value}\t{e.kind.value}\t{e.entity}\t"
                f"{flat(reason(e.last_error, ''), 60)}")
        if paused:
            return AUTH
        if any(e.state is OutboxState.CONFLICT for e in entries):
            return CONFLICT
        if args.flush:  # asked to send everything; these were not
            name_unsent(entries)
            return PARTIAL
        return QUEUED
    return await run(args, body)


__all__ = ["cmd_outbox", "describe", "describe_short", "name_unsent"]
