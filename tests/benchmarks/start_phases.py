"""The cold start step by step: the GUI thread's CPU at the start's landmarks.

`start_probe cold-start` with SELLERDESK_PROBE_PHASES=1 installs these hooks (only then: they
cost a little) and prints, after its PROBE line, one row per landmark: the wall time and the
GUI thread's CPU since the process began, the CPU spent since the row before, and the whole
process's CPU (the warm-up and store threads too). What runs between two rows is what the
start spends there: imports (`python -X importtime`), Qt's enum types built on first use,
widgets. For the cost of the start, not a figure of the benchmark.
"""

from __future__ import annotations

import functools
import inspect
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

Hook = Callable[[str, Callable[[ModuleType], object]], None]

# (module, class or "", function): entered (">") and left ("<"), in the start's order.
LANDMARKS = (
    ("sellerdesk.logs", "", "protect"),  # entered: sellerdesk.logs is imported
    ("sellerdesk.cli", "", "_window_args"),  # the window's options (no command parsers)
    ("sellerdesk.logs", "", "setup_logging"),
    ("sellerdesk.app", "", "run_gui"),  # entered: app imported (services.shops, the session)
    ("sellerdesk.app", "", "create_application"),  # entered: PySide6, qasync, ui modules in
    ("sellerdesk.app", "", "install_translations"),
    ("sellerdesk.app", "", "_main"),
    ("sellerdesk.ui.windows", "", "run_windows"),  # entered: windows, connector imported
    ("sellerdesk.ui.windows", "", "_open_initial"),  # the shop opened (store on its thread)
    ("sellerdesk.ui.main_window", "MainWindow", "__init__"),  # the window and the inbox built
    ("sellerdesk.ui.main_window", "MainWindow", "first_view_loaded"),  # the inbox's rows read
)

_marks: list[tuple[str, float, float, float]] = []
_started = 0.0


def mark(label: str) -> None:
    _marks.append((label, time.perf_counter() - _started, time.thread_time(),
                   time.process_time()))


def install(when_imported: Hook, started: float) -> None:
    """Wrap each landmark's function as its module is imported (`when_imported`)."""
    global _started
    _started = started
    mark("python started, probe imported")
    by_module: dict[str, list[tuple[str, str, str]]] = {}
    for module, owner, name in LANDMARKS:
        label = f"{module.removeprefix('sellerdesk.')}.{owner + '.' if owner else ''}{name}"
        by_module.setdefault(module, []).append((owner, name, label))
    for module, wanted in by_module.items():
        when_imported(module, functools.partial(_wrap_all, wanted))


def _wrap_all(wanted: list[tuple[str, str, str]], module: ModuleType) -> None:
    for owner, name, label in wanted:
        holder: Any = getattr(module, owner) if owner else module
        setattr(holder, name, _wrapped(getattr(holder, name), label))


def _wrapped(fn: Callable[..., Any], label: str) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def awaited(*args: Any, **kwargs: Any) -> Any:
            mark(f"> {label}")
            try:
                return await fn(*args, **kwargs)
            finally:
                mark(f"< {label}")
        return awaited

    @functools.wraps(fn)
    def called(*args: Any, **kwargs: Any) -> Any:
        mark(f"> {label}")
        try:
            return fn(*args, **kwargs)
        finally:
            mark(f"< {label}")
    return called


def describe() -> str:
    mark("the inbox painted")
    rows = [f"{'landmark':64} {'wall ms':>8} {'GUI CPU':>8} {'+ms':>7} {'all CPU':>8}"]
    before = 0.0
    for label, wall, thread, process in _marks:
        rows.append(f"{label[:64]:64} {wall * 1e3:8.1f} {thread * 1e3:8.1f} "
                    f"{(thread - before) * 1e3:7.1f} {process * 1e3:8.1f}")
        before = thread
    return "\n".join(rows)


def print_phases() -> None:
    print(describe(), file=sys.stderr, flush=True)
