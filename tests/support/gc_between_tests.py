"""The cyclic garbage collector in a test process: run between tests, on the main thread.

A collection frees whatever its cycles hold on the thread that runs it, and it runs on
whichever thread happens to allocate. In a window test that can be the store's thread, and
the cycles can hold Qt objects made on the GUI thread: pytest-qt's event loops (a
`waitSignal` or `waitUntil` whose frames an exception's traceback keeps), a closed window's
settings and task runner. A Qt object destroyed off its own thread can deadlock with the
GUI thread (docs/decisions.md, "A collection on another thread must not free a Qt
object"); about one run in sixty of an offline inbox test hung that way for good.

So a Qt test (one that uses pytest-qt's application) runs with no automatic collections:
its garbage is collected after its teardown, on the main thread, where no event is being
delivered. Other tests keep the collector as the app has it. With it off in every test,
an asyncio test of a sync stopped by a full disk sat idle, client and sandbox both
waiting, until it gave up: beside `stress`, once in a whole run and twice in about 80 runs
of that test alone; not seen with the collector on (the cause is not found). The app itself
keeps the collector on, with guards of its own (`api/unpinned.py`, `ui/qt_loop.py`); the
subprocesses the tests start (the command line, the window under X) are the app as it
ships. Benchmarks keep the app's collector: they measure its cost too.
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Iterator

import pytest

# One collection of every generation per this many Qt tests: the younger ones each time find
# a test's own cycles (and the previous test's closed windows, freed by Qt since); the
# oldest holds little garbage, and walking the whole heap costs a GUI worker ~0.1-0.3 s.
FULL_EVERY = 25
QT_FIXTURES = frozenset({"qapp", "qtbot", "qloop"})

_tests = itertools.count(1)
_benchmarks: list[bool] = []


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--benchmarks", default=False):
        _benchmarks.append(True)


def _held(item: pytest.Item) -> bool:
    return not _benchmarks and not QT_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if _held(item):
        gc.disable()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield
    if not _held(item):
        return
    gc.collect(2 if next(_tests) % FULL_EVERY == 0 else 1)
    gc.enable()
