"""Decoding a 200-order search page into typed models vs json.loads of the same bytes.

Issue target: typed decoding ≤ 1.0× json.loads (time per page).
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable
from typing import Any

from sellerdesk.api.models import Order, SearchEnvelope, decode
from tests.benchmarks.figures import Figures, ratio_at_most
from tests.support.sandbox import Sandbox

TARGET = 1.0


def two_hundred_orders(sb: Sandbox) -> bytes:
    """Four pages of 50 from the sandbox, assembled into one envelope of 200."""
    pages = [sb.get("/orders/search", limit=50, offset=offset).json()
             for offset in range(0, 200, 50)]
    envelope = pages[0]
    envelope["results"] = [order for page in pages for order in page["results"]]
    envelope["paging"] = {"total": envelope["paging"]["total"], "offset": 0, "limit": 200}
    return json.dumps(envelope, ensure_ascii=False).encode()


def best_of(fn: Callable[[], Any], rounds: int = 7, number: int = 20) -> float:
    """Seconds per call: the best of `rounds` batches of `number` calls."""
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def test_decode_200_orders_vs_json_loads(sandbox: Sandbox, bench: Figures) -> None:
    raw = two_hundred_orders(sandbox)
    page = decode(raw, SearchEnvelope[Order])
    assert len(page.items) == 200
    typed = best_of(lambda: decode(raw, SearchEnvelope[Order]))
    plain = best_of(lambda: json.loads(raw))
    bench.record("decode a 200-order page (typed)", typed * 1000, "ms", plain * 1000,
                 target=ratio_at_most(TARGET),
                 note=f"{len(raw) // 1024} KiB; baseline: json.loads of the same bytes")
