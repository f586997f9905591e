"""Batches of the sender's successes: many answers the server applied, recorded in one trip.

Recording a success (its done mark, the cache's update, the observers' reads) costs a trip to
the store's writer thread and a commit, whatever the number of entries it carries. So a
success waits for others to share its trip, but never long and never for nothing:

- `size` successes are waiting (a batch is full), or
- every entry the sender has in progress is a success waiting (nothing else can come), or
- the oldest has waited `wait` seconds (a slow request never holds the others back).

Only one batch is on its way at a time; what arrives meanwhile waits for the next. Pure
asyncio, no store: `write(items)` does the recording and returns one result per item.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

log = logging.getLogger("sellerdesk.outbox")

I = TypeVar("I")  # noqa: E741 - an item to record
R = TypeVar("R")  # what recording it gave


class Batches(Generic[I, R]):
    """`await batches.add(item)` returns `item`'s result once its batch is written.

    The sender says how many entries it has in progress (`started` / `finished`), so a
    batch goes as soon as nothing else could join it."""

    def __init__(self, write: Callable[[list[I]], Awaitable[Sequence[R]]], *,
                 size: Callable[[], int], wait: float) -> None:
        self._write = write
        self._size = size
        self._wait = wait
        self._items: list[tuple[I, asyncio.Future[R]]] = []
        self._in_progress = 0
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None

    def started(self) -> None:
        """An entry is in progress (it may end in `add`, or in `finished` without one)."""
        self._in_progress += 1

    def finished(self) -> None:
        """An entry is no longer in progress: the waiting ones may be all there is now."""
        self._in_progress -= 1
        self._consider()

    async def add(self, item: I) -> R:
        loop = asyncio.get_running_loop()
        written: asyncio.Future[R] = loop.create_future()
        self._items.append((item, written))
        if len(self._items) == 1 and self._timer is None:
            self._timer = loop.call_later(self._wait, self._time_is_up)
        self._consider()
        return await written

    async def aclose(self) -> None:
        """Write what waits (the server applied it), then stop."""
        while self._items or self._busy():
            if not self._busy():
                self._start()
            task = self._task
            assert task is not None
            try:
                await task
            except Exception:
                log.exception("recording sent writes failed while closing")
        self._cancel_timer()

    # -- when a batch goes ------------------------------------------------------------------

    def _busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def _consider(self) -> None:
        if not self._items or self._busy():
            return
        if len(self._items) >= max(1, self._size()) or len(self._items) >= self._in_progress:
            self._start()

    def _time_is_up(self) -> None:
        self._timer = None
        if self._items and not self._busy():
            self._start()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _start(self) -> None:
        batch, self._items = self._items, []
        self._cancel_timer()
        self._task = asyncio.get_running_loop().create_task(self._run(batch),
                                                            name="outbox-batch")

    async def _run(self, batch: list[tuple[I, asyncio.Future[R]]]) -> None:
        try:
            results = await self._write([item for item, _ in batch])
        except BaseException as exc:  # every sender awaiting this batch hears of it
            for _, written in batch:
                if not written.done():
                    written.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
        else:
            for (_, written), result in zip(batch, results, strict=True):
                if not written.done():
                    written.set_result(result)
        finally:
            self._task = None
            if self._items:  # what arrived meanwhile: now if its timer ran out, else as due
                if self._timer is None:
                    self._start()
                else:
                    self._consider()
