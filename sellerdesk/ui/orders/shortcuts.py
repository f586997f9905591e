"""The Orders view's keyboard: one QAction per command, listed in Help → Keyboard shortcuts.

The actions are added to the panel, so they work while it is the view on show and never
collide with another view's keys. Texts keep the panel's translation context.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction

from sellerdesk.ui.orders.filters import SUMMARIES
from sellerdesk.ui.vocabulary import summary_label

if TYPE_CHECKING:
    from sellerdesk.ui.orders.panel import OrdersPanel


def build_actions(panel: OrdersPanel) -> list[QAction]:
    def action(text: str, keys: str, slot: Callable[[], object]) -> QAction:
        act = QAction(text, panel)
        act.setShortcut(keys)
        act.triggered.connect(slot)
        panel.addAction(act)  # active while this view is shown
        return act

    # Literal QCoreApplication.translate calls: lupdate does not see through a helper.
    found = [
        action(QCoreApplication.translate("OrdersPanel", "Search orders"),
               "Ctrl+F", panel.focus_search),
        action(QCoreApplication.translate("OrdersPanel", "Go to filters"),
               "Ctrl+Shift+F", panel.sidebar.tree.setFocus),
        action(QCoreApplication.translate("OrdersPanel", "Go to the order list"),
               "Ctrl+Shift+L", panel.table.setFocus),
        action(QCoreApplication.translate("OrdersPanel", "Edit the tracking code"),
               "Ctrl+Shift+T", panel.focus_tracking_code),
        action(QCoreApplication.translate("OrdersPanel", "Update shipping of the selected orders…"),
               "Ctrl+B", panel.open_bulk_shipping),
        action(QCoreApplication.translate("OrdersPanel", "Export this view to CSV…"),
               "Ctrl+E", panel.ask_export),
        action(QCoreApplication.translate("OrdersPanel", "Save these filters as a view…"),
               "Ctrl+Shift+S", panel.sidebar.save_button.click),
        action(QCoreApplication.translate("OrdersPanel", "Clear filters"),
               "Ctrl+Shift+Backspace", panel.sidebar.clear_filters),
        action(QCoreApplication.translate("OrdersPanel",
                                          "Refresh the selected order from the shop"),
               "Ctrl+Shift+R", panel.refresh_selected_order),
    ]
    for n, summary in enumerate(SUMMARIES, 1):
        text = QCoreApplication.translate("OrdersPanel", "Show: {view}")
        found.append(action(text.format(view=summary_label(summary)), f"Alt+{n}",
                            functools.partial(panel.show_summary, summary)))
    return found
