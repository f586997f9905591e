"""services/outbox/batches.py: when a batch of successes goes, counted (never timed)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from sellerdesk.services.outbox.batches import Batches


class Writer:
    """Records each batch; `hold` keeps a batch on its way until released."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.hold: asyncio.Event | None = None
        self.fail = False

    async def __call__(self, items: list[int]) -> Sequence[str]:
        self.batches.append(items)
        if self.hold is not None:
            await self.hold.wait()
        if self.fail:
            raise RuntimeError("disk full")
        return [f"done {i}" for i in items]


def batches(writer: Writer, size: int, *, in_progress: int, wait: float = 3600.0
            ) -> Batches[int, str]:
    b: Batches[int, str] = Batches(writer, size=lambda: size, wait=wait)
    for _ in range(in_progress):
        b.started()
    return b


async def test_a_full_batch_goes_at_once() -> None:
    writer = Writer()
    b = batches(writer, 3, in_progress=10)
    results = await asyncio.gather(b.add(1), b.add(2), b.add(3))
    assert results == ["done 1", "done 2", "done 3"]
    assert writer.batches == [[1, 2, 3]]


async def test_a_batch_goes_when_nothing_else_is_in_progress() -> None:
    writer = Writer()
    b = batches(writer, 8, in_progress=3)
    first = asyncio.ensure_future(b.add(1))
    second = asyncio.ensure_future(b.add(2))
    for _ in range(5):
        await asyncio.sleep(0)
    assert writer.batches == []  # a third entry is still in progress: it may join
    b.finished()  # it ended without a success (a conflict, a retry)
    assert await asyncio.gather(first, second) == ["done 1", "done 2"]
    assert writer.batches == [[1, 2]]


async def test_a_lone_success_goes_when_its_wait_is_over() -> None:
    writer = Writer()
    b = batches(writer, 8, in_progress=5, wait=0.0)
    assert await b.add(7) == "done 7"
    assert writer.batches == [[7]]


async def test_what_arrives_during_a_write_goes_in_the_next_batch() -> None:
    writer = Writer()
    writer.hold = asyncio.Event()
    b = batches(writer, 2, in_progress=10)
    first = [asyncio.ensure_future(b.add(i)) for i in (1, 2)]
    for _ in range(5):
        await asyncio.sleep(0)
    later = [asyncio.ensure_future(b.add(i)) for i in (3, 4, 5)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert writer.batches == [[1, 2]]  # one batch on its way at a time
    writer.hold.set()
    await asyncio.gather(*first)
    for _ in range(10):
        await asyncio.sleep(0)
    assert writer.batches == [[1, 2], [3, 4, 5]]
    assert await asyncio.gather(*later) == ["done 3", "done 4", "done 5"]


async def test_a_failed_write_fails_every_success_of_its_batch() -> None:
    writer = Writer()
    writer.fail = True
    b = batches(writer, 2, in_progress=2)
    outcomes = await asyncio.gather(b.add(1), b.add(2), return_exceptions=True)
    assert [type(o) for o in outcomes] == [RuntimeError, RuntimeError]
    writer.fail = False
    assert await asyncio.gather(b.add(3), b.add(4)) == ["done 3", "done 4"]


async def test_closing_writes_what_waits() -> None:
    writer = Writer()
    b = batches(writer, 8, in_progress=8)
    waiting = asyncio.ensure_future(b.add(1))
    await asyncio.sleep(0)
    await b.aclose()
    assert writer.batches == [[1]] and await waiting == "done 1"


@pytest.mark.parametrize("size", [0, 1])
async def test_a_batch_of_one_goes_at_once(size: int) -> None:
    writer = Writer()
    b = batches(writer, size, in_progress=4)
    assert await b.add(9) == "done 9"
    assert writer.batches == [[9]]
