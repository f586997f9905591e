"""Hostile text shown literally, CSV export, the model tester on every model, keyboard and
accessible names, and the view without a shop."""

from __future__ import annotations

import asyncio
import csv
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, QStandardPaths, Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.api.models import Order
from sellerdesk.services.convert import order_row
from sellerdesk.services.safe_text import FSI, PDI, one_line
from sellerdesk.services.session import Session
from sellerdesk.store.rows import OrderFilter
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.orders.bulk import BulkLinesModel, BulkShippingDialog
from sellerdesk.ui.orders.columns import Column
from sellerdesk.ui.orders.facet_model import FacetModel
from sellerdesk.ui.orders.lines import CELL_LIMIT
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.orders.table_model import OrdersTableModel
from sellerdesk.ui.widgets.text import PlainLabel
from sellerdesk.ui.widgets.value_text import ValueText
from tests.support.orders_view import LOAD_TIMEOUT, fetch_all, wait_settled

HTML = "<b>Bold</b> <i>buyer</i>"
SCRIPT = "<script>alert('x')</script>"
IMG = '<img src="http://evil.example/x.png" onerror="alert(1)">'
RTL = "\u202eabc \u200fمرحبا\u200e ok"
EMOJI = "👩‍👩‍👧‍👦 Flia. Pérez 🙂🔥"
FORMULA = "=HYPERLINK(\"http://evil.example\",\"click\")"
HUGE = "Ä" * 100_000


def run(qtbot: QtBot, loop: asyncio.AbstractEventLoop, coro: Any) -> Any:
    task = asyncio.ensure_future(coro, loop=loop)
    qtbot.waitUntil(task.done, timeout=LOAD_TIMEOUT)
    return task.result()


@pytest.fixture
def hostile_order(live_ctx: UiContext, qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> str:
    """The newest cached order, its buyer and texts made hostile (before the view opens)."""
    session: Session = live_ctx.services
    order: Order = run(qtbot, qloop, session.orders.orders(limit=1))[0]
    assert order.buyer and order.billing_data and order.products
    order.buyer.name = f"{HTML} {SCRIPT}"
    order.buyer.nickname = RTL + "\nsecond line"
    order.buyer.mail = FORMULA
    order.billing_data.name = EMOJI
    order.buyer_message = HUGE
    order.products[0].title = IMG
    run(qtbot, qloop, session.store.run(session.store.cache.upsert_orders, [order_row(order)]))
    return order.id


def open_panel(ctx: UiContext, qtbot: QtBot) -> OrdersPanel:
    view = OrdersPanel(ctx)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    view.activate()
    qtbot.waitUntil(view.is_loaded, timeout=LOAD_TIMEOUT)
    wait_settled(view, qtbot)
    return view


def labels_with(root: QWidget, text: str) -> list[QLabel | ValueText]:
    found: list[QLabel | ValueText] = [*root.findChildren(QLabel), *root.findChildren(ValueText)]
    return [label for label in found if label.isVisibleTo(root) and text in label.text()]


def test_hostile_text_is_shown_literally(live_ctx: UiContext, hostile_order: str,
                                         qtbot: QtBot, tmp_path: Path) -> None:
    panel = open_panel(live_ctx, qtbot)
    row = panel.model.row_of(hostile_order)
    assert row == 0
    # One-line cells: the text as written, isolated, with no control or bidi override left.
    assert panel.model.index(row, Column.BUYER).data() == one_line(f"{HTML} {SCRIPT}")
    products = panel.model.index(row, Column.PRODUCTS).data()
    assert IMG in products and products.startswith(FSI) and products.endswith(PDI)
    tip = panel.model.index(row, Column.PRODUCTS).data(Qt.ItemDataRole.ToolTipRole)
    assert "<img" not in tip and "&lt;img" in tip  # escaped: a tooltip guesses rich text
    nick = panel.model.index(row, Column.BUYER).data(Qt.ItemDataRole.ToolTipRole)
    assert "\u202e" not in nick and "\n" not in nick and "abc" in nick and "second line" in nick

    with qtbot.waitSignal(panel.order_shown, timeout=LOAD_TIMEOUT):
        panel.table.selectRow(row)
    detail = panel.detail
    assert detail.title.text().startswith("Order ") and FSI in detail.title.text()
    # Multi-line texts stay exact, in plain-text labels.
    for text in (f"{HTML} {SCRIPT}", RTL + "\nsecond line", EMOJI, FORMULA, IMG):
        found = labels_with(detail, text)
        assert found, text
        for label in found:  # a value is read-only text that takes no markup
            assert isinstance(label, PlainLabel | ValueText)
            if isinstance(label, PlainLabel):
                assert label.textFormat() == Qt.TextFormat.PlainText
            else:
                assert not label.acceptRichText() and label.toHtml().count("<b>") == 0
            assert label.text() == text or label.text().endswith(f" × {text}")
    huge = labels_with(detail, "Ä" * 2000)
    assert len(huge) == 1 and "more characters" in huge[0].text()
    assert len(huge[0].text()) < 2100  # the first 2,000 characters, and how many more
    folder = Path(os.environ.get("SELLERDESK_PICTURES") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    assert panel.grab().save(str(folder / "orders-hostile.png"), "PNG")


def test_a_100_kb_name_is_cut_in_its_cell(live_ctx: UiContext, qtbot: QtBot,
                                          qloop: asyncio.AbstractEventLoop) -> None:
    session: Session = live_ctx.services
    order: Order = run(qtbot, qloop, session.orders.orders(limit=1))[0]
    assert order.buyer is not None
    order.buyer.name = HUGE
    run(qtbot, qloop, session.store.run(session.store.cache.upsert_orders, [order_row(order)]))
    panel = open_panel(live_ctx, qtbot)
    shown = panel.model.index(0, Column.BUYER).data()
    assert shown == one_line("Ä" * CELL_LIMIT + "…")


def test_export_writes_the_view_with_formulas_defused(live_ctx: UiContext, hostile_order: str,
                                                      qtbot: QtBot, tmp_path: Path) -> None:
    panel = open_panel(live_ctx, qtbot)
    panel.show_filter(OrderFilter(channel="marketplace"))
    wait_settled(panel, qtbot)
    target = tmp_path / "ventas.csv"
    with qtbot.waitSignal(panel.export_finished, timeout=LOAD_TIMEOUT) as done:
        panel.export_csv(target)
    assert done.args == [str(target), panel.model.total()]
    with target.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    assert rows[0][:5] == ["Order", "Date", "Buyer", "Nickname", "Channel"]  # the table's words
    assert len(rows) - 1 == panel.model.total()
    assert {r[4] for r in rows[1:]} == {"Marketplace"}
    assert [r[0] for r in rows[1:11]] == [panel.model.line(i).id for i in range(10)]
    assert "Exported" in panel.header.subtitle()
    if panel.model.row_of(hostile_order) is not None:
        line = next(r for r in rows if r[0] == hostile_order)
        assert line[2] == f"{HTML} {SCRIPT}"


def test_every_model_passes_the_model_tester(panel: OrdersPanel, qtbot: QtBot,
                                             qtmodeltester: Any) -> None:
    assert isinstance(panel.model, OrdersTableModel)
    assert isinstance(panel.sidebar.model, FacetModel)
    qtmodeltester.check(panel.model)
    qtmodeltester.check(panel.sidebar.model)
    # Keep them busy while the testers watch: paging, a filter (new facet values), a reset.
    panel.table.scrollToBottom()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 200, timeout=LOAD_TIMEOUT)
    panel.show_filter(OrderFilter(currency="BRL", paid=True))
    wait_settled(panel, qtbot)
    fetch_all(panel, qtbot)
    selection = panel.table.selectionModel()
    for row in range(3):
        selection.select(panel.model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)
    dialog = panel.open_bulk_shipping()
    assert isinstance(dialog, BulkShippingDialog)
    qtbot.addWidget(dialog)
    assert isinstance(dialog.model, BulkLinesModel)
    qtmodeltester.check(dialog.model)
    dialog.paste_codes("X1\nX2\nX3")


def _unnamed(root: QWidget) -> list[str]:
    return [f"{type(w).__name__} {w.objectName()!r}" for w in root.findChildren(QWidget)
            if w.isVisible() and w.focusPolicy() != Qt.FocusPolicy.NoFocus
            and not w.accessibleName() and not isinstance(w, PlainLabel)]


def test_every_control_has_an_accessible_name_and_tab_reaches_them(
        panel: OrdersPanel, qtbot: QtBot) -> None:
    with qtbot.waitSignal(panel.order_shown, timeout=LOAD_TIMEOUT):
        panel.table.selectRow(0)
    assert _unnamed(panel) == []
    panel.activateWindow()
    panel.search.setFocus()
    qtbot.waitUntil(panel.search.hasFocus, timeout=LOAD_TIMEOUT)
    seen: list[QWidget] = []
    for _ in range(80):
        widget = QApplication.focusWidget()
        assert widget is not None
        assert widget.accessibleName() or isinstance(widget, PlainLabel), type(widget)
        if widget in seen:
            break
        seen.append(widget)
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    reached = {w.accessibleName() for w in seen}
    assert {"Orders", "Filters", "Tracking code", "Invoice number"} <= reached

    dialog = None
    selection = panel.table.selectionModel()
    selection.select(panel.model.index(1, 0), QItemSelectionModel.SelectionFlag.Select
                     | QItemSelectionModel.SelectionFlag.Rows)
    dialog = panel.open_bulk_shipping()
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    assert _unnamed(dialog) == []


def test_shortcuts_are_actions_of_the_view(panel: OrdersPanel, qtbot: QtBot) -> None:
    actions = panel.panel_actions()
    keys = [a.shortcut().toString() for a in actions]
    assert all(keys) and len(set(keys)) == len(keys)
    assert {"Ctrl+F", "Ctrl+E", "Ctrl+B"} <= set(keys)
    panel.activateWindow()
    panel.table.setFocus()
    next(a for a in actions if a.shortcut().toString() == "Ctrl+F").trigger()
    qtbot.waitUntil(panel.search.hasFocus, timeout=LOAD_TIMEOUT)
    next(a for a in actions if a.shortcut().toString() == "Alt+2").trigger()
    assert panel.current_filter().summary is not None


def test_without_a_shop_the_view_says_so(ctx: UiContext, qtbot: QtBot) -> None:
    panel = OrdersPanel(ctx)
    qtbot.addWidget(panel)
    panel.restore_state()
    panel.show()
    panel.activate()
    assert panel.is_loaded()
    assert panel.body.currentWidget() is panel.no_shop
    assert panel.no_shop.title() == "No orders to show"
    for action in panel.panel_actions():  # nothing to act on: nothing breaks
        if not action.text().endswith("…"):  # those open a dialog and wait for the seller
            action.trigger()
    panel.refresh()
    assert _unnamed(panel) == []


def test_export_is_the_rows_the_table_shows_in_its_words(live_ctx: UiContext, qtbot: QtBot,
                                                         tmp_path: Path) -> None:
    """Issue 15 item 13: with a filter AND a search, the file holds exactly the table's rows,
    in the table's words (no raw codes); the dialog opens in Documents, then where the last
    export went."""
    panel = open_panel(live_ctx, qtbot)
    panel.show_filter(OrderFilter(paid=True))
    wait_settled(panel, qtbot)
    name = next(w for r in range(panel.model.rowCount())
                for w in panel.model.line(r).buyer.split()[:1] if w.isalpha())
    panel.search.setText(name)
    panel.search.settle_now()
    wait_settled(panel, qtbot)
    shown = [panel.model.line(r).id for r in range(fetch_all(panel, qtbot))]
    assert shown

    dialog = panel.ask_export()
    assert dialog is not None
    qtbot.addWidget(dialog)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    home = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.HomeLocation)
    expected = documents if documents and Path(documents).is_dir() else home
    assert Path(dialog.directory().absolutePath()) == Path(expected)
    target = tmp_path / "exports" / "ventas.csv"
    target.parent.mkdir()
    with qtbot.waitSignal(panel.export_finished, timeout=LOAD_TIMEOUT):
        dialog.fileSelected.emit(str(target))
    dialog.close()
    with target.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    assert [r[0] for r in rows[1:]] == shown  # the same rows, in the same order
    raw = {"in_progress", "on_route", "shopfront", "marketplace", "pending", "true", "false"}
    assert not {cell for r in rows[1:] for cell in r} & raw

    again = panel.ask_export()  # the last folder is remembered
    assert again is not None
    qtbot.addWidget(again)
    assert Path(again.directory().absolutePath()) == target.parent
    again.close()
