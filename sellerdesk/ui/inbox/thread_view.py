"""The right pane: the open conversation (listing header, questions and answers, composer),
and the answer / delete / undo flows on it. Data comes from `InboxService` through the runner;
the rows live in `ConversationModel`."""

from __future__ import annotations

import functools

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QStackedWidget, QVBoxLayout, QWidget

from sellerdesk.services.inbox import InboxService
from sellerdesk.services.pending import PendingChange, question_key
from sellerdesk.services.types import (
    IntentKind,
    OutboxEntry,
    Publication,
    Question,
    Thread,
)
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.composer import AnswerComposer
from sellerdesk.ui.inbox.conversation_model import ConversationItem, ConversationModel
from sellerdesk.ui.inbox.conversation_view import ConversationView
from sellerdesk.ui.inbox.publication_header import PublicationHeader
from sellerdesk.ui.inbox.thread_model import buyer_name, isolate, product_title
from sellerdesk.ui.inbox.undo_bar import UndoBar
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.loading import refresh_from_network
from sellerdesk.ui.widgets.separator import Separator
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache

Snapshot = tuple[Thread | None, list[Question]]


async def _read_conversation(inbox: InboxService, thread_id: str) -> Snapshot:
    return await inbox.thread(thread_id), await inbox.conversation(thread_id)


class ThreadView(QWidget):
    outbox_requested = Signal()
    conversation_shown = Signal(str)  # thread id, each time its rows are on screen
    answer_queued = Signal(object)  # question id (an int past 32 bits)
    delete_queued = Signal(object)  # question id (an int past 32 bits)

    def __init__(self, ctx: UiContext, thumbnails: ThumbnailCache,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = ConversationModel(self)
        self._thread: Thread | None = None
        self._shown: str | None = None  # the thread whose rows are on screen
        self._target: int | None = None
        self._drafts: dict[str, str] = {}
        # The answers and deletes waiting for the server (or sent this session), per question.
        self.pending = PendingSignals(self)
        self.pending.changed.connect(self._on_pending_changed)
        if ctx.services is not None:
            self.pending.attach(ctx.services.pending)
        self.confirm: QMessageBox | None = None

        self.header = PublicationHeader(ctx.runner, thumbnails, self)
        self.undo_bar = UndoBar(self)
        self.conversation = ConversationView(self.model, self)
        self.composer = AnswerComposer(ctx.settings, self)
        self.empty = EmptyState(
            "inbox", self.tr("Pick a conversation"),
            self.tr("Its questions and your answers appear here. J and K move between "
                    "conversations, N jumps to the next one waiting for an answer."),
            self, fluid=True)

        page = QWidget(self)
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.header)
        column.addWidget(Separator(parent=page))
        undo_row = QVBoxLayout()
        undo_row.setContentsMargins(16, 8, 16, 0)
        undo_row.addWidget(self.undo_bar)
        column.addLayout(undo_row)
        column.addWidget(self.conversation, 1)
        column.addWidget(Separator(parent=page))
        column.addWidget(self.composer)
        self.page = page
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(40)  # folds a burst of service events into one read
        self._reload_timer.timeout.connect(self.reload)

        self.conversation.reply_requested.connect(self._on_conversation_reply_requested)
        self.conversation.delete_requested.connect(self.ask_delete)
        self.conversation.undo_requested.connect(self.undo)
        self.conversation.outbox_requested.connect(self.outbox_requested)
        self.undo_bar.undo_requested.connect(self.undo)
        self.composer.send_requested.connect(self._on_composer_send_requested)

    @property
    def _inbox(self) -> InboxService | None:
        services = self.ctx.services
        return services.inbox if services is not None else None

    def thread_id(self) -> str | None:
        return self.model.thread_id

    def target(self) -> int | None:
        return self._target

    def shown_thread(self) -> str | None:
        """The thread whose rows are on screen; None while a switch is being read."""
        return self._shown

    # ---- Opening and reading. ----------------------------------------------------------------

    def open(self, thread_id: str | None, *, refresh: bool = True) -> None:
        """Show `thread_id` from the cache at once, then refresh it from the server if online."""
        previous = self.model.thread_id
        if previous is not None and previous != thread_id:
            self._drafts[previous] = self.composer.text()
        if thread_id is None or self._inbox is None:
            self.model.thread_id = None
            self.model.update([])
            self._thread = self._shown = None
            self.stack.setCurrentWidget(self.empty)
            return
        self.model.thread_id = thread_id
        if previous != thread_id:
            # Until the new rows are read, the old ones stay on screen but the composer
            # (already holding the new thread's draft) cannot send to the old question.
            self._target = self._shown = None
            self.composer.set_loading(True)
            self.composer.set_text(self._drafts.get(thread_id, ""))
        self._read(thread_id, reveal=previous != thread_id)
        if refresh:
            self.refresh(explicit=False)

    def refresh(self, *, explicit: bool = True) -> None:
        """Fetch the open thread from the server (when online); changes come back as events.
        Opening a thread refreshes it by itself (`explicit=False`): losing the network then
        is no error of its own (the status bar says offline)."""
        services, thread_id = self.ctx.services, self.model.thread_id
        if services is None or thread_id is None or not services.connectivity.online:
            return
        refresh_from_network(self.ctx, services.inbox.refresh_thread(thread_id), owner=self,
                             key="inbox.refresh-thread", explicit=explicit, show_progress=True,
                             label=self.tr("Refreshing the conversation…"))

    def reload(self) -> None:
        """Read the open thread again from the cache (after a service event)."""
        if self.model.thread_id is not None:
            self._read(self.model.thread_id, reveal=False)

    def schedule_reload(self) -> None:
        self._reload_timer.start()

    def _read(self, thread_id: str, *, reveal: bool) -> None:
        inbox = self._inbox
        if inbox is None:  # a reload timer that fired after the shop was closed
            return
        self.ctx.runner.run(_read_conversation(inbox, thread_id),
                            on_success=functools.partial(self._show, thread_id, reveal),
                            key="inbox.conversation", show_progress=False, owner=self)

    def _show(self, thread_id: str, reveal: bool, snapshot: Snapshot) -> None:
        if thread_id != self.model.thread_id:
            return  # the seller moved on meanwhile
        thread, questions = snapshot
        self._thread, self._shown = thread, thread_id
        items = []
        for q in questions:
            writes = self.pending.writes(question_key(q.id))
            items.append(ConversationItem(q, writes.waiting, writes.sent_kind(IntentKind.ANSWER)))
        self.model.update(items)
        publication: Publication | None = next(
            (q.publication for q in questions if q.publication is not None), None)
        self.header.set_thread(thread, publication)
        self.composer.set_context(
            buyer=buyer_name(thread) if thread else "",
            product=product_title(thread) if thread else "")
        current = self.model.find(self._target) if self._target is not None else None
        if current is None or not current.can_answer:
            self._set_target(self.model.first_answerable())
        else:
            self._set_target(self._target)
        self.composer.set_loading(False)
        self.stack.setCurrentWidget(self.page)
        if reveal:
            self.conversation.reveal(self._target)
        self.conversation_shown.emit(thread_id)

    def _set_target(self, question_id: int | None) -> None:
        self._target = question_id
        self.conversation.set_target(question_id)
        item = self.model.find(question_id) if question_id is not None else None
        self.composer.set_target((item.buyer, item.text) if item is not None else None)

    # ---- What the services report. ----------------------------------------------------------

    def _on_pending_changed(self, change: PendingChange) -> None:
        if change.key.startswith("question:"):
            self.schedule_reload()

    # ---- Answering. --------------------------------------------------------------------------

    def _on_conversation_reply_requested(self, question_id: int) -> None:
        self._set_target(question_id)
        self.composer.focus_editor()

    def _on_composer_send_requested(self, text: str) -> None:
        inbox, thread_id, question_id = self._inbox, self.model.thread_id, self._target
        if (inbox is None or thread_id is None or question_id is None
                or thread_id != self._shown or self.model.find(question_id) is None):
            return
        self.composer.set_busy(True)
        self.ctx.runner.run(
            inbox.answer(question_id, text),
            on_success=functools.partial(self._on_answer_queued, thread_id, question_id),
            on_settled=functools.partial(self.composer.set_busy, False),
            label=self.tr("Saving your answer…"), show_progress=False, owner=self)

    def _on_answer_queued(self, thread_id: str, question_id: int, _entry: OutboxEntry) -> None:
        # Only now is the text safe in the outbox: clear it (or its draft if the seller
        # moved to another thread meanwhile).
        self._drafts.pop(thread_id, None)
        if self.model.thread_id == thread_id:
            self.composer.clear()
        self.answer_queued.emit(question_id)
        self.reload()

    # ---- Deleting, with a confirmation and a window to undo. ---------------------------------

    def ask_delete(self, question_id: int | None = None) -> QMessageBox | None:
        """Confirm, then delete `question_id` (default: the reply target, else the last one)."""
        if question_id is None:
            question_id = self._focused_question() or self._target
        if question_id is None and self.model.rowCount():
            last = self.model.item(self.model.rowCount() - 1)
            question_id = last.id if last is not None else None
        item = self.model.find(question_id) if question_id is not None else None
        if item is None or item.pending_delete is not None:
            return None
        seconds = self.ctx.settings.get(keys.UNDO_DELAY_S)
        who = isolate(item.buyer) if item.buyer else self.tr("the buyer")
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Delete this question?"),
                          self.tr("The question from {buyer} will be removed from your shop.")
                          .format(buyer=who), parent=self)
        box.setInformativeText(self.tr("You can undo it for {n} seconds.").format(n=seconds)
                               if seconds > 0 else "")
        delete = box.addButton(self.tr("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.buttonClicked.connect(
            lambda button: self._delete(item.id) if button is delete else None)
        self.confirm = box
        box.open()
        return box

    def _focused_question(self) -> int | None:
        focus = self.focusWidget()
        for card in self.conversation.cards:
            if focus is not None and card.isAncestorOf(focus):
                return card.item.id
        return None

    def _delete(self, question_id: int) -> None:
        inbox = self._inbox
        if inbox is None:
            return
        seconds = max(0, int(self.ctx.settings.get(keys.UNDO_DELAY_S)))
        self.ctx.runner.run(inbox.delete_question(question_id, undo_seconds=float(seconds)),
                            on_success=functools.partial(self._on_delete_queued, question_id,
                                                         seconds),
                            label=self.tr("Deleting the question…"), show_progress=False,
                            owner=self)

    def _on_delete_queued(self, question_id: int, seconds: int, entry: OutboxEntry) -> None:
        if seconds > 0:
            self.undo_bar.offer(entry.id, seconds)
        self.delete_queued.emit(question_id)
        self.reload()

    def undo(self, entry_id: str) -> None:
        inbox = self._inbox
        if inbox is None:
            return
        self.ctx.runner.run(inbox.undo(entry_id), on_success=self._on_undo_done,
                            label=self.tr("Undoing the delete…"), show_progress=False, owner=self)

    def _on_undo_done(self, undone: bool) -> None:
        self.undo_bar.withdraw()
        if not undone:
            self.ctx.runner.error_reported.emit(
                self.tr("Too late to undo: the question had already been deleted."))
        self.reload()
