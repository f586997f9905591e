"""The cold start step by step: the GUI thread's CPU at the start's landmarks.

`start_probe cold-start` with SELLERDESK_PROBE_PHASES=1 installs these hooks (only then: they
cost a little) and prints, after its PROBE line, one row per landmark: the wall time and the
GUI thread's CPU since the process began, the CPU spent since the row before, and the whole
process's CPU (the warm-up and store threads too). What runs between two rows is what the
start spends there: imports (`python -X importtime`), Qt's enum types built on first use,
widgets. For the cost of the start, not a figure of the benchmark.

It also counts what Python makes before the first paint and the GUI thread's CPU each took
(`Made`): the enum types PySide builds on first use (through the enum module's functional
API, `Enum("Name", members)`: the whole `_create_`, member by member, is counted), the enum
classes of class statements (their `EnumType.__new__`; the members set in the class body
are not), and dataclasses (`dataclasses._process_class`: the generated methods, one `exec`
each in Python 3.11).
"""

from __future__ import annotations

import dataclasses
import enum
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


class Made:
    """What was made and the GUI thread's CPU it took (ms), by kind; the outermost one only
    (an enum made while a dataclass is made counts with the dataclass)."""

    KINDS = ("Qt's enum types (functional API)", "enum classes (class statements)",
             "dataclasses")

    def __init__(self) -> None:
        self.count = dict.fromkeys(self.KINDS, 0)
        self.ms = dict.fromkeys(self.KINDS, 0.0)
        self._depth = 0

    def timed(self, kind: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def made(*args: Any, **kwargs: Any) -> Any:
            self._depth += 1
            began = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self.count[kind] += 1
                    self.ms[kind] += (time.thread_time() - began) * 1e3
        return made

    def install(self) -> None:
        """Wrap the three makers (this process only: it ends at the first paint)."""
        functional, statement, data = self.KINDS
        enum_type: Any = enum.EnumType
        call, new = enum_type.__call__, enum_type.__new__
        by_name = self.timed(functional, call)

        def enum_call(cls: Any, value: Any, names: Any = None, *args: Any, **kwargs: Any
                      ) -> Any:
            if names is None:  # a member looked up by value, not a new type
                return call(cls, value, *args, **kwargs)
            return by_name(cls, value, names, *args, **kwargs)

        enum_type.__call__ = enum_call
        enum_type.__new__ = self.timed(statement, new)
        module: Any = dataclasses
        module._process_class = self.timed(data, module._process_class)

    def describe(self) -> str:
        return "\n".join(f"made before the first paint: {self.count[k]:4d} {k:34} "
                         f"{self.ms[k]:6.1f} ms" for k in self.KINDS)


made = Made()


def mark(label: str) -> None:
    _marks.append((label, time.perf_counter() - _started, time.thread_time(),
                   time.process_time()))


def install(when_imported: Hook, started: float) -> None:
    """Wrap each landmark's function as its module is imported (`when_imported`)."""
    global _started
    _started = started
    mark("python started, probe imported")
    made.install()
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
    return "\n".join([*rows, made.describe()])


def print_phases() -> None:
    print(describe(), file=sys.stderr, flush=True)
