"""The Tracking codes view. For now its frame and empty state."""

from __future__ import annotations

from sellerdesk.ui.placeholder import PlaceholderPanel


class TrackingPanel(PlaceholderPanel):
    view_id = "tracking"

    def title(self) -> str:
        return self.tr("Tracking codes")

    def icon_name(self) -> str:
        return "tracking"

    def empty_text(self) -> tuple[str, str]:
        return (self.tr("No tracking codes"),
                self.tr("Analytics, ads and other snippets your shop inserts on its pages "
                        "appear here."))
