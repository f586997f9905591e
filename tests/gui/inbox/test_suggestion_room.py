"""Issue 25 B10: in the window at 1280×720 the suggested answers leave the conversation at
least 60 % of its area (under the listing's header), with the group bar shown or not; the
pane folds with Alt+0 and stays folded in the next run (settings)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.inbox.suggestion_pane import SuggestionPane
from sellerdesk.ui.inbox.thread_view import ThreadView
from sellerdesk.ui.main_window import MainWindow
from tests.gui.inbox.support import open_thread

ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def inbox(live_ctx: UiContext, qtbot: QtBot) -> Iterator[InboxPanel]:
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.show_view("inbox")
    panel = next(iter(window.findChildren(InboxPanel)))
    qtbot.waitUntil(lambda: panel.thread_view.model.rowCount() > 0, timeout=30_000)
    yield panel


def open_and_settle(qtbot: QtBot, panel: InboxPanel, thread_id: str) -> None:
    view = panel.thread_view
    if view.thread_id() != thread_id:
        with qtbot.waitSignal(view.suggestions.shown, timeout=10_000):
            open_thread(qtbot, panel, thread_id)
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=10_000)
    QApplication.processEvents()


def share(view: ThreadView) -> float:
    area = view.page.height() - view.header.height()
    return view.conversation.height() / area


def waiting_with(qtbot: QtBot, panel: InboxPanel, *, group: bool, full: bool) -> str:
    """A waiting conversation whose target has three suggestions (`full`), with the group
    bar shown or not."""
    for item in panel.model.items():
        if not item.waiting:
            continue
        open_and_settle(qtbot, panel, item.id)
        view = panel.thread_view
        if view.group.isVisible() == group and (len(view.suggestions.suggestions()) == 3
                                                 or not full):
            return item.id
    raise AssertionError("no such conversation in the demo shop")


def test_the_conversation_keeps_60_percent_of_its_area(inbox: InboxPanel,
                                                       qtbot: QtBot) -> None:
    view = inbox.thread_view
    assert view.window().size().width() == 1280 and view.window().size().height() == 720
    waiting_with(qtbot, inbox, group=False, full=True)
    assert view.suggestions.isVisible() and len(view.suggestions.suggestions()) == 3
    assert share(view) >= 0.6, (view.conversation.height(), view.page.height())
    # Beside the composer, not under it: at 1280 px the pane is wide enough for both.
    assert view.suggestions.geometry().top() == view.composer.geometry().top()
    waiting_with(qtbot, inbox, group=True, full=False)
    assert view.group.isVisible() and view.suggestions.isVisible()
    assert share(view) >= 0.6, (view.conversation.height(), view.page.height())


def test_alt_0_folds_the_suggestions_and_the_next_run_remembers(
        inbox: InboxPanel, qtbot: QtBot, live_ctx: UiContext) -> None:
    view = inbox.thread_view
    waiting_with(qtbot, inbox, group=False, full=True)
    pane = view.suggestions
    before = view.conversation.height()
    view.composer.editor.setFocus()
    qtbot.keyClick(view.composer.editor, Qt.Key.Key_0, ALT)
    assert not pane.expanded() and not pane.area.isVisible() and pane.title.isVisible()
    assert not pane.choose(1)  # a folded pane inserts nothing
    assert live_ctx.settings.get(keys.INBOX_SUGGESTIONS_SHOWN) is False
    qtbot.waitUntil(lambda: view.conversation.height() >= before)
    # The next run (a new pane over the same settings) starts folded.
    again = SuggestionPane(settings=live_ctx.settings)
    qtbot.addWidget(again)
    assert not again.expanded()
    qtbot.keyClick(view.composer.editor, Qt.Key.Key_0, ALT)
    assert pane.expanded() and live_ctx.settings.get(keys.INBOX_SUGGESTIONS_SHOWN) is True
    assert {a.text(): a.shortcut().toString() for a in inbox.panel_actions()}[
        "Show suggested answers"] == "Alt+0"
