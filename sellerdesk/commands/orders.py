"""`ship`, `invoice`, `export`."""

from __future__ import annotations

import argparse

from sellerdesk.commands.base import CommandError, run, write
from sellerdesk.commands.codes import DONE, NOT_FOUND, USAGE
from sellerdesk.commands.output import say, warn
from sellerdesk.services.csv_file import environment_locale, list_separator
from sellerdesk.services.outbox.settle import UNSEEN, Intent
from sellerdesk.services.session import Session
from sellerdesk.services.types import (
    ApiError,
    AuthError,
    IntentKind,
    NotFound,
    Order,
    OutboxEntry,
    ShippingStatus,
    entity_key,
)


async def _order(s: Session, order_id: str) -> Order | None:
    """The order from the local copy, else from the shop (exit 6 when it has none); None
    when the shop cannot say now (offline, busy): the write is queued unseen."""
    order = await s.orders.order(order_id)
    if order is not None:
        return order
    try:
        return await s.orders.refresh_order(order_id)
    except NotFound:
        raise CommandError(f"There is no order {order_id} in this shop; nothing was "
                           "queued.", NOT_FOUND) from None
    except AuthError:
        raise
    except ApiError:
        warn(f"note: order {order_id} is not in SellerDesk yet and the shop service cannot "
             "tell now; the change is saved and checked against the shop before it is sent.")
        return None


async def _queue_unseen(s: Session, intent: Intent) -> OutboxEntry:
    """A write to an order this device never read: its check reads the order first, so a
    404 ends as "no such order" and a change made elsewhere is compared field by field."""
    assert intent.order_id is not None
    kind = IntentKind.SHIPPING if intent.shipping_id is not None else IntentKind.INVOICE
    return await s.outbox.submit(kind, entity_key("order", intent.order_id), intent)


async def cmd_ship(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        order = await _order(s, args.order_id)
        if order is None:
            code = (args.tracking or "").strip() or None
            intent = Intent(order_id=args.order_id, shipping_id=args.shipping_id,
                            status=ShippingStatus(args.status).value, tracking_code=code,
                            base=dict(UNSEEN))
            return await write(s, lambda: _queue_unseen(s, intent))
        if not any(ship.id == args.shipping_id for ship in order.shippings or []):
            raise CommandError(f"Order {order.id} has no shipping {args.shipping_id}; nothing "
                               "was queued.", NOT_FOUND)
        try:
            return await write(s, lambda: s.orders.update_shipping(
                order, args.shipping_id, status=ShippingStatus(args.status),
                tracking_code=args.tracking))
        except ValueError as exc:  # the service's check of the arguments
            raise CommandError(str(exc), USAGE) from None
    return await run(args, body)


async def cmd_invoice(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        order = await _order(s, args.order_id)
        if order is None:
            intent = Intent(order_id=args.order_id, invoiced=not args.not_invoiced,
                            number=args.number.strip(), type=args.type.strip(),
                            base=dict(UNSEEN))
            return await write(s, lambda: _queue_unseen(s, intent))
        return await write(s, lambda: s.orders.update_invoice(
            order, invoiced=not args.not_invoiced, number=args.number, type=args.type))
    return await run(args, body)


async def cmd_export(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        try:
            n = await s.orders.export_csv(args.csv, delimiter=args.delimiter
                                          or list_separator(environment_locale()))
        except OSError as exc:
            raise CommandError(f"Could not write {args.csv}: {exc.strerror or exc}") from None
        say(f"exported {n} orders to {args.csv}")
        return DONE
    return await run(args, body)


__all__ = ["cmd_export", "cmd_invoice", "cmd_ship"]
