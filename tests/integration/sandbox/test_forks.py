"""The suite's sandbox fork server (tests/support/sandbox_forks.py): a forked sandbox is a
process of its own that serves, dies by SIGKILL and comes back on the same database and port;
the fork server dies with its test process; the switch falls back to a subprocess."""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.services.sandbox_launcher import SandboxStartError
from tests.support import sandbox_forks
from tests.support.sandbox import Sandbox

pytestmark = pytest.mark.skipif(not sandbox_forks.available(),
                                reason="the fork server needs Linux pidfds and the switch on")

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def db(seeded_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, path)
    return path


@pytest.fixture
def forked(db: Path) -> Iterator[Sandbox]:
    sb = Sandbox(db=db).start()
    yield sb
    sb.stop()


def parent_pid(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def ends(pid: int, timeout: float = 60.0) -> bool:
    """True once process `pid` (not necessarily our child) has ended."""
    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([pidfd], [], [], timeout)[0])
    finally:
        os.close(pidfd)


def test_a_forked_sandbox_is_a_process_of_its_own_that_serves(forked: Sandbox) -> None:
    proc = forked.proc
    assert isinstance(proc, sandbox_forks.ForkedProcess)
    assert proc.pid != os.getpid() and proc.poll() is None
    assert parent_pid(proc.pid) == sandbox_forks.fork_server().pid
    assert forked.ready_line.startswith("SELLERDESK-SANDBOX base_url=http://127.0.0.1:")
    assert forked.get("/orders/search", limit=1).status_code == 200


def test_the_launchers_arguments_reach_the_forked_sandbox(db: Path) -> None:
    sb = Sandbox(db=db, extra_args=["--token", "forked-token"]).start()
    try:
        assert sb.token == "forked-token"
        assert sb.get("/orders/search", limit=1).status_code == 200
    finally:
        sb.stop()


def test_sigkill_ends_it_and_restart_brings_it_back_on_the_same_db_and_port(
        forked: Sandbox) -> None:
    question = forked.ask()
    assert forked.proc is not None
    pid, port = forked.proc.pid, forked.port
    os.kill(pid, signal.SIGKILL)  # as a crash trial does, from outside the launcher
    assert forked.proc.wait(60) == -signal.SIGKILL
    assert not forked.running
    forked.restart()
    assert forked.proc is not None and forked.proc.pid != pid
    assert forked.port == port
    assert forked.get(f"/questions/{question['id']}").status_code == 200
    forked.stop(kill=True)
    assert not forked.running and forked.proc is None


def test_terminate_ends_it_as_cleanly_as_a_subprocess(forked: Sandbox) -> None:
    proc = forked.proc
    assert proc is not None
    proc.terminate()
    assert proc.wait(60) == 0  # the sandbox's SIGTERM handler exits 0
    assert proc.poll() == 0
    proc.kill()  # after the end: nothing to signal, like Popen
    forked.stop()


def test_its_errors_reach_the_output_like_a_subprocess(db: Path) -> None:
    with pytest.raises(SandboxStartError, match="--rate-limit"):
        Sandbox(db=db, extra_args=["--rate-limit", "-1"]).start()


def test_the_fork_server_dies_with_its_test_process(db: Path) -> None:
    script = textwrap.dedent("""
        import os, signal, sys
        from pathlib import Path
        from tests.support.sandbox import Sandbox
        from tests.support.sandbox_forks import fork_server

        sb = Sandbox(db=Path(sys.argv[1])).start()
        print(fork_server().pid, sb.proc.pid, flush=True)
        sys.stdin.read()  # until the test has seen both
        os.kill(os.getpid(), signal.SIGKILL)  # no atexit, no cleanup
    """)
    proc = subprocess.Popen([sys.executable, "-c", script, str(db)], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        assert proc.stdout is not None and proc.stdin is not None
        server, child = (int(p) for p in proc.stdout.readline().split())
        assert parent_pid(child) == server
        proc.stdin.close()
        assert proc.wait(60) == -signal.SIGKILL
        assert ends(server) and ends(child)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def test_the_switch_turns_it_off(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sandbox_forks.ENV_SWITCH, "0")
    sb = Sandbox(db=db).start()
    try:
        assert isinstance(sb.proc, subprocess.Popen)
        assert sb.get("/orders/search", limit=1).status_code == 200
    finally:
        sb.stop()


def test_only_the_launchers_module_command_is_forked() -> None:
    assert sandbox_forks.spawn(["/bin/true"], dict(os.environ)) is None
    assert sandbox_forks.module_arguments([*sandbox_forks.MODULE_COMMAND, "--port", "0"]) \
        == ["--port", "0"]
