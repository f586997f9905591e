"""Shared by the benchmarks: the figures of the run (printed at the end, saved to bench.json)
and the 100,000-order shop, built once per run.

Adding a figure is one test: take the `bench` fixture, measure the figure and its baseline
in the same test, and call `bench.record(name, value, unit, baseline, target=...)`.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.benchmarks.bigshop import BIG, BigShop, import_orders
from tests.benchmarks.figures import Figures, maybe_profile, stopwatch
from tests.support.sandbox import Sandbox

FIGURES = Figures()


@pytest.fixture(scope="session")
def bench() -> Figures:
    """Where a benchmark records its figures."""
    return FIGURES


@pytest.fixture(scope="session")
def profile_dir() -> Path:
    """Where `maybe_profile` writes (SELLERDESK_BENCH_PROFILE=1): SELLERDESK_BENCH_PROFILE_DIR,
    else a fixed folder under the system's temp folder (pytest prunes its own)."""
    default = Path(tempfile.gettempdir()) / "sellerdesk-bench-profiles"
    return Path(os.environ.get("SELLERDESK_BENCH_PROFILE_DIR", default))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if FIGURES.items:
        terminalreporter.write_sep("=", "benchmark figures (bench.json)")
        terminalreporter.write_line(FIGURES.table())


def pytest_sessionfinish(session: pytest.Session) -> None:
    if FIGURES.items:
        FIGURES.write(session.config.rootpath / "bench.json")


@pytest.fixture(scope="session")
def big_shop(bench: Figures, tmp_path_factory: pytest.TempPathFactory,
             profile_dir: Path) -> Iterator[BigShop]:
    """Seeds a sandbox with `--orders 100000` (timed: a figure) and fills a store from it
    directly (decode + upsert, the sync's own conversion) instead of 2,000 HTTP pages."""
    folder = tmp_path_factory.mktemp("big-shop")
    db = folder / "sandbox.db"
    # Without field variety: the store is filled straight from the sandbox's file by strict
    # decoding (`import_orders`), which the few odd records the field adds would refuse, and
    # these figures are about 100,000 orders, not about odd ones (tests/integration/field/
    # has those). The benchmarks' own sandboxes on copies of the file switch it back on.
    sb = Sandbox(db=db, orders=BIG, extra_args=["--no-field-variety"])
    with stopwatch() as seeding:
        sb.start(timeout=900)
    sb.stop()
    with stopwatch() as plain_start:
        sb.start()
    sb.stop()
    bench.record("sandbox: seed 100,000 orders (start to ready)", seeding(), "s",
                 plain_start(), note="baseline: starting on the same file, already seeded")
    data_dir = folder / "data"
    with stopwatch() as importing, maybe_profile("import_100k", profile_dir):
        n = import_orders(db, data_dir)
    assert n >= BIG  # the field-harsh sandbox adds its field-variety orders (readable ones)
    bench.record("store: import 100,000 orders (decode+upsert)", importing(), "s",
                 note="setup of the 100k figures; no target")
    yield BigShop(sandbox_db=db, data_dir=data_dir, orders=n)


@pytest.fixture
def window_switch_interval() -> Iterator[None]:
    """The interpreter's thread switch interval the window runs with (app.py's run_gui), for
    the figures measured in this process (the sync, the drain): their work runs on the
    event loop and the store's thread as in the window. The baselines run under it too."""
    from sellerdesk.app import SWITCH_INTERVAL

    before = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    yield
    sys.setswitchinterval(before)
