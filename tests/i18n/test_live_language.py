"""View → Language switches the window's language at once, without a restart: every view
speaks the new language, the shop stays open (same session, no new sync), the view shown
stays, and what the seller typed and had not sent yet moves across."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sellerdesk.credentials import Profile
from sellerdesk.services.shops import Shops
from sellerdesk.ui.context import GuiOptions, UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.notify import Notifier
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.shop_connector import ShopConnector
from sellerdesk.ui.windows import run_windows
from tests.support.keyring import memory_credentials
from tests.support.sandbox import Sandbox
from tests.support.sessions import sync_into

# The views' titles in Spanish, as sellerdesk_es.ts has them.
SPANISH = {"dashboard": "Resumen", "inbox": "Preguntas", "orders": "Pedidos",
           "categories": "Categorías", "tracking": "Códigos de seguimiento",
           "shop": "Tienda", "outbox": "Bandeja de salida"}
DRAFT = "Hola, sí: lo enviamos mañana a primera hora."


def _windows() -> list[MainWindow]:
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, MainWindow) and w.isVisible()]


def test_a_new_language_shows_at_once_and_keeps_the_shop_and_the_draft(
        fresh_sandbox: Sandbox, tmp_path: Path, settings: Settings,
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot,
        use_language: Callable[[str], str]) -> None:
    use_language("en")
    data = tmp_path / "data"
    sync_into(fresh_sandbox, data, profile="alpha")
    creds = memory_credentials(data)
    creds.add_profile(Profile(name="alpha", base_url=fresh_sandbox.base_url,
                              shop_id=fresh_sandbox.shop_id))
    creds.set_token("alpha", fresh_sandbox.token)
    options = GuiOptions(profile="alpha", data_dir=data)
    ctx = UiContext(settings=settings, runner=TaskRunner(loop=qloop), options=options)
    connector = ShopConnector(ctx, Shops(data, credentials=creds),
                              notifier=Notifier(settings, tray_available=False))
    task = qloop.create_task(run_windows(ctx, options, connector))
    try:
        qtbot.waitUntil(lambda: len(_windows()) == 1, timeout=30_000)
        first = _windows()[0]
        session = ctx.services
        assert session is not None
        first.show_view("inbox")
        inbox = first.panel("inbox")
        assert isinstance(inbox, InboxPanel)
        qtbot.waitUntil(lambda: inbox.thread_view.thread_id() is not None, timeout=30_000)
        thread = inbox.thread_view.thread_id()
        inbox.thread_view.composer.set_text(DRAFT)
        assert first.panel("orders").title() == "Orders"

        action = next(a for a in first.language_menu.actions() if a.data() == "es")
        action.trigger()

        qtbot.waitUntil(lambda: bool(_windows()) and _windows()[0] is not first,
                        timeout=30_000)
        second = _windows()[0]
        assert ctx.services is session  # the same shop, not opened again
        assert second.current_view() == "inbox"
        for view_id, title in SPANISH.items():
            if view_id in second.view_ids():
                assert second.panel(view_id).title() == title, view_id
        again = second.panel("inbox")
        assert isinstance(again, InboxPanel)
        assert again.thread_view.drafts().get(str(thread)) == DRAFT
        qtbot.waitUntil(lambda: again.thread_view.thread_id() is not None, timeout=30_000)
        if again.thread_view.thread_id() == thread:
            assert again.thread_view.composer.text() == DRAFT

        second.close()
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
