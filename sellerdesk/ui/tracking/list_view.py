"""The tracking-code list, or a word on why it is empty (no codes, or none for the filters)."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QStackedWidget, QTreeView, QWidget

from sellerdesk.services.types import CodeEvent, Provider, TrackingStatus
from sellerdesk.ui.tracking.model import Column, TrackingListModel
from sellerdesk.ui.vocabulary import event_name, provider_name, tracking_status_name
from sellerdesk.ui.widgets.chip_delegate import ChipDelegate
from sellerdesk.ui.widgets.columns import fit_columns
from sellerdesk.ui.widgets.empty_state import EmptyState


class TrackingListView(QStackedWidget):
    def __init__(self, model: TrackingListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = QTreeView(self)
        self.tree.setModel(model)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setItemDelegate(ChipDelegate(self.tree))
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setFrameShape(QTreeView.Shape.NoFrame)
        self.tree.setAccessibleName(self.tr("Tracking codes"))
        head = self.tree.header()
        head.setStretchLastSection(True)
        fit_columns(self.tree, head, {Column.NAME: 210, Column.EVENT: 130,
                                      Column.PROVIDER: 130, Column.STATUS: 96,
                                      Column.CHANGES: 110},
                    words={Column.EVENT: [event_name(e) for e in CodeEvent],
                           Column.PROVIDER: [provider_name(p) for p in Provider]},
                    chips={Column.STATUS: [tracking_status_name(s) for s in TrackingStatus]})
        self.empty_state = EmptyState(
            "tracking", self.tr("No tracking codes"),
            self.tr("Analytics, ads and other snippets your shop inserts on its pages appear "
                    "here. Ctrl+N adds one."), self)
        self.no_match = EmptyState("search", self.tr("No tracking code for these filters"),
                                   self.tr("Choose “All events” and “All providers” to see "
                                           "every code."), self)
        for page in (self.tree, self.empty_state, self.no_match):
            self.addWidget(page)

    def show_state(self, has_rows: bool, filtered_out: bool) -> None:
        """The list when it has rows; otherwise which of the two empty states applies."""
        if has_rows:
            self.setCurrentWidget(self.tree)
        else:
            self.setCurrentWidget(self.no_match if filtered_out else self.empty_state)
