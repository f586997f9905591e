"""A view of one cached resource (categories, tracking codes, the shop record): the local copy
at once, then the shop's own behind it while online; F5 asks the shop again.

The first read after `load()` fetches from the network only once it has shown the cached
copy, and counts as loaded as soon as that copy has something (or there is no network to
wait for). Failures follow `widgets/loading.py`: an explicit refresh says every failure, one
the view started by itself stays quiet about being offline.
"""

from __future__ import annotations

from collections.abc import Coroutine
from datetime import datetime
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from sellerdesk.services.session import Session
from sellerdesk.services.types import Resource
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.panel import Panel
from sellerdesk.ui.widgets.loading import is_online, refresh_from_network, updated_text

T = TypeVar("T")


class CachedPanel(Panel, Generic[T]):
    """Subclasses give `synced_resource`, `read_cache`, `show_cached`, `fetch`,
    `fetch_label` and `fetch_failed`; `show_no_shop` and `update_subtitle` have defaults."""

    synced_resource: ClassVar[Resource]

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.last_sync: datetime | None = None
        self._fetch_after_read = False  # the first read of load() then asks the network
        self._stale = False  # the cache changed while another view filled the window

    def key(self, name: str) -> str:
        """A runner key of this view's own (a newer read replaces an older one)."""
        return f"{self.view_id}.{name}.{id(self)}"

    # ---- What subclasses give. ----------------------------------------------------------

    def read_cache(self, services: Session) -> Coroutine[Any, Any, T]:
        raise NotImplementedError

    def show_cached(self, value: T) -> bool:
        """Show what the cache held; True when there is anything to see."""
        raise NotImplementedError

    def fetch(self, services: Session) -> Coroutine[Any, Any, object]:
        """The network refresh; the service's change event brings its result back here."""
        raise NotImplementedError

    def fetch_label(self) -> str:
        raise NotImplementedError

    def fetch_failed(self, words: str) -> None:
        """A refresh failed (`words` say why): the cached copy stays on screen."""

    def show_no_shop(self) -> None:
        """No shop is open: show the empty state."""

    def update_subtitle(self) -> None:
        self.header.set_subtitle(updated_text(self.last_sync))

    # ---- Loading. ---------------------------------------------------------------------------

    def load(self) -> None:
        if self.ctx.services is None:
            self.show_no_shop()
            self.mark_loaded()
            return
        self._fetch_after_read = is_online(self.ctx)
        self.read_cached()

    def refresh(self) -> None:
        if self.ctx.services is None:
            self.load()
            return
        self._fetch(explicit=True)

    def read_cached(self) -> None:
        """Read the cached copy (and when it was synced) again and show it."""
        services = self.ctx.services
        if services is None:
            return

        def shown(value: T) -> None:
            anything = self.show_cached(value)
            # A newer read may have replaced the one load() started: the flag, not this
            # call, says whether the network is still to be asked.
            fetch, self._fetch_after_read = self._fetch_after_read, False
            if anything or not fetch:
                self.mark_loaded()
            if fetch:
                self._fetch(explicit=False)

        self.ctx.runner.run(self.read_cache(services), on_success=shown, key=self.key("cache"),
                            owner=self, show_progress=False)
        self.ctx.runner.run(services.sync.synced_at(self.synced_resource),
                            on_success=self._on_synced_read, key=self.key("synced"),
                            owner=self, show_progress=False, report_errors=False)

    def reread_when_seen(self) -> None:
        """The cache changed: read it again now if this view is on screen. A view the seller
        is not looking at (another one fills the window) reads it when shown next, so a sync
        does not rebuild views nobody sees while the one in front must stay smooth."""
        window = self.window()
        if window is not self and window.isVisible() and not self.isVisible():
            self._stale = True
            return
        self.read_cached()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.read_cached()

    def _fetch(self, *, explicit: bool) -> None:
        services = self.ctx.services
        if services is None:
            return
        refresh_from_network(self.ctx, self.fetch(services), owner=self,
                             key=self.key("refresh"), label=self.fetch_label(),
                             explicit=explicit, on_failure=self.fetch_failed,
                             on_settled=self.mark_loaded)

    def _on_synced_read(self, moment: datetime | None) -> None:
        self.last_sync = moment
        self.update_subtitle()
