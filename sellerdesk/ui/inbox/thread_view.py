"""The right pane: the open conversation (listing header, questions and answers, composer with
the suggested answers beside it and, when other buyers asked the same, the group bar above
it), and the answer / delete / undo flows on it. Data comes from `InboxService` through the
runner (every read on the store's thread), as `Conversation` values that say which question
can be answered and how each answer's write stands; the rows live in `ConversationModel`.
It hears of changes once, on the session's change feed, and reads again what they touch."""

from __future__ import annotations

import functools

from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.changes import Changes
from sellerdesk.services.conversation import Conversation
from sellerdesk.services.inbox import InboxService
from sellerdesk.services.outbox.pending import question_key
from sellerdesk.services.suggestions import Suggestion, placeholder_values
from sellerdesk.services.triage import InboxThread
from sellerdesk.services.types import OutboxEntry, Publication, Question
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.composer import AnswerComposer
from sellerdesk.ui.inbox.conversation_model import ConversationModel
from sellerdesk.ui.inbox.conversation_view import ConversationView
from sellerdesk.ui.inbox.group_bar import GroupBar
from sellerdesk.ui.inbox.publication_header import PublicationHeader
from sellerdesk.ui.inbox.suggestion_pane import SuggestionPane
from sellerdesk.ui.inbox.thread_model import buyer_of, one_line
from sellerdesk.ui.inbox.undo_bar import UndoBar
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.loading import refresh_from_network
from sellerdesk.ui.widgets.separator import Separator
from sellerdesk.ui.widgets.service_link import subscribe_changes
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache

# px of the pane below which the suggestions go under the composer: at 1280 px the pane is
# about 680 px wide, and under the composer they would leave the conversation a third.
NARROW = 560
# The share of the conversation area (the pane under the listing's header) the suggestions,
# with the group bar, may take: the conversation keeps the rest (at least 60 %).
SUGGESTIONS_SHARE = 0.4


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
        self._thread: InboxThread | None = None
        self._shown: str | None = None  # the thread whose rows are on screen
        self._target: int | None = None
        self._drafts: dict[str, str] = {}
        if ctx.services is not None:  # once: every committed change arrives here once
            subscribe_changes(self, ctx.services.changes, self._on_changes_published,
                              area="inbox")
        self.confirm: QMessageBox | None = None

        self.header = PublicationHeader(ctx.runner, thumbnails, self)
        self.undo_bar = UndoBar(self)
        self.conversation = ConversationView(self.model, self)
        self.composer = AnswerComposer(ctx.settings, self)
        self.suggestions = SuggestionPane(self, settings=ctx.settings)
        self.group = GroupBar(self)
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
        column.addWidget(self.group)
        self._bottom = QHBoxLayout()
        self._bottom.setContentsMargins(0, 0, 0, 0)
        self._bottom.setSpacing(0)
        self._bottom.addWidget(self.composer, 3)
        self._bottom.addWidget(self.suggestions, 2)
        column.addLayout(self._bottom)
        self.page = page
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

        self.conversation.reply_requested.connect(self._on_conversation_reply_requested)
        self.conversation.delete_requested.connect(self.ask_delete)
        self.conversation.undo_requested.connect(self.undo)
        self.conversation.outbox_requested.connect(self.outbox_requested)
        self.undo_bar.undo_requested.connect(self.undo)
        self.composer.send_requested.connect(self._on_composer_send_requested)
        self.suggestions.chosen.connect(self._on_suggestion_chosen)
        self.group.changed.connect(self._on_group_changed)
        QWidget.setTabOrder(self.composer.send, self.suggestions.title)
        QWidget.setTabOrder(self.suggestions.title, self.suggestions.buttons[0])
        for before, after in zip(self.suggestions.buttons, self.suggestions.buttons[1:],
                                 strict=False):
            QWidget.setTabOrder(before, after)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Narrow: the suggestions go under the composer, which keeps the width to write.
        # Also when the composer and the suggestions would not both fit whole side by side
        # (a long translation): stacked, nothing is cut.
        beside = (self.composer.minimumSizeHint().width()
                  + self.suggestions.minimumSizeHint().width())
        narrow = event.size().width() < max(NARROW, beside)
        self._bottom.setDirection(QBoxLayout.Direction.TopToBottom if narrow
                                  else QBoxLayout.Direction.LeftToRight)
        self._fit_suggestions(event.size().height(), narrow)

    def _fit_suggestions(self, height: int, narrow: bool) -> None:
        """The suggestions never leave the conversation less than 60 % of the area under
        the listing's header: they get 40 % of it, less the group bar's room (counted
        whether shown or not, so showing it moves nothing) and, stacked under it, the
        composer's; what does not fit scrolls in the pane."""
        area = height - self.header.sizeHint().height()
        # Less the two separators and the undo bar's margin, there when the bar is not.
        room = int(area * SUGGESTIONS_SHARE) - self.group.sizeHint().height() - 12
        if narrow:
            room -= self.composer.sizeHint().height()
        self.suggestions.set_room(room)

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

    def drafts(self) -> dict[str, str]:
        """Every conversation's unsent text, the open one's included (empty ones left out)."""
        found = dict(self._drafts)
        if self.model.thread_id is not None:
            found[self.model.thread_id] = self.composer.text()
        return {thread: text for thread, text in found.items() if text.strip()}

    def adopt_drafts(self, drafts: dict[str, str]) -> None:
        """Take unsent texts from a view this one replaces (the open one's goes in now)."""
        self._drafts.update(drafts)
        open_id = self.model.thread_id
        if open_id is not None and open_id in drafts and not self.composer.text():
            self.composer.set_text(drafts[open_id])

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
        """Read the open thread again from the cache (a change touched it)."""
        if self.model.thread_id is not None:
            self._read(self.model.thread_id, reveal=False)

    def _read(self, thread_id: str, *, reveal: bool) -> None:
        inbox = self._inbox
        if inbox is None:
            return
        # Opening a conversation reads its suggested answers with it: they show together.
        self.ctx.runner.run(inbox.read_conversation(thread_id, with_suggestions=reveal),
                            on_success=functools.partial(self._show, thread_id, reveal),
                            key="inbox.conversation", show_progress=False, owner=self)

    def _show(self, thread_id: str, reveal: bool, conversation: Conversation) -> None:
        if thread_id != self.model.thread_id:
            return  # the seller moved on meanwhile
        thread, items = conversation.thread, list(conversation.questions)
        questions = [item.question for item in items]
        self._thread, self._shown = thread, thread_id
        target = conversation.target_for(self._target)
        opening = conversation if conversation.suggestions is not None else None
        read_with_it = opening is not None and target is not None and opening.target == target
        # Else they are read on the store's thread while the cards are built here.
        self._read_helpers(target, suggestions=not read_with_it and (
            target != self._target or target != self.suggestions.question_id))
        if reveal:
            self.model.show_conversation(items)
        else:
            self.model.update(items)
        publication: Publication | None = next(
            (q.publication for q in questions if q.publication is not None), None)
        self.header.set_thread(thread, publication)
        self._set_target(target, read=False)
        if opening is not None and read_with_it and opening.suggestions is not None:
            self.suggestions.set_suggestions(target, list(opening.suggestions))
        self.composer.set_loading(False)
        self.stack.setCurrentWidget(self.page)
        if reveal:
            self.conversation.reveal(self._target)
        self.conversation_shown.emit(thread_id)

    def _set_target(self, question_id: int | None, *, read: bool = True) -> None:
        changed = question_id != self._target or question_id != self.suggestions.question_id
        self._target = question_id
        self.conversation.set_target(question_id)
        item = self.model.find(question_id) if question_id is not None else None
        self.composer.set_target((item.buyer, item.text) if item is not None else None)
        # Placeholders stand for the question answered: its buyer, its listing ("" for a
        # question about the shop: never words of the interface), as the service fills them.
        thread = self._thread.thread if self._thread is not None else None
        buyer, product = placeholder_values(item.question if item is not None else None)
        self.composer.set_context(
            buyer=buyer if item is not None else (buyer_of(thread) if thread else ""),
            product=product)
        if read:
            self._read_helpers(question_id, suggestions=changed)

    # ---- Suggested answers and the group of alike questions. ---------------------------------

    def _read_helpers(self, question_id: int | None, *, suggestions: bool) -> None:
        """The alike questions of the reply target (at every read: they get answered too)
        and, when the target changed, its suggested answers; from the store."""
        inbox = self._inbox
        if inbox is None or question_id is None:
            self.suggestions.set_suggestions(None, [])
            self.group.set_group(None, [])
            return
        if suggestions:
            self.ctx.runner.run(inbox.suggestions(question_id),
                                on_success=functools.partial(self._on_suggestions_read,
                                                             question_id),
                                key="inbox.suggestions", show_progress=False, owner=self)
        self.ctx.runner.run(inbox.alike(question_id),
                            on_success=functools.partial(self._on_alike_read, question_id),
                            key="inbox.alike", show_progress=False, owner=self)

    def _on_suggestions_read(self, question_id: int, found: list[Suggestion]) -> None:
        if question_id == self._target:
            self.suggestions.set_suggestions(question_id, found)

    def _on_suggestion_chosen(self, answer: str) -> None:
        # Until the new conversation's suggestions are read the old ones stay on screen:
        # they never go into another question's answer.
        if self.suggestions.question_id == self._target and self._target is not None:
            self.composer.insert_text(answer)

    def _on_alike_read(self, question_id: int, others: list[Question]) -> None:
        if question_id == self._target:
            self.group.set_group(question_id, others)

    def _on_group_changed(self) -> None:
        chosen = self.group.selected() if self.group.active() else []
        self.composer.set_group(1 + len(chosen) if chosen else 0)

    # ---- What the services report. ----------------------------------------------------------

    def _on_changes_published(self, changes: Changes) -> None:
        if self.concerned_by(changes):
            self.reload()

    def concerned_by(self, changes: Changes) -> bool:
        """Does `changes` touch the open conversation: its thread, one of its questions or
        their writes, or one of the alike questions offered beside it?"""
        thread_id = self.model.thread_id
        if thread_id is None or not changes.touches("inbox"):
            return False
        if "inbox" in changes.everything or thread_id in changes.threads:
            return True
        shown = {item.id for item in self.model.items()} | {q.id for q in self.group.others()}
        return bool(changes.questions & shown
                    or changes.pending & {question_key(q) for q in shown})

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
        others = self.group.selected() if self.group.active() else []
        work = (inbox.answer_group([question_id, *others], text) if others
                else inbox.answer(question_id, text))
        self.ctx.runner.run(
            work,
            on_success=functools.partial(self._on_answer_queued, thread_id, question_id),
            on_settled=functools.partial(self.composer.set_busy, False),
            label=self.tr("Saving your answer…"), show_progress=False, owner=self)

    def _on_answer_queued(self, thread_id: str, question_id: int,
                          _entry: OutboxEntry | list[OutboxEntry]) -> None:
        # Only now is the text safe in the outbox: clear it (or its draft if the seller
        # moved to another thread meanwhile).
        self._drafts.pop(thread_id, None)
        if self.model.thread_id == thread_id:
            self.composer.clear()
        self.answer_queued.emit(question_id)

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
        who = one_line(item.buyer, 60) or self.tr("the buyer")
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
