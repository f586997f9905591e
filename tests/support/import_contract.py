"""SellerDesk's import contract, checked over the import graph of `sellerdesk/` (an AST walk,
so imports inside functions and `TYPE_CHECKING` blocks count too).

    front ends   ui, app  (the window)      cli, commands, __main__  (the command line)
        |
    services     services, logs
        |
    core         api, store, credentials, policy          sandbox: a program of its own

Arrows point down only; `api` and `store` know nothing of each other; `credentials` keeps
the api's grant type and registers secrets with the api's redaction; the core, the services
and the sandbox import no Qt; the sandbox imports nothing of the client, and the client
only starts it as a program (the command line runs its entry point, as a bundle does).

`python -m tests.support.import_contract` prints the contract and what breaks it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "sellerdesk"
ROOT = "sellerdesk"

# Every module of the package belongs to exactly one part (the longest prefix wins).
PARTS: dict[str, str] = {
    "sellerdesk": "root",  # the package itself: its version
    "sellerdesk.ui": "window",
    "sellerdesk.app": "window",
    "sellerdesk.cli": "command line",
    "sellerdesk.commands": "command line",
    "sellerdesk.__main__": "command line",
    "sellerdesk.services": "services",
    "sellerdesk.logs": "services",
    "sellerdesk.api": "api",
    "sellerdesk.store": "store",
    "sellerdesk.credentials": "credentials",
    "sellerdesk.policy": "policy",
    "sellerdesk.sandbox": "sandbox",
}

# What each part may import of the package (besides itself).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "root": frozenset(),
    "window": frozenset({"services", "root"}),
    "command line": frozenset({"window", "services", "root", "sandbox entry"}),
    "services": frozenset({"api", "store", "credentials", "policy", "root"}),
    "api": frozenset({"policy", "root"}),
    "store": frozenset({"root"}),
    # A profile's secrets are the wire's: a grant is the api's `OAuthGrant`, and every secret
    # read is registered with the api's log redaction the moment it is read.
    "credentials": frozenset({"api", "root"}),
    "policy": frozenset(),
    "sandbox": frozenset(),
}
# The sandbox's program entry: what a bundle runs as `sellerdesk sandbox`.
SANDBOX_ENTRY = "sellerdesk.sandbox.cli"

QT = ("PySide6", "shiboken6", "qasync", "pyqtgraph")
NO_QT = frozenset({"services", "api", "store", "credentials", "policy", "sandbox", "root"})


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, e.g. "sellerdesk.ui.shop"
    path: Path
    line: int
    target: str  # the imported module (or name below it), e.g. "sellerdesk.store.rows"


@dataclass(frozen=True)
class Breach:
    found: Import
    why: str

    def __str__(self) -> str:
        where = f"{self.found.path.relative_to(PACKAGE.parent)}:{self.found.line}"
        return f"{where}: {self.found.source} imports {self.found.target} ({self.why})"


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str) -> str | None:
    best = ""
    for prefix in PARTS:
        if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > len(best):
            best = prefix
    return PARTS.get(best)


def imports_of(path: Path) -> Iterator[Import]:
    source = module_name(path)
    package = source if path.name == "__init__.py" else source.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(source, path, node.lineno, alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the importing package
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                # `from sellerdesk.ui import settings` imports a module: name it exactly.
                candidate = f"{base}.{alias.name}"
                yield Import(source, path, node.lineno,
                             candidate if _is_module(candidate) else base)


def _is_module(name: str) -> bool:
    if not name.startswith(ROOT + "."):
        return False
    rel = Path(*name.split(".")[1:])
    return (PACKAGE / rel).with_suffix(".py").exists() or (PACKAGE / rel / "__init__.py").exists()


def all_imports() -> list[Import]:
    """Every import of the package, once per (module, line, imported module)."""
    seen: dict[tuple[str, int, str], Import] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for imp in imports_of(path):
            seen.setdefault((imp.source, imp.line, imp.target), imp)
    return list(seen.values())


def breaches(found: list[Import] | None = None) -> list[Breach]:
    out: list[Breach] = []
    for imp in found if found is not None else all_imports():
        mine = part_of(imp.source)
        if mine is None:
            out.append(Breach(imp, "the importing module has no place in the contract"))
            continue
        top = imp.target.split(".")[0]
        if top in QT and mine in NO_QT:
            out.append(Breach(imp, f"{mine} imports no Qt"))
            continue
        if top != ROOT:
            continue
        theirs = part_of(imp.target)
        if theirs is None:
            out.append(Breach(imp, "the imported module has no place in the contract"))
            continue
        if theirs == mine:
            continue
        allowed = MAY_IMPORT[mine]
        if theirs == "sandbox" and "sandbox entry" in allowed and (
                imp.target == SANDBOX_ENTRY or imp.target.startswith(SANDBOX_ENTRY + ".")):
            continue
        if theirs not in allowed:
            may = ", ".join(sorted(allowed)) or "nothing of the package"
            out.append(Breach(imp, f"{mine} -> {theirs}; {mine} may import: {may}"))
    return out


def report(found: list[Breach]) -> str:
    """The contract and its result, for people."""
    lines = ["Import contract of sellerdesk/ (tests/support/import_contract.py):"]
    for part, allowed in MAY_IMPORT.items():
        members = ", ".join(p.removeprefix("sellerdesk.") or "sellerdesk"
                            for p, q in PARTS.items() if q == part)
        may = ", ".join(sorted(allowed)) or "nothing of the package"
        qt = "; no Qt" if part in NO_QT else ""
        lines.append(f"  {part:<13} [{members}] may import: {may}{qt}")
    if not found:
        lines.append(f"Result: kept, {len(all_imports())} imports checked, 0 breaches.")
        return "\n".join(lines)
    lines.append(f"Result: {len(found)} breach(es):")
    lines += [f"  {b}" for b in found]
    return "\n".join(lines)


if __name__ == "__main__":
    problems = breaches()
    print(report(problems))
    sys.exit(1 if problems else 0)
