"""A view that has its place in the window but no data source yet: header + empty state."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.panel_header import PanelHeader
from sellerdesk.ui.widgets.separator import Separator


class PlaceholderPanel(Panel):
    """Subclasses give `title()`, `icon_name()` and `empty_text()`."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.header = PanelHeader(self.title(), self)
        rule = Separator(parent=self)
        title, hint = self.empty_text()
        self.empty_state = EmptyState(self.icon_name(), title, hint, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.header)
        layout.addWidget(rule)
        layout.addWidget(self.empty_state, 1)

    def empty_text(self) -> tuple[str, str]:
        raise NotImplementedError
