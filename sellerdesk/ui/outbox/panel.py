"""The Outbox view: the seller's writes not yet on the shop, with retry, discard and conflict
resolution. Rows follow the outbox live (inserted, changed, removed; never a reset)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.changes import Changes
from sellerdesk.services.outbox.discard import Discarded, DiscardOutcome, may_be_applied
from sellerdesk.services.outbox.subjects import Subject, subjects_of
from sellerdesk.services.types import (
    UNFINISHED,
    IntentKind,
    OutboxEntry,
    OutboxState,
    Resolution,
)
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.core_messages import core_words
from sellerdesk.ui.outbox.describe import (
    about,
    already_on_shop,
    cannot_check,
    details,
    discard_checks_first,
    error_words,
    may_be_on_shop,
    what,
)
from sellerdesk.ui.outbox.model import Column, OutboxModel, scheduled, state_words
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.widgets.announce import announce
from sellerdesk.ui.widgets.banner import BannerMessage, MessageLevel
from sellerdesk.ui.widgets.chip_delegate import ChipDelegate
from sellerdesk.ui.widgets.columns import fit_columns
from sellerdesk.ui.widgets.confirm import confirm
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.formatting import format_datetime
from sellerdesk.ui.widgets.record_card import RecordCard
from sellerdesk.ui.widgets.service_link import subscribe, subscribe_changes

_RETRYABLE = (OutboxState.QUEUED, OutboxState.FAILED)
_DISCARDABLE = (OutboxState.QUEUED, OutboxState.FAILED, OutboxState.CONFLICT)


class OutboxPanel(Panel):
    view_id = "outbox"

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = OutboxModel(self)
        self.paused_reason: str | None = None
        self._build()
        self._build_actions()
        self._update_buttons()
        if ctx.services is not None:
            # Every write's commit, once (a burst — a bulk shipping update queues dozens —
            # is one call: subscribe_changes); the pause is not a record's change.
            subscribe_changes(self, ctx.services.changes, self._on_changes, area="outbox")
            subscribe(self, ctx.services.outbox.auth_needed, lambda _reason: self.reload())
            subscribe(self, ctx.services.outbox.resumed, lambda _none: self.reload())

    def title(self) -> str:
        return self.tr("Outbox")

    def icon_name(self) -> str:
        return "outbox"

    # ---- Building. ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.send_all_button = self._button(self.tr("Send all now"),
                                            self.tr("Send every waiting change now"),
                                            self.send_all)
        self.retry_button = self._button(self.tr("Retry"), self.tr("Send the selected change "
                                                                   "again"), self.retry_selected)
        self.discard_button = self._button(self.tr("Discard…"),
                                           self.tr("Discard the selected change"),
                                           self.discard_selected)
        self.resolve_button = self._button(self.tr("Resolve…"),
                                           self.tr("Resolve the selected conflict"),
                                           self.resolve_selected)
        for button in (self.resolve_button, self.retry_button, self.discard_button,
                       self.send_all_button):
            self.header.add_tool(button)

        self.paused_banner: BannerMessage | None = None
        self.note: BannerMessage | None = None  # what the last discard did, when not obvious

        self.table = QTreeView(self)
        self.table.setModel(self.model)
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setAlternatingRowColors(True)
        self.table.setItemDelegate(ChipDelegate(self.table))
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setFrameShape(QTreeView.Shape.NoFrame)
        self.table.setAccessibleName(self.tr("Changes waiting to be sent"))
        head = self.table.header()
        head.setStretchLastSection(False)
        fit_columns(self.table, head, {Column.WHAT: 240, Column.DETAILS: 200,
                                       Column.STATE: 140, Column.ATTEMPTS: 70,
                                       Column.ERROR: 230, Column.CREATED: 160})
        head.setSectionResizeMode(Column.DETAILS, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.activated.connect(self._on_table_activated)

        self.detail = RecordCard("", self)
        self.detail.add_row("about", self.tr("Question"))
        self.detail.add_row("details", self.tr("Details"))
        self.detail.add_row("state", self.tr("State"))
        self.detail.add_row("problem", self.tr("Last problem"))
        self.detail.add_row("attempts", self.tr("Attempts"))
        self.detail.add_row("created", self.tr("Made"))
        self.detail.add_row("next", self.tr("Next attempt"))
        holder = QWidget(self)
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(16, 12, 16, 12)
        inner.addWidget(self.detail)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(holder)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([380, 260])

        self.empty_state = EmptyState(
            "check", self.tr("Nothing waiting to be sent"),
            self.tr("Answers and updates you make while offline wait here until they reach "
                    "the shop."), self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty_state)
        self.stack.addWidget(self.splitter)

        self._banner_box = QVBoxLayout()
        self._banner_box.setContentsMargins(12, 10, 12, 0)
        self.lay_out(self.stack, above_body=self._banner_box)

    def _button(self, text: str, accessible: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(accessible)
        button.clicked.connect(slot)
        return button

    def _build_actions(self) -> None:
        def make(text: str, shortcut: str, slot: Callable[[], object],
                 scope: QWidget | None = None) -> QAction:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            if scope is not None:
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            (scope or self).addAction(action)
            return action

        self._actions = [
            make(self.tr("Retry the selected change"), "Ctrl+Shift+R", self.retry_selected),
            make(self.tr("Send all waiting changes now"), "Ctrl+Shift+Return", self.send_all),
            make(self.tr("Discard the selected change (in the list)"), "Del",
                 self.discard_selected, self.table),
            make(self.tr("Resolve the selected conflict"), "Ctrl+Shift+E",
                 self.resolve_selected),
        ]

    def panel_actions(self) -> list[QAction]:
        return list(self._actions)

    # ---- Loading. ------------------------------------------------------------------------------

    def load(self) -> None:
        if self.ctx.services is None:
            self._show_entries([])
            self.mark_loaded()
            return
        self.reload()

    def reload(self) -> None:
        services = self.ctx.services
        if services is None:
            return

        async def read() -> tuple[list[OutboxEntry], str | None, dict[str, Subject]]:
            entries = await services.outbox.entries(states=UNFINISHED)
            return (entries, await services.outbox.paused(),
                    await subjects_of(services, entries))

        def shown(result: tuple[list[OutboxEntry], str | None, dict[str, Subject]]) -> None:
            entries, paused, subjects = result
            self.model.set_subjects(subjects)
            self._show_entries(entries)
            self._show_paused(paused)
            self.mark_loaded()

        self.ctx.runner.run(read(), on_success=shown, key=f"outbox.entries.{id(self)}", owner=self,
                            show_progress=False)

    def refresh(self) -> None:
        self.reload()

    def _on_changes(self, _changes: Changes) -> None:
        self.reload()

    def _show_entries(self, entries: list[OutboxEntry]) -> None:
        # What left the list (sent, discarded) or fell into conflict is said by the
        # window's one announcer (ui/announcements.py), not here a second time.
        self.model.update(entries)
        self.stack.setCurrentWidget(self.splitter if entries else self.empty_state)
        if entries and not self.table.currentIndex().isValid():
            self.table.setCurrentIndex(self.model.index(0, 0))
        waiting = sum(e.state in (OutboxState.QUEUED, OutboxState.SENDING) for e in entries)
        stuck = len(entries) - waiting
        parts = [self.tr("%n waiting", "", waiting) if waiting else "",
                 self.tr("%n need you", "", stuck) if stuck else ""]
        self.header.set_subtitle(" · ".join(p for p in parts if p))
        self._refresh_detail()
        self._update_buttons()

    def _show_paused(self, reason: str | None) -> None:
        """A refused token pauses the whole queue: say so, with the reason, above the list
        (entering a new token is the profile dialog's job)."""
        if reason == self.paused_reason:
            return
        self.paused_reason = reason
        if self.paused_banner is not None:
            self.paused_banner.hide()
            self.paused_banner.deleteLater()
            self.paused_banner = None
        if reason:
            words = core_words(reason)
            banner = BannerMessage(self.tr("Sending is paused: {reason}").format(reason=words),
                                   MessageLevel.WARNING, self)
            banner.dismissed.connect(banner.hide)
            self._banner_box.addWidget(banner)
            self.paused_banner = banner
            if self.is_loaded():
                announce(self, banner.text(), assertive=True)

    def paused_text(self) -> str:
        banner = self.paused_banner
        return banner.text() if banner is not None and not banner.isHidden() else ""

    # ---- Selection. ------------------------------------------------------------------------------

    def selected_entry(self) -> OutboxEntry | None:
        return self.model.item_at(self.table.currentIndex())

    def _on_table_selection_changed(self, _a: QItemSelection, _b: QItemSelection) -> None:
        self._refresh_detail()
        self._update_buttons()

    def _on_table_activated(self, _index: QModelIndex | QPersistentModelIndex) -> None:
        entry = self.selected_entry()
        if entry is not None and entry.state is OutboxState.CONFLICT:
            self.resolve_selected()

    def _refresh_detail(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            return
        card = self.detail
        subject = self.model.subject(entry)
        card.set_title(what(entry, subject))
        card.set_value("details", details(entry))
        card.set_value("state", state_words(entry))
        card.set_value("problem", error_words(entry))
        card.set_value("attempts", str(entry.attempts))
        card.set_value("created", format_datetime(entry.created_at))
        card.set_value("next", format_datetime(entry.next_attempt_at)
                       if entry.next_attempt_at and entry.state is OutboxState.QUEUED else "")
        card.set_caption("next", self.tr("Goes at") if scheduled(entry)
                         else self.tr("Next attempt"))
        self._show_about(entry)

    def _show_about(self, entry: OutboxEntry) -> None:
        """An answer or a deletion says little without the buyer's question, a shipping
        without the order's products: shown from the local copy, as the buyer wrote it."""
        question = entry.kind in (IntentKind.ANSWER, IntentKind.DELETE_QUESTION)
        order = entry.kind in (IntentKind.INVOICE, IntentKind.SHIPPING)
        self.detail.set_row_visible("about", question or order)
        self.detail.set_caption("about", self.tr("Question") if question else self.tr("Products"))
        if question or order:
            self.detail.set_value("about", about(entry, self.model.subject(entry))
                                  or self.tr("(not in the saved copy)"))

    def _update_buttons(self) -> None:
        entry = self.selected_entry()
        state = entry.state if entry is not None else None
        self.retry_button.setEnabled(state in _RETRYABLE)
        self.discard_button.setEnabled(state in _DISCARDABLE)
        self.resolve_button.setEnabled(state is OutboxState.CONFLICT)
        self.resolve_button.setVisible(any(e.state is OutboxState.CONFLICT
                                           for e in self.model.items()))
        self.send_all_button.setEnabled(any(e.state is OutboxState.QUEUED
                                            for e in self.model.items()))

    # ---- Actions. --------------------------------------------------------------------------------

    def send_all(self) -> None:
        services = self.ctx.services
        if services is not None:
            services.connectivity.nudge()
            self.ctx.runner.run(services.outbox.retry_all_waiting(), owner=self,
                                show_progress=False)

    def retry_selected(self) -> None:
        services, entry = self.ctx.services, self.selected_entry()
        if services is None or entry is None or entry.state not in _RETRYABLE:
            return
        self.ctx.runner.run(services.outbox.retry(entry.id), owner=self,
                            label=self.tr("Sending again…"))

    def discard_selected(self) -> None:
        services, entry = self.ctx.services, self.selected_entry()
        if services is None or entry is None or entry.state not in _DISCARDABLE:
            return
        entry_id, words = entry.id, what(entry, self.model.subject(entry))

        def discard(force: bool = False) -> None:
            self.ctx.runner.run(services.outbox.discard(entry_id, force=force), owner=self,
                                on_success=lambda done: self._on_discarded(done, words),
                                label=self.tr("Discarding…"))

        confirm(self, self.tr("Discard change"),
                self.tr("Discard “{what}”?").format(what=words),
                self.tr("Discard"),
                discard,
                informative=discard_checks_first() if may_be_applied(entry) else
                self.tr("It will not be sent to the shop, and it cannot be brought back."))

    def _on_discarded(self, done: Discarded, words: str) -> None:
        """Say what a discard did when it is not simply gone: already on the shop (settled),
        or not checked (the shop out of reach: the seller may discard it unchecked)."""
        services = self.ctx.services
        if done.outcome is DiscardOutcome.ALREADY_APPLIED:
            self._show_note(already_on_shop(words))
        elif done.outcome is DiscardOutcome.UNCHECKED and services is not None:
            entry_id = done.entry.id

            def anyway() -> None:
                self.ctx.runner.run(services.outbox.discard(entry_id, force=True),
                                    owner=self, label=self.tr("Discarding…"))

            confirm(self, self.tr("Discard change"), may_be_on_shop(words),
                    self.tr("Discard anyway"), anyway, informative=cannot_check(done.reason))

    def _show_note(self, text: str) -> None:
        """A line above the list the seller dismisses, said to a screen reader too."""
        if self.note is not None:  # one note at a time: the newest
            self.note.hide()
            self.note.deleteLater()
        note = BannerMessage(text, MessageLevel.INFO, self)
        note.dismissed.connect(note.hide)
        self._banner_box.addWidget(note)
        self.note = note
        announce(self, text)

    def resolve_selected(self) -> QWidget | None:
        services, entry = self.ctx.services, self.selected_entry()
        if services is None or entry is None or entry.state is not OutboxState.CONFLICT:
            return None
        # Imported here: the dialog reads this package's wording helpers.
        from sellerdesk.ui.outbox.conflict import ConflictDialog

        dialog = ConflictDialog(entry, self)
        entry_id = entry.id

        def chosen(choice: Resolution) -> None:
            self.ctx.runner.run(services.outbox.resolve(entry_id, choice), owner=self,
                                label=self.tr("Resolving the conflict…"))

        dialog.resolved.connect(chosen)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.open()
        self.conflict_dialog = dialog
        return dialog

    # ---- Remembering. ----------------------------------------------------------------------------

    def save_state(self) -> None:
        self.ctx.settings.save_splitter("outbox", self.splitter)
        self.ctx.settings.save_header("outbox", self.table.header())

    def restore_state(self) -> None:
        self.ctx.settings.restore_splitter("outbox", self.splitter)
        self.ctx.settings.restore_header("outbox", self.table.header())

    async def prepare_snapshot(self) -> None:
        if self.model.rowCount() and not self.table.currentIndex().isValid():
            self.table.setCurrentIndex(self.model.index(0, 0))
