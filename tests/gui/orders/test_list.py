"""The order list: lazy paging, facets and their counts, summary views, sorting, search,
saved views and remembered state, over the synced demo shop."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sellerdesk.api.models import Order
from sellerdesk.services.changes import Changes
from sellerdesk.services.convert import order_row
from sellerdesk.services.safe_text import one_line
from sellerdesk.store.rows import OrderFilter, OrderSort, OrderSummary
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.orders.columns import Column
from sellerdesk.ui.orders.facet_model import COUNT_ROLE
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.orders.table_model import PAGE_SIZE
from tests.gui.orders.conftest import LOAD_TIMEOUT, fetch_all, session_of, wait_settled
from tests.support.sandbox import Sandbox


def run(qtbot: QtBot, loop: asyncio.AbstractEventLoop, coro: Any) -> Any:
    task = asyncio.ensure_future(coro, loop=loop)
    qtbot.waitUntil(task.done, timeout=LOAD_TIMEOUT)
    return task.result()


def check(panel: OrdersPanel, facet: str, value: str) -> None:
    """Tick a facet value the way a click on its row does."""
    index = panel.sidebar.model.value_index(facet, value)
    assert index.isValid(), (facet, value)
    panel.sidebar.model.setData(index, Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)


def facet_count(panel: OrdersPanel, facet: str, value: str) -> int:
    return int(panel.sidebar.model.value_index(facet, value).data(COUNT_ROLE))


def wait_counts(panel: OrdersPanel, qtbot: QtBot, facet: str, value: str,
                expected: int) -> None:
    qtbot.waitUntil(lambda: facet_count(panel, facet, value) == expected, timeout=LOAD_TIMEOUT)


def test_the_view_opens_lazily_and_pages_in_every_order(
        panel: OrdersPanel, qtbot: QtBot, qloop: asyncio.AbstractEventLoop,
        fresh_sandbox: Sandbox) -> None:
    session = session_of(panel)
    assert panel.model.rowCount() == PAGE_SIZE  # one page, not the whole shop
    assert panel.model.total() == fresh_sandbox.readable_orders()
    first = run(qtbot, qloop, session.orders.orders(limit=5))
    assert [panel.model.line(r).id for r in range(5)] == [o.id for o in first]
    assert fetch_all(panel, qtbot) == run(qtbot, qloop, session.orders.count())
    ids = [line.id for line in panel.model.lines()]
    assert len(set(ids)) == len(ids)


def test_scrolling_to_the_end_asks_for_the_next_page(panel: OrdersPanel, qtbot: QtBot) -> None:
    before = panel.model.rowCount()
    panel.table.scrollToBottom()
    qtbot.waitUntil(lambda: panel.model.rowCount() > before, timeout=LOAD_TIMEOUT)
    assert panel.model.rowCount() == before + PAGE_SIZE


def test_a_facet_value_shows_as_many_rows_as_its_count(
        panel: OrdersPanel, qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> None:
    unpaid = facet_count(panel, "paid", "false")
    everything = panel.model.total()
    assert everything is not None and 0 < unpaid < everything
    check(panel, "paid", "false")
    assert panel.current_filter() == OrderFilter(paid=False)
    wait_settled(panel, qtbot)
    assert fetch_all(panel, qtbot) == unpaid == panel.model.total()
    assert all(not line.paid for line in panel.model.lines())
    assert panel.sidebar.model.value_index("paid", "false").data(
        Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked

    # Combining: the other facets' counts follow the first filter, and each still matches.
    session = session_of(panel)
    shop_unpaid = run(qtbot, qloop, session.orders.count(OrderFilter(paid=False,
                                                                      channel="shopfront")))
    wait_counts(panel, qtbot, "channel", "shopfront", shop_unpaid)
    check(panel, "channel", "shopfront")
    assert panel.current_filter() == OrderFilter(paid=False, channel="shopfront")
    wait_settled(panel, qtbot)
    assert fetch_all(panel, qtbot) == shop_unpaid
    assert {line.channel for line in panel.model.lines()} == {"shopfront"}

    # Unticking gives the rows back.
    index = panel.sidebar.model.value_index("paid", "false")
    panel.sidebar.model.setData(index, Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    assert panel.current_filter() == OrderFilter(channel="shopfront")


def test_a_click_on_a_value_row_ticks_it(panel: OrdersPanel, qtbot: QtBot) -> None:
    tree = panel.sidebar.tree
    index = panel.sidebar.model.value_index("channel", "marketplace", column=1)
    tree.scrollTo(index)
    rect = tree.visualRect(index)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.current_filter() == OrderFilter(channel="marketplace")


def test_a_summary_view_is_one_click(panel: OrdersPanel, qtbot: QtBot) -> None:
    button = panel.sidebar.summary_buttons[OrderSummary.PENDING_SHIPMENT]
    qtbot.waitUntil(lambda: button.count() not in ("", "0"), timeout=LOAD_TIMEOUT)
    shown = int(button.count().replace(",", ""))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert panel.current_filter().summary is OrderSummary.PENDING_SHIPMENT
    assert button.isChecked()
    wait_settled(panel, qtbot)
    assert fetch_all(panel, qtbot) == shown
    # "To ship": not yet handed to the carrier (docs/decisions.md).
    assert all(ln.paid and ln.processed and not ln.delivered and not ln.closed
               and ln.shipping in ("pending", "in_progress", "pickup")
               for ln in panel.model.lines())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # again: back to every order
    assert panel.current_filter().summary is None
    assert not button.isChecked()


def test_header_clicks_sort_by_the_specs_orderings_only(
        panel: OrdersPanel, qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> None:
    session = session_of(panel)
    header = panel.table.horizontalHeader()
    header.sectionClicked.emit(Column.BUYER)
    assert panel.model.order_sort() is OrderSort.NAME_ASC
    wait_settled(panel, qtbot)
    expected = run(qtbot, qloop, session.orders.orders(sort=OrderSort.NAME_ASC, limit=50))
    assert [panel.model.line(r).id for r in range(50)] == [o.id for o in expected]
    assert header.sortIndicatorSection() == Column.BUYER

    header.sectionClicked.emit(Column.BUYER)
    assert panel.model.order_sort() is OrderSort.NAME_DESC
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder

    header.sectionClicked.emit(Column.PRODUCTS)  # no ordering in the spec: nothing changes
    assert panel.model.order_sort() is OrderSort.NAME_DESC
    assert header.sortIndicatorSection() == Column.BUYER

    combo = panel.sort_combo
    combo.setCurrentIndex(combo.findData(OrderSort.LAST_UPDATED_DESC.value))
    combo.activated.emit(combo.currentIndex())
    assert panel.model.order_sort() is OrderSort.LAST_UPDATED_DESC
    assert header.sortIndicatorSection() == -1  # no column shows this ordering
    wait_settled(panel, qtbot)
    expected = run(qtbot, qloop, session.orders.orders(sort=OrderSort.LAST_UPDATED_DESC,
                                                       limit=20))
    assert [panel.model.line(r).id for r in range(20)] == [o.id for o in expected]


def test_words_search_the_local_copy(panel: OrdersPanel, qtbot: QtBot,
                                     qloop: asyncio.AbstractEventLoop) -> None:
    everything = panel.model.total()
    assert everything is not None
    # A plain first name (a field-variety record may have none, or digits).
    name = next(w for r in range(3, panel.model.rowCount())
                for w in panel.model.line(r).buyer.split()[:1] if w.isalpha())
    panel.search.setText(name)
    panel.search.settle_now()
    assert panel.current_filter().query == name
    wait_settled(panel, qtbot)
    expected = run(qtbot, qloop, session_of(panel).orders.count(OrderFilter(query=name)))
    assert 0 < fetch_all(panel, qtbot) == expected < everything
    panel.search.clear()  # the clear button: everything again, at once
    assert panel.current_filter().query is None


def test_a_search_with_no_hits_says_so(panel: OrdersPanel, qtbot: QtBot) -> None:
    panel.search.setText("zzqqxxnothing")
    panel.search.settle_now()
    wait_settled(panel, qtbot)
    assert panel.model.rowCount() == 0
    assert panel.list_stack.currentWidget() is panel.no_results
    assert "No orders match" in panel.no_results.title()


def test_saved_views_store_and_bring_back_filters(panel: OrdersPanel, qtbot: QtBot) -> None:
    panel.show_filter(OrderFilter(paid=True, currency="ARS"))
    panel.sidebar.save_current_view("Pagadas en pesos")
    stored = panel.ctx.settings.saved_order_views()
    assert [(v.name, v.filters) for v in stored] == [
        ("Pagadas en pesos", {"paid": True, "currency": "ARS"})]
    assert panel.sidebar.saved.currentText() == "Pagadas en pesos"

    panel.sidebar.clear_filters()
    assert panel.current_filter() == OrderFilter()
    assert panel.sidebar.saved.currentIndex() == -1
    panel.sidebar.saved.activated.emit(0)
    assert panel.current_filter() == OrderFilter(paid=True, currency="ARS")
    panel.sidebar.delete_saved_view("Pagadas en pesos")
    assert panel.ctx.settings.saved_order_views() == []


def test_filters_sort_and_layout_survive_a_restart(live_ctx: UiContext, panel: OrdersPanel,
                                                   qtbot: QtBot) -> None:
    panel.show_filter(OrderFilter(delivered=False, query="a"))
    panel.set_sort(OrderSort.NAME_ASC)
    panel.table.setColumnHidden(Column.CHANNEL, True)
    panel.split.setSizes([300, 800])
    panel.save_state()
    assert live_ctx.settings.get(keys.VIEW_FILTERS.at("orders"))["sort"] == "name_asc"

    again = OrdersPanel(live_ctx)
    qtbot.addWidget(again)
    again.restore_state()
    again.resize(panel.size())
    again.show()
    assert again.current_filter() == OrderFilter(delivered=False, query="a")
    assert again.search.text() == "a"
    assert again.model.order_sort() is OrderSort.NAME_ASC
    assert again.table.isColumnHidden(Column.CHANNEL)
    assert again.split.sizes()[0] == panel.split.sizes()[0]


def test_show_filter_opens_the_view_on_a_facet(panel: OrdersPanel, qtbot: QtBot) -> None:
    """What the dashboard calls: the view with a filter applied, sidebar in step."""
    with qtbot.waitSignal(panel.filter_applied, timeout=LOAD_TIMEOUT):
        panel.show_filter(OrderFilter(summary=OrderSummary.PENDING_PROCESS))
    assert panel.sidebar.summary_buttons[OrderSummary.PENDING_PROCESS].isChecked()
    wait_settled(panel, qtbot)
    assert panel.model.total() == fetch_all(panel, qtbot)


def _rewrite(qtbot: QtBot, qloop: asyncio.AbstractEventLoop, panel: OrdersPanel,
             order_id: str, change: Any) -> None:
    """Change one cached order the way a sync or an applied write does, and announce it."""
    session = session_of(panel)
    order = run(qtbot, qloop, session.orders.order(order_id))
    change(order)
    run(qtbot, qloop, session.store.run(session.store.cache.upsert_orders, [order_row(order)]))
    session.changes.publish(Changes.of_orders([order_id]))


def settled(panel: OrdersPanel, qtbot: QtBot) -> None:
    qtbot.waitUntil(lambda: not panel.model.is_following() and not panel.model.is_fetching()
                    and not panel.ctx.runner.is_busy(), timeout=LOAD_TIMEOUT)


def test_a_changed_order_repaints_its_row_only(
        panel: OrdersPanel, qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> None:
    resets: list[int] = []
    changed: list[tuple[int, int]] = []
    panel.model.modelReset.connect(lambda: resets.append(1))
    panel.model.dataChanged.connect(
        lambda a, b, *_: changed.append((a.row(), b.row())))
    order_id = panel.model.line(7).id

    def rename(order: Order) -> None:
        assert order.buyer is not None
        order.buyer.name = "Nombre Nuevo"

    _rewrite(qtbot, qloop, panel, order_id, rename)
    qtbot.waitUntil(lambda: (7, 7) in changed, timeout=LOAD_TIMEOUT)
    assert resets == []
    assert all(a == b for a, b in changed)  # one row at a time, never a wholesale reset
    assert one_line("Nombre Nuevo") == panel.model.index(7, Column.BUYER).data()


def test_a_sync_with_nothing_new_keeps_the_rows_in_place(panel: OrdersPanel,
                                                         qtbot: QtBot) -> None:
    resets: list[int] = []
    panel.model.modelReset.connect(lambda: resets.append(1))
    panel.table.selectRow(4)
    chosen = panel.table.selected_ids()
    session_of(panel).changes.publish(Changes.reread("orders"))
    settled(panel, qtbot)
    assert resets == []
    assert panel.table.selected_ids() == chosen
    assert panel.model.rowCount() == PAGE_SIZE


def test_a_new_order_arrives_in_its_place_and_the_selection_stays(
        panel: OrdersPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    panel.table.selectRow(2)
    chosen = panel.table.selected_ids()
    before = panel.model.total()  # the demo's orders and the field-variety ones it could read
    assert before is not None
    sold = fresh_sandbox.sell(currency="ARS")  # newest of all: the top row
    run_sync(panel, qtbot)
    qtbot.waitUntil(lambda: panel.model.row_of(sold["id"]) == 0, timeout=LOAD_TIMEOUT)
    settled(panel, qtbot)
    assert panel.model.rowCount() == PAGE_SIZE + 1
    assert panel.table.selected_ids() == chosen and panel.table.selected_rows() == [3]
    assert panel.model.total() == before + 1


def test_a_changed_total_moves_its_row_and_one_that_no_longer_matches_leaves(
        panel: OrdersPanel, qtbot: QtBot, qloop: asyncio.AbstractEventLoop) -> None:
    panel.set_sort(OrderSort.TOTAL_DESC)
    wait_settled(panel, qtbot)
    totals = [panel.model.line(r).total for r in range(PAGE_SIZE)]
    assert totals == sorted(totals, reverse=True)
    moved = panel.model.line(150).id

    def richer(order: Order) -> None:
        order.grand_total = Decimal(10) ** 12  # above every demo total, in any currency

    _rewrite(qtbot, qloop, panel, moved, richer)
    qtbot.waitUntil(lambda: panel.model.row_of(moved) == 0, timeout=LOAD_TIMEOUT)

    panel.show_filter(OrderFilter(paid=True))
    wait_settled(panel, qtbot)
    leaving = panel.model.line(5).id

    def refunded(order: Order) -> None:
        assert order.status is not None
        order.status.paid = False

    before = panel.model.total()
    assert before is not None
    _rewrite(qtbot, qloop, panel, leaving, refunded)
    qtbot.waitUntil(lambda: panel.model.row_of(leaving) is None, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: panel.model.total() == before - 1, timeout=LOAD_TIMEOUT)
    assert all(line.paid for line in panel.model.lines())


def run_sync(panel: OrdersPanel, qtbot: QtBot) -> None:
    session = session_of(panel)
    done: list[object] = []
    panel.ctx.runner.run(session.sync.sync(), on_success=done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=60_000)


def test_at_1280x720_every_column_fits_and_20_rows_show(live_ctx: UiContext,
                                                        qtbot: QtBot) -> None:
    """Issue 15 item 7: in the window at 1280x720, no sideways scrolling, no empty detail
    pane taking the height, the date arrow saying newest first, and sort by total."""
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.show_view("orders")
    panel = window.panel("orders")
    assert isinstance(panel, OrdersPanel)
    qtbot.waitUntil(panel.is_loaded, timeout=LOAD_TIMEOUT)
    wait_settled(panel, qtbot)
    table = panel.table
    qtbot.waitUntil(lambda: table.rowHeight(0) > 0, timeout=LOAD_TIMEOUT)
    assert table.horizontalScrollBar().maximum() == 0  # every column in view
    assert not panel.detail.isVisible()  # nothing selected: no detail pane
    assert table.viewport().height() // table.rowHeight(0) >= 20
    header = table.horizontalHeader()
    assert panel.model.order_sort() is OrderSort.CREATION_DATE_DESC
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        Column.DATE, Qt.SortOrder.DescendingOrder)
    # A click on Total sorts by it, highest first, and the arrow says so.
    header.sectionClicked.emit(Column.TOTAL)
    assert panel.model.order_sort() is OrderSort.TOTAL_DESC
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        Column.TOTAL, Qt.SortOrder.DescendingOrder)
    assert panel.sort_combo.currentData() == OrderSort.TOTAL_DESC.value
    wait_settled(panel, qtbot)
    totals = [panel.model.line(r).total for r in range(20)]
    known = [t for t in totals if t is not None]
    assert known == sorted(known, reverse=True)
