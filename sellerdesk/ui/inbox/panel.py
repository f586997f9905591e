"""The Inbox view. For now its frame and empty state; the thread list and view drop in here."""

from __future__ import annotations

from sellerdesk.ui.placeholder import PlaceholderPanel


class InboxPanel(PlaceholderPanel):
    view_id = "inbox"

    def title(self) -> str:
        return self.tr("Inbox")

    def icon_name(self) -> str:
        return "inbox"

    def empty_text(self) -> tuple[str, str]:
        return (self.tr("No questions here"),
                self.tr("Buyers' questions and your answers appear here, grouped by "
                        "conversation, once a shop is connected."))
