"""Categories, the shop record and listing pictures: the cache at once, refreshed behind it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sellerdesk.api.models import Category, Shop
from sellerdesk.services.changes import ChangeFeed, Changes
from sellerdesk.services.convert import flatten_categories, load, load_all, shop_row
from sellerdesk.store import Store
from sellerdesk.store.rows import Resource

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient

PICTURE_MAX_BYTES = 2_000_000  # a listing's thumbnail is small
LOGO_MAX_BYTES = 1_000_000  # a shop's logo is smaller still


def build_tree(flat: list[Category]) -> list[Category]:
    """Rebuild the tree (roots with `children`) from cached flat rows, by position."""
    by_parent: dict[int | None, list[Category]] = {}
    for cat in flat:
        by_parent.setdefault(cat.parent_id, []).append(cat)

    def attach(cat: Category, depth: int) -> Category:
        kids = sorted(by_parent.get(cat.id, []), key=lambda c: (c.position or 0, c.id))
        cat.children = [attach(k, depth + 1) for k in kids] if depth < 3 else []
        return cat

    roots = sorted(by_parent.get(None, []), key=lambda c: (c.position or 0, c.id))
    return [attach(r, 1) for r in roots]


class CatalogueService:
    def __init__(self, client: ShopClient, store: Store,
                 feed: ChangeFeed | None = None) -> None:
        self._client = client
        self._store = store
        self._feed = feed if feed is not None else ChangeFeed()

    async def category_tree(self) -> list[Category]:
        """The cached tree (empty before the first sync)."""
        rows = await self._store.run(self._store.cache.categories)
        return build_tree(load_all(rows, Category))

    async def refresh_categories(self) -> list[Category]:
        tree = await self._client.category_tree()
        await self._store.run(self._store.cache.replace_categories, flatten_categories(tree))
        await self._store.run(self._store.cache.mark_synced, Resource.CATEGORIES)
        self._feed.publish(Changes.reread("categories"))
        return tree

    async def shop(self) -> Shop | None:
        cached = await self._store.run(self._store.cache.shop)
        return None if cached is None else load(cached, Shop)

    async def picture(self, url: str, *, max_bytes: int = PICTURE_MAX_BYTES) -> bytes:
        """A listing's picture (a thumbnail), through the shop's one pacer like every other
        request: never more than the service allows, the token only to its own origin."""
        return await self._client.fetch_image(url, max_bytes=max_bytes)

    async def shop_logo(self, shop: Shop, *, max_bytes: int = LOGO_MAX_BYTES) -> bytes | None:
        """The shop's logo as the service serves it (None when the record says it has none or
        does not say where it is), through the shop's pacer like every request. Kept apart
        from `picture`: the logo's address comes from the shop record, not a listing."""
        if not shop.has_logo or not shop.logo_url:
            return None
        return await self._client.fetch_image(shop.logo_url, max_bytes=max_bytes)

    async def refresh_shop(self) -> Shop:
        shop = await self._client.shop()
        await self._store.run(self._store.cache.upsert_shop, shop_row(shop))
        await self._store.run(self._store.cache.mark_synced, Resource.SHOP)
        self._feed.publish(Changes.reread("shop"))
        return shop
