"""`sellerdesk questions --unanswered`, through the real command line, lists what every other
surface counts: a question whose answer waits in the outbox (queued offline) is not listed,
and the listing's length is the session's `Counts.unanswered`."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from sellerdesk.services.counts import Counts
from tests.support.cli import run_cli
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session


def _listed(sb: Sandbox, data: Path) -> list[int]:
    r = run_cli(sb, data, "--profile", "test", "questions", "--unanswered")
    assert r.returncode == 0, r.stderr
    return [int(line.split("\t")[0]) for line in r.stdout.splitlines() if line.strip()]


def _counts(sb: Sandbox, data: Path) -> Counts:
    async def read() -> Counts:
        session = await open_session(sb, data)
        try:
            return await session.counts.counts()
        finally:
            await session.aclose()

    return asyncio.run(read())


def test_a_queued_answer_leaves_the_unanswered_list_as_it_leaves_every_count(
        fresh_sandbox: Sandbox, synced_data_dir: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    before = _listed(fresh_sandbox, data)
    assert len(before) == _counts(fresh_sandbox, data).unanswered
    fresh_sandbox.stop()
    r = run_cli(fresh_sandbox, data, "--profile", "test", "answer", str(before[0]),
                "Sí, hay stock.")
    assert r.returncode == 3 and r.stdout.startswith("queued"), r.stdout + r.stderr
    after = _listed(fresh_sandbox, data)
    assert before[0] not in after and len(after) == len(before) - 1
    assert len(after) == _counts(fresh_sandbox, data).unanswered
