"""paginate/walk over a fake search: end detection, progress, concurrency, cancellation."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from sellerdesk.api.errors import OFFSET_IGNORED, BadResponse, ServerError
from sellerdesk.api.models import Paging, Question, SearchEnvelope, Skipped, Thread
from sellerdesk.api.paging import paginate, paginate_thread


class FakeSearch:
    """`rows` items served by offset/limit; `total` may lie, `clamp` caps the page size."""

    def __init__(self, rows: int, *, total: int | None = None, clamp: int = 50,
                 ignore_offset: bool = False, fail_at: int | None = None,
                 gate: asyncio.Event | None = None, silent_cap: int | None = None,
                 echo_offset: bool = True, unreadable: frozenset[int] = frozenset(),
                 no_paging: bool = False) -> None:
        self.rows, self.total, self.clamp = rows, total, clamp
        self.ignore_offset, self.fail_at, self.gate = ignore_offset, fail_at, gate
        self.silent_cap, self.echo_offset = silent_cap, echo_offset
        self.unreadable, self.no_paging = unreadable, no_paging
        self.calls: list[tuple[int, int]] = []
        self.active = self.peak = 0
        self.cancelled = 0

    async def __call__(self, *, limit: int, offset: int) -> SearchEnvelope[int]:
        self.calls.append((limit, offset))
        self.active += 1
        self.peak = max(self.peak, self.active)
        try:
            await asyncio.sleep(0)
            if self.gate is not None and offset > 0:
                await self.gate.wait()
            if offset == self.fail_at:
                raise ServerError()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        finally:
            self.active -= 1
        applied = min(limit, self.clamp)
        start = 0 if self.ignore_offset else offset
        served = min(applied, self.silent_cap or applied)  # a cap the paging does not admit
        rows = list(range(start, min(start + served, self.rows)))
        total = self.rows if self.total is None else self.total
        paging = Paging() if self.no_paging else Paging(
            total=total, offset=start if self.echo_offset else None, limit=applied)
        return SearchEnvelope[int](
            paging=paging, results=[r for r in rows if r not in self.unreadable],
            skipped=[Skipped(id=str(r), reason="bad") for r in rows if r in self.unreadable])


async def collect(it: Any) -> list[Any]:
    return [item async for item in it]


@pytest.mark.parametrize("rows", [0, 1, 49, 50, 51, 100, 149, 237])
async def test_walks_every_row_once_in_order(rows: int) -> None:
    search = FakeSearch(rows)
    assert await collect(paginate(search)) == list(range(rows))


async def test_short_page_goes_on_while_total_says_more_until_an_empty_page() -> None:
    search = FakeSearch(120, total=10_000)
    assert await collect(paginate(search, concurrency=1)) == list(range(120))
    assert [offset for _, offset in search.calls] == [0, 50, 100, 120]


async def test_short_page_ends_the_walk_when_total_is_reached() -> None:
    search = FakeSearch(120)
    assert await collect(paginate(search, concurrency=1)) == list(range(120))
    assert [offset for _, offset in search.calls] == [0, 50, 100]


@pytest.mark.parametrize("concurrency", [1, 3])
async def test_a_silent_cap_below_the_limit_is_walked_to_the_end(concurrency: int) -> None:
    # The server serves 20 per page but says nothing (paging.limit echoes 50).
    search = FakeSearch(95, silent_cap=20)
    assert await collect(paginate(search, concurrency=concurrency)) == list(range(95))
    assert sorted({offset for _, offset in search.calls}) == [0, 20, 40, 60, 80]


async def test_short_page_without_total_ends_the_walk() -> None:
    search = FakeSearch(95, silent_cap=20, no_paging=True)
    assert await collect(paginate(search)) == list(range(20))


async def test_paging_without_offset_or_null_paging_is_walked() -> None:
    assert await collect(paginate(FakeSearch(130, echo_offset=False))) == list(range(130))
    assert await collect(paginate(FakeSearch(130, no_paging=True))) == list(range(130))


async def test_does_not_trust_a_total_that_is_too_small() -> None:
    # The known bug: stopping when total == limit imported only the first 50.
    search = FakeSearch(130, total=50)
    assert await collect(paginate(search)) == list(range(130))


async def test_full_last_page_costs_one_empty_page() -> None:
    search = FakeSearch(100)
    assert await collect(paginate(search, concurrency=1)) == list(range(100))
    assert [offset for _, offset in search.calls] == [0, 50, 100]


async def test_clamped_limit_is_followed() -> None:
    search = FakeSearch(95, clamp=20)
    assert await collect(paginate(search, limit=50, concurrency=3)) == list(range(95))


async def test_progress_reports_done_and_total() -> None:
    seen: list[tuple[int, int | None]] = []
    await collect(paginate(FakeSearch(120), on_progress=lambda d, t: seen.append((d, t))))
    assert seen == [(50, 120), (100, 120), (120, 120)]
    seen.clear()
    await collect(paginate(FakeSearch(60, total=5), on_progress=lambda d, t: seen.append((d, t))))
    assert seen == [(50, 50), (60, 60)]  # total never shown below what is done


async def test_concurrency_is_capped_and_prefetch_used() -> None:
    search = FakeSearch(1000)
    assert await collect(paginate(search, concurrency=3)) == list(range(1000))
    assert search.peak == 3
    search = FakeSearch(1000)
    await collect(paginate(search, concurrency=1))
    assert search.peak == 1


async def test_offset_start() -> None:
    assert await collect(paginate(FakeSearch(70), offset=60)) == list(range(60, 70))


async def test_ignored_offset_is_a_bad_response_not_a_loop() -> None:
    with pytest.raises(BadResponse) as info:
        await collect(paginate(FakeSearch(500, ignore_offset=True)))
    assert info.value.message == OFFSET_IGNORED


@pytest.mark.parametrize("concurrency", [1, 3])
async def test_ignored_offset_without_an_echo_is_caught_by_the_repeated_first_record(
        concurrency: int) -> None:
    search = FakeSearch(500, ignore_offset=True, echo_offset=False)
    seen: list[int] = []
    with pytest.raises(BadResponse) as info:
        async for item in paginate(search, concurrency=concurrency):
            seen.append(item)
    assert info.value.message == OFFSET_IGNORED and "same record" in info.value.detail
    assert seen == list(range(50))  # the first page once, then the walk ends
    assert len(search.calls) <= 1 + concurrency


async def test_unreadable_records_are_reported_and_count_for_the_page() -> None:
    unreadable = frozenset({3, 49, 50, 77})
    search = FakeSearch(120, unreadable=unreadable)
    reported: list[list[str | None]] = []
    got = await collect(paginate(search, concurrency=1,
                                 on_skipped=lambda s: reported.append([x.id for x in s])))
    assert got == [r for r in range(120) if r not in unreadable]
    assert reported == [["3", "49"], ["50", "77"]]
    assert [offset for _, offset in search.calls] == [0, 50, 100]  # a full page stays full


async def test_a_page_of_only_unreadable_records_does_not_end_the_walk() -> None:
    search = FakeSearch(120, unreadable=frozenset(range(50, 100)))
    skipped: list[Skipped] = []
    got = await collect(paginate(search, on_skipped=skipped.extend))
    assert got == list(range(50)) + list(range(100, 120)) and len(skipped) == 50


async def test_errors_propagate_and_cancel_prefetches() -> None:
    search = FakeSearch(1000, fail_at=100)
    with pytest.raises(ServerError):
        await collect(paginate(search, concurrency=4))
    assert search.active == 0


async def test_cancelling_the_consumer_cancels_pages_in_flight() -> None:
    gate = asyncio.Event()
    search = FakeSearch(1000, gate=gate)
    first_page = asyncio.Event()

    async def consume() -> None:
        async for item in paginate(search, concurrency=3):
            if item == 49:
                first_page.set()

    task = asyncio.create_task(consume())
    await first_page.wait()
    for _ in range(5):
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert search.active == 0 and search.cancelled >= 1


async def test_breaking_out_with_aclosing_cancels_prefetches() -> None:
    gate = asyncio.Event()
    search = FakeSearch(1000, gate=gate)
    async with contextlib.aclosing(paginate(search, concurrency=3)) as items:
        async for item in items:
            if item == 10:
                break
    assert search.active == 0


async def test_paginate_thread_walks_questions() -> None:
    async def fetch(*, limit: int, offset: int) -> SearchEnvelope[Thread]:
        ids = list(range(offset, min(offset + limit, 7)))
        questions = [Question(id=i) for i in ids]
        return SearchEnvelope[Thread](paging=Paging(total=7, offset=offset, limit=limit),
                                      results=[Thread(id="t", questions=questions)])

    got = [q.id async for q in paginate_thread(fetch, limit=3)]
    assert got == list(range(7))
