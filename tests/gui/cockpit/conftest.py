"""A main window over a live, synced session, opened on the dashboard."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from tests.support.cockpit import dashboard_of


@pytest.fixture
def cockpit(live_ctx: UiContext, qtbot: QtBot) -> MainWindow:
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.show_view("dashboard")
    panel = dashboard_of(window)
    qtbot.waitUntil(lambda: panel.glance is not None, timeout=30_000)
    qtbot.waitUntil(panel.charts_drawn, timeout=30_000)
    return window
