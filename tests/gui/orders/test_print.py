"""The Orders view's Print… menu (issue 27): the whole view, or the selected orders, saved
as a PDF through the file dialog; the settings it keeps."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pypdf
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from sellerdesk.services.types import OrderFilter, OrderSummary
from sellerdesk.ui import settings as keys
from sellerdesk.ui.orders.panel import OrdersPanel
from tests.support.orders_view import LOAD_TIMEOUT, fetch_all, wait_settled


def save_through_dialog(panel: OrdersPanel, qtbot: QtBot, action_name: str,
                        target: Path) -> int:
    """Trigger a "Save … as PDF…" action, answer its file dialog with `target`; the pages."""
    getattr(panel.printing, action_name).trigger()

    def dialog() -> QFileDialog | None:
        shown = [w for w in QApplication.topLevelWidgets()
                 if isinstance(w, QFileDialog) and w.isVisible()]
        return shown[0] if shown else None

    qtbot.waitUntil(lambda: dialog() is not None, timeout=LOAD_TIMEOUT)
    found = dialog()
    assert found is not None
    with qtbot.waitSignal(panel.printing.saved, timeout=LOAD_TIMEOUT) as saved:
        found.fileSelected.emit(str(target))  # what the dialog says when the seller accepts
        found.close()
    assert saved.args == [str(target), len(pypdf.PdfReader(target).pages)]
    return int(saved.args[1])


def text_of(path: Path) -> str:
    return " ".join(unicodedata.normalize("NFKC", "".join(
        p.extract_text() for p in pypdf.PdfReader(path).pages)).split())


def test_slips_of_the_whole_view_then_a_pick_list_of_the_selection(
        panel: OrdersPanel, qtbot: QtBot, tmp_path: Path) -> None:
    panel.show_filter(OrderFilter(summary=OrderSummary.PENDING_SHIPMENT))
    wait_settled(panel, qtbot)
    rows = fetch_all(panel, qtbot)
    ids = [panel.model.line(r).id for r in range(rows)]
    assert rows >= 3

    pages = save_through_dialog(panel, qtbot, "slips_pdf_action", tmp_path / "slips.pdf")
    assert pages == rows
    text = text_of(tmp_path / "slips.pdf")
    assert all(order_id in text for order_id in ids)
    assert "slips.pdf" in panel.header.subtitle()

    selection = panel.table.selectionModel()
    selection.clearSelection()
    for r in (0, 2):
        selection.select(panel.model.index(r, 0), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)
    save_through_dialog(panel, qtbot, "pick_pdf_action", tmp_path / "pick.pdf")
    text = text_of(tmp_path / "pick.pdf")
    assert "Pick list" in text and "Orders: 2" in text
    assert ids[0] in text and ids[2] in text and ids[1] not in text


def test_the_menu_keeps_prices_and_paper_in_the_settings(panel: OrdersPanel) -> None:
    actions = panel.printing
    actions.menu.aboutToShow.emit()
    assert not actions.prices_action.isChecked()
    actions.prices_action.setChecked(True)
    letter = next(a for a in actions.paper_group.actions() if a.data() == "letter")
    letter.trigger()
    settings = panel.ctx.settings
    assert settings.get(keys.PRINT_PRICES) is True
    assert settings.get(keys.PRINT_PAPER) == "letter"
    actions._on_note_selected("  Gracias\n por   tu compra ")  # one line, as printed
    assert settings.get(keys.PRINT_NOTE) == "Gracias por tu compra"
