"""The selected category's record: id, name, position, default, permalink, dates."""

from __future__ import annotations

from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import Category
from sellerdesk.ui.categories.model import shown_path
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.formatting import format_datetime
from sellerdesk.ui.widgets.link_button import LinkButton
from sellerdesk.ui.widgets.outside_link import show_outside_link
from sellerdesk.ui.widgets.record_card import RecordCard
from sellerdesk.ui.widgets.state_chip import StateChip


class CategoryDetail(QWidget):
    """Shows one category (or a hint to pick one)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = RecordCard("", self)
        self.card.add_row("path", self.tr("In"))
        self.card.add_row("id", self.tr("Category id"), wrap=False)
        self.card.add_row("position", self.tr("Position"), wrap=False)
        self.default_chip = StateChip("", "check", Tone.SUCCESS, self)
        self.card.add_widget_row("default", self.tr("Default"), self.default_chip)
        self.permalink = LinkButton("", "", self, what=self.tr("the category's page"))
        self.card.add_widget_row("permalink", self.tr("Permalink"), self.permalink)
        self.card.add_row("created", self.tr("Created"))
        self.card.add_row("updated", self.tr("Last updated"))
        self.empty = EmptyState("categories", self.tr("No category selected"),
                                self.tr("Pick a category in the tree to see its details."), self,
                                fluid=True)

        holder = QWidget(self)
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(16, 16, 16, 16)
        inner.addWidget(self.card)
        inner.addStretch(1)
        self._stack = QStackedWidget(self)
        self._stack.addWidget(self.empty)
        self._stack.addWidget(holder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._stack)
        self.category: Category | None = None

    def show_category(self, category: Category | None, path: list[str]) -> None:
        self.category = category
        if category is None:
            self._stack.setCurrentWidget(self.empty)
            return
        self._stack.setCurrentIndex(1)
        self.card.set_title(one_line(category.name) if category.name else self.tr("(no name)"))
        parents = path[:-1]
        self.card.set_value("path", shown_path(parents) if parents else self.tr("Top level"))
        self.card.set_value("id", str(category.id))
        self.card.set_value("position", "" if category.position is None
                            else str(category.position))
        if category.default_category:
            self.default_chip.set_state_text(self.tr("Yes"), "check", Tone.SUCCESS)
        else:
            self.default_chip.set_state_text(self.tr("No"), "close", Tone.MUTED)
        show_outside_link(self.permalink, category.permalink)
        self.card.set_value("created", format_datetime(category.date_created))
        self.card.set_value("updated", format_datetime(category.last_updated))
