"""The start without the cyclic collector, then its objects frozen without a stall."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from sellerdesk import startup


@pytest.fixture
def collections(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """For each collection while the test runs, how many objects were frozen when it began
    (a frozen object is never walked); the collector as it was afterwards."""
    seen: list[int] = []

    def record(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            seen.append(gc.get_freeze_count())

    # A start of its own: a window test of this process may have held the collector before,
    # and the suite runs it on the main thread only (tests/conftest.py), as the window does.
    monkeypatch.setattr(startup, "_held", [])
    monkeypatch.setattr(startup, "_one_thread", [])
    was_enabled = gc.isenabled()
    gc.callbacks.append(record)
    try:
        yield seen
    finally:
        gc.callbacks.remove(record)
        gc.unfreeze()
        (gc.enable if was_enabled else gc.disable)()


def test_the_start_is_frozen_without_walking_it(collections: list[int]) -> None:
    gc.enable()
    startup.hold_collections()
    assert startup.held() and not gc.isenabled()
    collections.clear()  # from here on
    made = [[n, {"n": n}] for n in range(50_000)]  # the start's objects, collector held
    frozen_before = gc.get_freeze_count()

    startup.resume_collections(freeze=True)
    young = gc.get_count()[0]  # read before anything else allocates (and so collects)

    assert gc.isenabled() and not startup.held()
    assert gc.get_freeze_count() >= frozen_before + len(made)
    # A collection before the freeze would walk every one of the start's objects on the GUI
    # thread (a stall of ~145 ms after the window shows); after it, they are never walked.
    assert all(frozen >= frozen_before + len(made) for frozen in collections), collections
    # The freeze starts the allocation counts again: the start's million allocations do not
    # make a collection due at the next one, in whichever thread makes it.
    assert young < gc.get_threshold()[0]


def test_without_a_hold_resuming_changes_nothing(collections: list[int]) -> None:
    gc.disable()
    startup.resume_collections(freeze=True)
    assert not gc.isenabled()
    assert collections == []


@pytest.mark.parametrize("argv", [["--version"], ["--no-such-option"], ["sync", "\udcff"]])
def test_the_command_line_never_leaves_the_collector_off(
        collections: list[int], argv: list[str]) -> None:
    from sellerdesk.cli import main

    gc.enable()
    main(argv)
    assert gc.isenabled() and not startup.held()


def test_on_one_thread_a_collection_runs_only_when_asked(
        collections: list[int]) -> None:
    """The window's way (sellerdesk/ui/collector.py): garbage made anywhere waits for the
    thread that calls `collect_due`, however much another thread allocates meanwhile."""
    startup.collect_on_one_thread()
    assert not gc.isenabled()
    collections.clear()

    class Node:
        pass

    garbage = Node()
    garbage.me = garbage  # type: ignore[attr-defined]  # a cycle: only a collection frees it
    alive = weakref.ref(garbage)
    del garbage

    kept: list[list[int]] = []

    def allocate() -> None:  # far past the threshold, in another thread (kept: they count)
        kept.extend([n] for n in range(20 * gc.get_threshold()[0]))

    worker = threading.Thread(target=allocate)
    worker.start()
    worker.join()
    assert collections == [] and alive() is not None  # no collection ran in the worker

    startup.collect_due()
    assert len(collections) == 1 and alive() is None  # the caller's thread collected it
    assert startup.collect_due() == 0 and len(collections) == 1  # nothing due: nothing run


def test_on_one_thread_the_start_never_turns_the_collector_on(
        collections: list[int]) -> None:
    startup.collect_on_one_thread()
    startup.hold_collections()  # a no-op: already off
    gc.disable()
    startup._held.append(0.0)  # as `hold_collections` would have, had it been on
    assert startup.collect_due() == 0  # held: nothing, however due
    startup.resume_collections(freeze=True)
    assert not gc.isenabled() and not startup.held()
