"""The Orders view. For now its frame and empty state."""

from __future__ import annotations

from sellerdesk.ui.placeholder import PlaceholderPanel


class OrdersPanel(PlaceholderPanel):
    view_id = "orders"

    def title(self) -> str:
        return self.tr("Orders")

    def icon_name(self) -> str:
        return "orders"

    def empty_text(self) -> tuple[str, str]:
        return (self.tr("No orders to show"),
                self.tr("Your sales in the shop and on the marketplace appear here, with "
                        "their payment and shipping state."))
