"""The start without the cyclic collector, then its objects frozen without a stall."""

from __future__ import annotations

import gc
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

    # A start of its own: a window test of this process may have held the collector before.
    monkeypatch.setattr(startup, "_held", [])
    was_enabled = gc.isenabled()
    gc.callbacks.append(record)
    try:
        yield seen
    finally:
        gc.callbacks.remove(record)
        gc.unfreeze()
        if was_enabled:
            gc.enable()


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
