"""Crash safety of the outbox: kill -9 of the client and of the sandbox, server faults, and
writes that arrive while an earlier one is unsettled; then restart, drain, and read the server.

Each trial (see `crash_trials.py`) runs a worker that queues a short sequence of writes — an
answer, creates (ACTIVE and INACTIVE, two of the same name for different events, the same
body twice), a rename or delete of a code whose create is still unsettled, two shipping
updates of one order — under a fault profile of the sandbox (dropped replies, 503, 429,
malformed bodies, latency), and stops it at a point counted from its own progress or from the
sandbox's request log. At the end: every write the worker committed is on the server exactly
once (tracking codes counted by id over the whole id range), every write it reported saved
was committed, and no create reached the endpoint twice.

Default: 38 trials over three sandboxes and issue 14's two sequences; `--slow`: ten times
the trials (`SELLERDESK_CRASH_TRIALS_SCALE` multiplies either).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.store import Store
from tests.integration.services.crash_trials import (
    FAULTS,
    KILLS,
    TEMPLATES,
    Trial,
    all_codes,
    check_trial,
    context,
    pending_shippings,
    plan_for,
    run_trial,
)
from tests.support import crash_worker, http
from tests.support.sandbox import Sandbox


def _count(request: pytest.FixtureRequest, default: int) -> int:
    scale = 10 if request.config.getoption("--slow") else 1
    factor = float(os.environ.get("SELLERDESK_CRASH_TRIALS_SCALE", "1"))
    return max(1, int(default * scale * factor))


def _trials(sb: Sandbox, tmp_path: Path, name: str, count: int, seed: int,
            faults: Callable[[int, random.Random], str],
            kills: Callable[[int, random.Random], str], *,
            server_kill: bool = False) -> list[Trial]:
    ctx = context()
    rng = random.Random(seed)
    shippings = pending_shippings(sb, count)
    done: list[Trial] = []
    for i in range(count):
        template = TEMPLATES[i % len(TEMPLATES)]
        tag = f"{name}{i}"
        trial = Trial(tag=tag, template=template, faults=faults(i, rng), kill=kills(i, rng),
                      plan=plan_for(template, tag, sb, shippings[i], flip=bool(i // 8 % 2)),
                      data=tmp_path / f"data-{i}", report=tmp_path / f"report-{i}.jsonl")
        done.append(run_trial(sb, ctx, rng, trial, server_kill=server_kill))
    codes = all_codes(sb)
    totals: Counter[str] = Counter()
    for trial in done:
        totals.update(check_trial(sb, trial, codes))
    killed = sum(t.killed for t in done)
    print(f"\n{name}: {count} trials ({Counter(t.faults for t in done)}), "
          f"worker killed {killed}, sandbox restarted {sum(t.server_restarted for t in done)}, "
          f"drain killed {sum(t.drain_killed for t in done)}, "
          f"writes committed {totals['committed']} (reported saved {totals['reported']}, "
          f"creates {totals['creates']}), lost 0, duplicated 0; "
          f"{len(codes)} codes read by id")
    return done


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_client_killed_at_points_counted_from_its_own_progress(
        fresh_sandbox: Sandbox, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    count = _count(request, 20)
    done = _trials(fresh_sandbox, tmp_path, "k", count, 20261122,
                   faults=lambda i, _: "latency" if i % 3 == 2 else "none",
                   kills=lambda i, _: KILLS[i % len(KILLS)])
    assert sum(t.killed for t in done) >= count // 3, "too few trials were cut short"


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_server_faults_with_client_kills(fresh_sandbox: Sandbox, tmp_path: Path,
                                         request: pytest.FixtureRequest) -> None:
    profiles = [name for name in FAULTS if name != "none"]
    count = _count(request, 14)
    done = _trials(fresh_sandbox, tmp_path, "f", count, 20261123,
                   faults=lambda i, _: profiles[i % len(profiles)],
                   kills=lambda _, rng: rng.choice(KILLS))
    assert {t.faults for t in done} >= set(profiles[:min(count, len(profiles))])


def test_sandbox_killed_and_restarted_mid_run(fresh_sandbox: Sandbox, tmp_path: Path,
                                              request: pytest.FixtureRequest) -> None:
    count = _count(request, 4)
    done = _trials(fresh_sandbox, tmp_path, "s", count, 20261124,
                   faults=lambda i, _: "latency" if i % 2 else "none",
                   kills=lambda _i, _r: "none", server_kill=True)
    assert sum(t.server_restarted for t in done) >= count // 2


# -- issue 14's command-line sequences, driven through the services in child processes ------

@pytest.fixture
def small_sandbox(tmp_path: Path) -> Iterator[Sandbox]:
    """A sandbox of its own with a small shop, so a full sync is quick."""
    sb = Sandbox(db=tmp_path / "small.db", orders=60).start()
    yield sb
    sb.stop()


def _command(sb: Sandbox, data: Path, report: Path, plan: list[dict[str, Any]] | None = None,
             **kw: Any) -> list[dict[str, Any]]:
    """One command-line run: a child process that writes (or syncs, or flushes) and exits."""
    before = len(report.read_text().splitlines()) if report.exists() else 0
    child = context().Process(target=crash_worker.run, args=(
        sb.base_url, sb.shop_id, sb.token, str(data), plan or [], str(report)), kwargs=kw)
    child.start()
    child.join(120)
    assert child.exitcode == 0
    lines = report.read_text().splitlines()[before:] if report.exists() else []
    return [json.loads(line) for line in lines]


def _outcomes(lines: list[dict[str, Any]]) -> list[str]:
    return [line["state"] for line in lines if "outcome" in line]


def _code(name: str, code: str, event: str, status: str) -> dict[str, Any]:
    return {"kind": "create", "name": name, "code": code, "provider": "PROVIDER_ANALYTICS",
            "event": event, "status": status, "options": {}}


def _on_server(sb: Sandbox, step: dict[str, Any]) -> int:
    keys = ("name", "code", "provider", "event", "status")
    return sum(1 for c in all_codes(sb).values() if all(c[k] == step[k] for k in keys))


def _applied_posts(sb: Sandbox) -> int:
    return sum(1 for r in sb.requests_log() if r["method"] == "POST"
               and r["path"].endswith("/metrics") and r["status"] in (200, 201))


DROP_THE_POST = [{"method": "POST", "suffix": "/metrics", "faults": {"drop_next": 1}}]
FAIL_THE_POST = [{"method": "POST", "suffix": "/metrics", "faults": {"error_next": 1}}]


def test_issue14_case1_inactive_create_with_a_lost_reply_is_not_duplicated(
        small_sandbox: Sandbox, tmp_path: Path) -> None:
    """Sync; create INACTIVE A, its reply dropped (queued); create ACTIVE B (sent);
    `outbox --flush`: A and B once each, two POSTs in all."""
    sb, data, report = small_sandbox, tmp_path / "data", tmp_path / "report.jsonl"
    _command(sb, data, report, sync=True)
    http.delete(f"{sb.base_url}/_sandbox/requests", params={"access_token": sb.token})
    a = _code("A", "<script>/*A*/</script>", "NAVIGATION", "INACTIVE")
    b = _code("B", "<script>/*B*/</script>", "NAVIGATION", "ACTIVE")
    lines = _command(sb, data, report, [a], arms=DROP_THE_POST)
    assert _outcomes(lines) == ["queued"]
    # Scripts run the next command within the outbox's backoff (seconds): A is not due yet
    # when B goes, whatever the speed of this machine.
    with Store.open("crash", data_dir=data) as store:
        store.outbox.mark_retry(lines[-1]["outcome"], "waiting", 3600)
    assert _outcomes(_command(sb, data, report, [b])) == ["done"]
    _command(sb, data, report, drain_rounds=50)
    assert _on_server(sb, a) == 1 and _on_server(sb, b) == 1
    assert _applied_posts(sb) == 2


def test_issue14_case2_same_name_and_code_for_another_event_is_not_lost(
        small_sandbox: Sandbox, tmp_path: Path) -> None:
    """"Pixel"/C for NAVIGATION exists; creating "Pixel"/C for BUY_BUTTON meets a 503
    (queued); `outbox --flush`: the BUY_BUTTON code is created."""
    sb, data, report = small_sandbox, tmp_path / "data", tmp_path / "report.jsonl"
    existing = _code("Pixel", "C", "NAVIGATION", "ACTIVE")
    r = http.post(f"{sb.api}/metrics", params={"access_token": sb.token},
                   json={k: v for k, v in existing.items() if k != "kind"})
    assert r.status_code == 201
    ours = {**existing, "event": "BUY_BUTTON"}
    assert _outcomes(_command(sb, data, report, [ours], arms=FAIL_THE_POST)) == ["queued"]
    _command(sb, data, report, drain_rounds=50)
    assert _on_server(sb, existing) == 1 and _on_server(sb, ours) == 1
