"""The live-session fixture works on the qasync loop: services answer, the outbox sends."""

from __future__ import annotations

import asyncio

from pytestqt.qtbot import QtBot

from sellerdesk.services.session import Session
from sellerdesk.ui.context import UiContext
from tests.support.sandbox import Sandbox


def test_live_session_reads_the_cache_and_sends(live_ctx: UiContext, qtbot: QtBot,
                                                qloop: asyncio.AbstractEventLoop,
                                                fresh_sandbox: Sandbox) -> None:
    session: Session = live_ctx.services
    got: list[int] = []
    live_ctx.runner.run(session.orders.count(), on_success=got.append)
    qtbot.waitUntil(lambda: bool(got), timeout=10_000)
    assert got[0] == fresh_sandbox.readable_orders()
