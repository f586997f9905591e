"""One open shop: its client, its store and every service over them.

A session opens over its store at once; its HTTP client (httpx and the api client's
modules, a few tenths of a second to import) is made the first time a service uses it, or
ahead by `prepare_network` (the window calls it from a thread after its first paint): the
window paints the inbox from the store before the network client exists.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import msgspec

from sellerdesk.api.backend import import_backend
from sellerdesk.api.redact import install_redaction
from sellerdesk.api.tokens import OAuthGrant, SaveGrant
from sellerdesk.policy import DEFAULT_RATE, Pacer, pacer_for
from sellerdesk.services.access import Access
from sellerdesk.services.catalogue import CatalogueService
from sellerdesk.services.changes import ChangeFeed
from sellerdesk.services.connectivity import Connectivity, Pace
from sellerdesk.services.counts import CountsService
from sellerdesk.services.dashboard import DashboardService
from sellerdesk.services.inbox import InboxService
from sellerdesk.services.notifications import NotificationService
from sellerdesk.services.orders import OrdersService
from sellerdesk.services.outbox.pending import PendingWrites
from sellerdesk.services.outbox.sender import OutboxService
from sellerdesk.services.sync import SyncService
from sellerdesk.services.tracking import TrackingService
from sellerdesk.store import Store, StoreError

if TYPE_CHECKING:
    import httpx

    from sellerdesk.api.client import ShopClient
    from sellerdesk.services.watched import WatchedTransport

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


class ShopAddress(msgspec.Struct, frozen=True):
    """Where a shop lives: the profile's name (its store file), base URL and shop id."""

    profile: str
    base_url: str
    shop_id: int


class GrantKeeper:
    """Where a session's rotated OAuth grants go (the keyring, through `Shops`): the client
    awaits it before using a renewed token. Without a `save` (the demo, tests) the grant
    lives in the client's memory only."""

    def __init__(self, save: SaveGrant | None = None) -> None:
        self.save = save

    async def __call__(self, grant: OAuthGrant) -> None:
        install_redaction(*grant.secrets())  # before anything can log the call's result
        if self.save is not None:
            await self.save(grant)

    async def latest(self) -> OAuthGrant | None:
        """The newest grant `save` stored (by any process), when it can tell (`GrantStore`)."""
        latest = getattr(self.save, "latest", None)
        return None if latest is None else cast("OAuthGrant | None", await latest())


# ShopClient's attributes that are not coroutine methods: reading one before the client is
# made makes it at once, on the reading thread (`set_token`, say: rare, and after a request).
_SYNC_ATTRIBUTES = frozenset({"base_url", "shop_id", "pacer", "grant", "set_token",
                              "token_fingerprint"})


class _LateClient:
    """Stands for the session's `ShopClient` until it is made: its pacer at once (the
    services read it when built); a request (every other public method is a coroutine)
    first waits for the session's gate (the window's first paint), then makes the client on
    a worker thread, off the event loop; anything else makes it at once. Made once, under a
    lock, by whichever thread asks first."""

    def __init__(self, pacer: Pacer, make: Callable[[], ShopClient]) -> None:
        self.pacer = pacer
        self._make = make
        self._made: ShopClient | None = None
        self._making = threading.Lock()
        self.gate: Callable[[], Awaitable[object]] | None = None

    @property
    def made(self) -> ShopClient | None:
        return self._made

    def real(self) -> ShopClient:
        made = self._made
        if made is None:
            with self._making:
                made = self._made
                if made is None:
                    made = self._made = self._make()
        return made

    async def ready(self) -> ShopClient:
        """The client, made off the event loop once the gate lets requests through."""
        if self._made is None:
            if self.gate is not None:
                await self.gate()
            await asyncio.to_thread(self.real)
        return self.real()

    def __getattr__(self, name: str) -> Any:
        made = self._made
        if made is not None or name.startswith("_") or name in _SYNC_ATTRIBUTES:
            return getattr(made or self.real(), name)

        async def request(*args: Any, **kwargs: Any) -> Any:
            return await getattr(await self.ready(), name)(*args, **kwargs)

        return request

    def __repr__(self) -> str:
        return repr(self._made) if self._made is not None else "ShopClient(not made yet)"


class Session:
    """Open with `await Session.open(...)`, close with `await session.aclose()`."""

    def __init__(self, address: ShopAddress, client: ShopClient, store: Store, *,
                 watch: WatchedTransport | None = None,
                 grants: GrantKeeper | None = None) -> None:
        self.address = address
        self.client = client
        self.store = store
        self.grants = grants or GrantKeeper()
        self._watch = watch
        self._late: _LateClient | None = None  # the client, until made (`open`)
        self._pace_kept: float | None = None  # the learned rate the store held at open
        # The one feed every committed change is published on (services/changes.py).
        self.changes = ChangeFeed()
        # Before any write: it follows every one, and publishes each outbox commit.
        self.pending = PendingWrites(store, feed=self.changes)

        async def probe() -> object:  # the client is read when probing, not made here
            return await self.client.shop()

        self.connectivity = Connectivity(probe)
        if watch is not None:  # every request to the service tells connectivity its outcome
            watch.connectivity = self.connectivity
            watch.service_host = _host(address.base_url)
        self.pace = Pace(client.pacer)  # "the shop service asked us to slow down"
        self.access = Access(client, store)  # a refused token pauses sync and sending
        self.tracking: TrackingService
        self.outbox = OutboxService(client, store, self.connectivity,
                                    known_tracking_ids=lambda: self.tracking.known_ids())
        self.outbox.auth_needed.connect(self.access.sending_paused)
        self.outbox.resumed.connect(lambda _: self.access.restore())  # a new token
        feed = self.changes
        self.tracking = TrackingService(client, store, self.outbox, self.pending, feed)
        self.catalogue = CatalogueService(client, store, feed)
        self.inbox = InboxService(client, store, self.outbox, self.connectivity, self.pending,
                                  feed)
        self.orders = OrdersService(client, store, self.outbox, self.pending, feed)
        self.counts = CountsService(store, self.pending)
        self.dashboard = DashboardService(store, self.counts)
        self.sync = SyncService(client, store, self.catalogue, self.tracking, self.inbox,
                                self.orders, access=self.access, feed=feed)
        self.notifications = NotificationService(store, self.inbox)

    @classmethod
    async def open(cls, address: ShopAddress, token: str | OAuthGrant, *,
                   data_dir: Path | None = None, timeout: float = 20.0, max_retries: int = 3,
                   transport: httpx.AsyncBaseTransport | None = None,
                   rate: float | None = None, save_grant: SaveGrant | None = None) -> Session:
        """`token`: a pasted access token or an OAuth grant, whose rotated successors go to
        `save_grant` (awaited before use; memory only without one); `transport`: the HTTP
        transport under the client (tests give a fake one); `rate`: requests/s for this shop
        (default `request_rate()`; 0 = unpaced)."""
        install_redaction(*(token.secrets() if isinstance(token, OAuthGrant) else (token,)))
        store = await Store.open_async(address.profile, data_dir=data_dir)
        grants = GrantKeeper(save_grant)
        kept = await _learned_pace(store, address)
        pacer = pacer_for(request_rate() if rate is None else rate, start=kept)
        session: Session | None = None

        def make() -> ShopClient:
            # httpcore's and anyio's modules first, under the lock every import of them
            # takes (api/backend.py: two threads importing them at once can deadlock).
            import_backend()
            from sellerdesk.api.client import ShopClient
            from sellerdesk.services.watched import WatchedTransport

            watch = WatchedTransport(transport)
            assert session is not None  # made on the session's first use, never before
            session._watch = watch
            watch.connectivity = session.connectivity  # every request tells it its outcome
            watch.service_host = _host(address.base_url)
            return ShopClient(address.base_url, address.shop_id, token, timeout=timeout,
                              max_retries=max_retries, transport=watch, save_grant=grants,
                              pacer=pacer)

        late = _LateClient(pacer, make)
        session = cls(address, cast("ShopClient", late), store, grants=grants)
        session._late = late
        session._pace_kept = kept
        try:
            await session.pending.load()
        except BaseException:
            await session.aclose()
            raise
        return session

    def hold_requests(self, gate: Callable[[], Awaitable[object]] | None) -> None:
        """Requests made before the client exists wait for `gate()` (the window: its first
        paint) before the client is made, off the event loop; None: they do not wait."""
        if self._late is not None:
            self._late.gate = gate

    def prepare_network(self) -> None:
        """Make the HTTP client and its transport ahead of the first request (blocking:
        call it off the event loop; the first use makes them otherwise)."""
        if self._late is not None:
            self._late.real()
        if self._watch is not None:
            self._watch.prepare()

    def start(self) -> None:
        """Start sending queued writes in the background."""
        self.outbox.start()

    async def check_access(self) -> None:
        """At start: sending still paused by a refusal of this very token (an earlier run's)
        pauses the sync too, and the seller hears of it (`access.refused`)."""
        if await self.outbox.resume_if_new_token():
            return
        reason = await self.outbox.paused()
        if reason is not None:
            self.access.sending_paused(reason)

    def use_grant(self, grant: OAuthGrant, save: SaveGrant | None = None) -> None:
        """Renew tokens with `grant` from now on (the demo shop, once its sandbox has handed
        one out); its rotated successors go to `save` (memory only without one)."""
        self.grants.save = save
        self.client.set_token(grant)

    async def aclose(self) -> None:
        # The store is closed whatever happens before it: its file lock keeps other windows
        # (and "All shops") out of this shop until it is.
        try:
            self.pace.close()
            self.pending.close()
            await self.outbox.aclose()
            await self.connectivity.aclose()
        finally:
            try:
                if self._late is None or self._late.made is not None:  # never made: no-op
                    await self.client.aclose()
            finally:
                await self._remember_pace()
                await self.store.aclose()

    async def _remember_pace(self) -> None:
        """Keep the rate the pacer learned for the next run (or forget one it outgrew)."""
        learned = self.client.pacer.learned
        if learned == self._pace_kept:
            return
        try:
            await self.store.run(self.store.pace.remember, _pace_key(self.address), learned)
        except StoreError as exc:  # a nicety: the next run learns it again
            log.warning("could not keep the learned request rate: %s", exc)

    def __repr__(self) -> str:
        return f"Session({self.address!r})"


def _pace_key(address: ShopAddress) -> str:
    """Whose limit a learned rate is: the service and the shop (not the profile's name)."""
    return f"{address.base_url.rstrip('/')}#{address.shop_id}"


async def _learned_pace(store: Store, address: ShopAddress) -> float | None:
    try:
        return await store.run(store.pace.learned, _pace_key(address))
    except StoreError as exc:
        log.warning("could not read the learned request rate: %s", exc)
        return None


def _host(base_url: str) -> str:
    import httpx  # with the client: after the window's first paint

    return str(httpx.URL(base_url).host)
