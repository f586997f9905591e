"""The one way the GUI runs async work.

A slot hands a coroutine to `TaskRunner.run`; the runner starts it as a task on the qasync
loop, announces it (the status bar shows progress and Cancel when it lasts), turns a known
failure into words for the window's message banner (`error_reported`), and delivers the
result to `on_success` on the GUI thread. A bug (any other exception, in the work or in a
view's callback) is not dressed up as a message: it goes out as `bug_found` to the
"Something went wrong" report (services/bug_report.py). Closing the window cancels what is
still running; the failure of work whose owner is gone is still looked at (never "Task
exception was never retrieved"). Slots never `try/except` around service calls themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import sqlite3
import time
from collections.abc import Callable, Coroutine
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QMetaObject, QObject, Signal

from sellerdesk.services.bug_report import is_known
from sellerdesk.services.types import ApiError
from sellerdesk.ui.core_messages import core_words

log = logging.getLogger("sellerdesk.ui")

T = TypeVar("T")
_ids = itertools.count(1)


class Progress:
    """Handed to `run_reporting` work: call it to say how far along the work is."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        self._on_change = on_change
        self.done: int | None = None
        self.total: int | None = None
        self.text = ""

    def __call__(self, done: int | None = None, total: int | None = None,
                 text: str | None = None) -> None:
        if done is not None:
            self.done = done
        if total is not None:
            self.total = total
        if text is not None:
            self.text = text
        self._on_change()


class TaskHandle(Generic[T]):
    """One piece of running work: what it is called, how far it is, and how to stop it."""

    def __init__(self, label: str, *, cancellable: bool, show_progress: bool,
                 key: str | None) -> None:
        self.id = next(_ids)
        self.label = label
        self.cancellable = cancellable
        self.show_progress = show_progress
        self.key = key
        self.started_at = time.monotonic()
        self.progress: Progress | None = None
        self.task: asyncio.Task[T] | None = None
        self.error_message: str | None = None  # set when it failed, in words
        self.orphaned = False  # its owner widget is gone: no callback may run
        self.settled = False  # the runner has delivered its outcome and let go of it

    @property
    def done(self) -> int | None:
        return self.progress.done if self.progress else None

    @property
    def total(self) -> int | None:
        return self.progress.total if self.progress else None

    @property
    def text(self) -> str:
        return (self.progress.text if self.progress else "") or self.label

    def cancel(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()

    def is_finished(self) -> bool:
        """Whether the work is over for its callers: its task done *and* its outcome
        delivered. An asyncio task is done one loop turn before its done-callbacks run, and
        in that turn the runner still counts it as busy."""
        return self.settled

    def was_cancelled(self) -> bool:
        return self.task is not None and self.task.cancelled()

    def __repr__(self) -> str:
        return f"<TaskHandle {self.id} {self.label!r}>"


def is_bug(exc: BaseException) -> bool:
    """Whether `exc` is a bug to report rather than a failure to describe in words. The
    store words every SQLite error a computer can cause (full, locked, read-only, damaged);
    a raw `sqlite3.Error` or a `StoreBugError` reaching a view is SellerDesk's own fault."""
    return not (is_known(exc) or isinstance(exc, TimeoutError | OSError))


def describe_error(exc: BaseException) -> str:
    """A failure in words a seller understands. Never a traceback, never the token."""
    # API, store and credential errors carry `message`, written for people by the core: its
    # known sentences are translated (core_messages), a server's own words shown as they are.
    own = getattr(exc, "message", None)
    if isinstance(own, str) and own.strip():
        return core_words(own)
    if isinstance(exc, sqlite3.Error):
        return QCoreApplication.translate(
            "TaskRunner", "SellerDesk could not read or write its local data. Your work is "
                          "safe; try again, or restart SellerDesk if this repeats.")
    if isinstance(exc, TimeoutError):
        return QCoreApplication.translate(
            "TaskRunner", "That took too long and was stopped. Please try again.")
    if isinstance(exc, OSError):
        text = QCoreApplication.translate(
            "TaskRunner", "A file SellerDesk needs could not be read or written ({reason}).")
        return text.format(reason=exc.strerror or type(exc).__name__)
    return QCoreApplication.translate(
        "TaskRunner", "Something unexpected went wrong. The details were written to the log.")


class TaskRunner(QObject):
    """Runs coroutines for the GUI and reports on them with signals (see the module doc)."""

    task_started = Signal(object)  # TaskHandle
    task_progressed = Signal(object)  # TaskHandle
    task_finished = Signal(object)  # TaskHandle, whether it succeeded, failed or was cancelled
    error_reported = Signal(str)  # a failure in words, for the message banner
    bug_found = Signal(object, str)  # an unexpected exception and what the work was
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(parent)
        self._loop = loop
        self._handles: dict[int, TaskHandle[Any]] = {}
        self._owner_links: dict[int, QMetaObject.Connection] = {}
        self._closed = False

    # ---- Starting work. ------------------------------------------------------------------

    def run(self, work: Coroutine[Any, Any, T], *,
            on_success: Callable[[T], None] | None = None,
            on_failure: Callable[[Exception], None] | None = None,
            on_settled: Callable[[], None] | None = None,
            label: str = "", cancellable: bool = True, show_progress: bool = True,
            report_errors: bool = True, key: str | None = None,
            owner: QObject | None = None) -> TaskHandle[T]:
        """Run `work` on the loop; see `run_reporting` for the keyword arguments."""
        handle: TaskHandle[T] = TaskHandle(label, cancellable=cancellable,
                                           show_progress=show_progress, key=key)
        return self._start(handle, work, on_success, on_failure, on_settled,
                           report_errors, owner)

    def run_reporting(self, work: Callable[[Progress], Coroutine[Any, Any, T]], *,
                      on_success: Callable[[T], None] | None = None,
                      on_failure: Callable[[Exception], None] | None = None,
                      on_settled: Callable[[], None] | None = None,
                      label: str = "", cancellable: bool = True, show_progress: bool = True,
                      report_errors: bool = True, key: str | None = None,
                      owner: QObject | None = None) -> TaskHandle[T]:
        """Run `work(progress)`, where the work calls `progress(done, total, text)` as it goes.

        on_success: gets the result. on_failure: gets the exception (the banner still shows
        it unless report_errors=False). on_settled: called last whatever happened, so a view
        can re-enable its controls; not called once the window is closing.
        label: what the status bar says while it runs. cancellable: offer Cancel there.
        show_progress: False for quick background work the seller need not see.
        key: a new run with the same key cancels the previous one (search as you type).
        owner: when this QObject is destroyed, the work is cancelled and no callback runs.
        """
        handle: TaskHandle[T] = TaskHandle(label, cancellable=cancellable,
                                           show_progress=show_progress, key=key)
        handle.progress = Progress(functools.partial(self._on_progress, handle))
        return self._start(handle, work(handle.progress), on_success, on_failure, on_settled,
                           report_errors, owner)

    # ---- Looking at and stopping work. ----------------------------------------------------

    def running(self) -> list[TaskHandle[Any]]:
        return list(self._handles.values())

    def is_busy(self) -> bool:
        return bool(self._handles)

    def cancel_all(self) -> None:
        """Cancel everything and refuse new work (the window is closing)."""
        self._closed = True
        for handle in list(self._handles.values()):
            handle.cancel()

    async def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel everything and wait (up to `timeout`) until the tasks have unwound."""
        self.cancel_all()
        tasks = [h.task for h in self._handles.values() if h.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    # ---- Internals. -------------------------------------------------------------------------

    def _start(self, handle: TaskHandle[T], coro: Coroutine[Any, Any, T],
               on_success: Callable[[T], None] | None,
               on_failure: Callable[[Exception], None] | None,
               on_settled: Callable[[], None] | None,
               report_errors: bool, owner: QObject | None) -> TaskHandle[T]:
        loop = self._loop or asyncio.get_event_loop()
        if handle.key is not None:
            for other in list(self._handles.values()):
                if other.key == handle.key:
                    other.cancel()
        handle.task = loop.create_task(coro)
        if self._closed:  # the window is closing: the work never starts
            handle.task.cancel()
        was_busy = self.is_busy()
        self._handles[handle.id] = handle
        if owner is not None:
            self._owner_links[handle.id] = owner.destroyed.connect(
                functools.partial(self._on_owner_destroyed, handle.id))
        handle.task.add_done_callback(functools.partial(
            self._on_task_done, handle, on_success, on_failure, on_settled, report_errors))
        self.task_started.emit(handle)
        if not was_busy:
            self.busy_changed.emit(True)
        return handle

    def _on_progress(self, handle: TaskHandle[Any]) -> None:
        if handle.id in self._handles:
            self.task_progressed.emit(handle)

    def _on_owner_destroyed(self, handle_id: int, *_: object) -> None:
        self._owner_links.pop(handle_id, None)
        handle = self._handles.get(handle_id)
        if handle is not None:
            handle.orphaned = True
            handle.cancel()

    def _on_task_done(self, handle: TaskHandle[T],
                      on_success: Callable[[T], None] | None,
                      on_failure: Callable[[Exception], None] | None,
                      on_settled: Callable[[], None] | None,
                      report_errors: bool, task: asyncio.Task[T]) -> None:
        self._handles.pop(handle.id, None)
        link = self._owner_links.pop(handle.id, None)
        if link is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                QObject.disconnect(link)
        try:
            self._deliver(handle, task, on_success, on_failure, report_errors)
            quiet = handle.orphaned or (task.cancelled() and self._closed)
            if on_settled is not None and not quiet:
                self._guarded(handle, on_settled)
        finally:
            handle.settled = True
            self.task_finished.emit(handle)
            if not self._handles:
                self.busy_changed.emit(False)

    def _deliver(self, handle: TaskHandle[T], task: asyncio.Task[T],
                 on_success: Callable[[T], None] | None,
                 on_failure: Callable[[Exception], None] | None,
                 report_errors: bool) -> None:
        if task.cancelled():
            log.debug("%r cancelled", handle)
            return
        exc = task.exception()  # looked at even when nobody waits for it any more
        if exc is not None and not isinstance(exc, Exception):
            raise exc  # KeyboardInterrupt, SystemExit: not ours to eat
        if handle.orphaned:  # its view is gone: no callback, but a bug is still a bug
            if exc is not None and is_bug(exc):
                self.bug_found.emit(exc, handle.label)
            elif exc is not None:
                log.info("%s failed after its view closed: %r", handle.label or "task", exc)
            return
        if exc is None:
            if on_success is not None:
                self._guarded(handle, functools.partial(on_success, task.result()))
            return
        bug = is_bug(exc)
        handle.error_message = describe_error(exc)
        if isinstance(exc, ApiError):
            log.warning("%s failed: %r %s", handle.label or "task", exc, exc.detail)
        elif not bug:
            log.warning("%s failed: %r", handle.label or "task", exc)
        if on_failure is not None:
            self._guarded(handle, functools.partial(on_failure, exc))
        if bug:
            self.bug_found.emit(exc, handle.label)  # logged with its traceback there
        elif report_errors:
            self.error_reported.emit(handle.error_message)

    def _guarded(self, handle: TaskHandle[Any], callback: Callable[[], object]) -> None:
        """Run a view's callback; a bug in it goes to the report, never raised."""
        try:
            callback()
        except Exception as exc:
            self.bug_found.emit(exc, handle.label)
