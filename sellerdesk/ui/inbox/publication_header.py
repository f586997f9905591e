"""The top of the open conversation: the listing asked about (picture, title, price, stock,
a link to it) and who is asking."""

from __future__ import annotations

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from sellerdesk.services.triage import InboxThread
from sellerdesk.services.types import Publication
from sellerdesk.ui.icons import icon
from sellerdesk.ui.inbox.thread_model import buyer_name, channel_text, one_line
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.widgets.formatting import format_money
from sellerdesk.ui.widgets.plain_tooltip import set_plain_tooltip
from sellerdesk.ui.widgets.text import heading_label, plain_label
from sellerdesk.ui.widgets.thumbnail import Thumbnail, ThumbnailCache

NARROW = 560  # px of header below which the listing link moves under the text


class PublicationHeader(QWidget):
    def __init__(self, runner: TaskRunner, thumbnails: ThumbnailCache,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._permalink = ""
        self.thumbnail = Thumbnail(runner, thumbnails, 60, self)
        self.title = heading_label("", self, scale=1.15)
        self.title.setWordWrap(True)
        # Wrapping, so a long name or price line never sets the window's minimum width.
        self.details = plain_label("", self, wrap=True)
        self.buyer = plain_label("", self, wrap=True, muted=True)
        self.open_listing = QPushButton(icon("shop"), self.tr("Open listing"), self)
        self.open_listing.setAccessibleName(self.tr("Open the listing in the browser"))
        self.open_listing.clicked.connect(self._on_open_listing_clicked)

        self._text = QVBoxLayout()
        self._text.setSpacing(2)
        self._text.addWidget(self.title)
        self._text.addWidget(self.details)
        self._text.addWidget(self.buyer)
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(20, 12, 14, 12)
        self._row.setSpacing(12)
        self._row.addWidget(self.thumbnail, 0, Qt.AlignmentFlag.AlignTop)
        self._row.addLayout(self._text, 1)
        self._row.addWidget(self.open_listing, 0, Qt.AlignmentFlag.AlignTop)
        self._beside = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Narrow: the link goes under the text, so the title keeps the width to be read.
        beside = event.size().width() >= NARROW
        if beside != self._beside:
            self._beside = beside
            (self._row if not beside else self._text).removeWidget(self.open_listing)
            if beside:
                self._row.addWidget(self.open_listing, 0, Qt.AlignmentFlag.AlignTop)
            else:
                self._text.addWidget(self.open_listing, 0, Qt.AlignmentFlag.AlignLeft)

    def stock_text(self, stock: int | None) -> str:
        # self.tr with the count: lupdate reads the plural forms of this call only.
        if stock is None:
            return ""
        if stock <= 0:
            return self.tr("Out of stock")
        return self.tr("%n in stock", "", stock)

    def permalink(self) -> str:
        return self._permalink

    def set_thread(self, item: InboxThread | None, publication: Publication | None) -> None:
        """The listing and who asks; how many questions wait, and how many answers are in
        the outbox, counted as the list counts them (services/triage.py)."""
        thread = item.thread if item is not None else None
        pub = publication
        if pub is None and thread is not None and thread.main_question is not None:
            pub = thread.main_question.publication
        title = one_line(pub.title, 400) if pub is not None else ""
        self.title.setText(title or self.tr("Question about your shop"))
        set_plain_tooltip(self.title, self.title.text())
        parts = []
        if pub is not None and pub.price is not None:
            parts.append(format_money(pub.price, pub.currency_id))
        if pub is not None:
            parts.append(self.stock_text(pub.stock))
        if thread is not None:
            parts.append(channel_text(thread.channel))
        self.details.setText("  ·  ".join(p for p in parts if p))
        who = ""
        if item is not None and thread is not None:
            who = self.tr("Asked by {buyer}").format(buyer=buyer_name(thread))
            nick = thread.main_question.from_.nickname if (
                thread.main_question and thread.main_question.from_) else None
            name = thread.main_question.from_.name if (
                thread.main_question and thread.main_question.from_) else None
            if nick and name:
                who += f" ({one_line(nick, 80)})"
            if item.waiting:
                who += "  ·  " + self.tr("%n waiting for an answer", "", item.waiting)
            if item.pending:
                who += "  ·  " + self.tr("%n in the outbox", "", item.pending)
            if not item.waiting and not item.pending:
                who += "  ·  " + self.tr("Every question answered")
        self.buyer.setText(who)
        link = (pub.permalink or "") if pub is not None else ""
        self._permalink = link if ThumbnailCache.usable(link) else ""
        self.open_listing.setVisible(bool(self._permalink))
        set_plain_tooltip(self.open_listing, self._permalink)
        self.thumbnail.set_url(pub.thumbnail if pub is not None else None)

    def _on_open_listing_clicked(self) -> None:
        if self._permalink:
            QDesktopServices.openUrl(QUrl(self._permalink))
