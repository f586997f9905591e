"""The shop's logo through the catalogue service: the picture the record names, as the
service serves it; none when the record has no logo or does not say where it is."""

from __future__ import annotations

import msgspec

from sellerdesk.services.session import Session
from tests.support.sandbox import Sandbox


async def test_the_logo_is_the_one_the_record_names(session: Session,
                                                    fresh_sandbox: Sandbox) -> None:
    shop = await session.catalogue.refresh_shop()
    server = fresh_sandbox.get("").json()
    assert shop.has_logo and shop.logo_url == server["logo_url"]
    data = await session.catalogue.shop_logo(shop)
    assert data is not None and data.startswith(b"\x89PNG\r\n\x1a\n")  # the sandbox's PNG
    cached = await session.catalogue.shop()  # the address survives the local copy
    assert cached is not None and cached.logo_url == shop.logo_url


async def test_without_a_logo_there_is_none(session: Session) -> None:
    shop = await session.catalogue.refresh_shop()
    assert await session.catalogue.shop_logo(msgspec.structs.replace(shop, has_logo=False)) \
        is None
    assert await session.catalogue.shop_logo(msgspec.structs.replace(shop, logo_url=None)) \
        is None
