"""The Dashboard view: the seller's day at a glance (figures, charts, all shops)."""

from sellerdesk.ui.dashboard.panel import DashboardPanel

__all__ = ["DashboardPanel"]
