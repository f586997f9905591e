"""The Inbox view: conversations on the left (filters, search), the open one on the right.

Reads come from the cache at once and are refreshed behind (the app runs the sync; the open
thread is refreshed here). Writes go through the outbox via `InboxService`; every committed
change arrives once on the session's change feed, and the rows it touches are read again (in
the services' order, `InboxService.list`) and updated in place. Keyboard triage: J/K
(Alt+Down/Up) move between conversations, N jumps to the next one waiting for an answer (from
the current row on), R replies, Ctrl+F searches, Alt+1..3 insert a suggested answer. A
conversation opens however its row gets selected: keyboard, click, or an assistive
technology's selection.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QStandardPaths,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QKeyEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import QApplication, QSplitter, QWidget

from sellerdesk.services.changes import Changes
from sellerdesk.services.inbox_list import InboxFilters, InboxList, unanswered
from sellerdesk.services.session import Session
from sellerdesk.services.types import Resource, ThreadStatus
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox import first_read
from sellerdesk.ui.inbox.filters import pick_snapshot_thread
from sellerdesk.ui.inbox.thread_list import ThreadListPane
from sellerdesk.ui.inbox.thread_model import ThreadListModel, ThreadRole
from sellerdesk.ui.inbox.thread_view import ThreadView
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.widgets.service_link import subscribe_changes
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache, shop_pictures

if TYPE_CHECKING:
    from sellerdesk.services.sync import SyncProgress

# Rows a change in the background (a sync, a drain) inserts, moves or changes per turn of the
# event loop: drawing a row the list has not drawn before costs one to two milliseconds (more
# for the first rows of new names: their glyphs are drawn for the first time).
ROWS_PER_TURN = 2


def default_thumbnails(ctx: UiContext) -> ThumbnailCache:
    if ctx.options.data_dir is not None:
        return ThumbnailCache(ctx.options.data_dir / "cache" / "thumbnails",
                              fetch=shop_pictures(ctx))
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    return ThumbnailCache(Path(location) / "thumbnails" if location else None,
                          fetch=shop_pictures(ctx))


# Keys held with a letter that make it a command, not text.
_COMMAND_KEYS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                 | Qt.KeyboardModifier.MetaModifier)


def typed_text(event: QKeyEvent) -> str:
    """The text a key typed with no command key held puts in a field ("" for Space, arrows,
    function keys, Ctrl+…): a letter, a digit, a mark."""
    if event.modifiers() & _COMMAND_KEYS:
        return ""
    text = event.text()
    return text if text and text.isprintable() and not text.isspace() else ""


class InboxPanel(Panel):
    view_id = "inbox"
    # Another view should be shown, by id (a conflict's "Open the outbox" asks for "outbox").
    view_requested = Signal(str)
    threads_read = Signal()  # each time a read of the list arrives (first, filters, changes)

    def __init__(self, ctx: UiContext, parent: QWidget | None = None, *,
                 thumbnails: ThumbnailCache | None = None) -> None:
        super().__init__(ctx, parent)
        self._filters = InboxFilters()
        self._unhook: list[Any] = []
        self.model = ThreadListModel(self)
        self.list = ThreadListPane(self.model, self)
        self.thread_view = ThreadView(ctx, thumbnails or default_thumbnails(ctx), self)
        self.splitter = QSplitter(self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(1)
        self.splitter.addWidget(self.list)
        self.splitter.addWidget(self.thread_view)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([380, 820])
        self.lay_out(self.splitter)

        self._late_timer = QTimer(self)  # questions become late as the minutes pass
        self._late_timer.setInterval(60_000)
        self._late_timer.timeout.connect(self._mark_late)

        self._total = 0
        self._total_read = 0
        self._clock = QTimer(self)
        self._clock.setInterval(60_000)
        self._clock.timeout.connect(self._on_clock_timeout)
        self._clock.start()
        self._actions = self._build_actions()
        self.list.filters_changed.connect(self._on_list_filters_changed)
        self.list.words_changed.connect(self._on_list_words_changed)
        self.list.view.selectionModel().currentChanged.connect(
            self._on_selection_current_changed)
        # A screen reader selects a row (AT-SPI selectChild) without moving the current one.
        self.list.view.selectionModel().selectionChanged.connect(
            self._on_selection_selection_changed)
        self.list.view.activated_by_key.connect(self.reply)
        # A letter typed on the list starts the answer (not the list's type-ahead search).
        self.list.view.installEventFilter(self)
        self._watching_window = False
        self.thread_view.outbox_requested.connect(self._on_thread_view_outbox_requested)
        self.thread_view.composer.escape_pressed.connect(self._on_composer_escape_pressed)
        self.thread_view.composer.focus_released.connect(self._on_composer_focus_released)
        self._updating = False
        # Rows arriving in slices (a background change): the list settles when they are in.
        self._settle_when_caught_up = False
        self._first_read = False
        self.model.caught_up.connect(self._on_model_caught_up)
        # Where the seller opened the open conversation: N goes on from there once it
        # leaves the list, wherever re-reads moved it while it was being answered.
        self._opened_row = -1
        # Gone on to the next conversation after answering: its row is said again once
        # the list has re-read its rows (see _say_focused_row).
        self._say_focus_when_settled = False
        # The open conversation has nothing left to answer: the next one waiting opens once
        # the list has read and drawn the change that answered it (the change the open
        # conversation read too), unless the seller opened another meanwhile. The answered
        # conversation; the list's reads started, and the latest one that ended.
        self._go_on_from: str | None = None
        self._reads_started = 0
        self._reads_settled = 0
        # A sync reading the conversations into an empty inbox (a shop's first sync): the
        # empty list says so, with how far it got, instead of "No questions yet".
        self._reading: SyncProgress | None = None
        # The shop's questions never read (no sync brought them yet): that none waits is not
        # known. None: not read from the store yet; False: a sync ended without them.
        self._unread: bool | None = None
        self._show_empty_if_needed()

    def title(self) -> str:
        return self.tr("Inbox")

    def icon_name(self) -> str:
        return "inbox"

    # ---- Actions (listed in Help → Keyboard shortcuts). --------------------------------------

    def _action(self, text: str, keys_: list[str], slot: Any) -> QAction:
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(k) for k in keys_])
        # Window-wide, yet only while the inbox is on screen (Qt skips hidden widgets'
        # actions). Single letters never fire while typing: text fields claim printable
        # keys first (ShortcutOverride).
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> list[QAction]:
        composer = self.thread_view.composer
        return [
            self._action(self.tr("Next conversation"), ["J", "Alt+Down"], self.next_thread),
            self._action(self.tr("Previous conversation"), ["K", "Alt+Up"],
                         self.previous_thread),
            self._action(self.tr("Next unanswered conversation"), ["N"], self.next_unanswered),
            self._action(self.tr("Reply"), ["R"], self.reply),
            self._action(self.tr("Search questions"), ["Ctrl+F"], self.list.focus_search),
            self._action(self.tr("Delete the question…"), ["Delete"], self._on_delete_triggered),
            composer.send_action,
            *self._suggestion_actions(),
        ]

    def _suggestion_actions(self) -> list[QAction]:
        actions = self.thread_view.suggestions.shortcut_actions()
        for action in actions:
            self.addAction(action)  # window-wide while the inbox is on screen, as above
        return actions

    def panel_actions(self) -> list[QAction]:
        return list(self._actions)

    # ---- Loading. ----------------------------------------------------------------------------

    def load(self) -> None:
        services = self.ctx.services
        if services is None:
            self._show_empty_if_needed()
            self.mark_loaded()
            return
        if not self._unhook:
            self._connect_services(services)
        self._reload_threads(first=True)

    def refresh(self) -> None:
        self.load()
        self.thread_view.refresh()

    def _connect_services(self, services: Session) -> None:
        # Once: every committed change (a write queued or sent, a sync's records) comes here
        # once; the open conversation hears it on its own (ThreadView).
        self._unhook = [
            subscribe_changes(self, services.changes, self._on_changes_published,
                              area="inbox"),
            services.connectivity.changed.connect(self._on_connectivity_changed),
            services.sync.progressed.connect(self._on_sync_progressed),
            services.sync.finished.connect(self._on_sync_finished),
        ]
        # Service events hold plain callbacks: drop ours with the widget (no self inside).
        self.destroyed.connect(functools.partial(_unhook_all, self._unhook))

    def _reload_threads(self, first: bool = False, background: bool = False) -> None:
        services = self.ctx.services
        if services is None:
            return
        filters = self._filters
        minutes = self.ctx.settings.slow_answer_minutes()
        # The first read may be under way already (started before the window was built).
        work = (first and first_read.take(services, filters, minutes)) \
            or first_read.read_threads(services, filters, minutes)
        if first:
            work = self._knowing_if_read(services, work)
        self._reads_started += 1
        self.ctx.runner.run(
            work,
            on_success=functools.partial(self._on_threads_read, filters, first, background),
            on_settled=functools.partial(self._on_threads_settled, self._reads_started, first),
            key="inbox.threads", label=self.tr("Searching…") if filters.words else "",
            show_progress=bool(filters.words), owner=self)

    async def _knowing_if_read(self, services: Session, work: Awaitable[InboxList]
                               ) -> InboxList:
        """The first rows, and whether a sync ever brought the questions (before the empty
        list says anything about them)."""
        result = await work
        if await services.sync.synced_at(Resource.THREADS) is None:
            self._unread = self._unread if self._unread is not None else True
        else:
            self._unread = None
        return result

    def _on_threads_read(self, filters: InboxFilters, first: bool, background: bool,
                         result: InboxList) -> None:
        threads, total, late = result.rows, result.unanswered, result.late
        if filters != self._filters:
            return  # an older read finished after the filters changed
        self._late_timer.start()
        self.model.set_late(late)
        self._total_read = total
        self._first_read = first
        self.threads_read.emit()
        if background:
            # A sync's or a drain's change: a few rows per turn, never a frame's worth of
            # rows drawn at once; the list settles (selection, counts) when they are in.
            self._settle_when_caught_up = True
            self.list.expect_rows(len(threads))
            self.model.update_in_slices(threads, ROWS_PER_TURN,
                                        free_from=self.list.rows_in_view())
            if threads:
                self.list.show_list()  # in this turn; its first rows in the next ones
            return
        # The seller asked (first load, filters, search): the new list at once.
        self._settle_when_caught_up = False
        self._updating = True
        try:
            self.model.update(threads)
        finally:
            self._updating = False
        self._settle_list()

    def _on_threads_settled(self, read: int, first: bool) -> None:
        """A read of the list ended (read, failed, or replaced by a newer one)."""
        if first:
            self.mark_loaded()
        self._reads_settled = max(self._reads_settled, read)
        self._go_on_when_settled()

    def _list_caught_up(self) -> bool:
        """The latest read of the list is over and its rows are all in."""
        return self._reads_settled >= self._reads_started and not self._settle_when_caught_up

    def _on_model_caught_up(self) -> None:
        if self._settle_when_caught_up:
            self._settle_when_caught_up = False
            self._settle_list()

    def _settle_list(self) -> None:
        """With the rows in: counts, the empty state, and the open conversation's row."""
        first = self._first_read
        self.list.rows_settled()
        self._set_unanswered(self._total_read)
        self._show_empty_if_needed()
        if not self.model.rowCount():
            self.list.warm_up_soon()  # the rows a sync brings will not pay for the first row
        open_id = self.thread_view.thread_id()
        row = self.model.row_of(open_id) if open_id else -1
        selection = self.list.view.selectionModel()
        if row >= 0:
            if self.list.current_row() != row:
                selection.setCurrentIndex(self.model.index(row, 0),
                                          QItemSelectionModel.SelectionFlag.ClearAndSelect)
        elif open_id is not None:
            selection.clearSelection()  # the open thread left the list: keep it on screen
            place = min(self._opened_row, self.model.rowCount() - 1)
            if place >= 0 and self.list.current_row() != place:
                self._updating = True  # a place to go on from, not a row to open
                try:
                    selection.setCurrentIndex(self.model.index(place, 0),
                                              QItemSelectionModel.SelectionFlag.NoUpdate)
                finally:
                    self._updating = False
        elif first and self.model.rowCount():
            self.list.select_row(0)
        elif not self.model.rowCount():
            self.thread_view.open(None)
        current = self.list.view.currentIndex()
        if current.isValid() and self.list.view.hasFocus():
            self.list.view.scrollTo(current)  # rows moved: the focused one stays in view
        if self._say_focus_when_settled:
            self._say_focus_when_settled = False
            self._say_focused_row()
        self._go_on_when_settled()

    def _set_unanswered(self, total: int) -> None:
        self._total = total
        self._update_subtitle()
        count = self.model.rowCount()
        self.list.set_count(self.tr("Shown: {n}").format(n=count) if self._filters.narrowed
                            else self.tr("Conversations: {n}").format(n=count))

    def unanswered(self) -> int:
        """The questions waiting for an answer the header shows (`Counts.unanswered`)."""
        return self._total

    def _update_subtitle(self) -> None:
        # Counts after a colon read right in every language without plural forms.
        total = self._total
        if total:
            parts = [self.tr("Waiting for an answer: {n}").format(n=total)]
        elif (self._reading is not None or self._unread) and not self.model.rowCount():
            # Nothing read yet: that every question has an answer is not known.
            parts = [self.tr("Reading your shop's questions…")]
        elif self._unread is False and not self.model.rowCount():
            parts = [QCoreApplication.translate("ShopConnector", "Questions not synced")]
        else:
            parts = [self.tr("Every question has an answer")]
        services = self.ctx.services
        if services is not None and not services.connectivity.online:
            parts.append(self.tr("Offline: showing the saved copy; answers wait in the outbox"))
        self.header.set_subtitle("  ·  ".join(parts))

    def _mark_late(self) -> None:
        """Mark the conversations waiting longer than the seller's goal (issue 9)."""
        services = self.ctx.services
        if services is None:
            return
        self._late_timer.start()
        minutes = self.ctx.settings.slow_answer_minutes()
        self.ctx.runner.run(services.dashboard.late_threads(slow_minutes=minutes),
                            on_success=self.model.set_late, show_progress=False,
                            report_errors=False, key=f"inbox.late-{id(self)}", owner=self)

    def _show_empty_if_needed(self) -> None:
        if self.model.rowCount():
            self.list.show_list()
            return
        f = self._filters
        if self.ctx.services is None:
            self.list.show_empty(self.tr("No shop connected"),
                                 self.tr("Buyers' questions and your answers appear here, "
                                         "grouped by conversation, once a shop is connected."))
        elif (self._reading is not None or self._unread) and not f.words:
            self.list.show_empty(self.tr("Reading your shop's questions…"),
                                 self._reading_hint(self._reading))
        elif self._unread is False and not f.words:
            self.list.show_empty(
                QCoreApplication.translate("ShopConnector", "Questions not synced"), "")
        elif f.words or f.channel is not None or f.status is ThreadStatus.ANSWERED:
            self.list.show_empty(self.tr("No results for these filters"),
                                 self.tr("Try other words, or show all statuses and channels."))
        elif f.status is not None:
            self.list.show_empty(self.tr("No unanswered questions — nice work"),
                                 self.tr("New questions from buyers show up here first."))
        else:
            self.list.show_empty(self.tr("No questions yet"),
                                 self.tr("Buyers' questions appear here as they arrive."))

    def _reading_hint(self, p: SyncProgress | None) -> str:
        from sellerdesk.ui.widgets.formatting import format_number  # Babel: not at start-up

        # A first sync shows the waiting conversations once all are read: no count of the
        # conversations listed (they do not show as soon as the list is read).
        if p is not None and p.total and (p.part is None or p.stage == "questions"):
            done, total = format_number(p.done), format_number(p.total)
            if p.stage == "threads":
                return self.tr("Conversations listed: {done} of {total}. They show here as "
                               "soon as the list is read.").format(done=done, total=total)
            return self.tr("Conversations read: {done} of {total}.").format(done=done,
                                                                            total=total)
        return self.tr("A shop's first reading takes a little while; the other views can "
                       "be used meanwhile.")

    # ---- Service events (on the loop, which is the GUI thread). ------------------------------

    def _on_sync_progressed(self, p: SyncProgress) -> None:
        if p.stage not in ("threads", "questions"):
            return
        first = self._reading is None
        self._reading = p
        if not self.model.rowCount():
            self._show_empty_if_needed()
            if first:
                self._update_subtitle()

    def _on_sync_finished(self, _report: object) -> None:
        services = self.ctx.services
        if self._unread and services is not None:
            # Whether this sync brought the questions, before the words change.
            def read(synced: object) -> None:
                self._unread = None if synced is not None else False
                self._stop_reading(force=True)

            self.ctx.runner.run(services.sync.synced_at(Resource.THREADS), on_success=read,
                                key="inbox.synced", show_progress=False, report_errors=False,
                                owner=self)
            return
        self._stop_reading()

    def _stop_reading(self, *, force: bool = False) -> None:
        if self._reading is not None or force:
            self._reading = None
            self._show_empty_if_needed()
            self._update_subtitle()

    def _on_changes_published(self, changes: Changes) -> None:
        if changes.touches("inbox"):
            self._reload_threads(background=True)

    def _on_connectivity_changed(self, _state: object) -> None:
        self._update_subtitle()

    def _on_clock_timeout(self) -> None:
        """Relative times ("5 minutes ago") age while the app stays open all day."""
        self.model.refresh_times()
        self.thread_view.conversation.refresh_times()

    # ---- Filters and search. -----------------------------------------------------------------

    def _on_list_filters_changed(self) -> None:
        self._filters = self.list.filters()
        self._reload_threads()

    def _on_list_words_changed(self, words: str) -> None:
        self._filters = self._filters.with_words(words)
        self._reload_threads()

    # ---- Moving between threads. -------------------------------------------------------------

    def _on_selection_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._updating or self.model.updating() or not current.isValid():
            return  # rows moved under the selection: what is open stays open
        thread_id = current.data(ThreadRole.ID)
        if thread_id != self.thread_view.thread_id():
            self._opened_row = current.row()
            self.thread_view.open(str(thread_id))

    def _on_selection_selection_changed(self, selected: QItemSelection,
                                        _deselected: QItemSelection) -> None:
        """A row selected without becoming current (an assistive technology's "select"):
        open it as a click would, and make it current so the keyboard goes on from there."""
        if self._updating or self.model.updating():
            return
        rows = {index.row() for index in selected.indexes()}
        if len(rows) != 1:
            return
        index = self.model.index(rows.pop(), 0)
        if index.data(ThreadRole.ID) == self.thread_view.thread_id():
            return
        self._opened_row = index.row()
        self.list.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.NoUpdate)
        self.thread_view.open(str(index.data(ThreadRole.ID)))

    def open_thread(self, thread_id: str) -> bool:
        """Open a conversation (e.g. from a notification); True when it is in the list, else
        it is opened on its own and the list's selection is left alone."""
        row = self.model.row_of(thread_id)
        if row < 0:
            self.thread_view.open(thread_id)
            return False
        self.list.select_row(row)
        return True

    def apply_filters(self, filters: InboxFilters) -> None:
        """Show the list with `filters` (status, channel, order and search words)."""
        self.list.set_filters(filters)
        self._filters = self.list.filters()
        self._reload_threads()

    def filters(self) -> InboxFilters:
        return self._filters

    def _step(self, delta: int) -> None:
        count = self.model.rowCount()
        if not count:
            return
        row = self.list.current_row()
        current = self.model.item(row)
        if current is not None and current.id != self.thread_view.thread_id():
            self.list.select_row(row)  # the highlighted row is not open yet: open it first
            return
        self.list.select_row(min(max(row + delta, 0), count - 1) if row >= 0 else 0)

    def next_thread(self) -> None:
        self._step(1)

    def previous_thread(self) -> None:
        self._step(-1)

    def next_unanswered(self) -> None:
        """The next conversation waiting for an answer, looking from the current row on
        (itself included unless it is the open one): after the top conversation is
        answered and moves away, the one now in its place is next, never skipped."""
        self._next_unanswered_from(self.list.current_row())

    def _next_unanswered_from(self, start: int) -> None:
        # Not a parameter of next_unanswered: QAction.triggered would pass `checked` to it.
        count = self.model.rowCount()
        start = max(start, 0)
        open_id = self.thread_view.thread_id()
        for step in range(count):
            row = (start + step) % count
            item = self.model.item(row)
            if item is not None and unanswered(item) and item.id != open_id:
                self.list.select_row(row)
                return

    def reply(self) -> None:
        if self.thread_view.thread_id() is None:
            self.next_unanswered()
        self.thread_view.composer.focus_editor()

    # ---- Typing before R: the letters start the answer, none is lost. -------------------------

    def start_answer(self, event: QKeyEvent) -> bool:
        """A printable key typed where no field takes it (the list, a button, nowhere) while
        a conversation is open: the answer starts with it (R, a shortcut, still replies)."""
        text = typed_text(event)
        if not text or self.thread_view.thread_id() is None:
            return False
        return self.thread_view.composer.start_typing(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and (
                watched is self.list.view
                or (watched is self.window() and QApplication.focusWidget() is None
                    and self.isVisible())) and self.start_answer(event):
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Keys no child took (a button, a card has the focus) come up to here."""
        if not self.start_answer(event):
            super().keyPressEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._watching_window and self.window() is not self:
            self._watching_window = True  # with no focus at all, keys go to the window
            self.window().installEventFilter(self)

    def _on_delete_triggered(self) -> None:
        self.thread_view.ask_delete()

    def _on_thread_view_outbox_requested(self) -> None:
        self.view_requested.emit("outbox")

    def _on_composer_escape_pressed(self) -> None:
        self.list.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _on_composer_focus_released(self) -> None:
        """The open conversation has nothing left to answer: the keyboard goes on to the
        next one waiting, selected, in view and focused (never to a row that moved off).
        The focus moves now (the field is folding away); the next conversation opens once
        the answered one is drawn (this comes from within its drawing) and the list has
        read that same change, its rows all in (a few per turn): before, the answered row
        may still read "waiting" or be halfway to its new place."""
        self.list.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self._go_on_from = self.thread_view.thread_id()
        self._go_on_when_settled()

    def _go_on_when_settled(self) -> None:
        if self._go_on_from is not None and self._list_caught_up():
            QTimer.singleShot(0, self, self._go_on_to_next_waiting)

    def _go_on_to_next_waiting(self) -> None:
        if self._go_on_from is None or not self._list_caught_up():
            return  # gone on already, or another change came meanwhile: after its rows
        answered, self._go_on_from = self._go_on_from, None
        if self.thread_view.thread_id() != answered:
            return  # the seller opened another conversation meanwhile
        # From where the answered conversation was opened: the one now in its place, never
        # from the row it moved to.
        self._next_unanswered_from(self._opened_row if self._opened_row >= 0
                                   else self.list.current_row())
        current = self.list.view.currentIndex()
        if current.isValid():
            self.list.view.scrollTo(current)
        self._say_focus_when_settled = True

    def _say_focused_row(self) -> None:
        """Tell assistive technology again which row has the focus: the rows the list
        re-read under it are new objects, and the one it was told of is gone."""
        from PySide6.QtGui import QAccessible, QAccessibleEvent  # not before the first paint

        view = self.list.view
        current = view.currentIndex()
        if QAccessible.isActive() and view.hasFocus() and current.isValid():
            event = QAccessibleEvent(view, QAccessible.Event.Focus)
            event.setChild(current.row())  # a list's rows are its accessible children
            QAccessible.updateAccessibility(event)

    # ---- Snapshot and remembering. -----------------------------------------------------------

    async def prepare_snapshot(self) -> None:
        """Open a thread with an answered and an unanswered question and a queued answer."""
        services = self.ctx.services
        if services is None or not self.model.rowCount():
            return
        best = await pick_snapshot_thread(services, self.model.items())
        if best is None:
            return
        shown: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def done(thread_id: str) -> None:
            if thread_id == best.id and not shown.done():
                shown.set_result(None)

        self.thread_view.conversation_shown.connect(done)
        try:
            self.open_thread(best.id)
            if self.thread_view.thread_id() == best.id:
                self.thread_view.reload()
            await asyncio.wait_for(shown, 10)
        finally:
            self.thread_view.conversation_shown.disconnect(done)

    def unsaved(self) -> object | None:
        return self.thread_view.drafts() or None

    def adopt_unsaved(self, typed: object) -> None:
        if isinstance(typed, dict):
            self.thread_view.adopt_drafts({str(k): str(v) for k, v in typed.items()})

    def save_state(self) -> None:
        self.ctx.settings.save_splitter("inbox", self.splitter)
        self.ctx.settings.set(keys.VIEW_FILTERS.at("inbox"), self._filters.to_json())

    def restore_state(self) -> None:
        self.ctx.settings.restore_splitter("inbox", self.splitter)
        self._filters = first_read.saved_filters(self.ctx.settings)
        self.list.set_filters(self._filters)


def _unhook_all(unhooks: list[Any], *_: object) -> None:
    for unhook in unhooks:
        unhook()
    unhooks.clear()
