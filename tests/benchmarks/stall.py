"""GUI-thread stalls as a seller feels them: a 5 ms QTimer records how late each tick fires.

With `trace=True` a sampling thread also records the GUI thread's stack every millisecond,
and `describe()` lists the worst ticks with the code that ran in them (the profile behind a
stall figure). Tracing costs the GUI thread a little; figures are taken without it.
"""

from __future__ import annotations

import collections
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field

INTERVAL_MS = 5


@dataclass
class Tick:
    late_ms: float
    start: float
    end: float
    stacks: list[str] = field(default_factory=list)


class _Sampler(threading.Thread):
    """Every `period` seconds: the GUI thread's stack, innermost frames first."""

    def __init__(self, target: int, period: float = 0.001) -> None:
        super().__init__(name="stall-sampler", daemon=True)
        self.target = target
        self.period = period
        self.samples: collections.deque[tuple[float, str]] = collections.deque(maxlen=200_000)
        self.running = True

    def run(self) -> None:
        while self.running:
            frame = sys._current_frames().get(self.target)
            if frame is not None:
                summary = traceback.extract_stack(frame, limit=40)
                lines = [f"{f.filename.split('site-packages/')[-1].split('perf/')[-1]}:"
                         f"{f.lineno} {f.name}" for f in reversed(summary)]
                self.samples.append((time.perf_counter(), " < ".join(lines[:12])))
            time.sleep(self.period)


class Lateness:
    """A 5 ms QTimer; `worst` is the longest delay beyond its interval, in ms."""

    def __init__(self, *, trace: bool = False) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.worst = 0.0
        self.ticks = 0
        self.trace = trace
        self.late: list[Tick] = []
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self._tick)
        self._sampler: _Sampler | None = None

    def start(self) -> None:
        self.worst = 0.0
        self.ticks = 0
        self.late.clear()
        if self.trace and self._sampler is None:
            self._sampler = _Sampler(threading.get_ident())
            self._sampler.start()
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        if self._sampler is not None:
            self._sampler.running = False

    def _tick(self) -> None:
        now = time.perf_counter()
        late = (now - self._last) * 1000 - INTERVAL_MS
        self.worst = max(self.worst, late)
        self.ticks += 1
        if self.trace and late > 8:
            self.late.append(Tick(late, self._last, now))
        self._last = now

    def describe(self, top: int = 10) -> str:
        """The worst ticks, each with the stacks most often sampled during it."""
        if self._sampler is None:
            return ""
        samples = list(self._sampler.samples)
        out = []
        for tick in sorted(self.late, key=lambda t: -t.late_ms)[:top]:
            inside = collections.Counter(s for t, s in samples if tick.start <= t <= tick.end)
            out.append(f"--- {tick.late_ms:.1f} ms late, {sum(inside.values())} samples")
            for stack, n in inside.most_common(4):
                out.append(f"  {n:4d}  {stack}")
        return "\n".join(out)
