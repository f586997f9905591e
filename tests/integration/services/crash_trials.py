"""The crash trials' parts: plans of writes, running a worker and its drains, and checking the
server afterwards. The tests are in `test_crash_safety.py`.

A trial runs `tests/support/crash_worker.py` in a child process on a store of its own, with a
sandbox fault profile switched on, and stops it at a point counted from its own progress (its
n-th request, response or outbox commit) or from the sandbox's request log (the parent kills
it, or kills the sandbox and restarts it on the same database, once the log holds n entries).
Drains then restart on the same store and send what is left. Nothing is sized by elapsed time.

The check reads the server, never the client: every code by id over the whole id range, each
question and shipping the trial wrote to, and the sandbox's request log (POSTs that reached
the endpoint, whatever happened to their reply).
"""

from __future__ import annotations

import json
import multiprocessing
import random
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.context import ForkServerContext
from pathlib import Path
from typing import Any

import httpx

from sellerdesk.services.outbox.settle import parse
from sellerdesk.store import Store
from sellerdesk.store.outbox import OutboxEntry, OutboxState
from tests.support import crash_worker, http
from tests.support.sandbox import Sandbox

TEMPLATES = ("mixed", "two_creates", "create_modify", "create_delete", "two_shippings",
             "same_name", "identical", "inactive_then_active")
# Server-side fault profiles (rates drawn from the sandbox's seeded RNG).
FAULTS: dict[str, dict[str, Any]] = {
    "none": {},
    "latency": {"latency_ms": 20},
    "drop": {"drop_rate": 0.35},
    "drop half": {"drop_rate": 0.5},  # a dropped reply, then a retry dropped in turn, ...
    "5xx": {"error_rate": 0.35},
    "429": {"rate_limit_rate": 0.35, "retry_after": 0},
    "malformed": {"malformed_rate": 0.35},
    "all": {"drop_rate": 0.15, "error_rate": 0.1, "rate_limit_rate": 0.1, "retry_after": 0,
            "malformed_rate": 0.1, "latency_ms": 5},
}
# Where the worker is stopped: counted by itself, or by the parent from the request log.
KILLS = ("request", "response", "commit", "watch", "none")
# The n of a kill is drawn from 1..EVENTS_PER_STEP x steps: a clean run of a step makes about
# three requests, three responses and three commits; an n past the end means no kill.
EVENTS_PER_STEP = 3


def context() -> ForkServerContext:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["tests.support.crash_worker", "sellerdesk.services.session"])
    return ctx


def unanswered_question(sb: Sandbox) -> int:
    """A fresh question from a simulated buyer, so every trial has its own to answer."""
    return int(sb.ask(text="¿Sigue disponible?")["id"])


def pending_shippings(sb: Sandbox, wanted: int) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    offset = 0
    while len(found) < wanted:
        page = sb.get("/orders/search", shipping="pending", limit=50, offset=offset).json()
        for order in page["results"]:
            ship = next((s for s in order["shippings"] if s["status"] == "pending"), None)
            if ship is not None:
                found.append((order["id"], ship["id"]))
        offset += 50
        if len(page["results"]) < 50:
            break
    assert len(found) >= wanted, f"only {len(found)} orders with a pending shipping"
    return found


# -- plans ----------------------------------------------------------------------------------

def _create(tag: str, n: int, *, name: str | None = None, event: str = "NAVIGATION",
            inactive: bool = False, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"kind": "create", "name": name or f"{tag} code {n}",
            "code": f"<script>/*{tag}:{n}*/</script>", "provider": "PROVIDER_ANALYTICS",
            "event": event, "status": "INACTIVE" if inactive else "ACTIVE",
            "options": options or {}}


def plan_for(template: str, tag: str, sb: Sandbox, shipping: tuple[str, int],
             flip: bool) -> list[dict[str, Any]]:
    """The writes of one trial; `flip` varies a template (ACTIVE/INACTIVE, options)."""
    order_id, shipping_id = shipping
    ship = {"kind": "shipping", "order_id": order_id, "shipping_id": shipping_id}
    if template == "mixed":
        return [{"kind": "answer", "question_id": unanswered_question(sb),
                 "text": f"Respuesta {tag}"},
                _create(tag, 1, inactive=flip, options={"rate": 0.25, "ids": [1, 2]}),
                {**ship, "status": "on_route", "tracking": f"TRK-{tag}"}]
    if template == "two_creates":
        return [_create(tag, 1, inactive=flip), _create(tag, 2, inactive=not flip)]
    if template == "create_modify":
        first = _create(tag, 1, inactive=flip)
        return [first, {"kind": "modify", "ref": 0, "changes": {"name": f"{tag} renamed"},
                        "base": {"name": first["name"]}}]
    if template == "create_delete":
        return [_create(tag, 1, inactive=not flip), {"kind": "delete", "ref": 0}]
    if template == "two_shippings":
        return [{**ship, "status": "on_route", "tracking": f"TRK-{tag}"},
                {**ship, "status": "delivered", "tracking": f"TRK-{tag}-2"}]
    if template == "same_name":  # same name and code, another event (a different code)
        first = _create(tag, 1, name=f"{tag} Pixel", inactive=flip)
        return [first, {**first, "event": "BUY_BUTTON"}]
    if template == "identical":  # the seller creates the very same code twice
        twin = _create(tag, 1, inactive=flip)
        return [twin, dict(twin)]
    assert template == "inactive_then_active"
    return [_create(tag, 1, inactive=True), _create(tag, 2)]


# -- running ----------------------------------------------------------------------------------

@dataclass
class Trial:
    tag: str
    template: str
    faults: str
    kill: str
    plan: list[dict[str, Any]]
    data: Path
    report: Path
    killed: bool = False
    server_restarted: bool = False
    requests: list[dict[str, Any]] = field(default_factory=list)
    drain_killed: bool = False


def _wait_for_log(sb: Sandbox, child: multiprocessing.process.BaseProcess, n: int) -> bool:
    """Until the sandbox has logged `n` requests (True) or the child ended (False). Polled on
    events, not timed: the short pause only spares the CPU."""
    with httpx.Client(base_url=sb.base_url, params={"access_token": sb.token},
                      timeout=30) as http:
        while child.is_alive():
            if len(http.get("/_sandbox/requests").json()) >= n:
                return True
            time.sleep(0.005)
    return False


def run_trial(sb: Sandbox, ctx: ForkServerContext, rng: random.Random, trial: Trial,
              *, server_kill: bool = False) -> Trial:
    sb.clear_faults()
    _clear_log(sb)
    if FAULTS[trial.faults]:
        sb.set_faults(**FAULTS[trial.faults])
    n = rng.randint(1, EVENTS_PER_STEP * len(trial.plan))
    kill = {"on": trial.kill, "n": n} if trial.kill in crash_worker.KILL_POINTS else None
    child = ctx.Process(target=crash_worker.run, args=(
        sb.base_url, sb.shop_id, sb.token, str(trial.data), trial.plan, str(trial.report)),
        kwargs={"kill": kill, "drain_rounds": 1})
    child.start()
    if server_kill:
        if _wait_for_log(sb, child, n):
            trial.requests += sb.requests_log()
            sb.stop(kill=True)  # SIGKILL mid-run; a write in flight may or may not commit
            sb.start()
            trial.server_restarted = True
    elif trial.kill == "watch" and _wait_for_log(sb, child, n):
        child.kill()
    child.join(120)
    assert child.exitcode is not None, "the worker hung"
    trial.killed = child.exitcode == -9
    assert child.exitcode in (0, -9), f"the worker failed ({child.exitcode})"
    sb.clear_faults()
    # Sometimes the first drain is killed too, in the middle of settling.
    if rng.random() < 0.3:
        _drain(ctx, sb, trial, kill={"on": "request", "n": rng.randint(1, 6)})
    _drain(ctx, sb, trial, kill=None)
    if not trial.server_restarted:
        trial.requests += sb.requests_log()
    return trial


def _clear_log(sb: Sandbox) -> None:
    http.delete(f"{sb.base_url}/_sandbox/requests", params={"access_token": sb.token},
                 timeout=30).raise_for_status()


def _drain(ctx: ForkServerContext, sb: Sandbox, trial: Trial,
           kill: dict[str, Any] | None) -> None:
    drain = ctx.Process(target=crash_worker.run, args=(
        sb.base_url, sb.shop_id, sb.token, str(trial.data), [], str(trial.report)),
        kwargs={"kill": kill, "drain_rounds": 50})
    drain.start()
    drain.join(120)
    if kill is None:
        assert drain.exitcode == 0, f"the drain after a crash failed ({drain.exitcode})"
    else:
        assert drain.exitcode in (0, -9), f"the drain failed ({drain.exitcode})"
        trial.drain_killed = drain.exitcode == -9


# -- checking ---------------------------------------------------------------------------------

def all_codes(sb: Sandbox) -> dict[int, dict[str, Any]]:
    """Every tracking code on the server, read by id over the whole id range (the list shows
    ACTIVE codes only). The range's top is the highest id the database ever handed out."""
    with sqlite3.connect(sb.db) as conn:
        row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'tracking_codes'"
                           ).fetchone()
    top = int(row[0]) if row else 0
    codes: dict[int, dict[str, Any]] = {}
    with httpx.Client(base_url=sb.api, params={"access_token": sb.token}, timeout=30) as http:
        for code_id in range(1, top + 1):
            r = http.get(f"/metrics/{code_id}")
            if r.status_code == 200:
                codes[code_id] = r.json()
            else:
                assert r.status_code == 404, r.status_code
    return codes


def _body(d: dict[str, Any]) -> tuple[str, str, str, str, str, str]:
    return (d["name"], d["code"], d["provider"], d["event"], d["status"],
            json.dumps(d.get("options") or {}, sort_keys=True))


def _matches(step: dict[str, Any], entry: OutboxEntry) -> bool:
    intent = parse(entry.payload)
    kind = entry.kind.value
    if step["kind"] == "answer":
        return kind == "answer" and intent.question_id == step["question_id"]
    if step["kind"] == "shipping":
        return (kind == "shipping" and intent.order_id == step["order_id"]
                and intent.status == step["status"])
    if step["kind"] == "create":
        d = intent.draft or {}
        return kind == "tracking_create" and all(
            d.get(k) == step[k] for k in ("name", "code", "event", "status"))
    return kind == f"tracking_{step['kind']}"


def committed_steps(trial: Trial) -> list[int]:
    """Plan indexes of the writes the worker committed (reported saved or not), in order, read
    from its store; every one must be done."""
    with Store.open("crash", data_dir=trial.data) as store:
        entries = store.outbox.entries()
    states = Counter(e.state for e in entries)
    assert states[OutboxState.DONE] == len(entries), f"{trial.tag}: left unsettled: {states}"
    indexes: list[int] = []
    at = 0
    for entry in entries:
        while at < len(trial.plan) and not _matches(trial.plan[at], entry):
            at += 1
        assert at < len(trial.plan), f"{trial.tag}: an entry no step explains: {entry}"
        indexes.append(at)
        at += 1
    return indexes


def check_trial(sb: Sandbox, trial: Trial, codes: dict[int, dict[str, Any]]) -> dict[str, int]:
    """Everything the worker committed is on the server exactly once; every write it reported
    saved was committed; no create reached the endpoint twice."""
    lines = [json.loads(line) for line in trial.report.read_text().splitlines()]
    reported = {line["index"] for line in lines if "saved" in line}
    committed = committed_steps(trial)
    assert reported <= set(committed), f"{trial.tag}: a saved write was lost: " \
                                       f"{sorted(reported - set(committed))}"
    steps = [trial.plan[i] for i in committed]
    # Tracking codes: the bodies the committed creates, renames and deletes leave.
    expected: list[tuple[str, ...] | None] = []
    by_index: dict[int, int] = {}
    for index, step in zip(committed, steps, strict=True):
        if step["kind"] == "create":
            by_index[index] = len(expected)
            expected.append(_body(step))
        elif step["kind"] == "modify":
            slot = by_index[step["ref"]]
            body = expected[slot]
            assert body is not None
            expected[slot] = (step["changes"]["name"], *body[1:])
        elif step["kind"] == "delete":
            expected[by_index[step["ref"]]] = None
    want = Counter(b for b in expected if b is not None)
    got = Counter(_body(c) for c in codes.values() if f"/*{trial.tag}:" in c["code"])
    assert got == want, f"{trial.tag} ({trial.template}, {trial.faults}, {trial.kill}): " \
                        f"server {dict(got)} != committed {dict(want)}"
    creates = sum(1 for s in steps if s["kind"] == "create")
    if not trial.server_restarted:
        posts = [r for r in trial.requests if r["method"] == "POST"
                 and r["path"].endswith("/metrics") and r["status"] in (200, 201)]
        assert len(posts) == creates, f"{trial.tag}: {len(posts)} POSTs reached the endpoint " \
                                      f"for {creates} creates"
    # Answers and shippings: present, in the state of the last committed step.
    last_ship: dict[tuple[str, int], dict[str, Any]] = {}
    for step in steps:
        if step["kind"] == "answer":
            q = sb.get(f"/questions/{step['question_id']}").json()
            assert q["answer"]["text"] == step["text"], (trial.tag, q)
        elif step["kind"] == "shipping":
            last_ship[(step["order_id"], step["shipping_id"])] = step
    for (order_id, shipping_id), step in last_ship.items():
        order = sb.get(f"/orders/{order_id}").json()
        ship = next(s for s in order["shippings"] if s["id"] == shipping_id)
        assert (ship["status"], ship["tracking_code"]) == (step["status"], step["tracking"]), \
            (trial.tag, ship)
    return {"reported": len(reported), "committed": len(committed), "creates": creates}
