"""The inbox of a shop never synced: it says what it is doing until it knows, and the rows
come in the order they keep (issue 25, B15)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from sellerdesk.services.sync import SyncProgress
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache
from tests.gui.inbox.conftest import show_panel
from tests.gui.inbox.support import run
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session

READING = "Reading your shop's questions…"


def test_a_shop_never_synced_says_it_is_reading_and_rows_come_in_their_final_order(
        settings: Settings, runner: TaskRunner, fresh_sandbox: Sandbox, tmp_path: Path,
        qtbot: QtBot, thumbs: ThumbnailCache) -> None:
    session = run(qtbot, open_session(fresh_sandbox, tmp_path / "empty"))
    try:
        panel = show_panel(UiContext(settings=settings, runner=runner, services=session),
                           qtbot, thumbs)
        # First paint, before any sync: nothing is known of the questions yet.
        qtbot.waitUntil(panel.is_loaded, timeout=20_000)
        assert panel.model.rowCount() == 0
        assert panel.list.empty.title() == READING
        assert panel.header.subtitle() == READING  # not "Every question has an answer"

        shown: list[list[str]] = []  # the waiting rows, each time the sync said something

        def look(_p: SyncProgress) -> None:
            waiting = [t.id for t in panel.model.items() if t.waiting]
            if waiting and (not shown or shown[-1] != waiting):
                shown.append(waiting)

        session.sync.progressed.connect(look)
        report = run(qtbot, session.sync.sync(), timeout=120_000)
        assert report.ok
        qtbot.waitUntil(lambda: panel.model.rowCount() >= report.threads, timeout=20_000)
        final = [t.id for t in panel.model.items() if t.waiting]
        assert shown, "the waiting rows did not show while the rest was read"
        for seen in shown:  # never another order, never another conversation on top
            assert seen == [i for i in final if i in seen]
            assert seen[0] == final[0]
        assert panel.header.subtitle() != READING
    finally:
        run(qtbot, session.aclose(), timeout=60_000)
