"""The Shop view: the shop record."""

from __future__ import annotations

from sellerdesk.ui.placeholder import PlaceholderPanel


class ShopPanel(PlaceholderPanel):
    view_id = "shop"

    def title(self) -> str:
        return self.tr("Shop")

    def icon_name(self) -> str:
        return "shop"

    def empty_text(self) -> tuple[str, str]:
        return (self.tr("Shop details not loaded"),
                self.tr("Your shop's status, plan, contact details and address appear here."))
