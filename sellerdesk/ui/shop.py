"""The Shop view: the shop record laid out as cards (plain text, links open in the browser)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from babel import Locale, UnknownLocaleError
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QImage, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.session import Session
from sellerdesk.services.types import Resource, Shop, ShopStatus
from sellerdesk.ui.cached_panel import CachedPanel
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.regions import region_name
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.formatting import current_locale
from sellerdesk.ui.widgets.link_button import LinkButton
from sellerdesk.ui.widgets.outside_link import show_outside_link
from sellerdesk.ui.widgets.record_card import RecordCard
from sellerdesk.ui.widgets.service_link import subscribe_changes
from sellerdesk.ui.widgets.state_chip import StateChip
from sellerdesk.ui.widgets.text import heading_label, plain_label

LOGO_SIDE = 48  # px: beside the shop's name


def _ui_locale() -> Locale:
    try:
        return Locale.parse(current_locale())
    except (UnknownLocaleError, ValueError):
        return Locale("en")


def language_name(code: str | None) -> str:
    """"es_AR" -> "Spanish (Argentina) · es_AR" in the UI's language; the code if unknown."""
    if not code:
        return ""
    try:
        name = Locale.parse(code.replace("-", "_")).get_display_name(_ui_locale())
    except (UnknownLocaleError, ValueError, TypeError):
        return code
    return f"{name[:1].upper()}{name[1:]} · {code}" if name else code


def country_name(code: str | None) -> str:
    if not code:
        return ""
    name = _ui_locale().territories.get(code.upper())
    return f"{name} ({code})" if name else code


def _line(text: str | None) -> str:
    """The service's words for a one-line place: one isolated run ("" for none)."""
    return one_line(text) if text else ""


class ShopPanel(CachedPanel[Shop | None]):
    view_id = "shop"
    synced_resource = Resource.SHOP
    logo_shown = Signal()  # the shop's logo is on screen

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.shop: Shop | None = None
        self._build()
        self._build_actions()
        if ctx.services is not None:
            subscribe_changes(self, ctx.services.changes, lambda _: self.reread_when_seen(),
                              area="shop")

    def title(self) -> str:
        return self.tr("Shop")

    def icon_name(self) -> str:
        return "shop"

    # ---- Building. ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.logo = QLabel(self)  # the shop's own logo, once fetched (hidden until then)
        self.logo.setFixedSize(LOGO_SIDE, LOGO_SIDE)
        self.logo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.logo.setAccessibleName(self.tr("The shop's logo"))
        self.logo.hide()
        self._logo_url = ""
        self.name_label = heading_label("", self, scale=1.7)
        self.name_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_chip = StateChip("", "info", Tone.MUTED, self)
        self.id_label = plain_label("", self, muted=True, selectable=True)

        self.about = RecordCard(self.tr("Shop"), self)
        self.about.add_row("status", self.tr("Status"))
        self.about.add_row("plan", self.tr("Plan"))
        self.about.add_row("locale", self.tr("Language"))
        self.about.add_row("logo", self.tr("Logo"))
        self.about.add_row("id", self.tr("Shop id"))

        self.contact = RecordCard(self.tr("Online"), self)
        self.email_link = LinkButton("", "", self, what=self.tr("the shop's e-mail"))
        self.url_link = LinkButton("", "", self, what=self.tr("the shop"))
        self.admin_link = LinkButton("", "", self, what=self.tr("the shop's administration"))
        self.contact.add_widget_row("email", self.tr("E-mail"), self.email_link)
        self.contact.add_widget_row("url", self.tr("Website"), self.url_link)
        self.contact.add_widget_row("admin", self.tr("Administration"), self.admin_link)

        self.address = RecordCard(self.tr("Address"), self)
        for key, label in (("street", self.tr("Street")), ("city", self.tr("City")),
                           ("state", self.tr("State")), ("zip", self.tr("Postal code")),
                           ("country", self.tr("Country")), ("phone", self.tr("Phone"))):
            self.address.add_row(key, label)

        page = QWidget(self)
        title_row = QHBoxLayout()
        title_row.setSpacing(12)
        title_row.addWidget(self.logo, 0, Qt.AlignmentFlag.AlignVCenter)
        title_row.addWidget(self.name_label)
        title_row.addWidget(self.status_chip, 0, Qt.AlignmentFlag.AlignVCenter)
        title_row.addStretch(1)
        grid = QGridLayout()
        grid.setSpacing(16)
        grid.addWidget(self.about, 0, 0)
        grid.addWidget(self.contact, 0, 1)
        grid.addWidget(self.address, 1, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        column = QVBoxLayout(page)
        column.setContentsMargins(24, 18, 24, 24)
        column.setSpacing(4)
        column.addLayout(title_row)
        column.addWidget(self.id_label)
        column.addSpacing(14)
        column.addLayout(grid)
        column.addStretch(1)
        page.setMaximumWidth(1000)
        self.page_scroll = QScrollArea(self)
        self.page_scroll.setWidgetResizable(True)
        self.page_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.page_scroll.setWidget(page)
        self.page_scroll.setAccessibleName(self.tr("Shop record"))

        self.empty_state = EmptyState(
            "shop", self.tr("Shop details not loaded"),
            self.tr("Your shop's status, plan, contact details and address appear here."), self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty_state)
        self.stack.addWidget(self.page_scroll)
        self.lay_out(self.stack)

    def _build_actions(self) -> None:
        def make(text: str, keys: str, button: LinkButton) -> QAction:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(button.click)
            self.addAction(action)
            return action

        self._actions = [
            make(self.tr("Open the shop in the browser"), "Ctrl+O", self.url_link),
            make(self.tr("Open the shop's administration"), "Ctrl+Shift+O", self.admin_link),
            make(self.tr("Write to the shop's e-mail"), "Ctrl+Shift+M", self.email_link),
        ]

    def panel_actions(self) -> list[QAction]:
        return list(self._actions)

    # ---- Loading. ------------------------------------------------------------------------------

    def read_cache(self, services: Session) -> Coroutine[Any, Any, Shop | None]:
        return services.catalogue.shop()

    def show_cached(self, value: Shop | None) -> bool:
        if value is not None:
            self.show_shop(value)
        return value is not None

    def fetch(self, services: Session) -> Coroutine[Any, Any, object]:
        return services.catalogue.refresh_shop()

    def fetch_label(self) -> str:
        return self.tr("Updating the shop record…")

    def fetch_failed(self, words: str) -> None:
        if self.shop is None:
            self.empty_state.set_text(self.tr("The shop record could not be fetched"), words)

    # ---- Showing. --------------------------------------------------------------------------------

    def show_shop(self, shop: Shop) -> None:
        self.shop = shop
        self.name_label.setText(_line(shop.shop_name) or self.tr("(no name)"))
        self.id_label.setText(self.tr("Shop {id}").format(id=shop.id))
        status_text, icon_name, tone = self._status_look(shop.status)
        self.status_chip.set_state_text(status_text, icon_name, tone)
        self.about.set_value("status", status_text)
        plan = shop.plan or ""
        self.about.set_value("plan", _line(plan[:1].upper() + plan[1:]))
        self.about.set_value("locale", _line(language_name(shop.locale)))
        self.about.set_value("logo", "" if shop.has_logo is None else
                             self.tr("Has a logo") if shop.has_logo else self.tr("No logo"))
        self.about.set_value("id", str(shop.id))
        self._show_logo(shop)
        email = shop.email or ""
        show_outside_link(self.email_link, f"mailto:{email}" if email else "", email)
        show_outside_link(self.url_link, shop.url)
        show_outside_link(self.admin_link, shop.admin_url)
        addr = shop.address
        values = {"street": addr.address, "city": addr.city,
                  "state": region_name(addr.state, addr.country),
                  "zip": addr.zip, "country": country_name(addr.country),
                  "phone": addr.phone} if addr else {}
        for key in ("street", "city", "state", "zip", "country", "phone"):
            self.address.set_value(key, _line(values.get(key)))
        self.stack.setCurrentWidget(self.page_scroll)

    def _show_logo(self, shop: Shop) -> None:
        """Fetch the logo when the record names one (once per address); without one, or
        when it cannot be had, the "Logo" row's words stand alone."""
        url = (shop.logo_url or "") if shop.has_logo else ""
        if url == self._logo_url:
            return
        self._logo_url = url
        self.logo.hide()
        services = self.ctx.services
        if not url or services is None:
            return
        self.ctx.runner.run(services.catalogue.shop_logo(shop),
                            on_success=lambda data: self._set_logo(url, data),
                            report_errors=False, show_progress=False, owner=self,
                            key="shop-logo")

    def _set_logo(self, url: str, data: bytes | None) -> None:
        image = QImage()
        if url != self._logo_url or not data or not image.loadFromData(data) or image.isNull():
            return
        side = LOGO_SIDE * self.devicePixelRatioF()
        pixmap = QPixmap.fromImage(image.scaled(
            int(side), int(side), Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation))
        pixmap.setDevicePixelRatio(self.devicePixelRatioF())
        self.logo.setPixmap(pixmap)
        self.logo.show()
        self.logo_shown.emit()

    def _status_look(self, status: ShopStatus | None) -> tuple[str, str, Tone]:
        if status is ShopStatus.ACTIVE:
            return self.tr("Active"), "check", Tone.SUCCESS
        if status is ShopStatus.CLOSE:
            return self.tr("Closed"), "close", Tone.WARNING
        if status is None:
            return self.tr("Unknown"), "info", Tone.MUTED
        # A state the spec does not list: as the service wrote it, on one line.
        return _line(str(status.value)), "info", Tone.MUTED
