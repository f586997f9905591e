"""`sellerdesk-sandbox`: start the reference server and print its one ready line."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
from collections.abc import Sequence

import uvicorn

from sellerdesk.sandbox.faults import FaultState


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
    faults = p.add_argument_group("faults (also switchable at /_sandbox/faults)")
    defaults = FaultState()
    for name, value in vars(defaults).items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, bool):
            faults.add_argument(flag, action="store_true", dest=name)
        else:
            faults.add_argument(flag, type=type(value), default=value, dest=name)
    return p.parse_args(argv)


def _faults(args: argparse.Namespace) -> FaultState:
    return FaultState(**{name: getattr(args, name) for name in vars(FaultState())})


async def _serve(args: argparse.Namespace) -> None:
    from sellerdesk.sandbox.app import create_app

    app = create_app(args.db, args.shop_id, args.token, _faults(args),
                     seed_value=args.seed, orders=args.orders)
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
          f"token={args.token}", flush=True)
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
