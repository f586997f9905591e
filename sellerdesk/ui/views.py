"""The views of the main window, in navigation order. Swap a factory to drop a real view in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.panel import Panel


@dataclass(frozen=True)
class ViewSpec:
    view_id: str
    factory: Callable[[UiContext], Panel]
    shortcut: str  # portable text, e.g. "Ctrl+1" (Cmd+1 on macOS)
    in_navigation: bool = True  # the outbox is reached from the status bar instead


def default_views() -> list[ViewSpec]:
    from sellerdesk.ui.categories import CategoriesPanel
    from sellerdesk.ui.dashboard import DashboardPanel
    from sellerdesk.ui.inbox.panel import InboxPanel
    from sellerdesk.ui.orders.panel import OrdersPanel
    from sellerdesk.ui.outbox import OutboxPanel
    from sellerdesk.ui.shop import ShopPanel
    from sellerdesk.ui.tracking.panel import TrackingPanel

    # The dashboard comes first yet takes Ctrl+0: the working views keep the numbers sellers
    # already know (Ctrl+1 inbox ... Ctrl+6 outbox, also named in tooltips and hints).
    return [
        ViewSpec("dashboard", DashboardPanel, "Ctrl+0"),
        ViewSpec("inbox", InboxPanel, "Ctrl+1"),
        ViewSpec("orders", OrdersPanel, "Ctrl+2"),
        ViewSpec("categories", CategoriesPanel, "Ctrl+3"),
        ViewSpec("tracking", TrackingPanel, "Ctrl+4"),
        ViewSpec("shop", ShopPanel, "Ctrl+5"),
        ViewSpec("outbox", OutboxPanel, "Ctrl+6", in_navigation=False),
    ]
