"""A session keeps the request rate its pacer learned (in the profile's store) when it
closes; the next session of the same service and shop starts at it. No network: the pacer
is told of 429s and successes directly."""

from __future__ import annotations

from pathlib import Path

import pytest

from sellerdesk.policy import DECREASE
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store import Store

ADDRESS = ShopAddress("main", "http://shop.test", 1)


async def test_a_learned_rate_is_kept_and_forgotten_once_outgrown(tmp_path: Path) -> None:
    session = await Session.open(ADDRESS, "a-token", data_dir=tmp_path, rate=5.0)
    pacer = session.client.pacer
    pacer.refused(0.0, pacer.epoch)
    learned = pacer.learned
    await session.aclose()
    assert learned == pytest.approx(5.0 * DECREASE)

    again = await Session.open(ADDRESS, "a-token", data_dir=tmp_path, rate=5.0)
    assert again.client.pacer.rate == pytest.approx(learned)
    assert again.client.pacer.burst == 1
    while again.client.pacer.rate < 5.0:  # the service allows the full pace again
        again.client.pacer.accepted(again.client.pacer.epoch)
    await again.aclose()

    third = await Session.open(ADDRESS, "a-token", data_dir=tmp_path, rate=5.0)
    assert third.client.pacer.rate == 5.0
    await third.aclose()
    with Store.open("main", data_dir=tmp_path) as store:
        assert store.pace.learned("http://shop.test#1") is None


async def test_a_rate_is_learned_for_one_service_and_shop(tmp_path: Path) -> None:
    session = await Session.open(ADDRESS, "a-token", data_dir=tmp_path, rate=5.0)
    session.client.pacer.refused(0.0)
    await session.aclose()
    other = ShopAddress("main", "http://shop.test", 2)  # the profile now points elsewhere
    moved = await Session.open(other, "a-token", data_dir=tmp_path, rate=5.0)
    assert moved.client.pacer.rate == 5.0
    await moved.aclose()
    slower = await Session.open(ADDRESS, "a-token", data_dir=tmp_path, rate=2.0)
    assert slower.client.pacer.rate == 2.0  # never above the rate configured now
    await slower.aclose()
