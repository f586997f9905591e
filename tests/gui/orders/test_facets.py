"""The facet tree announces only the cells that changed: a filter click or new counts
repaint those rows, not the whole sidebar (a 100,000-order shop's click must fit a frame)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.qtbot import QtBot

from sellerdesk.services.types import OrderFilter
from sellerdesk.ui.orders.facet_model import FacetModel
from sellerdesk.ui.orders.panel import OrdersPanel
from tests.support.orders_view import LOAD_TIMEOUT, session_of

COUNTS = {"paid": {"true": 70, "false": 30},
          "shipping": {"pending": 20, "delivered": 50, "on_route": 30},
          "currency": {"ARS": 90, "USD": 10}}


def _recorded(model: FacetModel) -> list[tuple[str, str, int, int]]:
    """(facet, first value, last value, first column) of each dataChanged signal."""
    seen: list[tuple[str, str, int, int]] = []

    def record(top: QModelIndex, bottom: QModelIndex, *_: object) -> None:
        assert top.parent() == bottom.parent() and bottom.column() == 1
        facet = str(top.data(Qt.ItemDataRole.UserRole))
        seen.append((facet, str(top.data(Qt.ItemDataRole.UserRole + 1)),
                     bottom.row() - top.row() + 1, top.column()))

    model.dataChanged.connect(record)
    return seen


def test_new_counts_announce_only_the_counts_that_changed(qtbot: QtBot) -> None:
    model = FacetModel()
    model.set_counts(COUNTS)
    seen = _recorded(model)
    model.set_counts(COUNTS)
    assert seen == []  # nothing changed: nothing repaints
    model.set_counts({**COUNTS, "shipping": {"pending": 20, "delivered": 49, "on_route": 31},
                      "currency": {"ARS": 90, "USD": 0}})
    # shipping reads pending, on_route, delivered: two neighbours in one signal, their
    # counts only; USD can no longer be picked, so its words repaint too (greyed).
    assert seen == [("shipping", "on_route", 2, 1), ("currency", "USD", 1, 0)]
    assert model.count("shipping", "delivered") == 49
    usd = model.value_index("currency", "USD")
    assert not model.flags(usd) & Qt.ItemFlag.ItemIsEnabled
    assert model.value_index("currency", "USD", column=1).data() == "0"


def test_a_filter_click_announces_the_rows_whose_check_changed(qtbot: QtBot) -> None:
    model = FacetModel()
    model.set_counts(COUNTS)
    seen = _recorded(model)
    model.set_filter(OrderFilter(paid=False))
    assert seen == [("paid", "false", 1, 0)]
    seen.clear()
    model.set_filter(OrderFilter(paid=True, currency="USD"))
    assert seen == [("paid", "true", 2, 0), ("currency", "USD", 1, 0)]
    checked = Qt.CheckState.Checked
    assert model.value_index("paid", "true").data(Qt.ItemDataRole.CheckStateRole) == checked
    assert model.value_index("paid", "false").data(
        Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    seen.clear()
    model.set_filter(OrderFilter(paid=True, currency="USD", query="maria"))
    assert seen == []  # the words searched check nothing in the tree


def test_a_new_filter_asks_for_its_counts_after_its_first_page(
        panel: OrdersPanel, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store reads the list's first page before the facets' counts, and the window
    paints that page before they are asked for (both on 2 shared cores)."""
    events: list[str] = []
    orders = session_of(panel).orders
    facets = orders.facets

    def counted(f: OrderFilter) -> Any:
        events.append(f"facets paid={f.paid}")
        return facets(f)

    monkeypatch.setattr(orders, "facets", counted)
    panel.model.page_loaded.connect(lambda _rows: events.append("page"))
    panel.show_filter(OrderFilter(paid=False))
    assert events == []  # nothing asked yet: the page is being read
    qtbot.waitUntil(lambda: "facets paid=False" in events, timeout=LOAD_TIMEOUT)
    assert events == ["page", "facets paid=False"]
    unpaid = panel.sidebar.model
    qtbot.waitUntil(lambda: unpaid.count("paid", "false") == panel.model.total(),
                    timeout=LOAD_TIMEOUT)
