"""How views fetch: the cached copy at once, then the network behind it.

A refresh the seller asked for (F5) reports every failure in the window's banner. One the
view started by itself stays quiet about being offline (the status bar already says so) but
reports anything else; either way the cached copy stays on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QObject

from sellerdesk.services.types import Offline
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.runner import TaskHandle, describe_error
from sellerdesk.ui.widgets.formatting import format_relative

T = TypeVar("T")


def refresh_from_network(ctx: UiContext, work: Coroutine[Any, Any, T], *, owner: QObject,
                         key: str, label: str, explicit: bool,
                         on_success: Callable[[T], None] | None = None,
                         on_failure: Callable[[str], None] | None = None,
                         on_settled: Callable[[], None] | None = None,
                         show_progress: bool | None = None) -> TaskHandle[T]:
    """Run a network refresh; `on_failure` gets the failure in words. Progress shows in
    the status bar for an explicit refresh unless `show_progress` says otherwise."""

    def failed(exc: Exception) -> None:
        words = describe_error(exc)
        if not explicit and not isinstance(exc, Offline):
            ctx.runner.error_reported.emit(words)
        if on_failure is not None:
            on_failure(words)

    return ctx.runner.run(work, on_success=on_success, on_failure=failed,
                          on_settled=on_settled, label=label, key=key, owner=owner,
                          report_errors=explicit,
                          show_progress=explicit if show_progress is None else show_progress)


def is_online(ctx: UiContext) -> bool:
    services = ctx.services
    return services is not None and bool(services.connectivity.online)


def updated_text(moment: datetime | None) -> str:
    """"Updated 5 minutes ago" (or that it never was)."""
    if moment is None:
        return QCoreApplication.translate("Loading", "Not fetched from the shop yet")
    text = QCoreApplication.translate("Loading", "Updated {when}")
    return text.format(when=format_relative(moment))
