"""A full disk at each write point of a command, through the real command line: what the
seller reads and the exit code match what the outbox holds (`sellerdesk outbox`) and what
the shop got (issue 22, "full disk").

The data folder is a small tmpfs mounted by the test (root only: elsewhere these tests are
skipped); a loopback proxy in front of the sandbox fills it at an exact request of the
command (`fill_proxy.py`), so the disk is full from that point on, with no timing:
- before the question is read (answer): the intent's commit fails: not saved, exit 1;
- after the answer was applied, before its reply arrives: marking it done fails: saved, may
  be on the shop, exit 3; the next flush reads the shop and sends nothing twice;
- before the order's check read (invoice): marking it `sending` fails: saved, not sent,
  exit 3; a flush on the still-full disk stops and says the change is still there (exit 7);
- before the sync's first answer: the copy is not brought up to date, exit 1.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.fill_proxy import FillProxy, Trigger, can_mount, small_disk
from tests.support.cli import cli_env
from tests.support.sandbox import Sandbox

DONE, ERROR, QUEUED, PARTIAL = 0, 1, 3, 7  # the README's table (literal: old code lacks 7)

pytestmark = pytest.mark.skipif(not can_mount(), reason="mounting a tmpfs needs root")


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Sandbox]:
    sb = Sandbox(db=tmp_path / "small.db", orders=30).start()
    yield sb
    sb.stop()


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_disk(tmp_path / "disk") as folder:
        yield folder


@pytest.fixture
def proxy(small: Sandbox) -> Iterator[FillProxy]:
    p = FillProxy(small.base_url)
    yield p
    p.close()


def cli(sb: Sandbox, proxy: FillProxy, disk: Path, *args: str) -> tuple[int, str, str]:
    r = subprocess.run([sys.executable, "-m", "sellerdesk", "--profile", "disk", "--base-url",
                        proxy.url, "--shop-id", str(sb.shop_id), "--data-dir",
                        str(disk / "data"), *args], capture_output=True, text=True,
                       env=cli_env(sb.token), timeout=180)
    # The log file is on the full disk too: its failures are no business of the terminal.
    assert "Traceback" not in r.stderr and "Logging error" not in r.stderr, r.stderr
    return r.returncode, r.stdout, r.stderr


def free(disk: Path) -> None:
    (disk / "filler.bin").unlink()


def arm(proxy: FillProxy, disk: Path, method: str, path: str, *, after: bool = False,
        nth: int = 1) -> Trigger:
    proxy.trigger = Trigger(method, path, disk, after=after, nth=nth)
    return proxy.trigger


def writes(sb: Sandbox, path_end: str) -> int:
    return sum(1 for r in sb.requests_log() if r["method"] in ("PUT", "POST", "DELETE")
               and r["path"].rstrip("/").endswith(path_end))


def unanswered(sb: Sandbox) -> list[int]:
    page = sb.get("/questions/search", status="unanswered", limit=10).json()
    return [q["id"] for q in page["results"]]


def test_answer_not_saved_when_its_commit_fails(small: Sandbox, proxy: FillProxy,
                                                disk: Path) -> None:
    qid = unanswered(small)[0]
    assert cli(small, proxy, disk, "outbox")[0] == DONE  # the store exists, empty
    trigger = arm(proxy, disk, "GET", f"/questions/{qid}")
    code, out, err = cli(small, proxy, disk, "answer", str(qid), "Sí, hay stock.")
    assert trigger.fired.is_set()
    assert code == ERROR, out + err
    assert "not saved" in err.lower() and "nothing was queued" in err, err
    assert "queued:" not in out and "sent" not in out
    free(disk)
    code, out, _ = cli(small, proxy, disk, "outbox")
    assert (code, out.strip()) == (DONE, "nothing waiting: every change was sent")
    assert writes(small, f"/questions/{qid}") == 0


def test_answer_applied_but_not_recorded_is_queued_and_settled_once(
        small: Sandbox, proxy: FillProxy, disk: Path) -> None:
    """The issue's case: the answer went out, the disk filled before it was marked done."""
    qid = unanswered(small)[0]
    trigger = arm(proxy, disk, "PUT", f"/questions/{qid}", after=True)
    code, out, err = cli(small, proxy, disk, "answer", str(qid), "Sí, hay stock.")
    assert trigger.fired.is_set()
    assert code == QUEUED, out + err
    assert out.startswith("queued: saved in the outbox") and "may already be on" in out, out
    assert "could not save" not in out + err
    free(disk)
    code, out, _ = cli(small, proxy, disk, "outbox")
    assert code == QUEUED and "\tsending\tanswer\t" in out, out
    code, out, err = cli(small, proxy, disk, "outbox", "--flush")
    assert (code, out.strip()) == (DONE, "nothing waiting: every change was sent"), out + err
    assert small.get(f"/questions/{qid}").json()["answer"]["text"] == "Sí, hay stock."
    assert writes(small, f"/questions/{qid}") == 1  # settled by reading: never sent twice


def test_invoice_not_marked_sending_is_queued_and_a_full_flush_says_so(
        small: Sandbox, proxy: FillProxy, disk: Path) -> None:
    order = small.get("/orders/search", limit=1).json()["results"][0]["id"]
    # Never read here: the command reads it (1st GET), then the check reads it (2nd GET).
    trigger = arm(proxy, disk, "GET", f"/orders/{order}", nth=2)
    code, out, err = cli(small, proxy, disk, "invoice", order, "--number", "0001-77",
                         "--type", "A")
    assert trigger.fired.is_set()
    assert code == QUEUED, out + err
    assert out.startswith("queued: saved in the outbox, not sent: the disk is full"), out
    assert "could not save" not in out + err

    # Still full: the flush reads the order, cannot mark it `sending`, stops, and says so.
    code, out, err = cli(small, proxy, disk, "outbox", "--flush")
    assert code == PARTIAL, out + err
    assert "the flush stopped: the disk is full" in err, err
    assert "\tqueued\tinvoice\t" in out and "still waiting" in err, out + err
    assert writes(small, f"/orders/{order}") == 0

    free(disk)
    code, out, err = cli(small, proxy, disk, "outbox", "--flush")
    assert (code, out.strip()) == (DONE, "nothing waiting: every change was sent"), out + err
    assert small.get(f"/orders/{order}").json()["invoice"]["number"] == "0001-77"


def test_sync_on_a_full_disk_says_the_copy_is_not_up_to_date(
        small: Sandbox, proxy: FillProxy, disk: Path) -> None:
    assert cli(small, proxy, disk, "outbox")[0] == DONE
    trigger = arm(proxy, disk, "GET", "/metrics")
    code, out, err = cli(small, proxy, disk, "sync")
    assert trigger.fired.is_set()
    assert code == ERROR, out + err
    assert "The sync stopped: the disk is full" in err, err
    assert "synced:" not in out
