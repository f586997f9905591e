"""`sellerdesk-sandbox`: start the reference server and print its one ready line."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
from collections.abc import Sequence
from dataclasses import asdict

import uvicorn

from sellerdesk.sandbox.faults import FaultState
from sellerdesk.sandbox.limits import Limits, check_limits, gentle
from sellerdesk.sandbox.tokens import DEMO_CLIENT_ID, DEMO_CLIENT_SECRET


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="sellerdesk-sandbox",
                                description="Reference server of the shop service, with demo data.")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    p.add_argument("--db", default="sandbox.db", help="SQLite file; seeded when empty")
    p.add_argument("--shop-id", type=int, default=1001)
    p.add_argument("--token", default="sandbox-token")
    p.add_argument("--seed", type=int, default=1, help="demo data and fault RNG seed")
    p.add_argument("--orders", type=int, default=2000, help="orders to seed")
    p.add_argument("--client-id", default=DEMO_CLIENT_ID, help="the demo app's OAuth client id")
    p.add_argument("--client-secret", default=DEMO_CLIENT_SECRET,
                   help="the demo app's OAuth client secret")
    field = p.add_argument_group(
        "the field's harshness: all on by default, all off with --gentle; a switch given "
        "explicitly wins either way (limits also at /_sandbox/limits)")
    field.add_argument("--rate-limit", type=float, metavar="RPS",
                       help="requests per second per token on /v1 (default 5; 0 = off)")
    field.add_argument("--rate-burst", type=int, metavar="N",
                       help="requests a rested token may send at once (default 10)")
    field.add_argument("--token-ttl", type=int, metavar="SECONDS",
                       help="lifetime of access tokens (default 21600; 0 = never expire)")
    field.add_argument("--field-variety", action=argparse.BooleanOptionalAction,
                       help="records with the field's values outside the spec (default on)")
    field.add_argument("--gentle", action="store_true",
                       help="no rate limit, tokens that never expire, no field variety")
    faults = p.add_argument_group("faults (also switchable at /_sandbox/faults)")
    defaults = FaultState()
    for name, value in vars(defaults).items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, bool):
            faults.add_argument(flag, action="store_true", dest=name)
        else:
            faults.add_argument(flag, type=type(value), default=value, dest=name)
    args = p.parse_args(argv)
    problem = check_limits(asdict(harshness(args)[0]))
    if problem:
        p.error(problem)
    return args


def harshness(args: argparse.Namespace) -> tuple[Limits, bool]:
    """The limits and the field-variety switch: the field's unless --gentle, each explicit
    switch winning over both."""
    limits = gentle() if args.gentle else Limits()
    for name in ("rate_limit", "rate_burst", "token_ttl"):
        value = getattr(args, name)
        if value is not None:
            setattr(limits, name, value)
    variety = not args.gentle if args.field_variety is None else bool(args.field_variety)
    return limits, variety


def _faults(args: argparse.Namespace) -> FaultState:
    return FaultState(**{name: getattr(args, name) for name in vars(FaultState())})


async def _serve(args: argparse.Namespace) -> None:
    from sellerdesk.sandbox.app import create_app

    limits, variety = harshness(args)
    app = create_app(args.db, args.shop_id, args.token, _faults(args),
                     seed_value=args.seed, orders=args.orders, limits=limits,
                     field_variety=variety, client_id=args.client_id,
                     client_secret=args.client_secret)
    # Bind ourselves so --port 0 still lets us print the real port before serving.
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted sockets only when proto says
    # TCP; without it each small answer waits ~40 ms for the client's delayed ACK (Nagle).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.host, args.port))
    sock.listen(128)
    sock.setblocking(False)
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    print(f"SELLERDESK-SANDBOX base_url=http://{host}:{port} shop_id={args.shop_id} "
          f"token={args.token} client_id={args.client_id} client_secret={args.client_secret} "
          f"refresh_token={app.state.start_refresh_token}", flush=True)
    await server.serve(sockets=[sock])


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # Uvicorn re-raises the signal that stopped it once it has shut down cleanly
    # (database closed in the lifespan); exit quietly then instead of dying by it.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
