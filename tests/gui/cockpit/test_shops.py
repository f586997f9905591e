"""Several shops: the switcher lists, adds, edits and removes profiles; switching opens the
other shop in a new window that never shows the first shop's data; "All shops" reads every
saved shop's store, and says so when another window holds one."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.credentials import CredentialStore, Profile
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.shops import Shops
from sellerdesk.store import Store
from sellerdesk.ui import settings as keys
from sellerdesk.ui.context import GuiOptions, UiContext
from sellerdesk.ui.dashboard import DashboardPanel
from sellerdesk.ui.dialogs.profile import ProfileAnswer, ProfileChoice, ProfileDialog
from sellerdesk.ui.dialogs.profiles import ProfilesDialog
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notifier
from sellerdesk.ui.orders.panel import OrdersPanel
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
from sellerdesk.ui.widgets.formatting import format_number
from sellerdesk.ui.widgets.text import PlainLabel
from sellerdesk.ui.windows import run_windows
from tests.gui.cockpit.support import all_pages, unanswered_questions
from tests.support.keyring import memory_credentials
from tests.support.sandbox import Sandbox
from tests.support.sessions import sync_into


def _creds(folder: Path) -> CredentialStore:
    return memory_credentials(folder)


def _save(creds: CredentialStore, name: str, sb: Sandbox) -> None:
    creds.add_profile(Profile(name=name, base_url=sb.base_url, shop_id=sb.shop_id))
    creds.set_token(name, sb.token)


@pytest.fixture
def second_sandbox(tmp_path: Path) -> Iterator[Sandbox]:
    """Another shop: its own id, seed and (fewer) orders."""
    sb = Sandbox(db=tmp_path / "second.db", seed=7, orders=300,
                 extra_args=["--shop-id", "2002"]).start()
    yield sb
    sb.stop()


# ---- The switcher. ------------------------------------------------------------------------------

def test_the_switcher_lists_switches_edits_and_removes(tmp_path: Path, runner: TaskRunner,
                                                       qtbot: QtBot) -> None:
    creds = _creds(tmp_path)
    for name, url in (("Tienda Norte", "https://api.norte.example"),
                      ("Loja Sul", "https://api.sul.example")):
        creds.add_profile(Profile(name=name, base_url=url, shop_id=42))
        creds.set_token(name, "secret-" + name)
    dialog = ProfilesDialog(Shops(tmp_path, credentials=creds), "Tienda Norte", runner)
    qtbot.addWidget(dialog)
    dialog.resize(520, 380)
    dialog.show()
    assert dialog.names() == ["Tienda Norte", "Loja Sul", "demo"]
    assert dialog.selected() == "Loja Sul"  # the first shop one can switch to
    assert dialog.grab().save(str(tmp_path / "switcher.png"))
    assert "open in this window" in dialog.list.item(0).text()
    dialog.select("Tienda Norte")  # the open one: marked, neither switchable nor removable
    assert not dialog.switch_button.isEnabled() and not dialog.remove_button.isEnabled()
    assert dialog.edit_button.isEnabled()  # a new token for it, though
    for button in (dialog.switch_button, dialog.add_button, dialog.edit_button,
                   dialog.remove_button):
        assert button.accessibleName()

    dialog.select("Loja Sul")
    with qtbot.waitSignal(dialog.answered, timeout=1000) as answer:
        dialog.switch_button.click()
    assert answer.args == [ProfileAnswer(ProfileChoice.OPEN, name="Loja Sul")]

    again = ProfilesDialog(Shops(tmp_path, credentials=creds), "Tienda Norte", runner)
    qtbot.addWidget(again)
    again.select("demo")
    assert not again.edit_button.isEnabled()
    with qtbot.waitSignal(again.answered, timeout=1000) as answer:
        again.switch_button.click()
    assert answer.args == [ProfileAnswer(ProfileChoice.DEMO)]

    # Edit: the token may stay empty (keep the saved one); the name cannot change.
    edit = ProfilesDialog(Shops(tmp_path, credentials=creds), "Tienda Norte", runner)
    qtbot.addWidget(edit)
    edit.select("Loja Sul")
    edit.edit_button.click()  # opens once the keyring said whether it signs in (OAuth)

    def visible_form() -> ProfileDialog | None:
        return next((w for w in QApplication.topLevelWidgets()
                     if isinstance(w, ProfileDialog) and w.isVisible()), None)

    qtbot.waitUntil(lambda: visible_form() is not None, timeout=5000)
    form = visible_form()
    assert form is not None and not form.signing_in()  # a pasted token: the token page
    assert form.name_edit.isReadOnly() and form.url_edit.text() == "https://api.sul.example"
    form.url_edit.setText("https://api2.sul.example/")
    with qtbot.waitSignal(edit.answered, timeout=1000) as answer:
        form.connect_button.click()
    assert answer.args[0] == ProfileAnswer(ProfileChoice.CONNECT, name="Loja Sul",
                                           base_url="https://api2.sul.example", shop_id=42)

    # Remove: another shop, after a confirmation; its token leaves the keyring.
    remove = ProfilesDialog(Shops(tmp_path, credentials=creds), "Tienda Norte", runner)
    qtbot.addWidget(remove)
    remove.select("Loja Sul")
    remove._remove("Loja Sul")  # what "Remove" in the confirmation box calls
    qtbot.waitUntil(lambda: remove.names() == ["Tienda Norte", "demo"], timeout=5000)
    assert creds.get_profile("Loja Sul") is None
    assert creds.get_token("Loja Sul") is None


def test_the_connect_dialog_keeps_the_demo_name_for_the_demo(qtbot: QtBot) -> None:
    form = ProfileDialog(name="Demo", base_url="https://x.example")
    qtbot.addWidget(form)
    form.token_edit.setText("t")
    assert "demo shop" in form.problem()


# ---- Switching and "All shops", live over two sandboxes. ---------------------------------------

def _visible_window(label: str) -> MainWindow | None:
    for widget in QApplication.topLevelWidgets():
        if (isinstance(widget, MainWindow) and widget.isVisible()
                and widget.sidebar.shop_name.text() == one_line(label)):
            return widget
    return None


def _shown_buyers(window: MainWindow, qtbot: QtBot) -> dict[str, str]:
    window.open_orders()
    orders = window.panel("orders")
    assert isinstance(orders, OrdersPanel)
    qtbot.waitUntil(lambda: orders.model.rowCount() > 0, timeout=30_000)
    return {line.id: line.buyer for line in orders.model.lines()}


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_switching_shops_never_mixes_their_data(
        fresh_sandbox: Sandbox, second_sandbox: Sandbox, tmp_path: Path, settings: Settings,
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot) -> None:
    data = tmp_path / "data"
    sync_into(fresh_sandbox, data, profile="alpha")
    sync_into(second_sandbox, data, profile="beta")
    creds = _creds(data)
    _save(creds, "alpha", fresh_sandbox)
    _save(creds, "beta", second_sandbox)
    # Ids as text, as the client reads them (the field sends one as a number).
    alpha_buyers = {str(o["id"]): o["buyer"]["name"] for o in all_pages(fresh_sandbox,
                                                                          "/orders/search")}
    beta_buyers = {str(o["id"]): o["buyer"]["name"] for o in all_pages(second_sandbox,
                                                                         "/orders/search")}
    options = GuiOptions(profile="alpha", data_dir=data)
    ctx = UiContext(settings=settings, runner=TaskRunner(loop=qloop), options=options)
    connector = ShopConnector(ctx, Shops(data, credentials=creds),
                              notifier=Notifier(settings, tray_available=False))
    task = qloop.create_task(run_windows(ctx, options, connector))
    try:
        qtbot.waitUntil(lambda: _visible_window("alpha") is not None, timeout=30_000)
        first = _visible_window("alpha")
        assert first is not None
        shown = _shown_buyers(first, qtbot)
        assert all(alpha_buyers[i] == name for i, name in shown.items())

        first.request_shop("beta")
        qtbot.waitUntil(lambda: _visible_window("beta") is not None, timeout=30_000)
        second = _visible_window("beta")
        assert second is not None and second is not first
        assert _visible_window("alpha") is None  # closed (and deleted) with its shop
        assert ctx.services is not None and ctx.services.address.shop_id == 2002
        shown = _shown_buyers(second, qtbot)
        assert shown and all(beta_buyers[i] == name for i, name in shown.items())
        assert any(alpha_buyers.get(i) != name for i, name in shown.items())

        # Its dashboard counts the second shop; "All shops" shows the first beside it.
        second.show_view("dashboard")
        board = second.panel("dashboard")
        assert isinstance(board, DashboardPanel)
        qtbot.waitUntil(lambda: board.glance is not None, timeout=30_000)
        assert board.glance is not None
        assert board.glance.unanswered == len(unanswered_questions(second_sandbox))
        board.all_shops_button.click()
        qtbot.waitUntil(lambda: len(board.shops.columns()) == 2, timeout=30_000)
        assert [c.name for c in board.shops.columns()] == ["beta", "alpha"]
        alpha_unanswered = len(unanswered_questions(fresh_sandbox))
        assert board.shops.cell("alpha", "unanswered") == format_number(alpha_unanswered)
        assert board.shops.cell("beta", "status") == "This window"

        # A store another window holds is not opened: its column says so.
        with Store.open("alpha", data_dir=data):
            board.refresh()
            qtbot.waitUntil(lambda: board.shops.cell("alpha", "status")
                            == "Open in another window", timeout=30_000)
            assert board.shops.cell("alpha", "unanswered") == "—"
        board.shops.buttons["alpha"].click()  # "Switch": back to the first shop
        qtbot.waitUntil(lambda: _visible_window("alpha") is not None, timeout=30_000)
        assert settings.get(keys.LAST_PROFILE) == "alpha"
        _visible_window("alpha").close()  # type: ignore[union-attr]
        qtbot.waitUntil(task.done, timeout=30_000)
        assert task.result() == 0
    finally:
        if not task.done():
            task.cancel()
            qtbot.waitUntil(task.done, timeout=30_000)
        shutdown = qloop.create_task(ctx.runner.shutdown())
        qtbot.waitUntil(shutdown.done, timeout=30_000)
        closing = qloop.create_task(connector.aclose())
        qtbot.waitUntil(closing.done, timeout=30_000)


def test_the_shops_menu_lists_the_saved_shops_and_switches(tmp_path: Path, settings: Settings,
                                                           runner: TaskRunner,
                                                           qtbot: QtBot) -> None:
    creds = _creds(tmp_path)
    creds.add_profile(Profile(name="Tienda Norte", base_url="https://api.norte.example",
                              shop_id=1))
    window = MainWindow(UiContext(settings, runner, GuiOptions(data_dir=tmp_path)))
    qtbot.addWidget(window)
    window.shops_menu.aboutToShow.emit()
    entries = [a for a in window.shops_menu.actions() if not a.isSeparator()]
    assert [a.text() for a in entries] == ["Tienda Norte", "Demo shop", "Manage shops…"]
    with qtbot.waitSignal(window.shop_requested, timeout=1000) as asked:
        entries[0].trigger()
    assert asked.args == [ProfileAnswer(ProfileChoice.OPEN, name="Tienda Norte")]
    with qtbot.waitSignal(window.profiles_requested, timeout=1000):
        entries[2].trigger()


def test_notification_settings_are_saved(settings: Settings, qtbot: QtBot) -> None:
    from sellerdesk.ui.dashboard.preferences import NotificationSettingsDialog

    dialog = NotificationSettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.interval.value() == 2 and dialog.goal.value() == 60
    assert not dialog.quiet_from.isEnabled()
    dialog.interval.setValue(5)
    dialog.quiet.setChecked(True)
    dialog.quiet_from.setCurrentIndex(21)
    dialog.quiet_to.setCurrentIndex(7)
    dialog.goal.setValue(30)
    dialog.desktop.setChecked(False)
    dialog._on_accepted()
    assert settings.get(keys.REFRESH_INTERVAL_S) == 300
    assert (settings.get(keys.QUIET_HOURS), settings.get(keys.QUIET_FROM_HOUR),
            settings.get(keys.QUIET_TO_HOUR)) == (True, 21, 7)
    assert settings.get(keys.SLOW_ANSWER_MINUTES) == 30
    assert settings.get(keys.NOTIFY_DESKTOP) is False
    for control in (dialog.interval, dialog.desktop, dialog.quiet, dialog.quiet_from,
                    dialog.quiet_to, dialog.goal):
        assert control.accessibleName() or control.text()  # type: ignore[attr-defined]


def _visible_form() -> ProfileDialog | None:
    return next((w for w in QApplication.topLevelWidgets()
                 if isinstance(w, ProfileDialog) and w.isVisible()), None)


def test_first_run_demo_then_a_shop_whose_token_is_missing(
        tmp_path: Path, settings: Settings, qloop: asyncio.AbstractEventLoop,
        qtbot: QtBot) -> None:
    data = tmp_path / "data"
    creds = _creds(data)
    creds.add_profile(Profile(name="gamma", base_url="http://127.0.0.1:9", shop_id=5))
    creds.set_default_profile("gamma")
    creds.delete_token("gamma")  # the keyring lost it
    options = GuiOptions(data_dir=data)
    ctx = UiContext(settings=settings, runner=TaskRunner(loop=qloop), options=options)
    connector = ShopConnector(ctx, Shops(data, credentials=creds),
                              notifier=Notifier(settings, tray_available=False))
    task = qloop.create_task(run_windows(ctx, options, connector))
    try:
        # No token for the default shop: the connect dialog asks, and offers the demo.
        qtbot.waitUntil(lambda: _visible_form() is not None, timeout=30_000)
        form = _visible_form()
        assert form is not None
        form.demo_button.click()
        qtbot.waitUntil(lambda: _visible_window("Demo shop") is not None, timeout=30_000)
        assert ctx.services is not None and ctx.services.address.profile == "demo"

        demo = _visible_window("Demo shop")
        assert demo is not None
        demo.request_shop("gamma")
        qtbot.waitUntil(lambda: _visible_form() is not None, timeout=30_000)
        form = _visible_form()
        assert form is not None
        assert form.name_edit.text() == "gamma"
        assert form.url_edit.text() == "http://127.0.0.1:9"
        assert any("no access token for gamma" in label.text()
                   for label in form.findChildren(PlainLabel))
        form.token_edit.setText("a-new-token")
        form.connect_button.click()
        # The service is unreachable: the shop opens anyway, from its (empty) local copy.
        qtbot.waitUntil(lambda: _visible_window("gamma") is not None, timeout=30_000)
        assert creds.get_token("gamma") == "a-new-token"
        assert ctx.services is not None and ctx.services.address.profile == "gamma"
        _visible_window("gamma").close()  # type: ignore[union-attr]
        qtbot.waitUntil(task.done, timeout=30_000)
        assert task.result() == 0
    finally:
        if not task.done():
            task.cancel()
            qtbot.waitUntil(task.done, timeout=30_000)
        shutdown = qloop.create_task(ctx.runner.shutdown())
        qtbot.waitUntil(shutdown.done, timeout=30_000)
        closing = qloop.create_task(connector.aclose())
        qtbot.waitUntil(closing.done, timeout=60_000)
