"""`tracking list|create|modify|delete`: tracking codes over the same service as the window."""

from __future__ import annotations

import argparse
from typing import Any

import msgspec

from sellerdesk.commands.base import CommandError, as_of, flat, run, write
from sellerdesk.commands.codes import DONE, ERROR, NOT_FOUND, USAGE
from sellerdesk.commands.output import say, warn
from sellerdesk.services.outbox.settle import UNSEEN, Intent
from sellerdesk.services.session import Session
from sellerdesk.services.types import (
    ApiError,
    AuthError,
    IntentKind,
    NotFound,
    Resource,
    TrackingCode,
    TrackingCodeDraft,
    TrackingStatus,
    entity_key,
)


async def _list(s: Session, args: argparse.Namespace) -> int:
    codes = await s.tracking.codes()
    if not args.all:
        codes = [c for c in codes if c.status is not TrackingStatus.INACTIVE]
    await as_of(s, Resource.TRACKING_CODES.value)
    for c in codes:
        say(f"{c.id}\t{c.status.value if c.status else ''}\t"
            f"{c.provider.value if c.provider else ''}\t{c.event.value if c.event else ''}\t"
            f"{flat(c.name, 40)}\t{flat(c.code, 60)}")
    return DONE


async def _code(s: Session, code_id: int) -> TrackingCode | None:
    """The code from the local copy, else from the shop (exit 6 when it has none); None
    when the shop cannot say now (offline, busy): the change is queued unseen."""
    code = await s.tracking.code(code_id)
    if code is not None:
        return code
    try:
        return await s.client.tracking_code(code_id)
    except NotFound:
        raise _no_code(code_id) from None
    except AuthError:
        raise
    except ApiError:
        return None


def _no_code(code_id: int) -> CommandError:
    return CommandError(f"There is no tracking code {code_id} in this shop; nothing was "
                        "queued.", NOT_FOUND)


async def _create(s: Session, args: argparse.Namespace) -> int:
    try:
        draft = TrackingCodeDraft(name=args.name, code=args.code, provider=args.provider,
                                  event=args.event, options=dict(args.option or []),
                                  status=args.status or TrackingStatus.ACTIVE)
        draft = msgspec.convert(msgspec.to_builtins(draft), TrackingCodeDraft)
    except (msgspec.ValidationError, ValueError) as exc:
        raise CommandError(f"This tracking code cannot be created: {exc}", USAGE) from None
    return await write(s, lambda: s.tracking.create(draft))


async def _modify(s: Session, args: argparse.Namespace) -> int:
    changes: dict[str, Any] = {name: getattr(args, name) for name in
                               ("name", "code", "provider", "event", "status")
                               if getattr(args, name) is not None}
    if not changes and not args.option:
        raise CommandError("Nothing to change: give --name, --code, --provider, --event, "
                           "--status or --option.", USAGE)
    code = await _code(s, args.id)
    if code is None:
        if args.option:  # "keeping the others": which others is unknown without a read
            raise CommandError(f"Tracking code {args.id} is not in SellerDesk yet and the "
                               "shop service cannot be reached, so its other options are "
                               "unknown; nothing was queued. Run `sellerdesk sync` first, or "
                               "change it without --option.", ERROR)
        warn(f"note: tracking code {args.id} is not in SellerDesk yet and the shop service "
             "cannot tell now; the change is saved and checked against the shop before it "
             "is sent.")
        intent = Intent(tracking_id=args.id, changes=msgspec.to_builtins(changes),
                        base=dict(UNSEEN))
        return await write(s, lambda: s.outbox.submit(
            IntentKind.TRACKING_MODIFY, entity_key("tracking", args.id), intent))
    if args.option:
        changes["options"] = {**dict(code.options or {}), **dict(args.option)}
    return await write(s, lambda: s.tracking.modify(code, **changes))


async def _delete(s: Session, args: argparse.Namespace) -> int:
    if await s.tracking.code(args.id) is None:
        try:
            await s.client.tracking_code(args.id)
        except NotFound:
            raise _no_code(args.id) from None
        except ApiError:  # offline, refused token: the write path says which
            pass
    return await write(s, lambda: s.tracking.delete(args.id))


async def cmd_tracking(args: argparse.Namespace) -> int:
    actions = {"list": _list, "create": _create, "modify": _modify, "delete": _delete}

    async def body(s: Session) -> int:
        return await actions[args.action](s, args)
    return await run(args, body)


__all__ = ["cmd_tracking"]
