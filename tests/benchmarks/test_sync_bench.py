"""Full sync of the demo shop through `Session.sync.sync()` vs raw httpx fetching the same
pages and `json.loads` on each; and the requests a sync costs.

Target: ≥ 0.9 × the baseline's throughput, over plain loopback, with 100 ms added to every
request, and under the field's rate limit (5 requests/s, burst 10) with the session's own
pacer, where the baseline is paced by the same `policy.Pacer`. The pages are the ones the
sync itself asks for (recorded from a first, unmeasured sync); the baseline fetches them with
as many requests in flight as the client allows (4), so it is the network-bound best the
sync could do. Both run in alternating rounds against the same sandbox; the best round of
each counts. Requests are counted by the sandbox's request log: a full first sync, and an
incremental sync with nothing changed (target ≤ 5).
"""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.policy import Pacer, pacer_for
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.services.sync import SyncProgress, SyncReport
from sellerdesk.store import Store
from tests.benchmarks.figures import (
    Figures,
    maybe_profile,
    ratio_at_least,
    stopwatch,
    value_at_most,
)
from tests.support.sandbox import LIMITED_ARGS, Sandbox

# As in the window: its thread switch interval (tests/benchmarks/conftest.py).
pytestmark = pytest.mark.usefixtures("window_switch_interval")

TARGET = 0.9
ROUNDS = 5
LATENCY_MS = 100
LATENCY_ROUNDS = 2
PACED_RATE = 5.0  # the field's limit (service-notes.md); the sandbox's LIMITED_ARGS
PACED_ROUNDS = 1  # ~40 s a side: the pacer, not the machine, sets the time
IN_FLIGHT = 4  # ShopClient's max_concurrency
INCREMENTAL_TARGET = 5  # requests of a sync with nothing changed


class PacedSandbox(Sandbox):
    """A sandbox under the field's rate limit: the comparison paces both sides for it."""


def _pacer(sb: Sandbox) -> Pacer:
    """A fresh pacer at the field's rate for a limited sandbox; none otherwise."""
    return Pacer(PACED_RATE) if isinstance(sb, PacedSandbox) else pacer_for(0)


class RecordingTransport(httpx.AsyncBaseTransport):
    """Passes requests on and remembers every GET's URL."""

    def __init__(self) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.urls: list[str] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "GET":
            self.urls.append(str(request.url))
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


def _address(sb: Sandbox) -> ShopAddress:
    return ShopAddress(profile="bench", base_url=sb.base_url, shop_id=sb.shop_id)


async def record_sync_pages(sb: Sandbox, data_dir: Path) -> tuple[list[str], SyncReport]:
    transport = RecordingTransport()
    client = ShopClient(sb.base_url, sb.shop_id, sb.token, transport=transport,
                        pacer=_pacer(sb))
    store = await Store.open_async("bench", data_dir=data_dir)
    session = Session(_address(sb), client, store)
    try:
        report = await session.sync.sync()
    finally:
        await session.aclose()
    return transport.urls, report


async def raw_fetch(urls: list[str], pacer: Pacer) -> int:
    """GET every URL with IN_FLIGHT requests at a time and json.loads each body; each
    request waits for its slot from `pacer` as the client's do."""
    pending = iter(urls)
    size = 0
    limits = httpx.Limits(max_connections=IN_FLIGHT, max_keepalive_connections=IN_FLIGHT)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        async def worker() -> None:
            nonlocal size
            for url in pending:
                await pacer.acquire()
                response = await http.get(url)
                response.raise_for_status()
                json.loads(response.content)
                size += len(response.content)
        await asyncio.gather(*(worker() for _ in range(IN_FLIGHT)))
    return size


async def timed_sync(sb: Sandbox, data_dir: Path) -> tuple[float, SyncReport, dict[str, float]]:
    """One first sync into an empty store; returns seconds, report and when each stage began."""
    shutil.rmtree(data_dir, ignore_errors=True)
    session = await Session.open(_address(sb), sb.token, data_dir=data_dir,
                                 rate=PACED_RATE if isinstance(sb, PacedSandbox) else 0)
    session.prepare_network()  # the client made before the clock starts, as Session.open did
    stages: dict[str, float] = {}
    try:
        with stopwatch() as elapsed:
            def progress(p: SyncProgress) -> None:
                stages.setdefault(p.stage, elapsed())
            report = await session.sync.sync(on_progress=progress)
    finally:
        await session.aclose()
    stages["end"] = elapsed()
    return elapsed(), report, stages


@dataclass
class Comparison:
    urls: list[str]
    records: int
    size: int = 0
    sync_times: list[float] = field(default_factory=list)
    raw_times: list[float] = field(default_factory=list)
    sync_cpu: list[float] = field(default_factory=list)  # this process, all threads
    raw_cpu: list[float] = field(default_factory=list)
    best_stages: dict[str, float] = field(default_factory=dict)

    def record(self, bench: Figures, name: str, note: str) -> None:
        """Print the rounds and record the best sync against the best raw fetch; `note`
        gets " (sync S s, raw R s)" appended."""
        sync_best, raw_best = min(self.sync_times), min(self.raw_times)
        print(f"\n{name}: " + self.summary())
        bench.record(name, self.records / sync_best, "rec/s", self.records / raw_best,
                     target=ratio_at_least(TARGET),
                     note=f"{note} (sync {sync_best:.2f} s, raw {raw_best:.2f} s)")

    def summary(self) -> str:
        stages = ", ".join(f"{k} {v:.2f}" for k, v in self.best_stages.items())
        return (f"{len(self.urls)} GETs, {self.size // 1024} KiB, {self.records} records; "
                f"sync rounds {[round(t, 2) for t in self.sync_times]} s, "
                f"raw rounds {[round(t, 2) for t in self.raw_times]} s; client CPU per round "
                f"sync {min(self.sync_cpu):.2f} s vs raw {min(self.raw_cpu):.2f} s\n"
                f"  stages of the best sync (s from its start): {stages}")


async def compare(sb: Sandbox, folder: Path, rounds: int) -> Comparison:
    """Record the sync's pages once, then alternate raw fetches and first syncs."""
    urls, first = await record_sync_pages(sb, folder / "recording")
    result = Comparison(urls, first.orders + first.questions + first.threads
                        + first.tracking_codes + first.categories)
    for n in range(rounds):
        cpu = time.process_time()
        if isinstance(sb, PacedSandbox):
            await asyncio.sleep(3)  # the limiter's bucket refills: each side starts rested
        with stopwatch() as raw:
            result.size = await raw_fetch(urls, _pacer(sb))
        result.raw_times.append(raw())
        result.raw_cpu.append(time.process_time() - cpu)
        cpu = time.process_time()
        if isinstance(sb, PacedSandbox):
            await asyncio.sleep(3)
        seconds, report, stages = await timed_sync(sb, folder / f"sync{n}")
        result.sync_cpu.append(time.process_time() - cpu)
        assert (report.orders, report.questions) == (first.orders, first.questions)
        if seconds < min(result.sync_times, default=float("inf")):
            result.best_stages = stages
        result.sync_times.append(seconds)
    return result


async def test_full_sync_vs_raw_httpx(fresh_sandbox: Sandbox, tmp_path: Path,
                                      bench: Figures, profile_dir: Path) -> None:
    result = await compare(fresh_sandbox, tmp_path, ROUNDS)
    with maybe_profile("full_sync", profile_dir):
        await timed_sync(fresh_sandbox, tmp_path / "profiled")
    result.record(bench, "full sync of the demo shop",
                  f"{len(result.urls)} GETs over loopback; baseline: raw httpx, {IN_FLIGHT} "
                  f"in flight, json.loads; best of {ROUNDS}")


async def test_full_sync_at_100ms_latency_vs_raw_httpx(fresh_sandbox: Sandbox, tmp_path: Path,
                                                       bench: Figures) -> None:
    """The same comparison with 100 ms added to every request (the sandbox's latency switch),
    as on a seller's real connection: steps that wait for one another show here."""
    fresh_sandbox.set_faults(latency_ms=LATENCY_MS)
    result = await compare(fresh_sandbox, tmp_path, LATENCY_ROUNDS)
    fresh_sandbox.clear_faults()
    result.record(bench, f"full sync of the demo shop, {LATENCY_MS} ms latency",
                  f"{LATENCY_MS} ms added to every request; best of {LATENCY_ROUNDS}")


async def test_full_sync_under_the_rate_limit_vs_paced_raw_httpx(seeded_db: Path,
                                                                  tmp_path: Path,
                                                                  bench: Figures) -> None:
    """The field's limit on the sandbox, the session's pacer at the same rate, and the
    baseline paced by the same `Pacer`: like against like, and no request answered 429."""
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = PacedSandbox(db=db, extra_args=list(LIMITED_ARGS)).start()
    try:
        result = await compare(sb, tmp_path, PACED_ROUNDS)
        limited = [e for e in sb.requests_log() if e["status"] == 429]
    finally:
        sb.stop()
    assert not limited, f"{len(limited)} requests answered 429"
    result.record(bench, f"full sync of the demo shop, paced at {PACED_RATE:g} requests/s",
                  f"sandbox limited to {PACED_RATE:g}/s burst 10, baseline paced alike, "
                  f"0 answered 429")


async def test_requests_of_a_full_and_an_incremental_sync(fresh_sandbox: Sandbox,
                                                          tmp_path: Path,
                                                          bench: Figures) -> None:
    sb = fresh_sandbox
    session = await Session.open(_address(sb), sb.token, data_dir=tmp_path / "data", rate=0)
    try:
        before = len(sb.requests_log())
        await session.sync.sync()
        full = len(sb.requests_log()) - before
        before += full
        await session.sync.sync()
        incremental = len(sb.requests_log()) - before
    finally:
        await session.aclose()
    bench.record("requests of a full first sync of the demo shop", full, "requests",
                 note="counted by the sandbox's request log")
    bench.record("requests of an incremental sync, nothing changed", incremental,
                 "requests", target=value_at_most(INCREMENTAL_TARGET),
                 note="counted by the sandbox's request log")

