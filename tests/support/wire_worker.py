"""Child process for the wire's memory tests: one `ShopClient` read against a server, its
outcome printed as one JSON line (`error` and `message`, or `ok`).

    python -m tests.support.wire_worker URL CALL [MAX_BYTES [DEADLINE]]

CALL is a `ShopClient` method read without arguments (`shop`, `search_orders`, ...).
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from sellerdesk import policy
from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import ApiError


async def main(url: str, call: str, bounds: dict[str, Any]) -> dict[str, str]:
    async with ShopClient(url, 1, "worker-token", max_retries=0, pacer=policy.NoPacer(),
                          **bounds) as client:
        try:
            await getattr(client, call)()
        except ApiError as exc:
            return {"error": type(exc).__name__, "message": exc.message}
    return {"ok": call}


if __name__ == "__main__":
    url, call = sys.argv[1], sys.argv[2]
    # Given only when asked: without them the client's own defaults are what is measured.
    bounds: dict[str, Any] = {}
    if len(sys.argv) > 3:
        bounds["max_response_bytes"] = int(sys.argv[3])
    if len(sys.argv) > 4:
        bounds["deadline"] = float(sys.argv[4])
    print(json.dumps(asyncio.run(main(url, call, bounds))), flush=True)
