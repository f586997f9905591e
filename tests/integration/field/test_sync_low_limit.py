"""A full sync through the real command line against a service that allows only 2 requests/s
(burst 2, `Retry-After` on half the refusals), the app pacing at its usual 5/s: the pacer
learns the limit, every stage completes, few requests are refused, and the next run starts
at the rate learned. A small shop (about 40 requests) keeps it short; counted from the
sandbox's request log, never timed (the time against `requests / rate` is measured by
tests/benchmarks/test_sync_limits_bench.py)."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli import cli_env, run_cli
from tests.support.field import RequestLog
from tests.support.sandbox import Sandbox

LIMIT = 2.0
ORDERS = 100  # two pages, and the field-variety ones
THREADS = 20  # conversations read one request each on a first sync
REFUSED_SHARE = 0.05  # the target
LEARNING = 4  # 429s the first seconds may cost (a burst of 5 into a bucket of 2, then
# halving to the limit): the share counts after these


def trim_shop(db: Path, threads: int) -> None:
    """Keep the first `threads` conversations of a seeded sandbox database."""
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM threads WHERE id NOT IN "
                     "(SELECT id FROM threads ORDER BY id LIMIT ?)", (threads,))
        conn.execute("DELETE FROM questions WHERE thread_id NOT IN (SELECT id FROM threads)")


@pytest.fixture
def slow_shop(tmp_path: Path) -> Iterator[Sandbox]:
    db = tmp_path / "sandbox.db"
    Sandbox(db=db, orders=ORDERS).start().stop()
    trim_shop(db, THREADS)
    sb = Sandbox(db=db, extra_args=["--rate-limit", str(LIMIT), "--rate-burst", "2"]).start()
    sb.set_limits(retry_after_omit_every=2)  # Retry-After on half the refusals
    yield sb
    sb.stop()


def failed_stages(output: str) -> list[str]:
    return re.findall(r"^(\w+) failed:", output, flags=re.MULTILINE)


def test_a_full_sync_at_2_requests_per_second_completes(slow_shop: Sandbox,
                                                        tmp_path: Path) -> None:
    sb, data = slow_shop, tmp_path / "data"
    env = cli_env(sb.token, SELLERDESK_RATE="5")  # the app's own pace, as in the field
    log = RequestLog(sb)
    first = run_cli(sb, data, "sync", env=env)
    output = first.stdout + first.stderr
    assert first.returncode == 0, output
    assert failed_stages(output) == [], output
    assert "synced:" in first.stdout, output
    entries = log.entries()
    refused = sum(1 for e in entries if e["limited"])
    print(f"\nfull sync at {LIMIT:g} requests/s: {len(entries)} requests, {refused} refused")
    assert refused <= REFUSED_SHARE * len(entries) + LEARNING, (refused, len(entries))

    (db,) = data.glob("*.sqlite3")  # the profile's store, named after the address
    with sqlite3.connect(db) as conn:
        kept = conn.execute("SELECT key, rate FROM pace").fetchall()
    assert [key for key, _ in kept] == [f"{sb.base_url}#{sb.shop_id}"]
    assert kept[0][1] < 5.0  # learned, and kept for the next run

    log.mark()
    # The service's bucket full again, as a seller's next sync finds it: the last requests
    # of the full sync may have just emptied it (a burst of 2), and on a loaded machine the
    # next process can start within the half second that takes.
    time.sleep(2 / LIMIT)
    again = run_cli(sb, data, "sync", env=env)
    assert again.returncode == 0 and failed_stages(again.stdout + again.stderr) == []
    incremental = log.entries()
    assert len(incremental) <= 5, incremental  # the target for nothing changed, its
    # retries included. Started at the rate learned (an even pace, no burst), nothing is
    # refused; but a sandbox descheduled on a loaded machine answers the requests that
    # queued meanwhile back to back, which its bucket of 2 may count as a burst: one refusal
    # is that, not the pace (seen once in CI beside a full second run).
    assert sum(1 for e in incremental if e["limited"]) <= 1, incremental
