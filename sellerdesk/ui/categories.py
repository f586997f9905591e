"""The Categories view (read-only: the spec shows no way to change categories)."""

from __future__ import annotations

from sellerdesk.ui.placeholder import PlaceholderPanel


class CategoriesPanel(PlaceholderPanel):
    view_id = "categories"

    def title(self) -> str:
        return self.tr("Categories")

    def icon_name(self) -> str:
        return "categories"

    def empty_text(self) -> tuple[str, str]:
        return (self.tr("No categories yet"),
                self.tr("Your shop's category tree appears here once it has been fetched."))
