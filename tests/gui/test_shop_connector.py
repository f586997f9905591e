"""ui/shop_connector.py at start: the window paints its first view from the store, and only
then is the session's network client made (once, off the GUI thread), the first sync sent
and the writes queued before the start sent."""

from __future__ import annotations

import asyncio
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.api import client as client_module
from sellerdesk.services.changes import WriteEvent
from sellerdesk.services.shops import Shops, queue_demo_answer
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.shop_connector import ShopConnector
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session


def test_the_client_is_made_off_the_gui_thread_after_the_first_paint(
        qloop: asyncio.AbstractEventLoop, qtbot: QtBot, ctx: UiContext,
        fresh_sandbox: Sandbox, synced_data_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    opening = asyncio.ensure_future(open_session(fresh_sandbox, data), loop=qloop)
    qtbot.waitUntil(opening.done, timeout=60_000)
    session = opening.result()
    # An answer queued by an earlier run: the sender sends it once it starts.
    queued = asyncio.ensure_future(queue_demo_answer(session, hold=0.0), loop=qloop)
    qtbot.waitUntil(queued.done, timeout=30_000)
    assert queued.result() is not None
    # Each client made: (on the GUI thread?, the window painted by then?).
    made: list[tuple[bool, bool]] = []
    real = client_module.ShopClient

    class Watched(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append((threading.current_thread() is threading.main_thread(),
                         window.painted()))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(client_module, "ShopClient", Watched)
    connector = ShopConnector(ctx, Shops(data))
    connector.use(session)
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    connector.bind(window, shop_label="Tienda")
    synced: list[object] = []
    sent: list[object] = []
    session.sync.finished.connect(synced.append)
    session.changes.published.connect(
        lambda c: sent.extend(w for w in c.writes if w.event is WriteEvent.SENT))
    window.show()
    connector.sync_now(quiet=True)  # as the app does, right after show()
    assert not window.painted()
    qtbot.waitUntil(lambda: bool(synced) and bool(sent), timeout=60_000)
    assert made == [(False, True)]
    connector.unbind()
    window.close()
    closing = asyncio.ensure_future(connector.close_session(), loop=qloop)
    qtbot.waitUntil(closing.done, timeout=30_000)
