""""All shops": every saved shop's figures side by side, read from each shop's own store
(`services.shops.read_glances`: a shop other than the open one is read by opening its store
for a moment, so this works offline). A store another SellerDesk window holds cannot be
opened (one process per store): its column says so instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QPushButton, QSizePolicy, QWidget

from sellerdesk.services.dashboard import Glance
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.shops import GlanceProblem, ShopGlance
from sellerdesk.ui import theme
from sellerdesk.ui.core_messages import core_words
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.formatting import format_number, format_relative
from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip
from sellerdesk.ui.widgets.text import heading_label, plain_label


@dataclass(frozen=True)
class ShopFigures:
    """One column: a shop's name and its glance, or why there is none."""

    name: str
    glance: Glance | None
    problem: str = ""
    current: bool = False


def shop_figures(shop: ShopGlance) -> ShopFigures:
    """The column of a shop read from its own store (services/shops.py), in words."""
    problems = {
        GlanceProblem.NOT_SYNCED: QCoreApplication.translate(
            "AllShops", "Not synced on this computer yet"),
        GlanceProblem.IN_USE: QCoreApplication.translate("AllShops", "Open in another window"),
    }
    problem = problems.get(shop.problem, core_words(shop.message)) if shop.problem else ""
    return ShopFigures(shop.name, shop.glance, problem)


def _rows() -> list[tuple[str, str]]:
    return [
        ("unanswered", QCoreApplication.translate("AllShops", "Unanswered")),
        ("waiting_too_long", QCoreApplication.translate("AllShops", "Waiting too long")),
        ("pending_process", QCoreApplication.translate("AllShops", "To process")),
        ("pending_shipment", QCoreApplication.translate("AllShops", "To ship")),
        ("pending_feedback", QCoreApplication.translate("AllShops", "To rate")),
        ("queued", QCoreApplication.translate("AllShops", "Queued changes")),
    ]


class AllShops(QFrame):
    """Compact columns, one per shop; a column's "Switch" button opens that shop."""

    switch_requested = Signal(str)  # a profile name

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(14, 10, 14, 10)
        self._grid.setHorizontalSpacing(22)
        self._grid.setVerticalSpacing(3)
        self._columns: list[ShopFigures] = []
        self.buttons: dict[str, QPushButton] = {}
        self.show_shops([])

    def columns(self) -> list[ShopFigures]:
        return list(self._columns)

    def cell(self, shop: str, row: str) -> str:
        """The text shown for `shop` in `row` ("unanswered", ..., "status"); tests read it."""
        col = next(i for i, c in enumerate(self._columns) if c.name == shop) + 1
        names = [key for key, _ in _rows()] + ["status"]
        item = self._grid.itemAtPosition(names.index(row) + 1, col)
        widget = item.widget() if item is not None else None
        return widget.text() if widget is not None and hasattr(widget, "text") else ""

    def show_shops(self, columns: list[ShopFigures]) -> None:
        while self._grid.count():
            taken = self._grid.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        self.buttons.clear()
        self._columns = list(columns)
        self._grid.addWidget(heading_label(self.tr("All shops"), self, scale=1.05), 0, 0)
        for r, (_key, label) in enumerate(_rows(), start=1):
            self._grid.addWidget(plain_label(label, self, muted=True), r, 0)
        status_row = len(_rows()) + 1
        for c in range(self._grid.columnCount()):  # the grid keeps old columns' settings
            self._grid.setColumnStretch(c, 0)
            self._grid.setColumnMinimumWidth(c, 0)
        for c, shop in enumerate(columns, start=1):
            self._add_column(c, shop, status_row)
            self._grid.setColumnMinimumWidth(c, 120)
        self._grid.setColumnStretch(len(columns) + 1, 1)

    def _add_column(self, c: int, shop: ShopFigures, status_row: int) -> None:
        shown = one_line(shop.name)  # a profile's name: isolated, on one line
        name = heading_label(shown, self, scale=1.0)
        name.setToolTip(self.tr("The shop open in this window") if shop.current else "")
        self._grid.addWidget(name, 0, c)
        g = shop.glance
        values = {} if g is None else {
            "unanswered": g.unanswered, "waiting_too_long": g.waiting_too_long,
            "pending_process": g.pending_process, "pending_shipment": g.pending_shipment,
            "pending_feedback": g.pending_feedback,
            "queued": g.queued_answers + g.queued_writes}
        for r, (key, _label) in enumerate(_rows(), start=1):
            cell = plain_label(format_number(values[key]) if key in values else "—", self)
            cell.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            if key == "waiting_too_long" and values.get(key):
                cell.setStyleSheet(f"color: {theme.tone_color(Tone.WARNING).name()};")
            self._grid.addWidget(cell, r, c)
        if g is not None:
            if shop.current:
                status = self.tr("This window")
            elif g.synced_at is not None:
                status = self.tr("As of {when}").format(when=format_relative(g.synced_at))
            else:
                status = self.tr("Not synced yet")
        else:
            status = shop.problem
        note = plain_label(status, self, muted=True, wrap=True)
        note.setMaximumWidth(170)
        self._grid.addWidget(note, status_row, c)
        if not shop.current:
            button = QPushButton(self.tr("Switch"), self)
            button.setAccessibleName(self.tr("Switch to {shop}").format(shop=shown))
            button.setToolTip(plain_tooltip(self.tr("Open {shop} in this window")
                                            .format(shop=shown)))
            button.clicked.connect(lambda _=False, n=shop.name: self.switch_requested.emit(n))
            self._grid.addWidget(button, status_row + 1, c, Qt.AlignmentFlag.AlignLeft)
            self.buttons[shop.name] = button
