"""The order table's columns: what each shows, how it sorts, its icons and tooltips.

Cell texts are computed once per row (`OrdersTableModel` keeps them with the row); icons
are rendered once per name and tone. Nothing here reads the store.
"""

from __future__ import annotations

import functools
import html
from enum import IntEnum

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon

from sellerdesk.services.types import OrderSort, ShippingStatus
from sellerdesk.ui.icons import icon
from sellerdesk.ui.orders.filters import channel_label, shipping_label
from sellerdesk.ui.orders.lines import OrderLine, money_text
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.formatting import format_datetime
from sellerdesk.ui.widgets.state_chip import chip_style


class Column(IntEnum):
    """In reading order: what a seller scans first stays in view in a narrow window."""

    ID = 0
    DATE = 1
    BUYER = 2
    PRODUCTS = 3
    TOTAL = 4
    PAID = 5
    SHIPPING = 6
    DELIVERED = 7
    CLOSED = 8
    CHANNEL = 9
    SYNC = 10


# Header clicks map to the spec's orderings; the other columns have none and do not sort.
SORTS: dict[Column, tuple[OrderSort, OrderSort]] = {  # (ascending, descending)
    Column.DATE: (OrderSort.CREATION_DATE_ASC, OrderSort.CREATION_DATE_DESC),
    Column.BUYER: (OrderSort.NAME_ASC, OrderSort.NAME_DESC),
}


def sort_for(column: int, order: Qt.SortOrder) -> OrderSort | None:
    pair = SORTS.get(Column(column)) if 0 <= column < len(Column) else None
    if pair is None:
        return None
    return pair[0] if order == Qt.SortOrder.AscendingOrder else pair[1]


def column_for(sort: OrderSort) -> tuple[int, Qt.SortOrder] | None:
    """Where the header shows `sort`'s indicator (None: an ordering without a column)."""
    for column, (asc, desc) in SORTS.items():
        if sort is asc:
            return int(column), Qt.SortOrder.AscendingOrder
        if sort is desc:
            return int(column), Qt.SortOrder.DescendingOrder
    return None


def plain_tooltip(text: str) -> str:
    """A tooltip showing `text` literally (tooltips guess rich text like QLabel does)."""
    return "<p style='white-space:pre-wrap'>" + html.escape(text) + "</p>"


@functools.cache
def cached_icon(name: str, tone: Tone) -> QIcon:
    """One icon per name and tone, from pixmaps rendered once: the SVG engine renders on
    every paint, which a list repainting hundreds of state icons cannot afford. Cleared on
    a palette change (`OrdersTableView`), so light/dark switches re-tint it."""
    source = icon(name, tone)
    app = QGuiApplication.instance()
    ratio = app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0
    result = QIcon()
    for side in (16, 20, 24):
        for mode in (QIcon.Mode.Normal, QIcon.Mode.Selected):
            result.addPixmap(source.pixmap(QSize(side, side), ratio, mode), mode)
    return result


def header_text(column: Column) -> str:
    return {
        Column.ID: QCoreApplication.translate("OrdersTableModel", "Order"),
        Column.DATE: QCoreApplication.translate("OrdersTableModel", "Date"),
        Column.BUYER: QCoreApplication.translate("OrdersTableModel", "Buyer"),
        Column.CHANNEL: QCoreApplication.translate("OrdersTableModel", "Channel"),
        Column.PRODUCTS: QCoreApplication.translate("OrdersTableModel", "Products"),
        Column.TOTAL: QCoreApplication.translate("OrdersTableModel", "Total"),
        Column.PAID: QCoreApplication.translate("OrdersTableModel", "Paid"),
        Column.SHIPPING: QCoreApplication.translate("OrdersTableModel", "Shipping"),
        Column.DELIVERED: QCoreApplication.translate("OrdersTableModel", "Delivered"),
        Column.CLOSED: QCoreApplication.translate("OrdersTableModel", "Closed"),
        Column.SYNC: QCoreApplication.translate("OrdersTableModel", "Changes"),
    }[column]


def cell_text(line: OrderLine, column: Column) -> str:
    if column is Column.ID:
        return line.id
    if column is Column.DATE:
        return format_datetime(line.created, "short")
    if column is Column.BUYER:
        return line.buyer
    if column is Column.CHANNEL:
        return channel_label(line.channel) if line.channel else "—"
    if column is Column.PRODUCTS:
        return line.products
    if column is Column.TOTAL:
        return money_text(line.total, line.currency)
    if column is Column.PAID:
        return (QCoreApplication.translate("OrdersTableModel", "Paid") if line.paid
                else QCoreApplication.translate("OrdersTableModel", "Unpaid"))
    if column is Column.SHIPPING:
        return (shipping_label(line.shipping) if line.shipping
                else QCoreApplication.translate("OrdersTableModel", "No shipping"))
    if column is Column.DELIVERED:
        return (QCoreApplication.translate("OrdersTableModel", "Delivered") if line.delivered
                else QCoreApplication.translate("OrdersTableModel", "Not yet"))
    if column is Column.CLOSED:
        return (QCoreApplication.translate("OrdersTableModel", "Closed") if line.closed
                else QCoreApplication.translate("OrdersTableModel", "Open"))
    return ""


def column_words(column: Column) -> list[str]:
    """Every word a state column can show (to size it to its longest)."""
    line = OrderLine(id="", created=None, buyer="", nickname="", channel=None, products="",
                     currency=None, total=None, paid=False, processed=False, delivered=False,
                     closed=False, shipping=None, shipping_ids=(), tracking_codes=(),
                     payments=0)
    if column is Column.SYNC:
        return [chip_style(state)[0] for state in ("queued", "sending", "sent", "conflict",
                                                   "failed")]
    if column is Column.SHIPPING:
        return [cell_text(line, column)] + [shipping_label(s.value) for s in ShippingStatus]
    words = [cell_text(line, column)]
    line.paid = line.delivered = line.closed = True
    return [*words, cell_text(line, column)]
