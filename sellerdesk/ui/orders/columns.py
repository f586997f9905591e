"""The order table's columns: what each shows, how it sorts, its icons and tooltips.

A row's texts are computed once, on the store's thread as its page is read (`row_texts`
from the model's prepare hook), and kept with the row (`OrderItem.display`); icons are
rendered once per name and tone. Buyer texts are shown on one line, isolated
(`safe_text.one_line`). Nothing here reads the store.
"""

from __future__ import annotations

import functools
import html
from enum import IntEnum

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon

from sellerdesk.services.order_list import SHIPPING_PROGRESS, OrderItem
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import OrderSort
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP
from sellerdesk.ui.icons import icon
from sellerdesk.ui.orders.lines import clip
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.vocabulary import channel_label, shipping_label
from sellerdesk.ui.widgets.formatting import format_datetime, format_money
from sellerdesk.ui.widgets.state_chip import chip_style


class Column(IntEnum):
    """In reading order: what a seller scans first stays in view in a narrow window."""

    ID = 0
    DATE = 1
    BUYER = 2
    PRODUCTS = 3
    TOTAL = 4
    PAID = 5
    STATE = 6  # shipping, delivered and closed in words
    CHANNEL = 7
    SYNC = 8


# Header clicks: the columns with an ordering; the others do not sort.
SORTS: dict[Column, tuple[OrderSort, OrderSort]] = {  # (ascending, descending)
    Column.DATE: (OrderSort.CREATION_DATE_ASC, OrderSort.CREATION_DATE_DESC),
    Column.BUYER: (OrderSort.NAME_ASC, OrderSort.NAME_DESC),
    Column.TOTAL: (OrderSort.TOTAL_ASC, OrderSort.TOTAL_DESC),
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


def warm_icons() -> None:
    """Render every icon the list's rows show once, before the rows are first painted."""
    for value in (*_STATES, "other"):
        cached_icon(*state_icon(value))
    cached_icon("check", Tone.SUCCESS)
    cached_icon("clock", Tone.WARNING)


def _t(text: str) -> str:
    return QCoreApplication.translate("OrdersTableModel", text)


# Marked for lupdate here: `_t` translates a variable, which lupdate cannot see.
_HEADERS = {
    Column.ID: QT_TRANSLATE_NOOP("OrdersTableModel", "Order"),
    Column.DATE: QT_TRANSLATE_NOOP("OrdersTableModel", "Date"),
    Column.BUYER: QT_TRANSLATE_NOOP("OrdersTableModel", "Buyer"),
    Column.PRODUCTS: QT_TRANSLATE_NOOP("OrdersTableModel", "Products"),
    Column.TOTAL: QT_TRANSLATE_NOOP("OrdersTableModel", "Total"),
    Column.PAID: QT_TRANSLATE_NOOP("OrdersTableModel", "Paid"),
    Column.STATE: QT_TRANSLATE_NOOP("OrdersTableModel", "State"),
    Column.CHANNEL: QT_TRANSLATE_NOOP("OrdersTableModel", "Channel"),
    Column.SYNC: QT_TRANSLATE_NOOP("OrdersTableModel", "Changes"),
}
_PAID = QT_TRANSLATE_NOOP("OrdersTableModel", "Paid")
_UNPAID = QT_TRANSLATE_NOOP("OrdersTableModel", "Unpaid")
_MARKET = QT_TRANSLATE_NOOP("OrdersTableModel", "Market")


def header_text(column: Column) -> str:
    return _t(_HEADERS[column])


def state(item: OrderItem) -> str:
    """The one state a row shows: closed, else delivered, else its shipping's progress."""
    if item.closed:
        return "closed"
    if item.delivered:
        return "delivered"
    return item.shipping or "none"


# The row's own states beside the shipping's (whose words are the vocabulary's, as in the
# facets, the detail and the forms: one name per state).
_STATES = {
    "closed": QT_TRANSLATE_NOOP("OrdersTableModel", "Closed"),
    "delivered": QT_TRANSLATE_NOOP("OrdersTableModel", "Delivered"),
    "none": QT_TRANSLATE_NOOP("OrdersTableModel", "No shipping"),
}


def state_text(value: str) -> str:
    words = _STATES.get(value)
    return _t(words) if words else shipping_label(value)


def state_icon(value: str) -> tuple[str, Tone]:
    if value == "closed":
        return "close", Tone.MUTED
    if value == "delivered":
        return "check", Tone.SUCCESS
    if value in ("pending", "none"):
        return "clock", Tone.WARNING
    return "outbox", Tone.ACCENT


def short_channel(value: str | None) -> str:
    """A narrow column's word for the channel (the tooltip names it in full)."""
    if value == "marketplace":
        return _t(_MARKET)
    return channel_label(value) if value else "—"


def row_texts(item: OrderItem) -> tuple[str, ...]:
    """Every column's text of one row, in column order (the Changes column is live)."""
    return (
        one_line(clip(item.id, 40)),
        format_datetime(item.created, "short"),
        one_line(clip(item.buyer)),
        one_line(clip(item.products)),
        format_money(item.total, item.currency),
        _t(_PAID) if item.paid else _t(_UNPAID),
        state_text(state(item)),
        short_channel(item.channel),
        "",
    )


def column_words(column: Column) -> list[str]:
    """Every word a state column can show (to size it to its longest)."""
    if column is Column.SYNC:
        return [chip_style(s)[0] for s in ("queued", "sending", "sent", "conflict", "failed")]
    if column is Column.STATE:  # the row's own states and every shipping status's
        return [state_text(v) for v in (*_STATES, *SHIPPING_PROGRESS)]
    if column is Column.PAID:
        return [_t(_PAID), _t(_UNPAID)]
    if column is Column.CHANNEL:
        return [short_channel("shopfront"), short_channel("marketplace")]
    return []
