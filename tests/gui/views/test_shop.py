"""The Shop view: the record from the sandbox, in words, links clickable, faults in words."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import ShopStatus
from sellerdesk.api.models import Address, Shop
from sellerdesk.services.safe_text import one_line
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.regions import region_name
from sellerdesk.ui.shop import ShopPanel
from sellerdesk.ui.widgets import link_button
from tests.support.pictures import save_picture
from tests.support.sandbox import Sandbox


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot) -> ShopPanel:
    view = ShopPanel(live_ctx)
    qtbot.addWidget(view)
    view.resize(1100, 720)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=20_000):
        view.activate()
    return view


def test_the_record_is_the_sandbox_shop(panel: ShopPanel, fresh_sandbox: Sandbox,
                                        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    server = fresh_sandbox.get("").json()
    assert panel.name_label.text() == one_line(server["shop_name"])
    assert panel.status_chip.text() == "Active"
    assert panel.about.value("plan").lower() == one_line(server["plan"]).lower()
    assert server["locale"] in panel.about.value("locale")
    assert "Argentina" in panel.about.value("locale")
    assert panel.about.value("logo") == "Has a logo"
    # ... and the logo itself, fetched through the shop from where the record says it is.
    assert server["logo_url"]
    qtbot.waitUntil(lambda: panel.logo.isVisible() and not panel.logo.pixmap().isNull(),
                    timeout=20_000)
    assert panel.logo.accessibleName() == "The shop's logo"
    address = server["address"]
    assert panel.address.value("street") == one_line(address["address"])
    assert panel.address.value("city") == one_line(address["city"])
    assert panel.address.value("zip") == one_line(address["zip"])
    assert panel.address.value("phone") == one_line(address["phone"])
    assert panel.address.value("country") == one_line("Argentina (AR)")
    assert address["state"] == "AR-C"  # the demo shop's province, as the service codes it
    assert panel.address.value("state") == one_line("Ciudad Autónoma de Buenos Aires")
    assert panel.email_link.shown_text() == one_line(server["email"])
    opened: list[str] = []
    monkeypatch.setattr(link_button, "open_url", lambda url: opened.append(url.toString()))
    panel.url_link.click()
    panel.admin_link.click()
    panel.email_link.click()
    assert opened == [server["url"], server["admin_url"], f"mailto:{server['email']}"]
    save_picture(panel, "shop.png")


def test_a_closed_shop_and_markup_in_its_name_show_in_plain_words(ctx: UiContext,
                                                                  qtbot: QtBot) -> None:
    view = ShopPanel(ctx)
    qtbot.addWidget(view)
    view.show_shop(Shop(id=7, status=ShopStatus.CLOSE, shop_name="<b>Mi tienda</b>",
                        address=Address(city="<i>Rosario</i>"), has_logo=False))
    assert view.status_chip.text() == "Closed"
    assert not view.logo.isVisible()  # no logo: the words alone, nothing fetched
    assert view.name_label.text() == one_line("<b>Mi tienda</b>")
    assert view.address.value("city") == one_line("<i>Rosario</i>")
    assert view.about.value("logo") == "No logo"
    assert view.address.value("street") == "—"
    assert not view.url_link.isEnabled()


def test_a_fault_on_refresh_is_said_in_words_and_the_record_stays(
        panel: ShopPanel, live_ctx: UiContext, fresh_sandbox: Sandbox, qtbot: QtBot) -> None:
    fresh_sandbox.set_faults(error_next=10, error_status=503)
    with qtbot.waitSignal(live_ctx.runner.error_reported, timeout=20_000) as said:
        panel.refresh()
    assert "trouble" in said.args[0] and "Traceback" not in said.args[0]
    assert panel.stack.currentWidget() is panel.page_scroll
    assert panel.name_label.text() == one_line("Tienda La Plata")


def test_without_services_the_empty_state_shows(ctx: UiContext, qtbot: QtBot) -> None:
    view = ShopPanel(ctx)
    qtbot.addWidget(view)
    view.activate()
    assert view.is_loaded()
    assert view.stack.currentWidget() is view.empty_state


@pytest.mark.parametrize(("code", "country", "name"), [
    ("AR-C", "AR", "Ciudad Autónoma de Buenos Aires"),
    ("ar-x", None, "Córdoba"),
    ("SP", "BR", "São Paulo"),
    ("MX-CMX", "MX", "Ciudad de México"),
    ("UY-MO", "UY", "Montevideo"),
    ("Capital Federal", "AR", "Capital Federal"),  # a name already: as it came
    ("AR-99", "AR", "AR-99"),  # a code the table does not know: as it came
    (None, "AR", ""),
])
def test_provinces_are_named(code: str | None, country: str | None, name: str) -> None:
    assert region_name(code, country) == name


def test_each_value_is_read_with_its_caption(ctx: UiContext, qtbot: QtBot) -> None:
    """A screen reader on a value hears the caption and the value ("Status: Closed"),
    and an empty one is said "empty", never a caption alone (issue 15, item 18); the value
    is its Text (issue 25, item 5)."""
    view = ShopPanel(ctx)
    qtbot.addWidget(view)
    view.show_shop(Shop(id=7, status=ShopStatus.CLOSE, plan="basic",
                        address=Address(state="BR-SP", country="BR")))
    for card, key, caption, value in ((view.about, "status", "Status", "Closed"),
                                      (view.about, "plan", "Plan", one_line("Basic")),
                                      (view.address, "state", "State", one_line("São Paulo")),
                                      (view.address, "city", "City", "empty")):
        iface = QAccessible.queryAccessibleInterface(card.widget(key))
        assert iface is not None
        assert iface.text(QAccessible.Text.Name) == f"{caption}: {value}"
        text = iface.textInterface()
        assert text is not None
        assert text.text(0, text.characterCount()) == card.value(key)
        labels = [other.text(QAccessible.Text.Name) for other, _ in
                  iface.relations(QAccessible.RelationFlag.Label)]
        assert labels == [caption]
