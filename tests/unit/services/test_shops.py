"""Opening shops without a window: the seller's choice -> profile -> token -> session, the
demo shop's sandbox started behind its session and stopped with it, "All shops" reading
other shops' stores. Tokens live in a keyring in memory; no shop service is needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from sellerdesk.services import shops as shops_module
from sellerdesk.services.shops import (
    DEMO_PROFILE,
    GlanceProblem,
    ProfileAnswer,
    ProfileChoice,
    Shops,
    TokenMissing,
    read_glance,
    saved_profiles,
)
from sellerdesk.services.types import CredentialsError, Profile, StoreBusyError
from sellerdesk.store import Store
from tests.support import http
from tests.support.keyring import memory_credentials

SHOP = ProfileAnswer(ProfileChoice.CONNECT, name="Tienda Norte",
                     base_url="http://127.0.0.1:9", shop_id=42, token="secret-token")


async def test_a_new_shop_is_saved_with_its_token_and_opened(tmp_path: Path) -> None:
    creds = memory_credentials(tmp_path)
    shops = Shops(tmp_path, credentials=creds)
    session = await shops.open_choice(SHOP)
    try:
        assert session.address.profile == "Tienda Norte" and session.address.shop_id == 42
        assert creds.get_token("Tienda Norte") == "secret-token"
        assert shops.default_profile() == Profile(name="Tienda Norte",
                                                  base_url="http://127.0.0.1:9", shop_id=42)
        assert [p.name for p in saved_profiles(tmp_path)] == ["Tienda Norte"]
        shops.use(session)
        assert shops.session is session and not shops.demo
        # Opening the shop in use again (a new token): its store is closed first.
        again = await shops.open_choice(ProfileAnswer(ProfileChoice.OPEN, name="Tienda Norte"))
        assert shops.session is None and session.store.db.closed
        shops.use(again)
    finally:
        await shops.aclose()
    assert shops.session is None


async def test_a_saved_shop_without_a_token_asks_for_one(tmp_path: Path) -> None:
    creds = memory_credentials(tmp_path)
    creds.add_profile(Profile(name="gamma", base_url="http://127.0.0.1:9", shop_id=5))
    shops = Shops(tmp_path, credentials=creds)
    with pytest.raises(TokenMissing) as lost:
        await shops.open_choice(ProfileAnswer(ProfileChoice.OPEN, name="gamma"))
    assert lost.value.profile.name == "gamma"
    with pytest.raises(CredentialsError):
        await shops.open_saved("nobody")
    await shops.remove_profile("gamma")
    assert shops.profiles() == []


async def test_a_shop_another_process_holds_is_refused_after_a_few_tries(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shops_module, "BUSY_WAIT", 0.0)
    shops = Shops(tmp_path, credentials=memory_credentials(tmp_path))
    with Store.open("Tienda Norte", data_dir=tmp_path), pytest.raises(StoreBusyError):
        await shops.open_choice(SHOP)
    assert shops.session is None


async def test_all_shops_reads_each_store_or_says_why_not(tmp_path: Path) -> None:
    profile = Profile(name="alpha", base_url="http://127.0.0.1:9", shop_id=1)
    unsynced = await read_glance(profile, tmp_path, slow_minutes=60)
    assert unsynced.problem is GlanceProblem.NOT_SYNCED and unsynced.glance is None
    Store.open("alpha", data_dir=tmp_path).close()
    read = await read_glance(profile, tmp_path, slow_minutes=60)
    assert read.problem is None and read.glance is not None and read.glance.unanswered == 0
    with Store.open("alpha", data_dir=tmp_path):
        held = await read_glance(profile, tmp_path, slow_minutes=60)
    assert held.problem is GlanceProblem.IN_USE


async def test_the_demo_sandbox_starts_behind_its_session_and_stops_with_it(
        tmp_path: Path) -> None:
    shops = Shops(tmp_path, credentials=memory_credentials(tmp_path))
    session = await shops.open_demo()
    assert session.address.profile == DEMO_PROFILE
    shops.use(session)
    assert shops.demo
    try:
        await shops.demo_ready()
        demo = shops._demo
        assert demo is not None and demo.running
        shop = http.get(f"{session.address.base_url}/v1/shops/{session.address.shop_id}",
                         params={"access_token": "sandbox-token"}, timeout=30)
        assert shop.status_code == 200
    finally:
        await shops.close_session()
    assert not demo.running and demo.proc is None


async def test_a_session_opened_but_never_used_is_discarded(tmp_path: Path) -> None:
    shops = Shops(tmp_path, credentials=memory_credentials(tmp_path))
    session = await shops.open_demo()
    await shops.discard(session)  # the seller closed the window meanwhile: nothing started
    assert session.store.db.closed and shops._demo_start is None
