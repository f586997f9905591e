"""Figures of one benchmark run: recorded by the tests, printed as a table, saved to bench.json.

A figure is `{name, value, unit, baseline, ratio}` (issue 8), plus the target it is held to and
whether it met it. `ratio` is always `value / baseline`, so a throughput target reads
"ratio >= 0.8" and a time target "ratio <= 1.5". A figure with no baseline in the same run
(a GUI latency) has `baseline` and `ratio` null and a target on the value itself; a memory
figure holds the difference to its baseline ("delta <= 250").

Benchmarks record and print; they do not fail on a missed target unless
SELLERDESK_BENCH_STRICT=1 is set (the table and bench.json say met / MISSED either way).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

Measure = Literal["ratio", "value", "delta"]
Op = Literal["<=", ">="]


@dataclass(frozen=True)
class Target:
    measure: Measure
    op: Op
    limit: float

    def holds(self, value: float, baseline: float | None) -> bool | None:
        if self.measure == "value":
            got: float | None = value
        elif baseline is None:
            return None
        elif self.measure == "ratio":
            got = value / baseline if baseline else math.inf
        else:
            got = value - baseline
        assert got is not None
        return got <= self.limit if self.op == "<=" else got >= self.limit

    def __str__(self) -> str:
        sign = "≤" if self.op == "<=" else "≥"
        return f"{self.measure} {sign} {self.limit:g}"


def ratio_at_least(limit: float) -> Target:
    return Target("ratio", ">=", limit)


def ratio_at_most(limit: float) -> Target:
    return Target("ratio", "<=", limit)


def value_at_most(limit: float) -> Target:
    return Target("value", "<=", limit)


def delta_at_most(limit: float) -> Target:
    return Target("delta", "<=", limit)


def _round(x: float | None) -> float | None:
    if x is None or not math.isfinite(x):
        return x
    return float(f"{x:.4g}")


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    baseline: float | None = None
    target: Target | None = None
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if self.baseline is None or self.baseline == 0:
            return None
        return self.value / self.baseline

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.target.holds(self.value, self.baseline)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": _round(self.value), "unit": self.unit,
                "baseline": _round(self.baseline), "ratio": _round(self.ratio),
                "target": None if self.target is None else str(self.target),
                "met": self.met, "note": self.note}


@dataclass
class Figures:
    """The figures of this run, in the order they were recorded."""

    items: list[Figure] = field(default_factory=list)

    def record(self, name: str, value: float, unit: str, baseline: float | None = None, *,
               target: Target | None = None, note: str = "") -> Figure:
        """Add a figure (a second one of the same name replaces the first) and print it."""
        figure = Figure(name, value, unit, baseline, target, note)
        self.items = [f for f in self.items if f.name != name] + [figure]
        print("\n" + format_row(figure), flush=True)
        if figure.met is False and os.environ.get("SELLERDESK_BENCH_STRICT") == "1":
            raise AssertionError(f"{name}: target {target} missed ({format_row(figure)})")
        return figure

    def write(self, path: Path) -> None:
        path.write_text(json.dumps([f.as_json() for f in self.items], indent=2,
                                   ensure_ascii=False) + "\n", encoding="utf-8")

    def table(self) -> str:
        head = f"{'figure':<46} {'value':>14} {'baseline':>14} {'ratio':>7}  {'target':<13} "
        lines = [head, "-" * len(head)]
        lines += [format_row(f) for f in self.items]
        missed = [f.name for f in self.items if f.met is False]
        held = [f for f in self.items if f.met is not None]
        lines.append(f"targets met: {len(held) - len(missed)}/{len(held)}"
                     + (f"; missed: {', '.join(missed)}" if missed else ""))
        return "\n".join(lines)


def _number(x: float | None, unit: str) -> str:
    if x is None:
        return "—"
    text = f"{x:,.0f}" if abs(x) >= 100 else f"{x:.3g}"
    return f"{text} {unit}"


def format_row(f: Figure) -> str:
    ratio = "—" if f.ratio is None else f"{f.ratio:.2f}"
    verdict = {True: "met", False: "MISSED", None: ""}[f.met]
    target = str(f.target) if f.target else ""
    return (f"{f.name:<46} {_number(f.value, f.unit):>14} {_number(f.baseline, f.unit):>14} "
            f"{ratio:>7}  {target:<13} {verdict}").rstrip()


# -- timing helpers ----------------------------------------------------------------------------


@contextmanager
def stopwatch() -> Iterator[Callable[[], float]]:
    """`with stopwatch() as elapsed: ...`; `elapsed()` gives seconds (frozen at exit)."""
    start = time.perf_counter()
    end: float | None = None

    def elapsed() -> float:
        return (end if end is not None else time.perf_counter()) - start

    try:
        yield elapsed
    finally:
        end = time.perf_counter()


def median(samples: Iterable[float]) -> float:
    return statistics.median(list(samples))


@contextmanager
def maybe_profile(name: str, folder: Path) -> Iterator[None]:
    """With SELLERDESK_BENCH_PROFILE=1 and pyinstrument installed, profile the block and
    write `<folder>/<name>.txt` (and .html); otherwise do nothing."""
    if os.environ.get("SELLERDESK_BENCH_PROFILE") != "1":
        yield
        return
    try:
        from pyinstrument import Profiler
    except ImportError:
        print(f"\n(profiling {name} skipped: pip install pyinstrument into .venv)")
        yield
        return
    profiler = Profiler(async_mode="enabled", interval=0.0005)
    profiler.start()
    try:
        yield
    finally:
        profiler.stop()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.txt").write_text(profiler.output_text(unicode=True, show_all=False))
        (folder / f"{name}.html").write_text(profiler.output_html())
        print(f"\nprofile of {name}: {folder / (name + '.txt')}")


__all__ = ["Figure", "Figures", "Target", "delta_at_most", "format_row", "maybe_profile",
           "median", "ratio_at_least", "ratio_at_most", "stopwatch", "value_at_most"]
