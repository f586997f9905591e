"""The base of every view in the main window's stack (Inbox, Orders, ... , Outbox)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ClassVar

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QPalette
from PySide6.QtWidgets import QLayout, QVBoxLayout, QWidget

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.widgets.panel_header import PanelHeader
from sellerdesk.ui.widgets.separator import Separator


class Panel(QWidget):
    """One view. Loads lazily the first time it is shown and says when its data is on screen.

    Subclasses set `view_id`, implement `title()` and `icon_name()`, start their loading in
    `load()` (through `ctx.runner`) and call `mark_loaded()` once the first data (or the
    empty state) is shown. The snapshot command waits on `loaded`.
    """

    view_id: ClassVar[str] = ""
    loaded = Signal()

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._loaded = False
        self._load_started = False
        self.setObjectName(f"panel-{self.view_id}")
        self.setAutoFillBackground(True)  # views sit on the base colour, the sidebar beside
        self.setBackgroundRole(QPalette.ColorRole.Base)
        # The title row (name, status line, tools), first: the tab order starts there.
        self.header = PanelHeader(self.title(), self)

    def title(self) -> str:
        raise NotImplementedError

    def lay_out(self, body: QWidget, *, above_body: QLayout | None = None) -> None:
        """Every view's frame: the header, a rule, then `body` (with `above_body` between
        the rule and the body, e.g. a view's own message area)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.header)
        layout.addWidget(Separator(parent=self))
        if above_body is not None:
            layout.addLayout(above_body)
        layout.addWidget(body, 1)

    def icon_name(self) -> str:
        raise NotImplementedError

    def panel_actions(self) -> list[QAction]:
        """Actions of this view with shortcuts, listed in Help → Keyboard shortcuts."""
        return []

    # ---- Loading. -----------------------------------------------------------------------

    def activate(self) -> None:
        """Called by the window each time this view becomes the current one."""
        if not self._load_started:
            self._load_started = True
            self.load()

    def load(self) -> None:
        """Start fetching what the view shows; the default has nothing to fetch."""
        self.mark_loaded()

    def refresh(self) -> None:
        """Fetch again (F5). The default reloads."""
        self.load()

    def mark_loaded(self) -> None:
        first = not self._loaded
        self._loaded = True
        if first:
            self.loaded.emit()

    def is_loaded(self) -> bool:
        return self._loaded

    async def wait_loaded(self, timeout: float) -> None:
        """Return once the view has shown its data; TimeoutError after `timeout` seconds."""
        if self._loaded:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def _done() -> None:
            if not future.done():
                future.set_result(None)

        self.loaded.connect(_done)
        try:
            if self._loaded:
                return
            await asyncio.wait_for(future, timeout)
        finally:
            self.loaded.disconnect(_done)

    async def prepare_snapshot(self) -> None:
        """Put the view in the state its picture shows (a thread open, an editor open...)."""

    # ---- Remembering layout. --------------------------------------------------------------

    def save_state(self) -> None:
        """Store splitters, columns and filters through `ctx.settings` (called on close)."""

    def restore_state(self) -> None:
        """Restore what `save_state` stored (called once, after construction)."""

    # ---- Typed but not yet saved: carried to the next window (a language switch). ---------

    def before_leaving(self, then: Callable[[], None]) -> None:
        """Call `then` once edits that cannot be carried to another window are saved or
        dropped (the view may ask the seller; nothing happens if they cancel)."""
        then()

    def unsaved(self) -> object | None:
        """What the seller typed here and has not saved or queued yet, or None."""
        return None

    def adopt_unsaved(self, typed: object) -> None:
        """Take back what `unsaved` gave, in a view built anew (called once, after
        `restore_state`)."""
