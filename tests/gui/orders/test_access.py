"""The facet sidebar as a seller's pointer and a screen reader meet it: rows that stay put
after a click (issue 15 item 9), and names and actions through Qt's accessibility interface
(items 19 and 20, the orders view's part)."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from pytestqt.qtbot import QtBot

from sellerdesk.services.types import OrderFilter
from sellerdesk.ui.orders.columns import Column
from sellerdesk.ui.orders.facet_model import COUNT_ROLE
from sellerdesk.ui.orders.panel import OrdersPanel
from tests.support.orders_view import LOAD_TIMEOUT, wait_settled


def _rows(panel: OrdersPanel) -> dict[tuple[str, str | None], QRect]:
    """Where every group and value row of the sidebar is drawn."""
    model, tree = panel.sidebar.model, panel.sidebar.tree
    rects: dict[tuple[str, str | None], QRect] = {}
    for row, facet in enumerate(model.facets()):
        group = model.index(row, 0)
        rects[(facet, None)] = tree.visualRect(group)
        for value in model.values(facet):
            for column in (0, 1):
                rects[(facet, f"{value}#{column}")] = tree.visualRect(
                    model.value_index(facet, value, column))
    return rects


def _paid_total(panel: OrdersPanel) -> int:
    model = panel.sidebar.model
    return sum(int(model.value_index("paid", v).data(COUNT_ROLE) or 0)
               for v in model.values("paid"))


def test_the_sidebar_stays_put_after_a_click(panel: OrdersPanel, qtbot: QtBot) -> None:
    tree = panel.sidebar.tree
    model = panel.sidebar.model
    tree.expandAll()
    index = model.value_index("channel", "marketplace", column=0)
    assert index.isValid()
    tree.scrollTo(index)
    before = _rows(panel)
    everything = _paid_total(panel)
    marketplace = int(index.data(COUNT_ROLE))
    assert 0 < marketplace < everything
    rect = tree.visualRect(index)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.current_filter() == OrderFilter(channel="marketplace")
    # The other facets' counts follow the filter (some fall to zero)...
    qtbot.waitUntil(lambda: _paid_total(panel) == marketplace, timeout=LOAD_TIMEOUT)
    # ...and not one row moved, came or went: the next click lands where the seller aims.
    assert _rows(panel) == before
    assert tree.horizontalScrollBar().isHidden() or not tree.horizontalScrollBar().isVisible()
    # A value no order has under the filter stays in its place, greyed (not pickable).
    zeros = [(f, v) for f in model.facets() for v in model.values(f)
             if model.count(f, v) == 0]
    for facet, value in zeros:
        flags = model.flags(model.value_index(facet, value))
        assert not flags & Qt.ItemFlag.ItemIsEnabled, (facet, value)


def _tree_cells(panel: OrdersPanel) -> list[QAccessibleInterface]:
    tree = QAccessible.queryAccessibleInterface(panel.sidebar.tree)
    assert tree is not None
    return [c for i in range(tree.childCount()) if (c := tree.child(i)) is not None]


def test_facet_cells_are_named_and_toggle_filters(panel: OrdersPanel, qtbot: QtBot) -> None:
    model = panel.sidebar.model
    panel.sidebar.tree.expandAll()
    count = int(model.value_index("channel", "marketplace").data(COUNT_ROLE))
    value_name = str(model.value_index("channel", "marketplace", 0).data(
        Qt.ItemDataRole.AccessibleTextRole))
    count_name = str(model.value_index("channel", "marketplace", 1).data(
        Qt.ItemDataRole.AccessibleTextRole))
    assert value_name != count_name
    cells = _tree_cells(panel)
    names = [c.text(QAccessible.Text.Name) for c in cells]
    # No cell reaches the bus without a name: group rows' count cell included.
    assert all(names), repr(names)
    # The value's two cells carry distinct names: the value, and its count.
    assert value_name in names and count_name in names
    assert str(count) in count_name.replace(",", "").replace(".", "")
    # The check box's first action checks it AND filters the list, as a click does.
    box = cells[names.index(value_name)]
    actions = box.actionInterface()
    assert actions is not None and actions.actionNames()
    actions.doAction(actions.actionNames()[0])
    assert panel.current_filter() == OrderFilter(channel="marketplace")
    assert model.value_index("channel", "marketplace").data(
        Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    wait_settled(panel, qtbot)
    assert all(ln.channel == "marketplace" for ln in panel.model.lines())
    # The same action again unticks it: every order again.
    box = _tree_cells(panel)[names.index(value_name)]
    actions = box.actionInterface()
    assert actions is not None
    actions.doAction(actions.actionNames()[0])
    assert panel.current_filter() == OrderFilter()


def test_the_sort_box_and_the_changes_cells_are_named(panel: OrdersPanel) -> None:
    combo = QAccessible.queryAccessibleInterface(panel.sort_combo)
    assert combo is not None
    # Named by what it chooses, its value apart; tied to its visible label.
    assert panel.sort_combo.accessibleName() == "Sort orders by"
    assert combo.text(QAccessible.Text.Value) == panel.sort_combo.currentText()
    assert panel.sort_label.buddy() is panel.sort_combo
    labels = [r for r, _ in combo.relations(QAccessible.RelationFlag.Label)]
    assert any(r.object() is panel.sort_label for r in labels)
    # The Changes column shows an icon: its header and cells still have words.
    header = panel.model.headerData(Column.SYNC, Qt.Orientation.Horizontal,
                                    Qt.ItemDataRole.AccessibleTextRole)
    assert header == "Changes"
    table = QAccessible.queryAccessibleInterface(panel.table)
    assert table is not None
    # The first rows' cells (after the headers), as a screen reader walks them: all named,
    # the Changes cells by their state in words.
    columns = panel.model.columnCount()
    cells = [table.child(i) for i in range(min(table.childCount(), 12 * columns))]
    names = [c.text(QAccessible.Text.Name) for c in cells
             if c is not None and c.role() in (QAccessible.Role.Cell,
                                               QAccessible.Role.ColumnHeader)]
    assert all(names), repr(names)
    assert "No changes waiting" in names
