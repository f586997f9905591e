"""A first `sellerdesk sync` killed (-9) in its history goes on where it stopped: the real
command line in a subprocess, requests counted from the sandbox's log."""

from __future__ import annotations

import math
import sqlite3
import subprocess
import time
from pathlib import Path

from sellerdesk.services.first_sync import ORDERS_TO_DO, ORDERS_WALK, THREADS_WALK
from tests.support.cli import cli_args, cli_env, run_cli
from tests.support.sandbox import Sandbox

PAGE = 50
HANG = 180.0  # seconds: a first sync that never gets this far has hung (not a timing check)


def _read(data: Path, sql: str) -> list[tuple[object, ...]]:
    files = list(data.glob("*.sqlite3"))
    if not files:
        return []
    conn = sqlite3.connect(f"file:{files[0]}?mode=ro", uri=True, timeout=30)
    try:
        return conn.execute(sql).fetchall()
    except sqlite3.OperationalError:  # not made yet (the file is being created)
        return []
    finally:
        conn.close()


def _positions(data: Path) -> dict[str, int]:
    return {str(k): int(str(p)) for k, p in _read(data, "SELECT key, position FROM sync_plan")}


def test_a_killed_first_sync_goes_on_where_it_stopped(fresh_sandbox: Sandbox,
                                                      tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    # Paced as in the field, so the history takes a while; killed once the threads' walk
    # kept a position past its first page (the orders' walk may be under way or done).
    proc = subprocess.Popen(cli_args(sb, data, "sync"), env=cli_env(sb.token,
                            SELLERDESK_RATE="5"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        give_up = time.monotonic() + HANG
        while _positions(data).get(THREADS_WALK, 0) < PAGE:
            assert proc.poll() is None, "the sync ended before it was killed"
            assert time.monotonic() < give_up, "no position of the threads' walk kept"
            time.sleep(0.1)
    finally:
        proc.kill()  # SIGKILL: no cleanup of any kind
        proc.wait()
    kept = _positions(data)
    read_before = {str(r[0]) for r in _read(
        data, "SELECT DISTINCT thread_id FROM questions")}
    assert _read(data, "SELECT key FROM sync_state WHERE key = 'threads'") == []
    # Every conversation waiting for an answer was in before the history began.
    waiting = sb.get("/questions/threads/search", status="unanswered", limit=PAGE).json()
    assert {str(t["id"]) for t in waiting["results"] if t.get("id")} <= read_before

    mark = len(sb.requests_log())
    r = run_cli(sb, data, "sync", env=cli_env(sb.token, SELLERDESK_RATE="0"))
    assert r.returncode == 0, r.stdout + r.stderr
    resumed = [e["path"] for e in sb.requests_log()[mark:]]
    conversations = {p.rsplit("/", 1)[1] for p in resumed
                     if "/questions/threads/" in p and not p.endswith("/search")}
    assert not conversations & read_before, "a stored conversation was read again"
    total = sb.get("/orders/search", limit=1).json()["paging"]["total"]
    whole_walk = math.ceil(total / PAGE)
    order_searches = sum(p.endswith("/orders/search") for p in resumed)
    if ORDERS_WALK in kept:
        # The orders to do again, then the walk from its kept position (plus the pages
        # read but not stored when it was killed: a write's worth and those ahead of it).
        assert order_searches <= (len(ORDERS_TO_DO) + whole_walk - kept[ORDERS_WALK] // PAGE
                                  + 12)
        assert order_searches < whole_walk + len(ORDERS_TO_DO)  # not from the start
    else:  # its walk had ended: an incremental sync's first page
        assert order_searches <= 2
    thread_pages = sum(p.endswith("/questions/threads/search") for p in resumed)
    every = sb.get("/questions/threads/search", limit=1).json()["paging"]["total"]
    assert thread_pages <= 1 + math.ceil(every / PAGE) - kept[THREADS_WALK] // PAGE + 1
    # The whole shop is in, and the walks are over.
    assert _read(data, "SELECT COUNT(*) FROM orders") == [(sb.readable_orders(),)]
    assert _positions(data) == {}
