"""Issue 14's two create sequences on the command line itself (the services variant is in
tests/integration/services/test_crash_safety.py): a create whose answer is lost or refused is
queued (exit 3), the next commands go on, and `outbox --flush` settles it by reading the
server, never creating a code twice nor losing one. Faults are scoped to the create
(`"match": "POST /metrics"`), so the list read the settle rule makes first passes untouched.
Server state is checked by id (the ids the sandbox's request log says each POST created)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.commands.codes import DONE, QUEUED
from sellerdesk.store import Store
from tests.support import http
from tests.support.cli import run_cli
from tests.support.sandbox import Sandbox

PROFILE = "settle"


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Sandbox]:
    """A sandbox with a small shop of its own, so `sync` is quick."""
    sb = Sandbox(db=tmp_path / "small.db", orders=60).start()
    yield sb
    sb.stop()


def cli(sb: Sandbox, data: Path, *args: str) -> tuple[int, str]:
    r = run_cli(sb, data, "--profile", PROFILE, *args)
    return r.returncode, r.stdout + r.stderr


def create(sb: Sandbox, data: Path, name: str, code: str, event: str,
           status: str = "ACTIVE") -> tuple[int, str]:
    return cli(sb, data, "tracking", "create", name, code, "--provider", "analytics",
               "--event", event, "--status", status)


def created_ids(sb: Sandbox, since: int) -> list[int]:
    """Ids of the codes the applied POSTs after log entry `since` created."""
    r = http.get(f"{sb.base_url}/_sandbox/requests", timeout=30,
                  params={"access_token": sb.token, "since": since, "writes": 1})
    return [e["created_id"] for e in r.json()
            if e["method"] == "POST" and e["path"].endswith("/metrics") and e["applied"]]


def last_log_id(sb: Sandbox) -> int:
    entries = sb.requests_log()
    return int(entries[-1]["id"]) if entries else 0


def code(sb: Sandbox, code_id: int) -> dict[str, Any]:
    found: dict[str, Any] = sb.get(f"/metrics/{code_id}").json()
    return found


def test_case1_an_inactive_create_with_a_lost_answer_is_created_once(small: Sandbox,
                                                                      tmp_path: Path) -> None:
    """sync; create INACTIVE A, its answer dropped (exit 3, queued); create ACTIVE B (exit 0,
    sent); outbox --flush (exit 0): A and B exist once each, two applied POSTs in all."""
    sb, data = small, tmp_path / "data"
    assert cli(sb, data, "sync")[0] == DONE
    mark = last_log_id(sb)
    sb.set_faults(drop_next=1, match="POST /metrics")
    status, out = create(sb, data, "A", "<script>/*A*/</script>", "NAVIGATION", "INACTIVE")
    assert status == QUEUED and out.startswith("queued"), out
    # A script runs the next command within the outbox's backoff: A is not due when B goes,
    # whatever this machine's speed (its wait is set an hour out, as a fast script would see).
    with Store.open(PROFILE, data_dir=data) as store:
        (waiting,) = [e for e in store.outbox.entries() if e.kind.value == "tracking_create"]
        store.outbox.mark_retry(waiting.id, "waiting", 3600)
    status, out = create(sb, data, "B", "<script>/*B*/</script>", "NAVIGATION")
    assert status == DONE, out
    b_id = int(re.fullmatch(r"sent: tracking code (\d+)", out.strip()).group(1))  # type: ignore[union-attr]
    status, out = cli(sb, data, "outbox", "--flush")
    assert status == DONE and "nothing waiting" in out, out
    ids = created_ids(sb, mark)
    assert len(ids) == 2 and b_id in ids
    (a_id,) = [i for i in ids if i != b_id]
    assert (code(sb, a_id)["name"], code(sb, a_id)["status"]) == ("A", "INACTIVE")
    assert (code(sb, b_id)["name"], code(sb, b_id)["status"]) == ("B", "ACTIVE")


def test_case2_the_same_name_and_code_for_another_event_is_not_lost(small: Sandbox,
                                                                     tmp_path: Path) -> None:
    """"Pixel"/C for NAVIGATION exists; creating "Pixel"/C for BUY_BUTTON meets a 503 (exit 3,
    queued); outbox --flush (exit 0): the BUY_BUTTON code is created, the other untouched."""
    sb, data = small, tmp_path / "data"
    r = http.post(f"{sb.api}/metrics", params={"access_token": sb.token}, timeout=30,
                   json={"name": "Pixel", "code": "C", "provider": "PROVIDER_ANALYTICS",
                         "event": "NAVIGATION"})
    assert r.status_code == 201
    existing = int(r.json()["id"])
    assert cli(sb, data, "sync")[0] == DONE
    mark = last_log_id(sb)
    sb.set_faults(error_next=1, match="POST /metrics")
    status, out = create(sb, data, "Pixel", "C", "BUY_BUTTON")
    assert status == QUEUED, out
    status, out = cli(sb, data, "outbox", "--flush")
    assert status == DONE, out
    (ours,) = created_ids(sb, mark)
    assert ours != existing
    assert (code(sb, ours)["name"], code(sb, ours)["code"], code(sb, ours)["event"]) == (
        "Pixel", "C", "BUY_BUTTON")
    assert code(sb, existing)["event"] == "NAVIGATION"
