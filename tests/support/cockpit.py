"""The dashboard of a main window, as the cockpit tests find it."""

from __future__ import annotations

from sellerdesk.ui.dashboard import DashboardPanel
from sellerdesk.ui.main_window import MainWindow


def dashboard_of(window: MainWindow) -> DashboardPanel:
    panel = window.panel("dashboard")
    assert isinstance(panel, DashboardPanel)
    return panel
