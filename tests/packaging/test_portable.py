"""No POSIX-only call outside guarded code: SellerDesk ships for Windows too.

A call or import that exists only on POSIX (`os.fchmod`, `fcntl`, `signal.SIGKILL`, …) is
allowed only where the code has already asked which system it runs on: inside an `if` (or
its `else`) that tests `sys.platform`, `os.name`, `platform.system()`, `hasattr(…)` or a
flag named POSIX/WINDOWS/LINUX/MACOS; after such an `if` that returns or raises; or inside a
`try` that catches ImportError or AttributeError. `getattr(os, "X", default)` is portable.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "sellerdesk"

POSIX_ONLY = {
    "os": {"getuid", "geteuid", "getgid", "getegid", "getgroups", "fchmod", "fchown", "chown",
           "lchown", "getpgid", "setsid", "setpgrp", "killpg", "fork", "forkpty", "mkfifo",
           "mknod", "statvfs", "fstatvfs", "sched_getaffinity", "O_NOFOLLOW", "O_CLOEXEC",
           "O_NONBLOCK", "WNOHANG", "pipe2", "sync", "getloadavg", "uname", "nice", "openpty",
           "ttyname", "posix_spawn", "wait3", "wait4", "lchmod"},
    "signal": {"SIGKILL", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGCHLD", "SIGQUIT",
               "SIGPIPE", "alarm", "setitimer", "pause", "pthread_kill", "siginterrupt"},
    "select": {"poll", "epoll"},
}
POSIX_MODULES = {"fcntl", "pwd", "grp", "termios", "tty", "pty", "resource", "posix", "syslog",
                 "crypt"}
_GUARD_WORDS = ("sys.platform", "os.name", "platform.system", "hasattr(", "POSIX", "WINDOWS",
                "LINUX", "MACOS")
_GUARD_ERRORS = {"ImportError", "ModuleNotFoundError", "AttributeError"}


@dataclass(frozen=True)
class Finding:
    where: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.where}:{self.line}: {self.what} is POSIX-only and not guarded"


def _is_guard(test: ast.expr) -> bool:
    text = ast.unparse(test)
    return any(word in text for word in _GUARD_WORDS)


def _exits(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Return | ast.Raise | ast.Continue)


def _catches_guard_error(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return False
    names = {ast.unparse(n) for n in (handler.type.elts if isinstance(handler.type, ast.Tuple)
                                      else [handler.type])}
    return bool(names & _GUARD_ERRORS)


class _Walker:
    def __init__(self, where: str) -> None:
        self.where = where
        self.found: list[Finding] = []

    def block(self, body: list[ast.stmt], guarded: bool) -> None:
        for stmt in body:
            self.stmt(stmt, guarded)
            if isinstance(stmt, ast.If) and _is_guard(stmt.test) and _exits(stmt.body):
                guarded = True  # `if not POSIX: return` guards what follows

    def stmt(self, node: ast.stmt, guarded: bool) -> None:
        if isinstance(node, ast.If):
            inner = guarded or _is_guard(node.test)
            self.expr(node.test, guarded)
            self.block(node.body, inner)
            self.block(node.orelse, inner)
        elif isinstance(node, ast.Try):
            safe = guarded or any(_catches_guard_error(h) for h in node.handlers)
            self.block(node.body, safe)
            for handler in node.handlers:
                self.block(handler.body, guarded)
            self.block(node.orelse, guarded)
            self.block(node.finalbody, guarded)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if not guarded:
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""])
                for name in names:
                    if name.split(".")[0] in POSIX_MODULES:
                        self.found.append(Finding(self.where, node.lineno, f"import {name}"))
        else:
            for field in ast.iter_child_nodes(node):
                if isinstance(field, ast.stmt):
                    continue
                self.expr(field, guarded)
            for name in ("body", "orelse", "finalbody"):
                inner = getattr(node, name, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    self.block(inner, guarded)
            for handler in getattr(node, "handlers", []) or []:
                self.block(handler.body, guarded)

    def expr(self, node: ast.AST, guarded: bool) -> None:
        if isinstance(node, ast.IfExp):
            inner = guarded or _is_guard(node.test)
            for part in (node.test, node.body, node.orelse):
                self.expr(part, inner)
            return
        if (not guarded and isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.attr in POSIX_ONLY.get(node.value.id, ())):
            self.found.append(Finding(self.where, node.lineno, f"{node.value.id}.{node.attr}"))
        for child in ast.iter_child_nodes(node):
            self.expr(child, guarded)


def findings(source: str, where: str = "<source>") -> list[Finding]:
    walker = _Walker(where)
    walker.block(ast.parse(source).body, guarded=False)
    return walker.found


def test_sellerdesk_calls_nothing_posix_only_unguarded() -> None:
    found = [f for path in sorted(PACKAGE.rglob("*.py"))
             for f in findings(path.read_text(encoding="utf-8"),
                               str(path.relative_to(PACKAGE.parent)))]
    assert not found, "\n".join(map(str, found))


def test_the_check_tells_guarded_from_unguarded() -> None:
    bad = '''
import fcntl
import os, signal
def f(fd):
    os.fchmod(fd, 0o600)
    os.kill(1, signal.SIGKILL)
x = os.O_NOFOLLOW | os.O_RDONLY
'''
    assert [f.what for f in findings(bad)] == ["import fcntl", "os.fchmod", "signal.SIGKILL",
                                               "os.O_NOFOLLOW"]
    good = '''
import os, sys
POSIX = os.name == "posix"
if sys.platform == "win32":
    import msvcrt
else:
    import fcntl
def f(fd):
    if POSIX:
        os.fchmod(fd, 0o600)
    flags = getattr(os, "O_NOFOLLOW", 0)
    return os.getuid() if hasattr(os, "getuid") else 0
def g():
    if os.name != "posix":
        return
    os.killpg(1, 9)
try:
    import resource
except ImportError:
    resource = None
'''
    assert findings(good) == []
