"""The views of the main window, in navigation order. Swap a factory to drop a real view in.

Only the first view shown is imported and built before the window's first paint: each
default view names its module and class (`lazy`), and carries its title and icon, so the
sidebar and the menus are made without importing it. The window imports the other views'
modules off the GUI thread after the first paint (`prepare_modules`) and builds each view the
first time it is shown.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import msgspec
from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from sellerdesk.ui.context import UiContext
    from sellerdesk.ui.panel import Panel

log = logging.getLogger("sellerdesk.ui")


class LazyPanel(msgspec.Struct, frozen=True):
    """A panel class named by module and class, imported the first time it is built."""

    module: str
    name: str

    def load(self) -> type[Panel]:
        panel_type: type[Panel] = getattr(importlib.import_module(self.module), self.name)
        return panel_type

    def __call__(self, ctx: UiContext) -> Panel:
        return self.load()(ctx)


def lazy(module: str, name: str) -> LazyPanel:
    return LazyPanel(module, name)


class ViewSpec(msgspec.Struct, frozen=True):
    view_id: str
    factory: Callable[[UiContext], Panel]
    shortcut: str  # portable text, e.g. "Ctrl+1" (Cmd+1 on macOS)
    in_navigation: bool = True
    # The view's name (translated when called) and icon, for the sidebar and the View menu
    # before the view is built; a spec without them has its panel built with the window.
    title: Callable[[], str] | None = None
    icon_name: str = ""

    @property
    def deferred(self) -> bool:
        return self.title is not None and bool(self.icon_name)


def default_views() -> list[ViewSpec]:
    # The dashboard comes first yet takes Ctrl+0: the working views keep the numbers sellers
    # already know (Ctrl+1 inbox ... Ctrl+6 outbox, also named in tooltips and hints).
    # Titles are each panel's own `self.tr(...)` (same context, same translation; a test
    # holds them equal).
    return [
        ViewSpec("dashboard", lazy("sellerdesk.ui.dashboard.panel", "DashboardPanel"), "Ctrl+0",
                 title=lambda: QCoreApplication.translate("DashboardPanel", "Dashboard"),
                 icon_name="dashboard"),
        ViewSpec("inbox", lazy("sellerdesk.ui.inbox.panel", "InboxPanel"), "Ctrl+1",
                 title=lambda: QCoreApplication.translate("InboxPanel", "Inbox"),
                 icon_name="inbox"),
        ViewSpec("orders", lazy("sellerdesk.ui.orders.panel", "OrdersPanel"), "Ctrl+2",
                 title=lambda: QCoreApplication.translate("OrdersPanel", "Orders"),
                 icon_name="orders"),
        ViewSpec("categories", lazy("sellerdesk.ui.categories.panel", "CategoriesPanel"), "Ctrl+3",
                 title=lambda: QCoreApplication.translate("CategoriesPanel", "Categories"),
                 icon_name="categories"),
        ViewSpec("tracking", lazy("sellerdesk.ui.tracking.panel", "TrackingPanel"), "Ctrl+4",
                 title=lambda: QCoreApplication.translate("TrackingPanel", "Tracking codes"),
                 icon_name="tracking"),
        ViewSpec("shop", lazy("sellerdesk.ui.shop", "ShopPanel"), "Ctrl+5",
                 title=lambda: QCoreApplication.translate("ShopPanel", "Shop"),
                 icon_name="shop"),
        ViewSpec("outbox", lazy("sellerdesk.ui.outbox.panel", "OutboxPanel"), "Ctrl+6",
                 title=lambda: QCoreApplication.translate("OutboxPanel", "Outbox"),
                 icon_name="outbox"),
    ]


def prepare_modules(specs: Iterable[ViewSpec]) -> None:
    """Import the modules of views not built yet (run off the GUI thread: class definitions
    only, no widget is made), so showing one later costs only building it."""
    for spec in specs:
        if isinstance(spec.factory, LazyPanel):
            try:
                panel_type = spec.factory.load()
                # What a view imports only when it first draws (the dashboard's charts:
                # pyqtgraph and numpy, most of a second) is imported here too.
                prepare = getattr(panel_type, "prepare_imports", None)
                if callable(prepare):
                    prepare()
            except Exception:  # shown again, and reported, when the view is built
                log.debug("preparing %s failed", spec.view_id, exc_info=True)
