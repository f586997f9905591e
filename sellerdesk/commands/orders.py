"""`ship`, `invoice`, `export`."""

from __future__ import annotations

import argparse

from sellerdesk.commands.base import CommandError, run, write
from sellerdesk.commands.codes import DONE, NOT_FOUND, QUEUED, USAGE
from sellerdesk.commands.output import say
from sellerdesk.services.csv_file import environment_locale, list_separator
from sellerdesk.services.session import Session
from sellerdesk.services.types import NotFound, Offline, Order, ShippingStatus


async def _order(s: Session, order_id: str) -> Order:
    order = await s.orders.order(order_id)
    if order is None:
        try:
            order = await s.orders.refresh_order(order_id)
        except NotFound:
            raise CommandError(f"There is no order {order_id} in this shop; nothing was "
                               "queued.", NOT_FOUND) from None
        except Offline:
            raise CommandError(f"Order {order_id} is not in SellerDesk yet and the shop "
                               "service cannot be reached; sync first.", QUEUED) from None
    return order


async def cmd_ship(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        order = await _order(s, args.order_id)
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
