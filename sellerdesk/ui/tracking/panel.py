"""The Tracking codes view: the list with its filters, and the editor of the selected code.

Every write goes through the outbox (create, modify with only the changed fields, delete);
the list and the editor show each code as the seller left it, with its queued / sent /
conflict state, while the outbox works.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from msgspec.structs import replace
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QWidget,
)

from sellerdesk.services.changes import Changes
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.session import Session
from sellerdesk.services.tracking_rows import TrackingRow, queued_change, queued_create
from sellerdesk.services.types import OutboxEntry, Resource
from sellerdesk.ui import settings as keys
from sellerdesk.ui.cached_panel import CachedPanel
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.icons import icon
from sellerdesk.ui.pending import PendingSignals
from sellerdesk.ui.tracking.confirmations import confirm_removal
from sellerdesk.ui.tracking.editor import TrackingEditor
from sellerdesk.ui.tracking.filters import TrackingFilters
from sellerdesk.ui.tracking.list_view import TrackingListView
from sellerdesk.ui.tracking.model import TrackingListModel
from sellerdesk.ui.widgets.confirm import ask_unsaved
from sellerdesk.ui.widgets.follow_selection import follow_selection
from sellerdesk.ui.widgets.loading import updated_text
from sellerdesk.ui.widgets.service_link import subscribe_changes

Rows = tuple[list[TrackingRow], bool]  # the rows shown, and whether the shop has any code


class TrackingPanel(CachedPanel[Rows]):
    view_id = "tracking"
    synced_resource = Resource.TRACKING_CODES

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = TrackingListModel(self)
        self._current_key: str | None = None  # the row the editor shows (None: a new code)
        self._deleted: set[str] = set()  # codes whose delete this view queued
        self._selecting = False
        self._saving = False
        self._new_started = False  # the editor holds a new code the seller began
        self.pending = PendingSignals(self)  # what waits for the server, per code
        self._build()
        self._build_actions()
        services = ctx.services
        if services is not None:
            # The view's one route of changes: codes read again, their writes queued, sent,
            # discarded (a burst is one call: subscribe_changes).
            subscribe_changes(self, services.changes, self._on_changes, area="tracking")
            self.pending.attach(services.pending)

    def title(self) -> str:
        return self.tr("Tracking codes")

    def icon_name(self) -> str:
        return "tracking"

    # ---- Building. --------------------------------------------------------------------------

    def _build(self) -> None:
        self.filters = TrackingFilters(self)
        self.filters.changed.connect(self.reload_rows)
        self.new_button = QPushButton(icon("tracking"), self.tr("New code"), self)
        self.new_button.setAccessibleName(self.tr("New tracking code"))
        self.new_button.clicked.connect(self.new_code)
        self.header.add_tool(self.filters)
        self.header.add_tool(self.new_button)

        self.list_stack = TrackingListView(self.model, self)
        self.list = self.list_stack.tree
        self.empty_state = self.list_stack.empty_state
        self.no_match = self.list_stack.no_match
        follow_selection(self.list)  # a row selected over AT-SPI opens too
        self.list.selectionModel().currentRowChanged.connect(self._on_list_current_row_changed)

        self.editor = TrackingEditor(self)
        self.editor.save_requested.connect(self.save)
        self.editor.delete_requested.connect(self.delete_current)
        self.editor.revert_requested.connect(self.editor.revert)
        # On a short screen the editor scrolls rather than squeezing its fields together.
        self.editor_scroll = QScrollArea(self)
        self.editor_scroll.setWidget(self.editor)
        self.editor_scroll.setWidgetResizable(True)
        self.editor_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.editor_scroll.setAccessibleName(self.tr("Tracking code editor"))
        # Not a Tab stop of its own (it would say only its name): Tab goes through the
        # fields, and the editor scrolls to the one focused.
        self.editor_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.list_stack)
        self.splitter.addWidget(self.editor_scroll)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([260, 520])

        self.lay_out(self.splitter)

    def _build_actions(self) -> None:
        def make(text: str, shortcut: str, slot: Callable[[], object],
                 scope: QWidget | None = None) -> QAction:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            if scope is not None:  # e.g. Del: only where it cannot mean "delete a letter"
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            (scope or self).addAction(action)
            return action

        self._actions = [
            make(self.tr("New tracking code"), "Ctrl+N", self.new_code),
            make(self.tr("Save the tracking code"), "Ctrl+S", self.save),
            make(self.tr("Delete the tracking code (in the list)"), "Del", self.delete_current,
                 self.list),
            make(self.tr("Revert unsaved changes"), "Ctrl+Shift+R", self.editor.revert),
            make(self.tr("Add an option"), "Ctrl+Shift+O", self.editor.options.add_option),
            make(self.tr("Filter by event"), "Ctrl+F", self._focus_filters),
            make(self.tr("Go to the list"), "Ctrl+L", self._focus_list),
        ]

    def panel_actions(self) -> list[QAction]:
        return list(self._actions)

    # ---- Loading. ---------------------------------------------------------------------------

    def reload_rows(self) -> None:
        """Read the cached codes and the unsent writes again and merge them into the list."""
        self.read_cached()

    def read_cache(self, services: Session) -> Coroutine[Any, Any, Rows]:
        event, provider = self.filters.chosen_event(), self.filters.chosen_provider()

        async def read() -> Rows:
            rows = await services.tracking.rows(event=event, provider=provider)
            # Whether the shop has codes at all (else the filters hide them).
            return rows, bool(rows) or bool(await services.tracking.codes())

        return read()

    def show_cached(self, value: Rows) -> bool:
        rows, anything = value
        self._show_rows(rows, anything)
        return anything

    def show_no_shop(self) -> None:
        self._show_rows([])

    def fetch(self, services: Session) -> Coroutine[Any, Any, object]:
        return services.tracking.refresh()

    def fetch_label(self) -> str:
        return self.tr("Updating tracking codes…")

    def fetch_failed(self, words: str) -> None:
        if self.model.rowCount() == 0 and not self.filters.is_filtering():
            self.empty_state.set_text(self.tr("Tracking codes could not be fetched"), words)

    def update_subtitle(self) -> None:
        count = self.model.rowCount()
        parts = [self.tr("%n codes", "", count) if count else ""]
        if self.ctx.services is not None:
            parts.append(updated_text(self.last_sync))
        self.header.set_subtitle(" · ".join(p for p in parts if p))

    def _show_rows(self, rows: list[TrackingRow], anything: bool = False) -> None:
        self._selecting = True
        try:
            self.model.update(rows)
        finally:
            self._selecting = False
        self.list_stack.show_state(bool(rows), anything and self.filters.is_filtering())
        self.update_subtitle()
        self._follow_current()

    def _follow_current(self) -> None:
        """Keep the editor on its code as rows merge (or move on when it is gone)."""
        key = self._current_key
        row = self.model.row_of(key) if key is not None else -1
        if row >= 0:
            item = self.model.item(row)
            assert item is not None
            self._select_row(row)
            self.editor.update_row(item)
            return
        if self.editor.is_dirty() or (key is None and self._new_started):
            return  # the seller is typing a new code, or edits one filtered out: keep it
        shown = self.editor.row
        if key is not None and key in self._deleted:
            self._deleted.discard(key)  # our delete went through: move on to another code
            self._open_row(0 if self.model.rowCount() else -1)
            return
        if key is not None and self.pending.writes(key) and shown is not None \
                and not shown.deleting:
            return  # our own create or change, filtered out of the list for now
        self._open_row(0 if self.model.rowCount() else -1)

    # ---- Selection and the unsaved-changes guard. -------------------------------------------

    def _select_row(self, row: int) -> None:
        self._selecting = True
        try:
            if row < 0:
                self.list.clearSelection()
                self.list.setCurrentIndex(QModelIndex())
            else:
                self.list.setCurrentIndex(self.model.index(row, 0))
        finally:
            self._selecting = False

    def _open_row(self, row: int) -> None:
        item = self.model.item(row)
        self._new_started = False
        self._current_key = item.key if item is not None else None
        self._select_row(row if item is not None else -1)
        self.editor.show_row(item)

    def _on_list_current_row_changed(self, current: QModelIndex | QPersistentModelIndex,
                                     _previous: QModelIndex | QPersistentModelIndex) -> None:
        if self._selecting or not current.isValid():
            return
        item = self.model.item(current.row())
        if item is None or item.key == self._current_key:
            return
        if self.editor.is_dirty():
            target = item.key
            self._select_row(self.model.row_of(self._current_key) if self._current_key
                             else -1)
            self._guard(lambda: self._open_row(self.model.row_of(target)))
            return
        self._open_row(current.row())

    def before_leaving(self, then: Callable[[], None]) -> None:
        if self.editor.is_dirty():
            self._guard(then)
        else:
            then()

    def _guard(self, then: Callable[[], None]) -> QMessageBox:
        """Ask what to do with unsaved edits before `then` moves the editor elsewhere."""

        def discard() -> None:
            self.editor.revert()
            then()

        name = self.editor.values().name  # typed here or the shop's: one line either way
        return ask_unsaved(self, one_line(name) if name else "", lambda: self._save(then=then),
                           discard)

    # ---- Actions. ---------------------------------------------------------------------------

    def new_code(self) -> None:
        if self.editor.is_dirty():
            self._guard(self._start_new)
            return
        self._start_new()

    def _start_new(self) -> None:
        self._current_key = None
        self._new_started = True
        self._select_row(-1)
        self.editor.show_row(None)
        self.editor.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def save(self) -> None:
        """Validate, then queue a create or a modify (only the changed fields)."""
        self._save(then=None)  # a slot of its own: clicked/triggered would pass `checked`

    def _save(self, then: Callable[[], None] | None) -> None:
        services, row = self.ctx.services, self.editor.row
        if services is None or self._saving or (row is not None and not row.editable):
            return
        if self.editor.validate():
            return
        if row is None:
            draft = self.editor.draft()
            work: Any = services.tracking.create(draft)
        else:
            changes = self.editor.changes()
            if not changes:
                if then is not None:
                    then()
                return
            work = services.tracking.modify(row.code, **changes)
        self._saving = True
        self.editor.save_button.setEnabled(False)

        def queued(entry: OutboxEntry) -> None:
            # Moved already if it was sent meanwhile (a create that got its id).
            key = self.pending.key_of(entry.id) or entry.entity
            self.editor.mark_saved()
            # Show at once what the code now is: a queued create, or a queued change.
            if key == entry.entity:
                self.editor.show_row(queued_create(entry) if row is None
                                     else queued_change(row, entry))
            if row is None:
                self._current_key = key
                self._new_started = False
            if then is not None:
                then()

        def settled() -> None:
            self._saving = False
            self.editor.refresh_buttons()

        self.ctx.runner.run(work, on_success=queued, on_settled=settled,
                            label=self.tr("Saving the tracking code…"), owner=self)

    def delete_current(self) -> None:
        services, row = self.ctx.services, self.editor.row
        if services is None:
            return
        if row is None:  # a new code not saved yet: just drop the draft
            self.editor.revert()
            self._open_row(0 if self.model.rowCount() else -1)
            return
        if row.deleting:
            return
        code_id, entry_id = row.code.id, row.entry_id or ""

        def delete() -> None:
            self.ctx.runner.run(services.tracking.delete(code_id),
                                on_success=self._on_delete_queued, owner=self,
                                label=self.tr("Deleting the tracking code…"))

        def cancel_create() -> None:
            self.ctx.runner.run(services.outbox.discard(entry_id), owner=self)

        confirm_removal(self, row, delete, cancel_create)

    def _on_delete_queued(self, entry: OutboxEntry) -> None:
        self._deleted.add(entry.entity)
        row = self.editor.row
        if row is not None and row.key == entry.entity:
            self.editor.update_row(replace(row, deleting=True, sync=entry.state.value,
                                           entry_id=entry.id))

    def _focus_filters(self) -> None:
        self.filters.event_combo.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _focus_list(self) -> None:
        self.list.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # ---- What the pending writes say. ------------------------------------------------------

    def _on_changes(self, changes: Changes) -> None:
        for write in changes.writes:
            if write.new_key is not None and self._current_key == write.key:
                self._current_key = write.new_key  # our create went through: it has its id
        self.reread_when_seen()

    # ---- Remembering. -----------------------------------------------------------------------

    def save_state(self) -> None:
        settings = self.ctx.settings
        settings.save_splitter("tracking", self.splitter)
        settings.save_header("tracking", self.list.header())
        settings.set(keys.VIEW_FILTERS.at("tracking"), self.filters.to_json())

    def restore_state(self) -> None:
        settings = self.ctx.settings
        settings.restore_splitter("tracking", self.splitter)
        settings.restore_header("tracking", self.list.header())
        self.filters.blockSignals(True)
        self.filters.from_json(settings.get(keys.VIEW_FILTERS.at("tracking")))
        self.filters.blockSignals(False)

    async def prepare_snapshot(self) -> None:
        """The picture shows the editor open on a code (with options, if one has them)."""
        if self.editor.is_dirty() or self.model.rowCount() == 0:
            return
        rows = self.model.items()
        best = next((i for i, r in enumerate(rows) if r.code.options), 0)
        self._open_row(best)
