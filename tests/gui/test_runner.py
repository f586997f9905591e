"""The task runner: results to callbacks, failures in words to the banner, bugs to the
report, cancel on close."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.api.errors import ApiError, AuthError, BadRequest, NotFound, Offline
from sellerdesk.services.bug_report import BugReport
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.runner import Progress, TaskRunner, describe_error
from sellerdesk.ui.widgets.progress import TaskProgress


async def _value(value: Any) -> Any:
    await asyncio.sleep(0)
    return value


async def _raise(exc: BaseException) -> None:
    await asyncio.sleep(0)
    raise exc


async def _forever(started: list[bool] | None = None) -> None:
    if started is not None:
        started.append(True)
    await asyncio.Event().wait()


def test_the_result_reaches_the_callback_on_the_gui_thread(runner: TaskRunner,
                                                           qtbot: QtBot) -> None:
    got: list[int] = []
    settled: list[bool] = []
    with qtbot.waitSignal(runner.task_finished, timeout=5000):
        handle = runner.run(_value(42), on_success=got.append,
                            on_settled=lambda: settled.append(True), label="answer")
    assert got == [42]
    assert settled == [True]
    assert handle.is_finished() and not runner.is_busy()


def test_an_api_error_goes_to_the_banner_in_words(window: MainWindow, runner: TaskRunner,
                                                  qtbot: QtBot) -> None:
    failures: list[Exception] = []
    error = BadRequest("The question is already answered", detail="HTTP 400 /v1/...")
    with qtbot.waitSignal(runner.error_reported, timeout=5000) as blocker:
        runner.run(_raise(error), on_success=lambda _: pytest.fail("no result expected"),
                   on_failure=failures.append)
    assert blocker.args == ["The question is already answered"]
    assert failures == [error]
    assert window.banner.messages() == ["The question is already answered"]
    assert window.banner.isVisible()


def test_a_bug_goes_to_the_report_not_the_banner(window: MainWindow, runner: TaskRunner,
                                                  qtbot: QtBot) -> None:
    reports: list[BugReport] = []
    window.ctx.bugs.reported.connect(reports.append)
    failures: list[Exception] = []
    with qtbot.assertNotEmitted(runner.error_reported), \
            qtbot.waitSignal(runner.bug_found, timeout=5000) as blocker:
        runner.run(_raise(KeyError("internal-name")), on_failure=failures.append,
                   label="Saving your answer…")
    assert isinstance(blocker.args[0], KeyError) and blocker.args[1] == "Saving your answer…"
    assert isinstance(failures[0], KeyError)  # the view still hears of it (to re-enable)
    assert window.banner.messages() == []
    assert [r.kind for r in reports] == ["KeyError"]
    assert "Traceback" in reports[0].details and reports[0].where == "Saving your answer…"


@pytest.mark.parametrize(("error", "bug"), [(KeyError("raised while unwinding"), True),
                                            (Offline(), False)])
def test_the_failure_of_work_whose_view_is_gone_is_still_looked_at(
        runner: TaskRunner, qtbot: QtBot, error: Exception, bug: bool) -> None:
    """Never "Task exception was never retrieved": a bug reaches the report, a known
    failure only the log (its view is gone: no banner, no callback)."""
    owner = QWidget()
    started: list[bool] = []
    bugs: list[BaseException] = []
    runner.bug_found.connect(lambda exc, _doing: bugs.append(exc))

    async def fails_late() -> None:
        try:
            await _forever(started)
        finally:
            raise error

    handle = runner.run(fails_late(), owner=owner)
    qtbot.waitUntil(lambda: bool(started), timeout=5000)
    with qtbot.assertNotEmitted(runner.error_reported):
        owner.deleteLater()  # cancels the work, which fails on its way out
        qtbot.waitUntil(handle.is_finished, timeout=5000)
    assert bugs == ([error] if bug else [])
    assert handle.task is not None and handle.task.exception() is error


def test_report_errors_false_leaves_the_banner_alone(window: MainWindow, runner: TaskRunner,
                                                     qtbot: QtBot) -> None:
    failures: list[Exception] = []
    with qtbot.assertNotEmitted(runner.error_reported), \
            qtbot.waitSignal(runner.task_finished, timeout=5000):
        runner.run(_raise(Offline()), on_failure=failures.append, report_errors=False)
    assert isinstance(failures[0], Offline)
    assert window.banner.messages() == []


def test_the_same_failure_twice_is_one_banner_with_a_count(window: MainWindow,
                                                           runner: TaskRunner,
                                                           qtbot: QtBot) -> None:
    for _ in range(2):
        with qtbot.waitSignal(runner.task_finished, timeout=5000):
            runner.run(_raise(Offline()))
    assert window.banner.messages() == [describe_error(Offline())]


def test_a_failing_callback_is_contained(runner: TaskRunner, qtbot: QtBot) -> None:
    def broken(_: object) -> None:
        raise RuntimeError("bug in a view")

    with qtbot.assertNotEmitted(runner.error_reported), \
            qtbot.waitSignal(runner.bug_found, timeout=5000) as blocker:
        runner.run(_value(1), on_success=broken)
    assert isinstance(blocker.args[0], RuntimeError)


def test_closing_the_window_cancels_running_work(window: MainWindow, runner: TaskRunner,
                                                 qtbot: QtBot) -> None:
    started: list[bool] = []
    called: list[str] = []
    handle = runner.run(_forever(started), on_success=lambda _: called.append("success"),
                        on_failure=lambda _: called.append("failure"),
                        on_settled=lambda: called.append("settled"))
    qtbot.waitUntil(lambda: bool(started), timeout=5000)
    window.close()
    qtbot.waitUntil(handle.is_finished, timeout=5000)
    assert handle.was_cancelled()
    assert called == []
    # Every other piece of work the window had running was cancelled with it.
    qtbot.waitUntil(lambda: not runner.is_busy(), timeout=5000)
    # Work handed over while closing never starts.
    late: list[bool] = []
    later = runner.run(_forever(late))
    qtbot.waitUntil(later.is_finished, timeout=5000)
    assert later.was_cancelled() and late == []


def test_a_new_run_with_the_same_key_replaces_the_old(runner: TaskRunner,
                                                      qtbot: QtBot) -> None:
    got: list[str] = []
    first = runner.run(_forever(), key="search")
    with qtbot.waitSignal(runner.task_finished, timeout=5000,
                          check_params_cb=lambda h: h is not first):
        runner.run(_value("second"), on_success=got.append, key="search")
    qtbot.waitUntil(first.is_finished, timeout=5000)
    assert first.was_cancelled()
    assert got == ["second"]


def test_work_of_a_destroyed_owner_is_cancelled_quietly(runner: TaskRunner,
                                                        qtbot: QtBot) -> None:
    owner = QWidget()
    called: list[str] = []
    handle = runner.run(_forever(), owner=owner, on_settled=lambda: called.append("settled"))
    owner.deleteLater()
    qtbot.waitUntil(handle.is_finished, timeout=5000)
    assert handle.was_cancelled()
    assert called == []


def test_progress_is_shown_for_lasting_work_and_cancel_works(runner: TaskRunner,
                                                             qtbot: QtBot) -> None:
    bar = TaskProgress(runner, reveal_after_ms=50)
    qtbot.addWidget(bar)
    step = asyncio.Event()

    async def sync(progress: Progress) -> None:
        progress(3, 10, "Syncing orders…")
        await step.wait()
        await asyncio.Event().wait()

    handle = runner.run_reporting(sync, label="Sync")
    qtbot.waitUntil(lambda: bar.current() is handle, timeout=5000)
    assert not bar.isHidden()
    assert bar._label.text() == "Syncing orders…"
    assert (bar._bar.value(), bar._bar.maximum()) == (3, 10)
    bar._cancel.click()
    qtbot.waitUntil(handle.is_finished, timeout=5000)
    assert handle.was_cancelled()
    qtbot.waitUntil(bar.isHidden, timeout=5000)


def test_quick_work_never_flashes_a_progress_bar(runner: TaskRunner, qtbot: QtBot) -> None:
    bar = TaskProgress(runner, reveal_after_ms=300)
    qtbot.addWidget(bar)
    with qtbot.waitSignal(runner.task_finished, timeout=5000):
        runner.run(_value(1))
    assert bar.pending_reveals() == 0  # its reveal timer went with it
    assert bar.isHidden()


@pytest.mark.parametrize(("error", "expected"), [
    (BadRequest("The question is already answered"), "The question is already answered"),
    (NotFound(), NotFound.default_message),
    (AuthError(), AuthError.default_message),
    (ApiError("Custom words"), "Custom words"),
])
def test_api_errors_are_described_by_their_message(error: ApiError, expected: str) -> None:
    assert describe_error(error) == expected


def test_local_data_errors_are_described_in_words() -> None:
    message = describe_error(sqlite3.OperationalError("database is locked"))
    assert "local data" in message and "locked" not in message


def test_errors_that_carry_a_message_for_people_use_it() -> None:
    class StoreFull(Exception):
        message = "The local copy is full."

    assert describe_error(StoreFull()) == "The local copy is full."


def test_store_errors_are_described_by_their_message() -> None:
    from sellerdesk.store.db import StoreFullError

    assert describe_error(StoreFullError()) == StoreFullError.default_message
    assert describe_error(StoreFullError("Only 2 MB left.")) == "Only 2 MB left."
