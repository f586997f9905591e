"""Invoice, shipping and bulk updates from the view: through the outbox to the server, with
their queued / sent state shown; offline and with faults the view keeps working."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.api.models import Order
from sellerdesk.services.changes import Changes
from sellerdesk.services.outbox.pending import WriteState, order_key
from sellerdesk.services.session import Session
from sellerdesk.services.types import IntentKind, OrderFilter
from sellerdesk.ui.orders.bulk import CODE, RESULT, BulkShippingDialog, split_codes
from sellerdesk.ui.orders.columns import Column
from sellerdesk.ui.orders.panel import OrdersPanel
from tests.gui.orders.conftest import LOAD_TIMEOUT, session_of, wait_settled
from tests.support import http
from tests.support.sandbox import Sandbox

SEND_TIMEOUT = 30_000


def open_pending_order(panel: OrdersPanel, qtbot: QtBot) -> str:
    """Select the first open order whose shipping is still pending; returns its id."""
    panel.show_filter(OrderFilter(shipping="pending", closed=False))
    wait_settled(panel, qtbot)
    order_id = panel.model.line(0).id
    with qtbot.waitSignal(panel.order_shown, timeout=LOAD_TIMEOUT):
        panel.table.selectRow(0)
    assert panel.detail.order() is not None and panel.detail.order().id == order_id
    return order_id


def server_order(sandbox: Sandbox, order_id: str) -> dict[str, Any]:
    response = sandbox.get(f"/orders/{order_id}")
    response.raise_for_status()
    doc: dict[str, Any] = response.json()
    return doc


def follow_states(panel: OrdersPanel, order_id: str) -> list[str | None]:
    seen: list[str | None] = []

    def note(changes: Changes) -> None:
        state = panel.writes.state(order_key(order_id))
        if order_key(order_id) in changes.pending and (not seen or seen[-1] != state):
            seen.append(state)

    session_of(panel).changes.published.connect(note)
    return seen


def sync_cell(panel: OrdersPanel, order_id: str) -> str:
    row = panel.model.row_of(order_id)
    assert row is not None
    # The Changes column shows an icon only: its words are the cell's accessible name.
    return str(panel.model.index(row, Column.SYNC).data(Qt.ItemDataRole.AccessibleTextRole))


def test_a_shipping_update_reaches_the_server_and_shows_queued_then_sent(
        panel: OrdersPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    order_id = open_pending_order(panel, qtbot)
    seen = follow_states(panel, order_id)
    shown: list[str] = []  # the orders the detail showed from here on
    panel.order_shown.connect(shown.append)
    read: list[str] = []  # and the orders it read for that
    real_read = panel._read_order

    async def counted_read(session: Session, wanted: str) -> Order | None:
        read.append(wanted)
        return await real_read(session, wanted)

    panel._read_order = counted_read  # type: ignore[method-assign]
    form = panel.detail.shipping_form
    form.status_combo.setCurrentIndex(form.status_combo.findData("on_route"))
    qtbot.keyClicks(form.code, "AR-TRK-0001")
    qtbot.mouseClick(form.submit, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.status.chip.text() == "Sent", timeout=SEND_TIMEOUT)
    assert seen[0] == "queued" and seen[-1] == "sent"

    shipping = server_order(fresh_sandbox, order_id)["shippings"][0]
    assert (shipping["status"], shipping["tracking_code"]) == ("on_route", "AR-TRK-0001")
    # On route, it no longer belongs to a list of pending shippings: its row leaves it.
    qtbot.waitUntil(lambda: panel.model.row_of(order_id) is None, timeout=LOAD_TIMEOUT)
    # The detail shows the order as the server has it now.
    qtbot.waitUntil(lambda: form.code.text() == "AR-TRK-0001", timeout=LOAD_TIMEOUT)
    # Not the neighbour that took its row's place: no other order was shown, none selected.
    assert set(shown) <= {order_id} and set(read) == {order_id}
    assert not panel.table.selected_rows()
    panel.show_filter(OrderFilter())
    wait_settled(panel, qtbot)
    row = panel.model.row_of(order_id)
    assert row is not None
    assert panel.model.index(row, Column.STATE).data() == "On the way"
    assert sync_cell(panel, order_id) == "Sent"


def test_an_invoice_update_reaches_the_server(panel: OrdersPanel, qtbot: QtBot,
                                              fresh_sandbox: Sandbox) -> None:
    order_id = open_pending_order(panel, qtbot)
    form = panel.detail.invoice_form
    form.invoiced.setChecked(False)
    form.number.clear()
    qtbot.mouseClick(form.invoiced, Qt.MouseButton.LeftButton,  # on its box, by the seller
                     pos=QPoint(6, form.invoiced.height() // 2))
    form.request()  # no number yet: refused before anything is queued, in words
    assert form.problem.isVisible() and "invoice number" in form.problem.text()
    assert form.status.state() is None
    qtbot.keyClicks(form.number, "0003-00004567")
    form.type.setEditText("B")
    qtbot.mouseClick(form.submit, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.status.chip.text() == "Sent", timeout=SEND_TIMEOUT)
    invoice = server_order(fresh_sandbox, order_id)["invoice"]
    assert (invoice["invoiced"], invoice["number"], invoice["type"]) == (
        True, "0003-00004567", "B")
    entry = panel.writes.writes(order_key(order_id)).latest(IntentKind.INVOICE)
    assert entry is not None and WriteState.of(entry) == "sent"


def test_offline_an_update_is_queued_and_goes_out_on_reconnect(
        panel: OrdersPanel, qtbot: QtBot, fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    order_id = open_pending_order(panel, qtbot)
    fresh_sandbox.stop()
    form = panel.detail.shipping_form
    form.status_combo.setCurrentIndex(form.status_combo.findData("in_progress"))
    form.request()
    qtbot.waitUntil(lambda: form.status.chip.text() == "Queued", timeout=SEND_TIMEOUT)
    qtbot.waitUntil(lambda: sync_cell(panel, order_id) == "Queued", timeout=SEND_TIMEOUT)
    # Why it waits, in words (the outbox's last error), once a send was tried.
    qtbot.waitUntil(lambda: bool(form.status.message.text()), timeout=SEND_TIMEOUT)
    assert "Traceback" not in form.status.message.text()
    folder = Path(os.environ.get("SELLERDESK_PICTURES") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    assert panel.grab().save(str(folder / "orders-queued.png"), "PNG")
    # The view keeps working from the local copy meanwhile.
    panel.show_filter(OrderFilter(paid=True))
    wait_settled(panel, qtbot)
    assert panel.model.rowCount() > 0

    fresh_sandbox.start()
    session_of(panel).outbox.kick(ignore_backoff=True)
    qtbot.waitUntil(lambda: panel.writes.state(order_key(order_id)) == "sent",
                    timeout=SEND_TIMEOUT)
    assert server_order(fresh_sandbox, order_id)["shippings"][0]["status"] == "in_progress"


def test_bulk_shipping_with_pasted_codes(panel: OrdersPanel, qtbot: QtBot,
                                        fresh_sandbox: Sandbox) -> None:
    panel.show_filter(OrderFilter(shipping="pending", closed=False))
    wait_settled(panel, qtbot)
    assert panel.open_bulk_shipping() is None  # nothing selected: it says so instead
    assert "Select the orders" in panel.header.subtitle()
    selection = panel.table.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for row in range(4):
        selection.select(panel.model.index(row, 0), flags)
    ids = panel.table.selected_ids()
    dialog = panel.open_bulk_shipping()
    assert isinstance(dialog, BulkShippingDialog)
    qtbot.addWidget(dialog)
    model = dialog.model
    assert [line.order_id for line in model.lines()] == ids

    dialog.table.setCurrentIndex(model.index(1, CODE))
    assert dialog.paste_codes("OCA-111\r\nOCA-222\r\nOCA-333\r\n") == 3  # from row 1 down
    assert [line.code for line in model.lines()] == ["", "OCA-111", "OCA-222", "OCA-333"]
    model.setData(model.index(0, CODE), "  OCA-000 ")
    model.lines()[3].shipping_id = 999  # a shipping the order does not have
    dialog.apply()
    qtbot.waitUntil(lambda: all(model.index(r, RESULT).data() for r in range(4)),
                    timeout=SEND_TIMEOUT)
    qtbot.waitUntil(lambda: [model.index(r, RESULT).data() for r in range(3)]
                    == ["Sent"] * 3, timeout=SEND_TIMEOUT)
    assert "no shipping 999" in model.index(3, RESULT).data()
    for order_id, code in zip(ids[:3], ["OCA-000", "OCA-111", "OCA-222"], strict=True):
        shipping = server_order(fresh_sandbox, order_id)["shippings"][0]
        assert (shipping["status"], shipping["tracking_code"]) == ("on_route", code)
    assert dialog.apply_button.isEnabled()  # the failed line may be fixed and sent again


def test_split_codes_takes_one_code_per_line() -> None:
    assert split_codes("A1\nA2\n\n") == ["A1", "A2"]
    assert split_codes("1001\tA1\n1002\tA2") == ["A1", "A2"]  # pasted from a sheet
    assert split_codes(" A1 \n\nA3") == ["A1", "", "A3"]


def test_a_server_fault_is_said_in_words_and_the_view_keeps_working(
        panel: OrdersPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    open_pending_order(panel, qtbot)
    fresh_sandbox.set_faults(error_rate=1.0, error_status=500)
    with qtbot.waitSignal(panel.ctx.runner.error_reported, timeout=SEND_TIMEOUT) as said:
        panel.refresh_selected_order()
    message = said.args[0]
    assert message and "Traceback" not in message and "500" not in message
    assert "shop service" in message

    # A refused write is shown as failed next to its form, with the reason in words.
    fresh_sandbox.set_faults(error_rate=0.0, error_next=1, error_status=400)
    form = panel.detail.shipping_form
    form.request()
    qtbot.waitUntil(lambda: form.status.chip.text() == "Failed", timeout=SEND_TIMEOUT)
    qtbot.waitUntil(lambda: bool(form.status.message.text()), timeout=SEND_TIMEOUT)

    fresh_sandbox.clear_faults()
    panel.show_filter(OrderFilter(channel="marketplace"))
    wait_settled(panel, qtbot)
    assert panel.model.rowCount() > 0
    with qtbot.assertNotEmitted(panel.ctx.runner.error_reported, wait=0):
        panel.refresh_selected_order()
        qtbot.waitUntil(lambda: not panel.ctx.runner.is_busy(), timeout=SEND_TIMEOUT)


def test_typing_survives_the_order_changing_underneath(panel: OrdersPanel,
                                                       qtbot: QtBot) -> None:
    typed = "TRK-9"
    order_id = open_pending_order(panel, qtbot)
    form = panel.detail.shipping_form
    qtbot.keyClicks(form.code, typed)
    with qtbot.waitSignal(panel.order_shown, timeout=LOAD_TIMEOUT):
        session_of(panel).changes.publish(Changes.of_orders([order_id]))  # e.g. a sync
    assert form.code.text() == typed
    assert form.is_dirty()


def test_a_change_made_elsewhere_meanwhile_shows_a_conflict(
        panel: OrdersPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    order_id = open_pending_order(panel, qtbot)
    order = panel.detail.order()
    assert order is not None and order.shippings and order.shippings[0].id is not None
    # Someone updates the shipping on the web while the seller looks at the old copy.
    http.put(f"{fresh_sandbox.api}/orders/{order_id}/shippings/{order.shippings[0].id}",
              params={"access_token": fresh_sandbox.token},
              json={"status": "in_progress", "tracking_code": "FROM-THE-WEB"},
              timeout=30).raise_for_status()
    form = panel.detail.shipping_form
    form.status_combo.setCurrentIndex(form.status_combo.findData("on_route"))
    form.code.setText("MINE-001")
    form.request()
    qtbot.waitUntil(lambda: form.status.chip.text() == "Conflict", timeout=SEND_TIMEOUT)
    qtbot.waitUntil(lambda: "changed elsewhere" in form.status.message.text(),
                    timeout=SEND_TIMEOUT)
    assert sync_cell(panel, order_id) == "Conflict"
    # Nothing was overwritten: the server keeps the other change until the seller decides.
    shipping = server_order(fresh_sandbox, order_id)["shippings"][0]
    assert shipping["tracking_code"] == "FROM-THE-WEB"


def test_bulk_codes_by_keyboard_return_goes_to_the_next_code(panel: OrdersPanel,
                                                             qtbot: QtBot) -> None:
    """Issue 15 item 14: code, Return, code, Return... stays in the code fields, and Down
    there never changes "New status"."""
    panel.show_filter(OrderFilter(shipping="pending", closed=False))
    wait_settled(panel, qtbot)
    selection = panel.table.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for row in range(3):
        selection.select(panel.model.index(row, 0), flags)
    dialog = panel.open_bulk_shipping()
    assert isinstance(dialog, BulkShippingDialog)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    model, table = dialog.model, dialog.table
    status = dialog.status_combo.currentData()
    applied: list[bool] = []
    dialog.apply_button.clicked.connect(lambda: applied.append(True))

    def editor() -> QWidget | None:
        widget = QApplication.focusWidget()
        return widget if widget is not None and table.isAncestorOf(widget) \
            and widget is not table else None

    table.setFocus()
    table.setCurrentIndex(model.index(0, CODE))
    qtbot.keyClick(table, Qt.Key.Key_Return)  # Return on a line opens its code
    qtbot.waitUntil(lambda: editor() is not None)
    for row, code in enumerate(["OCA-1", "OCA-2"]):
        field = editor()
        assert field is not None and table.currentIndex() == model.index(row, CODE)
        qtbot.keyClicks(field, code)
        qtbot.keyClick(field, Qt.Key.Key_Return)  # kept, and on to the next line's code
        qtbot.waitUntil(lambda done=field: editor() is not None and editor() is not done)
    assert table.currentIndex() == model.index(2, CODE)
    for _ in range(2):  # Down moves in the lines, never in the status box
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
        assert dialog.status_combo.currentData() == status
        assert not dialog.status_combo.hasFocus()
    assert [line.code for line in model.lines()][:2] == ["OCA-1", "OCA-2"]
    assert applied == []  # Return never pressed Apply
