"""The outbox sender over a real store and a fake service (`httpx.MockTransport`): sequences
where a second write arrives while the first is unsettled, identical and INACTIVE creates,
and replies lost at random. Every create the seller queued ends on the server exactly once,
and every POST that reached the service belongs to one of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sellerdesk.api.enums import Event, Provider, TrackingStatus
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.outbox.settle import Intent, dump, parse
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store import Store
from sellerdesk.store.outbox import IntentKind, OutboxEntry, OutboxState
from tests.unit.services.fake_shop import BASE, SHOP, FakeShop


@pytest.fixture
def shop() -> FakeShop:
    s = FakeShop()
    for n in range(10):  # the shop's own codes, ids 1..10
        s.add_code(f"seed {n}", f"<seed{n}/>")
    return s


async def open_desk(shop: FakeShop, data: Path) -> Session:
    store = await Store.open_async("test", data_dir=data)
    return Session(ShopAddress("test", BASE, SHOP), shop.client(), store)


@pytest.fixture
async def desk(shop: FakeShop, tmp_path: Path) -> AsyncIterator[Session]:
    s = await open_desk(shop, tmp_path / "data")
    yield s
    await s.aclose()


def code(name: str, snippet: str = "<script>px()</script>", *,
         event: Event = Event.NAVIGATION, inactive: bool = False) -> TrackingCodeDraft:
    return TrackingCodeDraft(name=name, code=snippet, provider=Provider.ANALYTICS, event=event,
                             status=TrackingStatus.INACTIVE if inactive else
                             TrackingStatus.ACTIVE)


def key(d: TrackingCodeDraft) -> tuple[str, str, str, str]:
    return (d.name, d.code, d.event.value, d.status.value)


def on_server(shop: FakeShop) -> Counter[tuple[str, str, str, str]]:
    return Counter((c["name"], c["code"], c["event"], c["status"]) for c in shop.codes.values())


async def settle(desk: Session, rounds: int = 50) -> dict[OutboxState, int]:
    """Send until nothing waits (backoff skipped each round, as `outbox --flush` does)."""
    counts: dict[OutboxState, int] = {}
    for _ in range(rounds):
        await desk.outbox.retry_all_waiting()
        counts = await desk.outbox.flush()
        if counts[OutboxState.QUEUED] == counts[OutboxState.SENDING] == 0:
            break
    return counts


async def write(desk: Session, d: TrackingCodeDraft) -> OutboxEntry:
    """Like the command line: queue, try once, report."""
    entry = await desk.tracking.create(d)
    await desk.outbox.flush()
    after = await desk.store.run(desk.store.outbox.get, entry.id)
    assert after is not None
    return after


async def test_case1_inactive_create_with_a_lost_reply_then_another_create(
        shop: FakeShop, desk: Session) -> None:
    """Issue 14, case 1: A (INACTIVE) loses its reply and waits; B (ACTIVE) is sent; the
    flush must find A by id below B, not create it again."""
    a, b = code("A", "<a/>", inactive=True), code("B", "<b/>")
    shop.arm("POST", "metrics", "drop")
    assert (await write(desk, a)).state is OutboxState.QUEUED
    assert (await write(desk, b)).state is OutboxState.DONE
    counts = await settle(desk)
    assert counts[OutboxState.DONE] == 2 and counts[OutboxState.QUEUED] == 0
    assert on_server(shop)[key(a)] == 1 and on_server(shop)[key(b)] == 1
    assert shop.applied_posts() == 2
    done = await desk.outbox.entries(states=(OutboxState.DONE,))
    assert sorted(e.entity for e in done) == ["tracking:11", "tracking:12"]


async def test_case2_same_name_and_code_for_another_event_is_created(
        shop: FakeShop, desk: Session) -> None:
    """Issue 14, case 2: "Pixel"/C exists for NAVIGATION; the create for BUY_BUTTON meets a
    503 and waits; the flush must create it, not take the existing one for it."""
    shop.add_code("Pixel", "C", event="NAVIGATION")
    ours = code("Pixel", "C", event=Event.BUY_BUTTON)
    shop.arm("POST", "metrics", "error")
    assert (await write(desk, ours)).state is OutboxState.QUEUED
    await settle(desk)
    assert on_server(shop)[key(ours)] == 1
    assert on_server(shop)[("Pixel", "C", "NAVIGATION", "ACTIVE")] == 1


@pytest.mark.parametrize("second_fault", ["drop", "error", "malformed", None])
@pytest.mark.parametrize("inactive", [False, True])
async def test_identical_bodies_twice(shop: FakeShop, desk: Session, second_fault: str | None,
                                      inactive: bool) -> None:
    """The seller creates the same code twice (on purpose); the first reply is lost. Two codes,
    one per create, whatever happens to the second attempt."""
    twin = code("Twin", inactive=inactive)
    shop.arm("POST", "metrics", "drop")
    if second_fault:
        shop.arm("POST", "metrics", second_fault)
    first = await write(desk, twin)
    second = await write(desk, twin)
    await settle(desk)
    assert on_server(shop)[key(twin)] == 2
    assert shop.applied_posts() == 2
    entities = {(await desk.store.run(desk.store.outbox.get, e.id)).entity  # type: ignore[union-attr]
                for e in (first, second)}
    assert entities == {f"tracking:{i}" for i, c in shop.codes.items() if c["name"] == "Twin"}


async def test_identical_inactive_creates_queued_together_with_lost_replies(
        shop: FakeShop, desk: Session) -> None:
    """Queued offline, then sent in one drain: both replies lost, both settled, each to its
    own code (the sender settles creates one at a time)."""
    twin = code("Twin", inactive=True)
    for _ in range(3):
        await desk.tracking.create(twin)
        shop.arm("POST", "metrics", "drop")
    await settle(desk)
    assert on_server(shop)[key(twin)] == 3 and shop.applied_posts() == 3
    done = await desk.outbox.entries(states=(OutboxState.DONE,))
    assert len({e.entity for e in done}) == 3


async def test_a_created_code_changed_elsewhere_before_the_check_is_created_again(
        shop: FakeShop, desk: Session) -> None:
    """What the rule cannot know: our code renamed on another device before we read it back.
    The seller's create still ends with a code of its body; the renamed one stays."""
    ours = code("Mine")
    shop.arm("POST", "metrics", "drop")
    await write(desk, ours)
    renamed = max(shop.codes)
    shop.codes[renamed]["name"] = "Renamed on the phone"
    await settle(desk)
    assert on_server(shop)[key(ours)] == 1
    assert shop.codes[renamed]["name"] == "Renamed on the phone"


async def test_a_retried_failed_create_is_checked_first(shop: FakeShop, desk: Session) -> None:
    """An unknown failure marks the create failed; the seller's retry resets its attempts,
    yet the recorded mark still makes the sender read the server before sending again."""
    ours = code("Odd", inactive=True)
    shop.arm("POST", "metrics", "crash")  # applied, then an error nobody planned for
    entry = await write(desk, ours)
    assert entry.state is OutboxState.FAILED
    await desk.outbox.retry(entry.id)
    await settle(desk)
    assert on_server(shop)[key(ours)] == 1 and shop.applied_posts() == 1


async def test_a_create_left_sending_by_a_crash_is_settled_after_restart(
        shop: FakeShop, tmp_path: Path) -> None:
    """Killed after the mark was committed with the attempt: applied or not, one code."""
    data = tmp_path / "data"
    for applied in (False, True):
        desk = await open_desk(shop, data)
        ours = code(f"Crash {applied}", inactive=True)
        entry = await desk.tracking.create(ours)
        mark = max(shop.codes)
        intent = parse(entry.payload)
        intent.mark = mark
        await desk.store.run(desk.store.outbox.mark_sending, entry.id, dump(intent))
        if applied:  # the request landed; the process died before the reply
            shop.add_code(ours.name, ours.code, status="INACTIVE")
        await desk.aclose()
        desk = await open_desk(shop, data)  # restart: the entry is "uncertain"
        await settle(desk)
        await desk.aclose()
        assert on_server(shop)[key(ours)] == 1


async def test_create_then_modify_and_delete_of_the_same_new_code(
        shop: FakeShop, desk: Session) -> None:
    """Later writes of a code whose create is unsettled wait for it, then go to its real id."""
    renamed, dropped = code("To rename"), code("To delete", inactive=True)
    for d in (renamed, dropped):
        shop.arm("POST", "metrics", "drop")
        entry = await write(desk, d)
        assert entry.state is OutboxState.QUEUED
        if d is renamed:
            await desk.outbox.submit(IntentKind.TRACKING_MODIFY, entry.entity,
                                     Intent(changes={"name": "Renamed"}, base={"name": d.name}))
        else:
            await desk.outbox.submit(IntentKind.TRACKING_DELETE, entry.entity, Intent())
    counts = await settle(desk)
    assert counts[OutboxState.DONE] == 4 and counts[OutboxState.CONFLICT] == 0
    names = Counter(c["name"] for c in shop.codes.values())
    assert names["Renamed"] == 1 and names["To rename"] == 0 and names["To delete"] == 0
    assert shop.applied_posts() == 2


async def test_a_modify_never_overwrites_a_change_made_elsewhere(shop: FakeShop,
                                                                 desk: Session) -> None:
    cid = shop.add_code("Old", "<s/>")
    await desk.tracking.refresh()
    seen = await desk.tracking.code(cid)
    assert seen is not None
    shop.codes[cid]["name"] = "Renamed elsewhere"
    entry = await desk.tracking.modify(seen, name="Mine")
    await settle(desk)
    after = await desk.store.run(desk.store.outbox.get, entry.id)
    assert after is not None and after.state is OutboxState.CONFLICT
    assert shop.codes[cid]["name"] == "Renamed elsewhere"
    assert not [r for r in shop.log if r[0] == "PUT"]


async def test_purge_keeps_settled_creates_while_another_create_is_unsettled(
        shop: FakeShop, desk: Session) -> None:
    await write(desk, code("One"))
    shop.arm("POST", "metrics", "drop")
    await write(desk, code("Two"))
    assert await desk.store.run(desk.store.outbox.purge_done) == 0
    await settle(desk)
    assert await desk.store.run(desk.store.outbox.purge_done) == 2


def _mixed_plan() -> list[TrackingCodeDraft]:
    twin, ghost = code("Twin"), code("Ghost", inactive=True)
    return [code("Pixel", "C"), code("Pixel", "C", event=Event.BUY_BUTTON), twin, twin, ghost,
            ghost, code("Quiet", inactive=True), code("Loud"), twin, ghost]


@pytest.mark.parametrize("seed", range(8))
async def test_half_the_replies_lost_at_random(shop: FakeShop, desk: Session,
                                               seed: int) -> None:
    """The issue's sixth run: drop_rate 0.5 on every request (reads too), a mix of creates
    written one after another like a script would, then `outbox --flush` until done."""
    shop.rng.seed(seed)
    shop.drop_rate = 0.5
    plan = _mixed_plan()
    for d in plan:
        await desk.tracking.create(d)
        await desk.outbox.flush()
    await settle(desk, rounds=200)
    shop.drop_rate = 0.0
    counts = await settle(desk)
    assert counts[OutboxState.DONE] == len(plan), counts
    wanted = Counter(key(d) for d in plan)
    got = on_server(shop)
    assert {k: got[k] for k in wanted} == dict(wanted)
    assert shop.applied_posts() == len(plan)  # nothing sent twice, not even deleted later
