"""One open shop: its client, its store and every service over them."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

import httpx

from sellerdesk.api.client import ShopClient
from sellerdesk.api.redact import install_redaction
from sellerdesk.policy import DEFAULT_RATE, pacer_for
from sellerdesk.services.catalogue import CatalogueService
from sellerdesk.services.connectivity import Connectivity, WatchedTransport
from sellerdesk.services.dashboard import DashboardService
from sellerdesk.services.inbox import InboxService
from sellerdesk.services.notifications import NotificationService
from sellerdesk.services.orders import OrdersService
from sellerdesk.services.outbox import OutboxService
from sellerdesk.services.pending import PendingWrites
from sellerdesk.services.sync import SyncService
from sellerdesk.services.tracking import TrackingService
from sellerdesk.store import Store

log = logging.getLogger("sellerdesk.services")

RATE_ENV = "SELLERDESK_RATE"  # requests/s per shop the app may send; 0 = unpaced


def request_rate(environ: dict[str, str] | None = None) -> float:
    """The pace every session keeps: `SELLERDESK_RATE` (an app granted a higher limit, or
    the tests against an unlimited sandbox), else the field's 5 requests/s."""
    raw = (os.environ if environ is None else environ).get(RATE_ENV, "").strip()
    try:
        return float(raw) if raw else DEFAULT_RATE
    except ValueError:
        log.warning("%s=%r is not a number; pacing at %s requests/s", RATE_ENV, raw,
                    DEFAULT_RATE)
        return DEFAULT_RATE


@dataclass(frozen=True)
class ShopAddress:
    """Where a shop lives: the profile's name (its store file), base URL and shop id."""

    profile: str
    base_url: str
    shop_id: int


class Session:
    """Open with `await Session.open(...)`, close with `await session.aclose()`."""

    def __init__(self, address: ShopAddress, client: ShopClient, store: Store, *,
                 watch: WatchedTransport | None = None) -> None:
        self.address = address
        self.client = client
        self.store = store
        self.pending = PendingWrites(store)  # before any write: it follows every one
        self.connectivity = Connectivity(client.shop)
        if watch is not None:  # every request of the client tells connectivity its outcome
            watch.connectivity = self.connectivity
        self.tracking: TrackingService
        self.outbox = OutboxService(client, store, self.connectivity,
                                    known_tracking_ids=lambda: self.tracking.known_ids())
        self.tracking = TrackingService(client, store, self.outbox, self.pending)
        self.catalogue = CatalogueService(client, store)
        self.inbox = InboxService(client, store, self.outbox, self.connectivity, self.pending)
        self.orders = OrdersService(client, store, self.outbox, self.pending)
        self.dashboard = DashboardService(store)
        self.sync = SyncService(client, store, self.catalogue, self.tracking, self.inbox,
                                self.orders)
        self.notifications = NotificationService(store)

    @classmethod
    async def open(cls, address: ShopAddress, token: str, *, data_dir: Path | None = None,
                   timeout: float = 20.0, max_retries: int = 3,
                   transport: httpx.AsyncBaseTransport | None = None,
                   rate: float | None = None) -> Session:
        """`transport`: the HTTP transport under the client (tests give a fake one);
        `rate`: requests/s for this shop (default `request_rate()`; 0 = unpaced)."""
        install_redaction(token)
        store = await Store.open_async(address.profile, data_dir=data_dir)
        watch = WatchedTransport(transport)
        client = ShopClient(address.base_url, address.shop_id, token, timeout=timeout,
                            max_retries=max_retries, transport=watch,
                            pacer=pacer_for(request_rate() if rate is None else rate))
        session = cls(address, client, store, watch=watch)
        try:
            await session.pending.load()
        except BaseException:
            await session.aclose()
            raise
        return session

    def start(self) -> None:
        """Start sending queued writes in the background."""
        self.outbox.start()

    async def aclose(self) -> None:
        self.pending.close()
        await self.outbox.aclose()
        await self.connectivity.aclose()
        await self.client.aclose()
        await self.store.aclose()

    def __repr__(self) -> str:
        return f"Session({self.address!r})"
