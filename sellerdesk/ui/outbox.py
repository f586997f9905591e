"""The Outbox view: writes waiting to be sent, with retry, discard and conflict resolution."""

from __future__ import annotations

from sellerdesk.ui.placeholder import PlaceholderPanel


class OutboxPanel(PlaceholderPanel):
    view_id = "outbox"

    def title(self) -> str:
        return self.tr("Outbox")

    def icon_name(self) -> str:
        return "outbox"

    def empty_text(self) -> tuple[str, str]:
        return (self.tr("Nothing waiting to be sent"),
                self.tr("Answers and updates you make while offline wait here until they "
                        "reach the shop."))
