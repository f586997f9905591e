"""Dropping a failed request's tracebacks, so what they hold is freed where it was made.

A connection that fails (offline, refused, reset) leaves a reference cycle: asyncio's
future holds the exception, the exception its traceback, the traceback the finished
coroutine frame that awaited the future. Such a cycle waits for the cyclic collector, and
it holds more than itself: the frame where the error was raised keeps every caller's frame
alive (`f_back`), up to the Qt event loop's callback, with whatever Qt objects those frames
held (qasync's socket notifier, a dialog's event loop). The collector runs on whichever
thread happens to allocate, so those Qt objects could be destroyed on the store's thread,
and a Qt object destroyed off its own thread can deadlock with the window (docs/decisions.md,
"A collection on another thread must not free a Qt object").

Once a failure has been turned into words, nothing reads its tracebacks: dropping them ends
the cycle, and reference counting frees the frames at once, on the loop's own thread.
"""

from __future__ import annotations


def release_tracebacks(exc: BaseException | None) -> None:
    """Drop the tracebacks of `exc` and of every exception it chains or groups."""
    seen: set[int] = set()
    todo = [exc]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        current.__traceback__ = None
        todo.append(current.__cause__)
        todo.append(current.__context__)
        if isinstance(current, BaseExceptionGroup):
            todo.extend(current.exceptions)
