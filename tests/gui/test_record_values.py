"""Record views read by keyboard and screen reader (issue 25, items 2 and 5): Tab reaches
every value of an order's detail and of the shop record, each value is named by its caption
and its value, and its Text interface gives the value."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QApplication, QGridLayout, QLabel, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.shop import ShopPanel
from tests.support.orders_view import LOAD_TIMEOUT


def _text_of(widget: QWidget) -> str | None:
    """What a reader gets through the widget's Text interface (None: it has none)."""
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    text = iface.textInterface()
    return None if text is None else text.text(0, text.characterCount())


def _tab_walk(start: QWidget, within: QWidget, qtbot: QtBot, limit: int = 200
              ) -> list[QWidget]:
    """The widgets Tab reaches from `start`, in order, while focus stays in `within`."""
    start.setFocus()
    qtbot.waitUntil(start.hasFocus, timeout=LOAD_TIMEOUT)
    seen: list[QWidget] = []
    for _ in range(limit):
        qtbot.keyClick(QApplication.focusWidget(), "\t")
        widget = QApplication.focusWidget()
        if widget is None or widget in seen or not within.isAncestorOf(widget):
            break
        seen.append(widget)
    return seen


def _captioned_values(root: QWidget) -> dict[str, str]:
    """Caption → value text of every visible caption/value line under `root`, as a seller
    sees them: a caption label's right-hand neighbour in its grid row."""
    pairs: dict[str, str] = {}
    for grid in root.findChildren(QGridLayout):
        for row in range(grid.rowCount()):
            left, right = grid.itemAtPosition(row, 0), grid.itemAtPosition(row, 1)
            if left is None or right is None or left is right:
                continue
            caption, value = left.widget(), right.widget()
            if (not isinstance(caption, QLabel) or value is None or not value.isVisible()
                    or isinstance(value, QAbstractButton)):  # links: buttons, named already
                continue
            shown = value.text() if hasattr(value, "text") else ""  # type: ignore[attr-defined]
            if isinstance(shown, str) and shown:
                pairs.setdefault(f"{caption.text()}#{id(value)}", shown)
    return pairs


def _check_reached(values: dict[str, str], reached: list[QWidget]) -> None:
    texts = {w: _text_of(w) for w in reached}
    missing = [(c.split("#")[0], v) for c, v in values.items()
               if not any(t == v for t in texts.values())]
    assert missing == [], "values Tab never reaches, or not exposed as Text"
    for widget, text in texts.items():
        if text and text in values.values():
            name = widget.accessibleName()
            assert text in name and name != text, name  # "caption: value"


def test_tab_from_update_invoice_reaches_every_value_of_the_order(
        live_ctx: UiContext, qtbot: QtBot) -> None:
    panel = OrdersPanel(live_ctx)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    panel.activate()
    qtbot.waitUntil(panel.is_loaded, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=LOAD_TIMEOUT)
    with qtbot.waitSignal(panel.order_shown, timeout=LOAD_TIMEOUT):
        panel.table.selectRow(0)
    detail = panel.detail
    panel.activateWindow()
    values = _captioned_values(detail)
    assert len(values) >= 15, values
    reached = _tab_walk(detail.invoice_form.submit, detail, qtbot)
    _check_reached(values, reached)
    # Feedback and shipping "Pending" are told apart by what they are.
    names = [w.accessibleName() for w in reached]
    pending = [n for n in names if n.endswith("Pending")]
    assert len(pending) == len(set(pending))
    assert any(n.startswith("Feedback from the buyer:") for n in names), names
    assert any(n.startswith("Your feedback:") for n in names), names


def test_tab_reaches_every_value_of_the_shop(live_ctx: UiContext, qtbot: QtBot) -> None:
    panel = ShopPanel(live_ctx)
    qtbot.addWidget(panel)
    panel.resize(1100, 720)
    panel.show()
    with qtbot.waitSignal(panel.loaded, timeout=LOAD_TIMEOUT):
        panel.activate()
    panel.activateWindow()
    values = _captioned_values(panel.page_scroll.widget())
    assert len(values) >= 11, values
    reached = _tab_walk(panel.page_scroll, panel, qtbot)
    _check_reached(values, reached)
    assert any(w.accessibleName() == f"Status: {panel.about.value('status')}"
               for w in reached)
