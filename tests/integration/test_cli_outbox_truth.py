"""Issue 24 through the real command line: offline writes return at once (exit 3, saved) with a
backoff that grows with every failed try, reads included; a discard says whether the change is
already on the shop, refuses to guess when the shop is out of reach, and drops a change never
sent as before; a question delete whose reply was lost, after an answer in the same flush, is
settled as done, not as a conflict. Server state and faults come from the sandbox's log."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.commands.codes import DONE, ERROR, QUEUED
from sellerdesk.policy import WRITE_RETRY, failed_tries
from sellerdesk.store import Store
from sellerdesk.store.outbox import OutboxEntry, OutboxState
from tests.support.cli import cli_args, cli_env
from tests.support.sandbox import Sandbox

PROFILE = "truth"
HANG_GUARD = 60.0  # seconds: only so a hung command fails the test instead of stalling it


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Sandbox]:
    """A sandbox with a small shop of its own, so `sync` is quick."""
    sb = Sandbox(db=tmp_path / "small.db", orders=60).start()
    yield sb
    sb.stop()


def cli(sb: Sandbox, data: Path, *args: str) -> tuple[int, str, str]:
    """Run a command, failing the test (not hanging it) if it never returns."""
    try:
        r = subprocess.run(cli_args(sb, data, "--profile", PROFILE, *args),
                           capture_output=True, text=True, env=cli_env(sb.token),
                           timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`sellerdesk {' '.join(args)}` was still running after {HANG_GUARD} s")
    return r.returncode, r.stdout, r.stderr


def entries(data: Path) -> list[OutboxEntry]:
    with Store.open(PROFILE, data_dir=data) as store:
        return store.outbox.entries(states=(OutboxState.QUEUED,))


def listed_ids(listing: str) -> list[str]:
    return [ln.split("\t", 1)[0] for ln in listing.splitlines() if "\t" in ln]


def short(entry: OutboxEntry) -> str:
    return entry.id[:8]


def pending_shipping(sb: Sandbox, skip: int = 0) -> tuple[str, int]:
    orders = sb.get("/orders/search", shipping="pending", limit=10).json()["results"]
    order = orders[skip]
    ship = next(s for s in order["shippings"] if s["status"] == "pending")
    return str(order["id"]), int(ship["id"])


def unanswered(sb: Sandbox, n: int) -> list[int]:
    page = sb.get("/questions/search", status="unanswered", limit=50).json()
    return [int(q["id"]) for q in page["results"]][:n]


def any_code(sb: Sandbox, data: Path) -> int:
    """A tracking code in the local copy (`tracking list`, after a sync)."""
    status, out, _ = cli(sb, data, "tracking", "list")
    assert status == DONE, out
    return int(out.splitlines()[0].split("\t", 1)[0])


def faults_of(sb: Sandbox, method: str, path_end: str) -> list[Any]:
    return [e["fault"] for e in sb.requests_log()
            if e["method"] == method and e["path"].endswith(path_end)]


def test_offline_writes_return_with_exit_3_and_wait_longer_after_each_failed_try(
        small: Sandbox, tmp_path: Path) -> None:
    sb, data = small, tmp_path / "data"
    assert cli(sb, data, "sync")[0] == DONE
    order, ship = pending_shipping(sb)
    other, _ = pending_shipping(sb, skip=1)
    (question,) = unanswered(sb, 1)
    code = any_code(sb, data)
    sb.stop()
    writes = [("ship", order, str(ship), "--status", "on_route"),  # read first, then sent
              ("invoice", other, "--number", "0001-42", "--type", "A"),  # read first
              ("answer", str(question), "Sí, hay stock."),  # sent without a read at first
              ("tracking", "modify", str(code), "--name", "offline")]  # read first
    for args in writes:
        status, out, err = cli(sb, data, *args)
        assert status == QUEUED and out.startswith("queued"), (args, out, err)
    status, out, _ = cli(sb, data, "outbox")
    assert status == QUEUED and len(listed_ids(out)) == len(writes), out

    # Two more flushes: every entry is tried again in each (the seller asked: no waiting).
    for _ in range(2):
        cli(sb, data, "outbox", "--flush")
    waiting = entries(data)
    assert len(waiting) == len(writes)
    for entry in waiting:
        tries = failed_tries(entry.attempts, entry.failed_reads)
        assert tries >= 3, entry  # one try per command at least
        assert entry.next_attempt_at is not None
        wait = (entry.next_attempt_at - entry.updated_at).total_seconds()
        ceiling = WRITE_RETRY.ceiling(tries)
        # The policy's wait for that many failed tries (jitter takes off up to half): never
        # the first try's 1-2 s again, whether the reads or the sends failed.
        assert ceiling * (1 - WRITE_RETRY.jitter) - 0.01 <= wait <= ceiling + 0.01, entry
        assert wait >= 4.0, (entry.kind, wait)
    reads = {e.kind.value: e.failed_reads for e in waiting}
    sends = {e.kind.value: e.attempts for e in waiting}
    # The answer went out once unread; sent before, it is read first ever after.
    assert sends["answer"] >= 1 and reads["answer"] >= 1
    for kind in ("shipping", "invoice", "tracking_modify"):  # their reads failed: never sent
        assert reads[kind] >= 3 and sends[kind] == 0, (kind, reads, sends)


def test_a_discard_after_a_lost_reply_says_the_change_is_already_on_the_shop(
        small: Sandbox, tmp_path: Path) -> None:
    sb, data = small, tmp_path / "data"
    assert cli(sb, data, "sync")[0] == DONE
    (question,) = unanswered(sb, 1)
    order, _ = pending_shipping(sb)
    cases = [
        (f"PUT /questions/{question}", ("answer", str(question), "Llega el martes."),
         f'the answer to question {question}: "Llega el martes."'),
        (f"PUT /orders/{order}", ("invoice", order, "--number", "77", "--type", "B"),
         f'the invoice data of order {order}: invoiced, number "77", type "B"'),
        ("POST /metrics", ("tracking", "create", "Lost reply", "<script>/*x*/</script>",
                           "--provider", "analytics", "--event", "NAVIGATION"),
         'a new tracking code: name "Lost reply"'),
    ]
    for match, args, words in cases:
        sb.set_faults(drop_next=1, match=match)
        status, out, err = cli(sb, data, *args)
        assert status == QUEUED, (args, out, err)
        (entry,) = entries(data)
        assert entry.attempts == 1  # sent once, its reply lost: it may be on the shop
        status, out, err = cli(sb, data, "outbox", "--discard", short(entry))
        assert status == DONE, out + err
        assert out.startswith(f"already on the shop: {words}"), out
        assert not out.startswith("discarded") and "Lost:" not in out
        status, out, _ = cli(sb, data, "outbox")
        assert (status, out.strip()) == (DONE, "nothing waiting: every change was sent")
    assert sb.get(f"/questions/{question}").json()["answer"]["text"] == "Llega el martes."
    assert sb.get(f"/orders/{order}").json()["invoice"]["number"] == "77"
    assert faults_of(sb, "POST", "/metrics") == ["drop"]  # the create went once, not twice


def test_an_offline_discard_of_a_change_sent_before_is_refused_and_a_never_sent_one_goes(
        small: Sandbox, tmp_path: Path) -> None:
    sb, data = small, tmp_path / "data"
    assert cli(sb, data, "sync")[0] == DONE
    (question,) = unanswered(sb, 1)
    order, ship = pending_shipping(sb)
    sb.set_faults(drop_next=1, match=f"PUT /questions/{question}")
    assert cli(sb, data, "answer", str(question), "Sí, el azul.")[0] == QUEUED
    sb.stop()
    # Never sent: its read of the order failed, so nothing left for the shop.
    assert cli(sb, data, "ship", order, str(ship), "--status", "on_route")[0] == QUEUED
    by_kind = {e.kind.value: e for e in entries(data)}
    answer, shipping = by_kind["answer"], by_kind["shipping"]
    assert (answer.attempts, shipping.attempts) == (1, 0)

    status, out, err = cli(sb, data, "outbox", "--discard", short(answer))
    assert status == ERROR, out + err
    assert "it may already be on the shop" in err and "Nothing was discarded" in err, err
    assert f"--discard {short(answer)} --force" in err
    assert short(answer) in listed_ids(cli(sb, data, "outbox")[1])

    status, out, err = cli(sb, data, "outbox", "--discard", short(shipping))
    assert status == DONE, out + err
    assert out.startswith(f"discarded {short(shipping)} (queued); it will not be sent. Lost: "
                          f"shipping {ship} of order {order}: status on_route"), out

    status, out, err = cli(sb, data, "outbox", "--discard", short(answer), "--force")
    assert status == DONE, out + err
    assert "it may already be on the shop" in out and "Sí, el azul." in out, out
    status, out, _ = cli(sb, data, "outbox")
    assert (status, out.strip()) == (DONE, "nothing waiting: every change was sent")
    sb.start()
    assert sb.get(f"/questions/{question}").json()["answer"]["text"] == "Sí, el azul."


def test_a_delete_of_an_unseen_question_whose_reply_was_lost_settles_as_done(
        small: Sandbox, tmp_path: Path) -> None:
    """Queued offline on a fresh install (the question never seen), after an answer to it;
    the delete's reply is dropped; the next flush reads the question gone: our delete."""
    sb, data = small, tmp_path / "data"
    (question,) = unanswered(sb, 1)
    sb.stop()
    assert cli(sb, data, "answer", str(question), "Sí.")[0] == QUEUED
    assert cli(sb, data, "delete-question", str(question))[0] == QUEUED
    sb.start()
    sb.set_faults(drop_next=1, match=f"DELETE /questions/{question}")
    cli(sb, data, "outbox", "--flush")  # the answer goes; the delete is applied, its reply lost
    assert faults_of(sb, "DELETE", f"/questions/{question}") == ["drop"]
    status, out, err = cli(sb, data, "outbox", "--flush")
    assert (status, out.strip()) == (DONE, "nothing waiting: every change was sent"), out + err
    with Store.open(PROFILE, data_dir=data) as store:
        kinds = {e.kind.value: e.state for e in store.outbox.entries()}
    assert kinds == {"answer": OutboxState.DONE, "delete_question": OutboxState.DONE}
    assert faults_of(sb, "DELETE", f"/questions/{question}") == ["drop"]  # deleted once
    gone = sb.get(f"/questions/{question}")
    assert gone.status_code == 404 or gone.json().get("status") == "deleted"
