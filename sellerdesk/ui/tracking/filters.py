"""The tracking list's filters: by event and by provider, remembered between runs."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from sellerdesk.services.types import CodeEvent, Provider
from sellerdesk.ui.vocabulary import event_name, provider_name
from sellerdesk.ui.widgets.labelled import Labelled


class TrackingFilters(QWidget):
    changed = Signal()  # the seller picked another event or provider

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.event_combo = QComboBox(self)
        self.event_combo.setAccessibleName(self.tr("Show codes inserted on"))
        self.event_combo.addItem(self.tr("All events"), None)
        for event in CodeEvent:
            self.event_combo.addItem(event_name(event), event)
        self.provider_combo = QComboBox(self)
        self.provider_combo.setAccessibleName(self.tr("Show codes of provider"))
        self.provider_combo.addItem(self.tr("All providers"), None)
        for provider in Provider:
            self.provider_combo.addItem(provider_name(provider), provider)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        # Visible captions with label relations: on Linux a combo box is otherwise read by
        # its current value ("All events"), not by what it chooses.
        self.event_field = Labelled(self.tr("&Inserted on"), self.event_combo, self)
        self.provider_field = Labelled(self.tr("P&rovider"), self.provider_combo, self)
        layout.addWidget(self.event_field)
        layout.addSpacing(6)
        layout.addWidget(self.provider_field)
        self.event_combo.currentIndexChanged.connect(self._on_combo_changed)
        self.provider_combo.currentIndexChanged.connect(self._on_combo_changed)

    def chosen_event(self) -> CodeEvent | None:
        data = self.event_combo.currentData()  # Qt hands a str enum back as plain text
        return CodeEvent(data) if data in set(CodeEvent) else None

    def chosen_provider(self) -> Provider | None:
        data = self.provider_combo.currentData()
        return Provider(data) if data in set(Provider) else None

    def set_filters(self, event: CodeEvent | None, provider: Provider | None) -> None:
        self.event_combo.setCurrentIndex(max(self.event_combo.findData(event), 0))
        self.provider_combo.setCurrentIndex(max(self.provider_combo.findData(provider), 0))

    def is_filtering(self) -> bool:
        return self.chosen_event() is not None or self.chosen_provider() is not None

    def to_json(self) -> dict[str, Any]:
        event, provider = self.chosen_event(), self.chosen_provider()
        return {"event": event.value if event else "",
                "provider": provider.value if provider else ""}

    def from_json(self, data: dict[str, Any]) -> None:
        event = data.get("event") or None
        provider = data.get("provider") or None
        self.set_filters(CodeEvent(event) if event in set(CodeEvent) else None,
                         Provider(provider) if provider in set(Provider) else None)

    def _on_combo_changed(self, _index: int) -> None:
        self.changed.emit()
