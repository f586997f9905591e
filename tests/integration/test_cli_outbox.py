"""The outbox from the command line: writes to what does not exist (exit 6), discarding and
retrying a waiting change, and a new token lifting a pause that a refused one caused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sellerdesk.credentials import CredentialStore
from tests.support import http
from tests.support.cli import cli_env, run_cli
from tests.support.sandbox import Sandbox


def _unanswered(sb: Sandbox, n: int) -> list[int]:
    page = sb.get("/questions/search", status="unanswered", limit=50).json()
    return [q["id"] for q in page["results"]][:n]


def _writes(sb: Sandbox) -> list[str]:
    return [f"{r['method']} {r['path']}" for r in sb.requests_log()
            if r["method"] in ("PUT", "POST", "DELETE") and "/v1/" in r["path"]]


def _first_id(listing: str) -> str:
    rows = [ln for ln in listing.splitlines() if "\t" in ln]
    assert len(rows) == 1, listing
    return rows[0].split("\t", 1)[0]


def test_writes_to_what_does_not_exist_exit_6_and_queue_nothing(fresh_sandbox: Sandbox,
                                                                tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    cases = [
        (("answer", "999999999", "hi"), "no question 999999999"),
        (("delete-question", "888888888"), "no question 888888888"),
        (("ship", "777777777", "1", "--status", "on_route"), "no order 777777777"),
        (("invoice", "777777777", "--number", "1", "--type", "A"), "no order 777777777"),
        (("tracking", "modify", "666666", "--name", "x"), "no tracking code 666666"),
        (("tracking", "delete", "666666"), "no tracking code 666666"),
    ]
    for args, words in cases:
        r = run_cli(sb, data, *args)
        assert r.returncode == 6, (args, r.stdout, r.stderr)
        assert words in r.stderr and "nothing was queued" in r.stderr, r.stderr
        assert "sent" not in r.stdout
    r = run_cli(sb, data, "outbox", "--flush")
    assert (r.returncode, r.stdout.strip()) == (0, "nothing waiting: every change was sent")
    assert _writes(sb) == []


def test_an_offline_delete_of_an_unknown_question_is_reported_then_discarded(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    sb.stop()
    r = run_cli(sb, data, "delete-question", "888888888")
    assert r.returncode == 3 and r.stdout.startswith("queued"), r.stdout + r.stderr
    sb.start()
    r = run_cli(sb, data, "outbox", "--flush")
    assert r.returncode == 5, r.stdout + r.stderr
    assert "no question 888888888" in r.stdout and "sent" not in r.stdout.split("\t")[1]
    entry = _first_id(r.stdout)
    assert _writes(sb) == []  # read, never deleted
    r = run_cli(sb, data, "outbox", "--discard", entry)
    assert r.returncode == 0, r.stderr
    assert f"discarded {entry}" in r.stdout and "the deletion of question 888888888" in r.stdout
    r = run_cli(sb, data, "outbox", "--flush")
    assert (r.returncode, r.stdout.strip()) == (0, "nothing waiting: every change was sent")


def test_a_conflict_is_discarded_with_what_is_lost(fresh_sandbox: Sandbox,
                                                   tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    (qid,) = _unanswered(sb, 1)
    sb.stop()
    ours = "Nuestra versión:\n¡hay stock!"
    assert run_cli(sb, data, "answer", str(qid), ours).returncode == 3
    sb.start()
    http.put(f"{sb.api}/questions/{qid}", params={"access_token": sb.token},
              json={"answer": "Otra versión"}, timeout=10).raise_for_status()
    r = run_cli(sb, data, "outbox", "--flush")
    assert r.returncode == 5 and "conflict" in r.stdout
    entry = _first_id(r.stdout)
    r = run_cli(sb, data, "outbox", "--discard", entry[:5])  # a unique prefix is enough
    assert r.returncode == 0, r.stderr
    assert f"the answer to question {qid}: " in r.stdout
    assert f'"{ours}"' in r.stdout  # the whole text, line break and all
    for _ in range(2):  # and it stays settled
        r = run_cli(sb, data, "outbox", "--flush")
        assert r.returncode == 0, r.stdout
    assert sb.get(f"/questions/{qid}").json()["answer"]["text"] == "Otra versión"


def test_retry_sends_a_conflicting_change_over_the_servers_version(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    order = sb.get("/orders/search", shipping="pending", limit=1).json()["results"][0]
    ship = next(s for s in order["shippings"] if s["status"] == "pending")
    args = ("ship", order["id"], str(ship["id"]))
    assert run_cli(sb, data, *args, "--status", "in_progress").returncode == 0
    sb.stop()
    r = run_cli(sb, data, *args, "--status", "on_route", "--tracking", "AR-9")
    assert r.returncode == 3, r.stdout + r.stderr
    sb.start()
    http.put(f"{sb.api}/orders/{order['id']}/shippings/{ship['id']}",
              params={"access_token": sb.token}, json={"status": "pickup"},
              timeout=10).raise_for_status()
    r = run_cli(sb, data, "outbox", "--flush")
    assert r.returncode == 5, r.stdout
    r = run_cli(sb, data, "outbox", "--retry", _first_id(r.stdout))
    assert (r.returncode, r.stdout.strip()) == (0, "sent"), r.stdout + r.stderr
    shipping = next(s for s in sb.get(f"/orders/{order['id']}").json()["shippings"]
                    if s["id"] == ship["id"])
    assert (shipping["status"], shipping["tracking_code"]) == ("on_route", "AR-9")


def test_a_new_token_resumes_a_queue_a_refused_token_paused(fresh_sandbox: Sandbox,
                                                           tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    first, second, third = _unanswered(sb, 3)
    wrong = "wrong-token-4f1c2b9a"
    r = run_cli(sb, data, "answer", str(first), "Primera", token=wrong)
    assert r.returncode == 4 and "queued, not sent" in r.stdout, r.stdout + r.stderr
    r = run_cli(sb, data, "outbox", "--flush", token=wrong)  # the same token: still paused
    assert r.returncode == 4 and "paused" in r.stdout

    r = run_cli(sb, data, "sync")  # the right token, from the environment
    assert r.returncode == 0, r.stdout + r.stderr
    assert "sending resumes" in r.stderr
    assert sb.get(f"/questions/{first}").json()["answer"]["text"] == "Primera"
    r = run_cli(sb, data, "answer", str(second), "Segunda")
    assert (r.returncode, r.stdout.strip()) == (0, "sent"), r.stdout + r.stderr
    r = run_cli(sb, data, "outbox", "--flush")
    assert r.returncode == 0, r.stdout

    # Refused again: paused again; the pause keeps a keyed hash, never the token.
    r = run_cli(sb, data, "answer", str(third), "Tercera", token=wrong)
    assert r.returncode == 4
    for path in data.rglob("*"):
        if path.is_file():
            assert wrong.encode() not in path.read_bytes(), path

    if os.environ.get("SELLERDESK_TEST_KEYRING") != "secretservice":
        pytest.skip("the keyring half needs SELLERDESK_TEST_KEYRING=secretservice")
    # The right token from the keyring (no SELLERDESK_TOKEN) resumes a pause too.
    name = "keyring-shop"  # a profile of its own: a store of its own
    creds = CredentialStore(config_dir=data)
    assert creds.set_token(name, sb.token).value == "keyring"
    try:
        r = run_cli(sb, data, "--profile", name, "answer", str(third), "Tercera", token=wrong)
        assert r.returncode == 4, r.stdout + r.stderr
        r = run_cli(sb, data, "--profile", name, "outbox", "--flush", env=cli_env(None))
        assert r.returncode == 0 and "sending resumes" in r.stderr, r.stdout + r.stderr
        assert sb.get(f"/questions/{third}").json()["answer"]["text"] == "Tercera"
    finally:
        creds.delete_token(name)
