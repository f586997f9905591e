"""Triage in the right order (issue 15, items 4, 5 and 23): N goes to the next conversation
waiting for an answer from where the seller is, a queued answer leaves "Unanswered" in the
list, the header and the composer alike, and a conversation selected by an assistive
technology opens as a click would."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.api.errors import Offline
from sellerdesk.services.types import ThreadStatus
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.inbox.thread_model import ThreadRole
from tests.gui.inbox.support import run, services, shown_ids
from tests.support.sandbox import Sandbox

CTRL = Qt.KeyboardModifier.ControlModifier


def key(qtbot: QtBot, which: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
        ) -> None:
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClick(target, which, modifier)


def opened(panel: InboxPanel) -> str | None:
    return panel.thread_view.shown_thread()


def answer_everything_open(qtbot: QtBot, panel: InboxPanel, text: str) -> None:
    """Answer each waiting question of the open conversation from the keyboard: R, type,
    Ctrl+Enter, until nothing is left in it (the inbox then goes on to the next one)."""
    view = panel.thread_view
    thread = view.thread_id()
    for _ in range(10):
        if view.target() is None or view.thread_id() != thread:
            return
        target = view.target()
        panel.list.view.setFocus()
        key(qtbot, Qt.Key.Key_R)
        qtbot.waitUntil(view.composer.editor.hasFocus)
        qtbot.keyClicks(view.composer.editor, text)
        key(qtbot, Qt.Key.Key_Return, CTRL)
        qtbot.waitUntil(lambda t=target: view.target() != t, timeout=15_000)
    raise AssertionError("the conversation never ran out of questions")


def row_of(panel: InboxPanel, thread_id: str) -> int:
    return panel.model.row_of(thread_id)


def test_n_after_answering_the_top_conversation_goes_to_the_next_oldest(
        panel: InboxPanel, qtbot: QtBot) -> None:
    ids = shown_ids(panel)
    top, second = ids[0], ids[1]
    assert panel.model.item(1).waiting  # type: ignore[union-attr]
    assert opened(panel) == top
    answer_everything_open(qtbot, panel, "Si, respondido.")
    # The list takes a background change a few rows per turn (KeyedModel's walk): the
    # answered row can read "answered" a turn before it has moved down, so wait for both.
    qtbot.waitUntil(lambda: not panel.model.item(row_of(panel, top)).waiting  # type: ignore[union-attr]
                    and shown_ids(panel)[0] == second, timeout=15_000)
    # Nothing left to answer: the next conversation waiting is opened, its row focused.
    qtbot.waitUntil(lambda: opened(panel) == second)
    qtbot.waitUntil(panel.list.view.hasFocus)
    assert panel.list.current_row() == row_of(panel, second)
    key(qtbot, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: opened(panel) == ids[2])


def test_n_never_skips_when_the_answered_conversation_leaves_the_list(
        panel: InboxPanel, qtbot: QtBot) -> None:
    """The dashboard opens the inbox on "Unanswered": the answered row goes away under the
    cursor, and the conversation now in its place is the one N opens."""
    panel.list.status.setCurrentIndex(panel.list.status.findData("unanswered"))
    qtbot.waitUntil(lambda: all(t.waiting for t in panel.model.items()))
    ids = shown_ids(panel)
    panel.list.view.setFocus()
    panel.list.select_row(0)
    qtbot.waitUntil(lambda: opened(panel) == ids[0])
    answer_everything_open(qtbot, panel, "Listo.")
    qtbot.waitUntil(lambda: row_of(panel, ids[0]) < 0, timeout=15_000)
    # The one now in its place is opened, its row current and focused.
    qtbot.waitUntil(lambda: opened(panel) == ids[1])
    qtbot.waitUntil(panel.list.view.hasFocus)
    key(qtbot, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: opened(panel) == ids[2])


def test_offline_a_queued_answer_leaves_unanswered_everywhere(
        panel: InboxPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    session = services(panel)
    single = next(t for t in panel.model.items() if t.waiting == 1 and not t.pending)
    before = sum(t.waiting for t in panel.model.items())
    assert panel.header.subtitle() == f"Waiting for an answer: {before}"
    fresh_sandbox.stop()
    session.connectivity.report_failure(Offline())
    panel.list.select_row(row_of(panel, single.id))
    qtbot.waitUntil(lambda: opened(panel) == single.id)
    view = panel.thread_view
    assert "1 waiting for an answer" in view.header.buyer.text()
    answer_everything_open(qtbot, panel, "Te respondo apenas vuelva la conexion.")

    # The list: no longer waiting, its answer shown as queued.
    qtbot.waitUntil(lambda: panel.model.item(row_of(panel, single.id)).pending == 1,  # type: ignore[union-attr]
                    timeout=10_000)
    index = panel.model.index(row_of(panel, single.id), 0)
    assert index.data(ThreadRole.UNANSWERED) == 0
    # An attempt already under way when the service went away ends back in the queue.
    qtbot.waitUntil(lambda: panel.model.index(row_of(panel, single.id), 0).data(
        ThreadRole.PENDING) == "queued", timeout=10_000)
    index = panel.model.index(row_of(panel, single.id), 0)
    assert "answer queued" in index.data(Qt.ItemDataRole.AccessibleTextRole)
    # The view's header and the conversation's header say the same as the list (the
    # inbox went on to the next conversation waiting: back to this one).
    panel.list.select_row(row_of(panel, single.id))
    qtbot.waitUntil(lambda: opened(panel) == single.id)
    qtbot.waitUntil(lambda: panel.header.subtitle().startswith(
        f"Waiting for an answer: {before - 1}"))
    qtbot.waitUntil(lambda: "in the outbox" in view.header.buyer.text())
    assert "1 in the outbox" in view.header.buyer.text()
    assert "waiting for an answer" not in view.header.buyer.text()
    assert view.composer.target.text() == "Nothing left to answer in this conversation."
    assert run(qtbot, session.inbox.unanswered_count()) == before - 1  # the sidebar's badge
    # Under "Unanswered" it is gone; under "Answered" it is there, with its answer queued.
    panel.list.status.setCurrentIndex(panel.list.status.findData("unanswered"))
    qtbot.waitUntil(lambda: bool(shown_ids(panel)) and single.id not in shown_ids(panel))
    panel.list.status.setCurrentIndex(panel.list.status.findData(ThreadStatus.ANSWERED.value))
    qtbot.waitUntil(lambda: single.id in shown_ids(panel))


def test_a_conversation_selected_by_an_assistive_technology_opens(panel: InboxPanel,
                                                                   qtbot: QtBot) -> None:
    view = panel.list.view
    # AT-SPI's selectChild reaches the list's selection interface: selected, not current.
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface is not None
    selection = iface.selectionInterface()
    assert selection is not None
    target = panel.model.item(3)
    assert target is not None
    assert selection.select(iface.child(3))
    qtbot.waitUntil(lambda: opened(panel) == target.id)
    assert panel.list.current_row() == 3  # J/K go on from there
    # The same through the selection model alone, as any other client of it would.
    other = panel.model.item(5)
    assert other is not None
    view.selectionModel().select(panel.model.index(5, 0),
                                 QItemSelectionModel.SelectionFlag.ClearAndSelect)
    qtbot.waitUntil(lambda: opened(panel) == other.id)
    panel.list.view.setFocus()
    key(qtbot, Qt.Key.Key_J)
    qtbot.waitUntil(lambda: opened(panel) == panel.model.item(6).id)  # type: ignore[union-attr]
