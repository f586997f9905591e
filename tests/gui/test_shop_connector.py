"""ui/shop_connector.py at start: the window paints its first view from the store, and only
then is the session's network client made (off the GUI thread) and the first sync sent."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.services.session import Session
from sellerdesk.services.shops import Shops
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.shop_connector import ShopConnector
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session


def test_the_first_sync_connects_after_the_first_paint(
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot, ctx: UiContext, sandbox: Sandbox,
        synced_data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    opening = asyncio.ensure_future(open_session(sandbox, data), loop=qloop)
    qtbot.waitUntil(opening.done, timeout=60_000)
    session = opening.result()
    # What the window had painted each time the client was made ready, in order.
    painted_then: list[bool] = []
    prepare = Session.prepare_network

    def watched(self: Session) -> None:
        painted_then.append(window.painted())
        prepare(self)

    monkeypatch.setattr(Session, "prepare_network", watched)
    connector = ShopConnector(ctx, Shops(data))
    connector.use(session)
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    connector.bind(window, shop_label="Tienda")
    done: list[object] = []
    session.sync.finished.connect(done.append)
    window.show()
    connector.sync_now(quiet=True)  # as the app does, right after show()
    assert not window.painted()
    qtbot.waitUntil(lambda: bool(done), timeout=60_000)
    assert window.painted() and painted_then[:1] == [True]
    connector.unbind()
    window.close()
    closing = asyncio.ensure_future(connector.close_session(), loop=qloop)
    qtbot.waitUntil(closing.done, timeout=30_000)
