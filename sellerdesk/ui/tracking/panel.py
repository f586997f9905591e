"""The Tracking codes view: the list with its filters, and the editor of the selected code.

Every write goes through the outbox (create, modify with only the changed fields, delete);
the list and the editor show each code as the seller left it, with its queued / sent /
conflict state, while the outbox works.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.store.outbox import UNFINISHED, OutboxChange, OutboxEntry, OutboxState
from sellerdesk.store.rows import Resource
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.icons import icon
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.tracking.editor import TrackingEditor
from sellerdesk.ui.tracking.filters import TrackingFilters
from sellerdesk.ui.tracking.model import Column, TrackingListModel
from sellerdesk.ui.tracking.rows import TrackingRow, build_rows, from_draft
from sellerdesk.ui.widgets.chip_delegate import ChipDelegate
from sellerdesk.ui.widgets.confirm import Choice, ask, confirm
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.loading import is_online, refresh_from_network, updated_text
from sellerdesk.ui.widgets.panel_header import PanelHeader
from sellerdesk.ui.widgets.separator import Separator
from sellerdesk.ui.widgets.service_link import subscribe


class TrackingPanel(Panel):
    view_id = "tracking"

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = TrackingListModel(self)
        self._current_key: str | None = None  # the row the editor shows (None: a new code)
        self._selecting = False
        self._saving = False
        self._new_started = False  # the editor holds a new code the seller began
        self._sent: set[str] = set()  # codes whose last write went through this session
        self._followed: dict[str, str] = {}  # outbox entry id -> the code key it writes
        self._last_sync: datetime | None = None
        self._build()
        self._build_actions()
        services = ctx.services
        if services is not None:
            subscribe(self, services.tracking.changed, lambda _: self.reload_rows())
            subscribe(self, services.outbox.changed, self._on_outbox_changed)

    def title(self) -> str:
        return self.tr("Tracking codes")

    def icon_name(self) -> str:
        return "tracking"

    # ---- Building. -------------------------------------------------------------------------

    def _build(self) -> None:
        self.header = PanelHeader(self.title(), self)
        self.filters = TrackingFilters(self)
        self.filters.changed.connect(self.reload_rows)
        self.new_button = QPushButton(icon("tracking"), self.tr("New code"), self)
        self.new_button.setAccessibleName(self.tr("New tracking code"))
        self.new_button.clicked.connect(self.new_code)
        self.header.add_tool(self.filters)
        self.header.add_tool(self.new_button)

        self.list = QTreeView(self)
        self.list.setModel(self.model)
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setAlternatingRowColors(True)
        self.list.setItemDelegate(ChipDelegate(self.list))
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list.setFrameShape(QTreeView.Shape.NoFrame)
        self.list.setAccessibleName(self.tr("Tracking codes"))
        head = self.list.header()
        head.setStretchLastSection(True)
        for column, width in ((Column.NAME, 210), (Column.EVENT, 130), (Column.PROVIDER, 130),
                              (Column.STATUS, 96), (Column.CHANGES, 110)):
            head.resizeSection(column, width)
        self.list.selectionModel().currentRowChanged.connect(self._on_list_current_row_changed)

        self.empty_state = EmptyState(
            "tracking", self.tr("No tracking codes"),
            self.tr("Analytics, ads and other snippets your shop inserts on its pages appear "
                    "here. Ctrl+N adds one."), self)
        self.no_match = EmptyState("search", self.tr("No tracking code for these filters"),
                                   self.tr("Choose “All events” and “All providers” to see "
                                           "every code."), self)
        self.list_stack = QStackedWidget(self)
        for page in (self.list, self.empty_state, self.no_match):
            self.list_stack.addWidget(page)

        self.editor = TrackingEditor(self)
        self.editor.save_requested.connect(self.save)
        self.editor.delete_requested.connect(self.delete_current)
        self.editor.revert_requested.connect(self.editor.revert)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.list_stack)
        self.splitter.addWidget(self.editor)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([220, 560])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.header)
        layout.addWidget(Separator(parent=self))
        layout.addWidget(self.splitter, 1)

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

    # ---- Loading. ----------------------------------------------------------------------------

    def load(self) -> None:
        if self.ctx.services is None:
            self._show_rows([])
            self.mark_loaded()
            return
        self.reload_rows(then_fetch=is_online(self.ctx))

    def refresh(self) -> None:
        if self.ctx.services is None:
            self.load()
            return
        self._fetch(explicit=True)

    def reload_rows(self, then_fetch: bool = False) -> None:
        """Read the cached codes and the unsent writes again and merge them into the list."""
        services = self.ctx.services
        if services is None:
            return
        event, provider, sent = (self.filters.chosen_event(), self.filters.chosen_provider(),
                                 frozenset(self._sent))

        async def read() -> tuple[list[TrackingRow], bool]:
            codes = await services.tracking.codes()
            entries = await services.outbox.entries(states=UNFINISHED)
            rows = build_rows(codes, entries, event=event, provider=provider, sent=sent)
            return rows, bool(codes) or any(r.creating for r in rows)

        def shown(result: tuple[list[TrackingRow], bool]) -> None:
            rows, anything = result
            self._show_rows(rows, anything)
            if anything or not then_fetch:
                self.mark_loaded()
            if then_fetch:
                self._fetch(explicit=False)

        self.ctx.runner.run(read(), on_success=shown, key="tracking.rows", owner=self,
                            show_progress=False)
        self.ctx.runner.run(services.store.run(services.store.cache.last_sync,
                                               Resource.TRACKING_CODES),
                            on_success=self._on_last_sync_read, key="tracking.synced",
                            owner=self, show_progress=False, report_errors=False)

    def _fetch(self, *, explicit: bool) -> None:
        refresh_from_network(self.ctx, self.ctx.services.tracking.refresh(), owner=self,
                             key="tracking.refresh", label=self.tr("Updating tracking codes…"),
                             explicit=explicit, on_failure=self._on_fetch_failed,
                             on_settled=self.mark_loaded)

    def _on_fetch_failed(self, words: str) -> None:
        if self.model.rowCount() == 0 and not self.filters.is_filtering():
            self.empty_state.set_text(self.tr("Tracking codes could not be fetched"), words)

    def _on_last_sync_read(self, moment: datetime | None) -> None:
        self._last_sync = moment
        self._update_subtitle()

    def _update_subtitle(self) -> None:
        count = self.model.rowCount()
        parts = [self.tr("%n codes", "", count) if count else ""]
        if self.ctx.services is not None:
            parts.append(updated_text(self._last_sync))
        self.header.set_subtitle(" · ".join(p for p in parts if p))

    def _show_rows(self, rows: list[TrackingRow], anything: bool = False) -> None:
        self._selecting = True
        try:
            self.model.set_rows(rows)
        finally:
            self._selecting = False
        if rows:
            self.list_stack.setCurrentWidget(self.list)
        else:
            self.list_stack.setCurrentWidget(self.no_match if anything
                                             and self.filters.is_filtering()
                                             else self.empty_state)
        self._update_subtitle()
        self._follow_current()

    def _follow_current(self) -> None:
        """Keep the editor on its code as rows merge (or move on when it is gone)."""
        key = self._current_key
        row = self.model.row_of(key) if key is not None else -1
        if row >= 0:
            item = self.model.row_item(row)
            assert item is not None
            self._select_row(row)
            self.editor.update_row(item)
            return
        if self.editor.is_dirty() or (key is None and self._new_started):
            return  # the seller is typing a new code, or edits one filtered out: keep it
        shown = self.editor.row
        if key is not None and key in self._followed.values() and shown is not None \
                and not shown.deleting:
            return  # our own create or change, filtered out of the list for now
        self._open_row(0 if self.model.rowCount() else -1)

    # ---- Selection and the unsaved-changes guard. -------------------------------------------------

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
        item = self.model.row_item(row)
        self._new_started = False
        self._current_key = item.key if item is not None else None
        self._select_row(row if item is not None else -1)
        self.editor.show_row(item)

    def _on_list_current_row_changed(self, current: QModelIndex | QPersistentModelIndex,
                                     _previous: QModelIndex | QPersistentModelIndex) -> None:
        if self._selecting or not current.isValid():
            return
        item = self.model.row_item(current.row())
        if item is None or item.key == self._current_key:
            return
        if self.editor.is_dirty():
            target = item.key
            self._select_row(self.model.row_of(self._current_key) if self._current_key
                             else -1)
            self._guard(lambda: self._open_row(self.model.row_of(target)))
            return
        self._open_row(current.row())

    def _guard(self, then: Callable[[], None]) -> QMessageBox:
        """Ask what to do with unsaved edits before `then` moves the editor elsewhere."""
        name = self.editor.values().name or self.tr("this tracking code")

        def discard() -> None:
            self.editor.revert()
            then()

        return ask(self, self.tr("Unsaved changes"),
                   self.tr("Save the changes to “{name}”?").format(name=name), [
                       Choice(self.tr("Save"), QMessageBox.ButtonRole.AcceptRole,
                              lambda: self.save(then=then), default=True),
                       Choice(self.tr("Discard changes"),
                              QMessageBox.ButtonRole.DestructiveRole, discard),
                       Choice(self.tr("Cancel"), QMessageBox.ButtonRole.RejectRole, None,
                              escape=True),
                   ], informative=self.tr("If you go on without saving, what you typed is "
                                          "lost."))

    # ---- Actions. -------------------------------------------------------------------------------

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

    def save(self, then: Callable[[], None] | None = None) -> None:
        """Validate, then queue a create or a modify (only the changed fields)."""
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
            self._followed[entry.id] = entry.entity
            self._sent.discard(entry.entity)
            self.editor.mark_saved()
            if row is None:  # show the new code as what it now is: a queued create
                self._current_key = entry.entity
                self._new_started = False
                values = self.editor.values()
                code = from_draft({"name": values.name, "code": values.code,
                                   "provider": values.provider.value,
                                   "event": values.event.value,
                                   "status": values.status.value, "options": values.options})
                self.editor.show_row(TrackingRow(entry.entity, code, None, "queued",
                                                 entry_id=entry.id))
            self.reload_rows()
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
        name = row.code.name or self.tr("this tracking code")
        if row.creating:
            entry_id = row.entry_id
            confirm(self, self.tr("Cancel the new code"),
                    self.tr("“{name}” has not been created on the shop yet. Cancel it?")
                    .format(name=name), self.tr("Cancel creating it"),
                    lambda: self.ctx.runner.run(services.outbox.discard(entry_id), owner=self,
                                                on_success=lambda _: self.reload_rows()))
            return
        code_id = row.code.id

        def go() -> None:
            self.ctx.runner.run(services.tracking.delete(code_id),
                                on_success=self._on_delete_queued, owner=self,
                                label=self.tr("Deleting the tracking code…"))

        confirm(self, self.tr("Delete tracking code"),
                self.tr("Delete “{name}” from the shop?").format(name=name),
                self.tr("Delete"), go,
                informative=self.tr("The shop stops inserting this snippet. This cannot be "
                                    "undone once it has been sent."))

    def _on_delete_queued(self, _entry: OutboxEntry) -> None:
        self.reload_rows()

    def _focus_filters(self) -> None:
        self.filters.event_combo.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _focus_list(self) -> None:
        self.list.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # ---- What the outbox says. --------------------------------------------------------------------

    def _on_outbox_changed(self, change: OutboxChange) -> None:
        entity = change.entity or ""
        followed = change.entry_id in self._followed if change.entry_id else False
        if not entity.startswith("tracking:") and not followed:
            return
        if change.entry_id and followed:
            before = self._followed[change.entry_id]
            if entity and entity != before:  # a create went through: the code has its id
                self._followed[change.entry_id] = entity
                if self._current_key == before:
                    self._current_key = entity
        if change.state is OutboxState.DONE and entity:
            self._sent.add(entity)
        self.reload_rows()

    # ---- Remembering. ------------------------------------------------------------------------------

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
        rows = self.model.rows()
        best = next((i for i, r in enumerate(rows) if r.code.options), 0)
        self._open_row(best)
