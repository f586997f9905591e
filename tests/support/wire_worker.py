"""Child process for the wire's memory tests: `ShopClient` reads against a server, each
outcome printed as one JSON line (`error` and `message`, or `ok`).

    python -m tests.support.wire_worker URL CALL[:MAX_BYTES[:DEADLINE]]...

CALL is a `ShopClient` method read without arguments (`shop`, `search_orders`, ...); each
runs on a client of its own, with the bounds given (else the client's own defaults).
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from sellerdesk import policy
from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import ApiError


async def read(url: str, spec: str) -> dict[str, str]:
    call, *given = spec.split(":")
    # Given only when asked: without them the client's own defaults are what is measured.
    bounds: dict[str, Any] = {}
    if given:
        bounds["max_response_bytes"] = int(given[0])
    if len(given) > 1:
        bounds["deadline"] = float(given[1])
    async with ShopClient(url, 1, "worker-token", max_retries=0, pacer=policy.NoPacer(),
                          **bounds) as client:
        try:
            await getattr(client, call)()
        except ApiError as exc:
            return {"call": call, "error": type(exc).__name__, "message": exc.message}
    return {"call": call, "ok": call}


async def main(url: str, specs: list[str]) -> None:
    for spec in specs:
        print(json.dumps(await read(url, spec)), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2:]))
