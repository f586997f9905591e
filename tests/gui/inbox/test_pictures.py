"""Pictures of the Inbox with live data, light and dark, for a person to look at
(set SELLERDESK_SHOTS=/some/dir to keep them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.services.outbox.settle import Intent
from sellerdesk.store.outbox import IntentKind, entity_key
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.settings import UNDO_DELAY_S
from tests.gui.inbox.support import card, open_thread, run, services
from tests.support import http
from tests.support.sandbox import Sandbox


def dark_palette() -> QPalette:
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#1e2127", QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#16181d", QPalette.ColorRole.AlternateBase: "#1e2127",
        QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#2a2e36",
        QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.Highlight: "#2f6fd1",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#8b919c", QPalette.ColorRole.ToolTipBase: "#2a2e36",
        QPalette.ColorRole.ToolTipText: "#e6e6e6", QPalette.ColorRole.Mid: "#3a3f4a",
        QPalette.ColorRole.Dark: "#111317", QPalette.ColorRole.Light: "#3a3f4a",
    }
    for role, color in roles.items():
        pal.setColor(role, QColor(color))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText,
                 QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6b7079"))
    return pal


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[None]:
    before = qapp.palette()
    hints = qapp.styleHints()
    hints.setColorScheme(Qt.ColorScheme.Dark)
    qapp.setPalette(dark_palette())
    yield
    hints.unsetColorScheme()
    qapp.setPalette(before)


def stage(panel: InboxPanel, qtbot: QtBot) -> None:
    """Open a thread with an answered and an unanswered question, one answer queued."""
    session = services(panel)
    for thread in panel.model.items():
        conversation = run(qtbot, session.inbox.conversation(thread.id))
        waiting = [q for q in conversation if q.answer is None]
        if len(waiting) >= 2 and len(waiting) < len(conversation):
            run(qtbot, session.outbox.submit(
                IntentKind.ANSWER, entity_key("question", waiting[0].id),
                Intent(question_id=waiting[0].id, text="¡Hola! Sí, lo tenemos en stock y "
                       "despachamos mañana por la mañana."), hold=3600))
            break
    run(qtbot, panel.prepare_snapshot())
    qtbot.waitUntil(lambda: panel.thread_view.header.thumbnail.has_image(), timeout=10_000)


def save(panel: InboxPanel, qtbot: QtBot, target: Path) -> Path:
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=10_000)
    QApplication.processEvents()
    assert panel.grab().save(str(target))
    return target


def test_picture_light(panel: InboxPanel, qtbot: QtBot, shots_dir: Path) -> None:
    stage(panel, qtbot)
    assert save(panel, qtbot, shots_dir / "inbox-light.png").stat().st_size > 10_000


def test_picture_dark(dark: None, panel: InboxPanel, qtbot: QtBot, shots_dir: Path) -> None:
    stage(panel, qtbot)
    assert save(panel, qtbot, shots_dir / "inbox-dark.png").stat().st_size > 10_000


def test_picture_narrow_and_empty(panel: InboxPanel, qtbot: QtBot, shots_dir: Path) -> None:
    panel.resize(544, 480)  # the window's minimum size, less the sidebar
    save(panel, qtbot, shots_dir / "inbox-smallest.png")
    panel.resize(900, 600)
    qtbot.keyClicks(panel.list.search, "zzqxv")
    qtbot.waitUntil(panel.list.showing_empty, timeout=10_000)
    save(panel, qtbot, shots_dir / "inbox-narrow-empty.png")


def test_picture_conflict_and_undo(panel: InboxPanel, qtbot: QtBot, shots_dir: Path,
                                   fresh_sandbox: Sandbox) -> None:
    """A conflict under one question, a delete waiting to be undone under another."""
    session = services(panel)
    panel.ctx.settings.set(UNDO_DELAY_S, 60)
    chosen = None
    for thread in panel.model.items():
        conversation = run(qtbot, session.inbox.conversation(thread.id))
        waiting = [q for q in conversation if q.answer is None]
        if len(waiting) >= 2:
            chosen = (thread, waiting)
            break
    assert chosen is not None
    thread, waiting = chosen
    open_thread(qtbot, panel, thread.id)
    first, second = waiting[0], waiting[1]
    run(qtbot, session.outbox.submit(IntentKind.ANSWER, entity_key("question", first.id),
                                     Intent(question_id=first.id, text="Sí, el talle S está "
                                            "disponible en negro y en azul."), hold=3600))
    http.put(f"{fresh_sandbox.api}/questions/{first.id}",
              params={"access_token": fresh_sandbox.token},
              json={"answer": "Respondida desde el celular"}, timeout=30).raise_for_status()
    run(qtbot, session.outbox.retry_all_waiting())
    qtbot.waitUntil(lambda: (c := card(panel, first.id)) is not None
                    and c.chip.text() == "Conflict", timeout=15_000)
    panel.thread_view._delete(second.id)
    qtbot.waitUntil(panel.thread_view.undo_bar.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: (c := card(panel, second.id)) is not None
                    and c.deleting.isVisible(), timeout=10_000)
    panel.thread_view.conversation.reveal(None)
    qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=10_000)
    save(panel, qtbot, shots_dir / "inbox-states.png")
