"""Every view works from the keyboard: Tab reaches its controls, and each one that takes focus
has a name a screen reader can say (its accessible name, or the text on it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import ThreadStatus
from sellerdesk.services.outbox.settle import Intent
from sellerdesk.store.outbox import IntentKind, entity_key
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow

VIEWS = ["dashboard", "inbox", "orders", "categories", "tracking", "shop", "outbox"]


def spoken_name(widget: QWidget) -> str:
    iface = QAccessible.queryAccessibleInterface(widget)
    name = iface.text(QAccessible.Text.Name) if iface is not None else ""
    return (name or widget.accessibleName()).strip()


def queue_a_write(ctx: UiContext, qtbot: QtBot) -> None:
    """An answer held in the outbox, so the outbox view has rows to walk."""
    session = ctx.services
    done: list[object] = []

    async def queue() -> None:
        for thread in await session.inbox.threads(status=ThreadStatus.UNANSWERED):
            for q in await session.inbox.conversation(thread.id):
                if q.status == "unanswered":
                    await session.outbox.submit(
                        IntentKind.ANSWER, entity_key("question", q.id),
                        Intent(question_id=q.id, text="Hola"), hold=3600)
                    return

    ctx.runner.run(queue(), on_success=done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=10_000)


def open_view(ctx: UiContext, qtbot: QtBot, view_id: str) -> MainWindow:
    if view_id == "outbox":
        queue_a_write(ctx, qtbot)
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    window.show_view(view_id)
    qtbot.waitUntil(window.panel(view_id).is_loaded, timeout=30_000)
    return window


def tab_chain(window: MainWindow, limit: int = 2000) -> list[QWidget]:
    """The widgets Tab visits, in order, starting from the window's first focus widget."""
    out: list[QWidget] = []
    start = window.nextInFocusChain()
    w = start
    for _ in range(limit):
        if (w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(window)
                and w.isEnabled() and w.window() is window):
            out.append(w)
        w = w.nextInFocusChain()
        if w is start:
            break
    return out


@pytest.mark.parametrize("view_id", VIEWS)
def test_every_focusable_control_has_a_name(view_id: str, live_ctx: UiContext,
                                            qtbot: QtBot) -> None:
    window = open_view(live_ctx, qtbot, view_id)
    panel = window.panel(view_id)
    chain = tab_chain(window)
    in_view = [w for w in chain if panel.isAncestorOf(w)]
    assert in_view, f"Tab never reaches a control of the {view_id} view"
    unnamed = [f"{type(w).__name__} {w.objectName()!r}" for w in in_view
               if not spoken_name(w)]
    assert not unnamed, f"{view_id}: focusable controls without a name: {unnamed}"


@pytest.mark.parametrize("view_id", VIEWS)
def test_tab_moves_focus_through_the_view(view_id: str, live_ctx: UiContext,
                                          qtbot: QtBot) -> None:
    """Real Tab key presses move the focus forward, and it never gets stuck."""
    window = open_view(live_ctx, qtbot, view_id)
    panel = window.panel(view_id)
    first = next(w for w in tab_chain(window) if panel.isAncestorOf(w))
    first.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(first.hasFocus, timeout=5_000)
    visited = {id(first)}
    current = first
    for _ in range(8):
        # Text editors keep Tab for indentation; Ctrl+Tab leaves them (Qt's convention).
        keeps_tab = (isinstance(current, QPlainTextEdit | QTextEdit)
                     and not current.tabChangesFocus())
        modifier = (Qt.KeyboardModifier.ControlModifier if keeps_tab
                    else Qt.KeyboardModifier.NoModifier)
        qtbot.keyClick(current, Qt.Key.Key_Tab, modifier)
        now = window.focusWidget()
        if now is None or id(now) in visited:
            break
        visited.add(id(now))
        current = now
    assert len(visited) > 1, f"Tab does not leave the first control of {view_id}"
