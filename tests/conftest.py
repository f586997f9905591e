"""The suite's hooks and options; its shared fixtures live in tests/support/fixtures.py."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The fixtures every test may ask for, by names that mean one thing across the suite.
pytest_plugins = ["tests.support.fixtures", "tests.support.watchdog", "tests.support.xdist_groups",
                  "tests.support.gc_between_tests"]

# A wait in a test is a safety net, never the measure: tests count events (a row shown, a
# signal), and how long the machine takes to get there must not decide the verdict. Every
# qtbot wait with a timeout waits PATIENCE times longer than written (a loaded CI machine
# ran 15 s waits out; a test that passes returns as soon as its event comes).
PATIENCE = float(os.environ.get("SELLERDESK_TEST_PATIENCE", "6"))


def _patient(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wait(self: QtBot, *args: Any, **kwargs: Any) -> Any:
        timeout = kwargs.get("timeout", 5000)
        if isinstance(timeout, int | float) and timeout > 0:
            kwargs["timeout"] = int(timeout * PATIENCE)
        return method(self, *args, **kwargs)
    return wait


for _name in ("waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitExposed",
              "waitActive"):
    setattr(QtBot, _name, _patient(getattr(QtBot, _name)))
# Sessions (and command-line children) unpaced: the suite's sandboxes have no rate limit
# unless a test asks for the field's; those tests pace their sessions explicitly.
os.environ.setdefault("SELLERDESK_RATE", "0")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="run the long trials in full")
    parser.addoption("--benchmarks", action="store_true", help="run tests/benchmarks")
    parser.addoption("--bundle", action="store_true",
                     help="build the PyInstaller bundle and smoke-test it (tests/packaging)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "early: a long test, started before the others so that the test "
        "processes (pytest-xdist workers) finish together instead of one running it last")
    # pytest-xdist's own marker, known also where xdist is off (-p no:xdist).
    config.addinivalue_line("markers", "xdist_group(name): run in one test process")
    config.addinivalue_line(
        "markers", "paint_timing: counts the window's repaints after waiting a set time; run "
        "with the benchmarks (./run bench), where the machine is quiet enough to mean it")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The long ones first, in their order: xdist hands tests out in this order. First of all
    # a long group (the bundle's build and tests), which runs in one process in sequence.
    items.sort(key=lambda item: (item.get_closest_marker("early") is None,
                                 item.get_closest_marker("xdist_group") is None))
    _group_for_xdist(config, items)
    skip_bench = pytest.mark.skip(reason="benchmarks run with ./run bench")
    skip_slow = pytest.mark.skip(reason="a long variant: run with --slow")
    for item in items:
        timed = "benchmarks" in item.path.parts or item.get_closest_marker("paint_timing")
        if timed and not config.getoption("--benchmarks"):
            item.add_marker(skip_bench)
        if item.get_closest_marker("slow") and not config.getoption("--slow"):
            item.add_marker(skip_slow)


def _group_for_xdist(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each `xdist_group` test its group in its node id, as pytest-xdist's loadgroup
    expects ("…::test[x]@group"). pytest-xdist 3.8 writes the suffix to `item._nodeid`, which
    pytest 9.2 no longer reads (the id lives in `item._id`): every group was spread over all
    the workers, and a module's costly fixture ran once in each."""
    if not getattr(config.option, "loadgroup", False):
        return
    from _pytest.nodeid import NodeId

    for item in items:
        names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                        for mark in item.iter_markers("xdist_group")})
        suffix = "@" + "_".join(names)
        if names and hasattr(item, "_id") and not item.nodeid.endswith(suffix):
            item._id = NodeId.parse(item.nodeid + suffix)


# SELLERDESK_TEST_CPU=FILE: each test's CPU seconds (its process and the children it waited
# for) appended to FILE, to see where a run's CPU goes (./run test's durations are wall time).
_CPU_LOG = os.environ.get("SELLERDESK_TEST_CPU")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    if not _CPU_LOG:
        yield
        return
    import resource

    def used() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    start = used()
    yield
    with open(_CPU_LOG, "a", encoding="utf-8") as out:
        out.write(f"{used() - start:.2f}\t{item.nodeid}\n")
