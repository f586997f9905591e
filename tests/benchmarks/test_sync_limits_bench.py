"""A full sync of the demo shop through a service that allows 1, 2 or 5 requests/s, the
session pacing at the app's own 5/s and starting with nothing learned: the time against
`requests / rate` (the least the limit allows) and the share of requests refused.

Limits: 1 and 2 requests/s with a burst of 2 and `Retry-After` on half the refusals (the
field's slow days, issue 24); 5 requests/s with a burst of 10 (the field's usual limit, where
nothing may change: no 429). Targets: time ≤ 1.10 × requests/rate, refused ≤ 5 %. One run
each (the limit, not the machine, sets the time): about 3 + 1.5 + 0.6 minutes.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.services.sync import StageState
from tests.benchmarks.figures import Figures, ratio_at_most, stopwatch, value_at_most
from tests.support import http
from tests.support.sandbox import Sandbox

APP_RATE = 5.0  # the session's own pace (policy.DEFAULT_RATE), as in the field
TIME_TARGET = 1.10
REFUSED_TARGET = 5.0  # percent
LIMITS = [(1.0, 2), (2.0, 2), (5.0, 10)]  # (requests/s, burst)


def _requests(sb: Sandbox) -> list[dict[str, Any]]:
    r = http.get(f"{sb.base_url}/_sandbox/requests", timeout=30,
                 params={"access_token": sb.token, "limit": 200000})
    r.raise_for_status()
    entries: list[dict[str, Any]] = r.json()
    return [e for e in entries if e["path"].startswith("/v1")]


@pytest.mark.parametrize(("limit", "burst"), LIMITS, ids=["1rps", "2rps", "5rps"])
async def test_full_sync_under_a_low_limit(seeded_db: Path, tmp_path: Path, bench: Figures,
                                           limit: float, burst: int) -> None:
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db, extra_args=["--rate-limit", f"{limit:g}",
                                    "--rate-burst", str(burst)]).start()
    try:
        sb.set_limits(retry_after_omit_every=2)
        address = ShopAddress(profile="bench", base_url=sb.base_url, shop_id=sb.shop_id)
        session = await Session.open(address, sb.token, data_dir=tmp_path / "data",
                                     rate=APP_RATE)
        try:
            with stopwatch() as elapsed:
                report = await session.sync.sync()
        finally:
            await session.aclose()
        entries = _requests(sb)
    finally:
        sb.stop()
    assert all(r.state in (StageState.OK, StageState.NOT_DUE)
               for r in report.results.values()), report.results
    refused = sum(1 for e in entries if e["limited"])
    least = len(entries) / limit
    name = f"full sync at {limit:g} req/s (burst {burst})"
    bench.record(f"{name}: time", elapsed(), "s", least, target=ratio_at_most(TIME_TARGET),
                 note=f"{len(entries)} requests, {refused} refused; baseline requests/rate")
    bench.record(f"{name}: refused", 100.0 * refused / len(entries), "%",
                 target=value_at_most(REFUSED_TARGET if limit < APP_RATE else 0.0))
