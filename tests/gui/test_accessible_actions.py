"""Accessible actions do what they announce (issue 25, item 6), performed through Qt's
accessibility interfaces as the AT-SPI bridge performs them: a sidebar item's selection and
Toggle switch the view, a summary check box's Toggle filters as a click does, a row selected
without a click shows that record's detail."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QAccessible, QAccessibleActionInterface, QAccessibleInterface
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.services.types import OrderSummary
from sellerdesk.ui.categories.panel import CategoriesPanel
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.navigation import NavigationList
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.tracking.panel import TrackingPanel
from tests.support.orders_view import LOAD_TIMEOUT, wait_settled


def _iface(widget: QWidget) -> QAccessibleInterface:
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    return iface


def _cell(view: QWidget, name: str) -> QAccessibleInterface:
    """The child of `view` whose accessible name starts with `name`."""
    iface = _iface(view)
    for i in range(iface.childCount()):
        child = iface.child(i)
        if child is not None and child.text(QAccessible.Text.Name).startswith(name):
            return child
    raise AssertionError(f"no {name!r} among the children of {view}")


def _select_row(view: QWidget, row: int) -> None:
    """Select a row as a reader's selectChild does: the selection, not the current row."""
    iface = _iface(view)
    selection = iface.selectionInterface()
    assert selection is not None
    for i in range(iface.childCount()):
        child = iface.child(i)
        cell = child.tableCellInterface() if child is not None else None
        if child is not None and cell is not None and cell.rowIndex() == row:
            assert selection.select(child)
            return
    raise AssertionError(f"no row {row} in {view}")


def test_a_sidebar_item_selected_or_toggled_switches_the_view(window: MainWindow) -> None:
    nav = window.findChild(NavigationList)
    assert nav is not None
    window.show_view("dashboard")
    selection = _iface(nav).selectionInterface()
    assert selection is not None
    assert selection.select(_cell(nav, "Categories"))
    assert window.current_view() == "categories"
    toggle = _cell(nav, "Shop").actionInterface()
    assert toggle is not None
    assert QAccessibleActionInterface.toggleAction() in toggle.actionNames()
    toggle.doAction(QAccessibleActionInterface.toggleAction())
    assert window.current_view() == "shop"


def test_a_summary_box_toggled_filters_as_a_click_does(live_ctx: UiContext,
                                                       qtbot: QtBot) -> None:
    panel = OrdersPanel(live_ctx)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    panel.activate()
    qtbot.waitUntil(panel.is_loaded, timeout=LOAD_TIMEOUT)
    wait_settled(panel, qtbot)
    button = panel.sidebar.summary_buttons[OrderSummary.PENDING_PROCESS]
    actions = _iface(button).actionInterface()
    assert actions is not None
    actions.doAction(QAccessibleActionInterface.toggleAction())
    assert button.isChecked()
    assert panel.current_filter().summary == OrderSummary.PENDING_PROCESS.value
    actions.doAction(QAccessibleActionInterface.toggleAction())
    assert not button.isChecked()
    assert panel.current_filter().summary is None


def test_a_row_selected_without_a_click_shows_its_order(live_ctx: UiContext,
                                                        qtbot: QtBot) -> None:
    panel = OrdersPanel(live_ctx)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    panel.activate()
    qtbot.waitUntil(panel.is_loaded, timeout=LOAD_TIMEOUT)
    wait_settled(panel, qtbot)
    with qtbot.waitSignal(panel.order_shown, timeout=LOAD_TIMEOUT):
        panel.table.selectRow(0)
    wanted = panel.model.lines()[3].id
    with qtbot.waitSignal(panel.order_shown, timeout=LOAD_TIMEOUT):
        _select_row(panel.table, 3)
    order = panel.detail.order()
    assert order is not None and order.id == wanted


def test_a_category_selected_without_a_click_is_shown(live_ctx: UiContext,
                                                      qtbot: QtBot) -> None:
    panel = CategoriesPanel(live_ctx)
    qtbot.addWidget(panel)
    panel.resize(1100, 700)
    panel.show()
    with qtbot.waitSignal(panel.loaded, timeout=LOAD_TIMEOUT):
        panel.activate()
    qtbot.waitUntil(lambda: panel.proxy.rowCount() > 2, timeout=LOAD_TIMEOUT)
    panel.tree.collapseAll()  # visual row 2 is the third top-level category
    panel.tree.setCurrentIndex(panel.proxy.index(0, 0))
    _select_row(panel.tree, 2)
    source = panel.proxy.mapToSource(panel.proxy.index(2, 0))
    shown = panel.detail.category
    assert shown is not None and shown == panel.model.category(source)


def test_a_tracking_code_selected_without_a_click_is_opened(live_ctx: UiContext,
                                                            qtbot: QtBot) -> None:
    panel = TrackingPanel(live_ctx)
    qtbot.addWidget(panel)
    panel.resize(1100, 780)
    panel.show()
    with qtbot.waitSignal(panel.loaded, timeout=LOAD_TIMEOUT):
        panel.activate()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 2, timeout=LOAD_TIMEOUT)
    current = panel.list.currentIndex()
    row = 2 if not current.isValid() or current.row() != 2 else 1
    _select_row(panel.list, row)
    assert panel.list.currentIndex() != QModelIndex()
    assert panel.list.currentIndex().row() == row
    item = panel.model.item(row)
    assert item is not None and panel._current_key == item.key
