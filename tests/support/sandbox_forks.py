"""A sandbox fork server for the test suite (Linux): a sandbox starts in milliseconds
instead of the ~1.5 s CPU a fresh interpreter spends importing FastAPI, pydantic, uvicorn and
sellerdesk.sandbox.

One helper process per test process, started on first use, imports all of that once and then
forks one child per sandbox start. The child is a process of its own (own pid, killable with
SIGKILL); it points its stdout and stderr at the pipe the test process handed over, and runs
`sellerdesk.sandbox.cli.main` with the very arguments the launcher would have given
`python -m sellerdesk.sandbox`, in the test process's environment and folder. The test
process holds it through `ForkedProcess`, a small Popen look-alike: a pidfd for signals (no
pid-reuse race) and a pipe on which the fork server, which reaps it, writes its exit code.

The fork server forks with one thread and no event loop (imports only), reaps its children,
and ends when its control socket reaches EOF (its test process closed it or died), killing
the children still running. `SELLERDESK_TEST_SANDBOX_FORKS=0` turns it off: every sandbox is
then a plain subprocess again (as it is where fork or pidfds are missing).

Protocol, over an AF_UNIX SOCK_SEQPACKET pair (one message each way per start):
test -> server  JSON {"argv": [...], "env": {...}, "cwd": "..."} + the output pipe's write end
server -> test  JSON {"pid": N} + [pidfd, exit-code pipe's read end] (or {"error": "..."})
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import signal
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Sequence
from typing import IO

ENV_SWITCH = "SELLERDESK_TEST_SANDBOX_FORKS"
# What the launcher runs (sandbox_launcher.sandbox_command() outside a bundle): a start
# whose argv begins otherwise is not ours to imitate and stays a subprocess.
MODULE_COMMAND = [sys.executable, "-m", "sellerdesk.sandbox"]
MAX_MESSAGE = 1 << 18  # an environment is a few KiB; a seqpacket message arrives whole
EXIT_CODE = struct.Struct("!i")
# Modules the sandbox imports lazily while it starts (uvicorn picks its loop, protocol and
# lifespan classes by name): imported once here so that no child pays for them.
WARM_MODULES = ("sellerdesk.sandbox.cli", "sellerdesk.sandbox.app", "uvicorn.loops.auto",
                "uvicorn.loops.asyncio", "uvicorn.protocols.http.auto",
                "uvicorn.protocols.http.h11_impl", "uvicorn.protocols.websockets.auto",
                "uvicorn.lifespan.on")


def available() -> bool:
    """Forking is on: Linux with pidfds, and not switched off."""
    if os.environ.get(ENV_SWITCH, "1") == "0":
        return False
    return (sys.platform.startswith("linux") and hasattr(os, "fork")
            and hasattr(os, "pidfd_open") and hasattr(signal, "pidfd_send_signal"))


def module_arguments(argv: Sequence[str]) -> list[str] | None:
    """The sandbox's own arguments, if `argv` is the launcher's `python -m` command."""
    head = len(MODULE_COMMAND)
    if list(argv[:head]) != MODULE_COMMAND:
        return None
    return list(argv[head:])


# ---------------------------------------------------------------------------------------
# The test process's side


class ForkedProcess:
    """A forked sandbox, as much of `subprocess.Popen` as the launcher and the tests use."""

    def __init__(self, pid: int, pidfd: int, status_fd: int, stdout: IO[str]) -> None:
        self.pid = pid
        self.args: list[str] = []
        self.stdout: IO[str] | None = stdout
        self.returncode: int | None = None
        self._pidfd = pidfd
        self._status_fd = status_fd  # the fork server writes the exit code here, then closes
        self._lock = threading.Lock()

    def poll(self) -> int | None:
        return self._collect(0.0)

    def wait(self, timeout: float | None = None) -> int:
        code = self._collect(timeout)
        if code is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        return code

    def send_signal(self, sig: int) -> None:
        with self._lock:
            if self.returncode is not None:
                return
            # The pidfd names this very process: a reused pid cannot be hit.
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def _collect(self, timeout: float | None) -> int | None:
        """The exit code once the fork server has reaped the child; closes both fds then."""
        with self._lock:
            if self.returncode is not None:
                return self.returncode
            ms = -1 if timeout is None else max(0, round(timeout * 1000))
            poller = select.poll()
            poller.register(self._status_fd, select.POLLIN)
            if not poller.poll(ms):
                return None
            data = os.read(self._status_fd, EXIT_CODE.size)
            # No code: the fork server itself ended (it kills its children as it goes).
            self.returncode = EXIT_CODE.unpack(data)[0] if len(data) == EXIT_CODE.size \
                else -signal.SIGKILL
            os.close(self._status_fd)
            os.close(self._pidfd)
            return self.returncode

    def __repr__(self) -> str:
        return f"ForkedProcess(pid={self.pid}, returncode={self.returncode})"


class ForkServer:
    """The test process's handle on its fork server; `spawn` is thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sock: socket.socket | None = None
        self._proc: subprocess.Popen[bytes] | None = None

    def _ensure(self) -> socket.socket:
        if self._sock is not None and self._proc is not None and self._proc.poll() is None:
            return self._sock
        self.close()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "tests.support.sandbox_forks", str(theirs.fileno())],
                pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONUNBUFFERED="1"),
                cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                    os.path.abspath(__file__)))))
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self._sock = ours
        return ours

    def spawn(self, argv: Sequence[str], env: dict[str, str]) -> ForkedProcess:
        """Fork a sandbox running `sellerdesk.sandbox.cli.main(argv)` in `env`."""
        read_fd, write_fd = os.pipe()
        try:
            with self._lock:
                sock = self._ensure()
                request = json.dumps({"argv": list(argv), "env": env, "cwd": os.getcwd()})
                socket.send_fds(sock, [request.encode()], [write_fd])
                os.close(write_fd)
                write_fd = -1
                data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, 2)
            reply = json.loads(data or b'{"error": "the fork server ended"}')
            if "error" in reply:
                for fd in fds:
                    os.close(fd)
                raise RuntimeError(f"sandbox fork server: {reply['error']}")
            pidfd, status_fd = fds
            stdout = open(read_fd, encoding="utf-8", errors="replace")  # noqa: SIM115
            read_fd = -1
            proc = ForkedProcess(reply["pid"], pidfd, status_fd, stdout)
            proc.args = [*MODULE_COMMAND, *argv]
            return proc
        finally:
            for fd in (read_fd, write_fd):
                if fd >= 0:
                    os.close(fd)

    def close(self) -> None:
        """End the fork server (EOF on its socket) and wait for it."""
        sock, self._sock = self._sock, None
        proc, self._proc = self._proc, None
        if sock is not None:
            sock.close()
        if proc is not None:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None


_server: ForkServer | None = None
_server_lock = threading.Lock()


def fork_server() -> ForkServer:
    """This test process's fork server (started on first spawn, ended at exit)."""
    global _server
    with _server_lock:
        if _server is None:
            _server = ForkServer()
            atexit.register(_server.close)
        return _server


def spawn(argv: Sequence[str], env: dict[str, str]) -> ForkedProcess | None:
    """A forked sandbox for the launcher command `argv`, or None where forking is off or
    `argv` is not `python -m sellerdesk.sandbox ...` (the caller starts a subprocess)."""
    args = module_arguments(argv)
    if args is None or not available():
        return None
    return fork_server().spawn(args, env)


# ---------------------------------------------------------------------------------------
# The fork server's side


def _run_child(sock: socket.socket, keep: set[int], out_fd: int, argv: list[str],
               env: dict[str, str], cwd: str) -> None:
    """In the forked child: become `python -m sellerdesk.sandbox ARGV`; never returns."""
    code = 1
    try:
        sock.close()
        for fd in keep:
            with contextlib.suppress(OSError):
                os.close(fd)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.dup2(out_fd, 1)
        os.dup2(out_fd, 2)
        os.close(out_fd)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace",  # noqa: SIM115
                          buffering=1, closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace",  # noqa: SIM115
                          buffering=1, closefd=False)
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        sys.argv = ["sellerdesk-sandbox", *argv]
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from sellerdesk.sandbox.cli import main

        try:
            result = main(argv)
            code = result if isinstance(result, int) else 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            if stop.code is not None and not isinstance(stop.code, int):
                print(stop.code, file=sys.stderr)
    except BaseException:  # what the interpreter would print for an uncaught exception
        import traceback

        with contextlib.suppress(BaseException):
            traceback.print_exc()
        code = 1
    finally:
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def serve(sock: socket.socket) -> None:
    """Fork a sandbox per request until the socket reaches EOF, reaping every child."""
    import importlib

    for name in WARM_MODULES:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    if threading.active_count() != 1:  # forking with threads can copy a held lock
        raise RuntimeError("sandbox fork server: an import started a thread")
    children: dict[int, tuple[int, int]] = {}  # pidfd -> (pid, exit-code pipe's write end)
    poller = select.poll()
    poller.register(sock.fileno(), select.POLLIN)
    try:
        while True:
            for fd, _event in poller.poll():
                if fd == sock.fileno():
                    if not _answer(sock, children, poller):
                        return
                else:
                    _reap(fd, children, poller)
    finally:
        for pidfd, (pid, status_w) in children.items():
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
            os.close(pidfd)
            os.close(status_w)
        sock.close()


def _answer(sock: socket.socket, children: dict[int, tuple[int, int]],
            poller: select.poll) -> bool:
    """Serve one request; False on EOF (the test process is gone)."""
    data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, 1)
    if not data:
        for fd in fds:
            os.close(fd)
        return False
    if len(fds) != 1:
        for fd in fds:
            os.close(fd)
        sock.send(json.dumps({"error": "expected one output pipe"}).encode())
        return True
    out_fd = fds[0]
    request = json.loads(data)
    status_r, status_w = os.pipe()
    keep = {status_r, status_w, *children, *(w for _pid, w in children.values())}
    pid = os.fork()
    if pid == 0:
        _run_child(sock, keep, out_fd, request["argv"], request["env"], request["cwd"])
    os.close(out_fd)
    pidfd = os.pidfd_open(pid)  # before any reaping: the pid is still this child's
    children[pidfd] = (pid, status_w)
    poller.register(pidfd, select.POLLIN)
    try:
        socket.send_fds(sock, [json.dumps({"pid": pid}).encode()], [pidfd, status_r])
    finally:
        os.close(status_r)
    return True


def _reap(pidfd: int, children: dict[int, tuple[int, int]], poller: select.poll) -> None:
    """A child ended: reap it and hand its exit code (Popen's convention) to the test."""
    pid, status_w = children.pop(pidfd)
    poller.unregister(pidfd)
    _pid, status = os.waitpid(pid, 0)
    with contextlib.suppress(BrokenPipeError):  # the test closed its end already
        os.write(status_w, EXIT_CODE.pack(os.waitstatus_to_exitcode(status)))
    os.close(status_w)
    os.close(pidfd)


if __name__ == "__main__":
    # Die with the test process even if it forgot to close: EOF ends serve() above. Ctrl-C
    # in a terminal reaches the whole process group; the test process handles it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    serve(socket.socket(fileno=int(sys.argv[1])))
