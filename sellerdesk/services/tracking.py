"""Tracking codes: cached list, single reads, and writes through the outbox."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.api.enums import Event as CodeEvent
from sellerdesk.api.enums import Provider
from sellerdesk.api.errors import NotFound
from sellerdesk.api.models import Skipped, TrackingCode, TrackingCodeDraft, decode
from sellerdesk.services.changes import ChangeFeed, Changes
from sellerdesk.services.convert import load, load_all, tracking_row
from sellerdesk.services.fresh_writes import Written
from sellerdesk.services.outbox.pending import PendingWrites
from sellerdesk.services.outbox.sender import OutboxService
from sellerdesk.services.outbox.settle import Intent
from sellerdesk.services.tracking_rows import TrackingRow, build_rows
from sellerdesk.store import Store
from sellerdesk.store.db import utc_now
from sellerdesk.store.outbox import IntentKind, OutboxEntry, entity_key, new_tracking_entity
from sellerdesk.store.rows import Resource

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient


def _list_fields(code: TrackingCode) -> tuple[object, ...]:
    """What the list shows of a code (everything but its options)."""
    return (code.name, code.code, code.provider, code.event, code.status, code.shop_id)


class TrackingService:
    def __init__(self, client: ShopClient, store: Store, outbox: OutboxService,
                 pending: PendingWrites, feed: ChangeFeed | None = None) -> None:
        self._client = client
        self._store = store
        self._outbox = outbox
        self._pending = pending
        self._feed = feed if feed is not None else pending.feed
        self._writes_applied = 0  # bumped by every applied tracking write (see refresh)
        # A sent write's code is brought in line in the commit that marks it done: that
        # commit's one value on the feed (published by `PendingWrites`) names the code.
        outbox.add_cache_writer(self._write_applied, kinds=(
            IntentKind.TRACKING_CREATE, IntentKind.TRACKING_MODIFY, IntentKind.TRACKING_DELETE))

    async def codes(self, *, event: CodeEvent | None = None,
                    provider: Provider | None = None) -> list[TrackingCode]:
        rows = await self._store.run(self._store.cache.tracking_codes,
                                     event=event.value if event else None,
                                     provider=provider.value if provider else None)
        return load_all(rows, TrackingCode)

    async def rows(self, *, event: CodeEvent | None = None, provider: Provider | None = None
                   ) -> list[TrackingRow]:
        """The list as the seller will see it: cached codes with the unsent writes laid over
        (creates included, before they have an id), filtered on the values shown."""
        codes = await self.codes()
        writes = [self._pending.writes(k) for k in self._pending.keys("tracking:")]
        return build_rows(codes, writes, event=event, provider=provider)

    async def refresh(self, *, full: bool = True,
                      on_skipped: Callable[[Sequence[Skipped]], object] | None = None
                      ) -> list[TrackingCode]:
        """Bring the cached codes up to date; returns them.

        The list carries no options and shows ACTIVE codes only, so codes are read by id:
        with `full` every listed one; otherwise only the listed codes whose list fields
        differ from the cache, new ones, and cached codes the list does not show (INACTIVE
        ones the seller made, or codes gone elsewhere). Unchanged codes keep their cached
        copy, so a sync with nothing changed costs the list alone. Unreadable listed codes
        are skipped and told to `on_skipped`."""
        async def read(code_id: int) -> TrackingCode | None:
            try:
                return await self._client.tracking_code(code_id)
            except NotFound:  # deleted since the list was read (our outbox, another device)
                return None

        cached = {c.id: c for c in await self.codes()}
        fresh: list[TrackingCode] = []
        for _ in range(3):
            seen = self._writes_applied
            began = utc_now()  # the outbox's clock
            listed = await self._client.tracking_codes(on_skipped=on_skipped)
            listed_ids = {c.id for c in listed}
            keep = [] if full else [
                cached[c.id] for c in listed
                if c.id in cached and _list_fields(cached[c.id]) == _list_fields(c)]
            kept = {c.id for c in keep}
            ask = [c.id for c in listed if c.id not in kept]
            ask += [i for i in cached if i not in listed_ids]
            found = await asyncio.gather(*(read(i) for i in ask))
            fresh = sorted([*keep, *(c for c in found if c is not None)], key=lambda c: c.id)
            if seen == self._writes_applied:
                break
            # One of our writes landed while the list was read: the list may predate it, and
            # replacing the cache with it would drop a code just created. Read again.
            cached = {c.id: c for c in await self.codes()}

        def write() -> None:  # a code our writes reached since the read stays as written
            written = Written.since(self._store, began)
            self._store.cache.replace_tracking_codes(
                written.codes_kept(tracking_row(c) for c in fresh), spare=written.codes)

        await self._store.run(write)
        await self._store.run(self._store.cache.mark_synced, Resource.TRACKING_CODES)
        self._feed.publish(Changes.reread("tracking"))
        return fresh

    async def code(self, code_id: int) -> TrackingCode | None:
        cached = await self._store.run(self._store.cache.get, Resource.TRACKING_CODES, code_id)
        return None if cached is None else load(cached, TrackingCode)

    def known_ids(self) -> frozenset[int]:
        """Ids in the cache (a plain call for the store's thread; the outbox's create check)."""
        return frozenset(int(c.id) for c in self._store.cache.tracking_codes())

    async def create(self, draft: TrackingCodeDraft) -> OutboxEntry:
        intent = Intent(draft=msgspec.to_builtins(draft))
        return await self._outbox.submit(IntentKind.TRACKING_CREATE, new_tracking_entity(),
                                         intent)

    async def modify(self, code: TrackingCode, **changes: object) -> OutboxEntry:
        base = {k: v for k, v in msgspec.to_builtins(code).items() if k in changes}
        intent = Intent(tracking_id=code.id, changes=msgspec.to_builtins(changes), base=base)
        return await self._outbox.submit(IntentKind.TRACKING_MODIFY,
                                         entity_key("tracking", code.id), intent)

    async def delete(self, code_id: int) -> OutboxEntry:
        return await self._outbox.submit(IntentKind.TRACKING_DELETE,
                                         entity_key("tracking", code_id),
                                         Intent(tracking_id=code_id))

    def _write_applied(self, entries: Sequence[OutboxEntry]) -> None:
        """On the store's writer thread, in the commit marking `entries` done: the codes
        as the server now has them."""
        cache = self._store.cache
        for entry in entries:
            if entry.kind.value.startswith("tracking"):
                self._writes_applied += 1  # read on the loop by `refresh` (an int: atomic)
            if entry.kind in (IntentKind.TRACKING_CREATE, IntentKind.TRACKING_MODIFY):
                if entry.result:
                    code = decode(entry.result, TrackingCode)
                    cache.upsert_tracking_codes([tracking_row(code)])
            elif entry.kind is IntentKind.TRACKING_DELETE:
                code_id = entry.entity.rsplit(":", 1)[-1]
                if code_id.isdigit():
                    cache.delete(Resource.TRACKING_CODES, [int(code_id)])
