"""`sellerdesk questions --unanswered` through the real command line: it lists exactly the
questions every other surface counts as waiting (`Counts.unanswered`), in the inbox's order
(`InboxService.list`): a question whose answer or deletion waits in the outbox is not listed."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.commands.codes import DONE, PARTIAL, QUEUED
from sellerdesk.services.counts import read_counts
from sellerdesk.store import Store
from tests.support.cli import cli_args, cli_env
from tests.support.sandbox import Sandbox

PROFILE = "questions"


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Sandbox]:
    """A sandbox with a small shop of its own, so `sync` is quick."""
    sb = Sandbox(db=tmp_path / "small.db", orders=60).start()
    yield sb
    sb.stop()


def cli(sb: Sandbox, data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cli_args(sb, data, "--profile", PROFILE, *args), capture_output=True,
                          text=True, env=cli_env(sb.token), timeout=120)


def unanswered(sb: Sandbox, data: Path) -> list[int]:
    r = cli(sb, data, "questions", "--unanswered")
    assert r.returncode == DONE, r.stderr
    return [int(line.split("\t", 1)[0]) for line in r.stdout.splitlines() if "\t" in line]


def test_unanswered_lists_what_counts_counts_after_offline_writes(small: Sandbox,
                                                                  tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert cli(small, data, "sync").returncode in (DONE, PARTIAL), "the sync failed"
    before = unanswered(small, data)
    assert len(before) >= 3 and len(set(before)) == len(before)
    answered, deleted = before[0], before[1]

    small.stop()  # offline: both writes wait in the outbox
    r = cli(small, data, "answer", str(answered), "Sí, hay stock.")
    assert r.returncode == QUEUED and r.stdout.startswith("queued"), r.stdout + r.stderr
    r = cli(small, data, "delete-question", str(deleted))
    assert r.returncode == QUEUED, r.stdout + r.stderr

    after = unanswered(small, data)
    with Store.open(PROFILE, data_dir=data) as store:
        counts = read_counts(store)
    assert answered not in after and deleted not in after
    assert sorted(after) == sorted(set(before) - {answered, deleted})
    assert len(after) == counts.unanswered  # what the dashboard, badge and header show
