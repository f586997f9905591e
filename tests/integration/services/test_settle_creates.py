"""The outbox sender over a real store and a real sandbox over loopback, its faults armed per
request: sequences where a second write arrives while the first is unsettled, identical and
INACTIVE creates, and replies lost at random. Every create the seller queued ends on the
server exactly once, and every create that reached the service belongs to one of them."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import msgspec
import pytest

from sellerdesk.api.enums import Event, Provider, TrackingStatus
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.policy import WRITE_RETRY
from sellerdesk.services.outbox.settle import Intent, dump, parse
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store.outbox import IntentKind, OutboxEntry, OutboxState
from tests.support import shop_scene as scene
from tests.support.sandbox import Sandbox
from tests.support.store_threads import STORE_THREAD, record_store_threads


class CrashAfterCreate(httpx.AsyncBaseTransport):
    """The real transport; when armed, a tracking-code create reaches the sandbox (applied)
    and then an exception nobody planned for replaces its reply: a client-side failure no
    server fault can make."""

    def __init__(self) -> None:
        self._inner = httpx.AsyncHTTPTransport()
        self.armed = False

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self._inner.handle_async_request(request)
        if self.armed and request.method == "POST" and request.url.path.endswith("/metrics"):
            self.armed = False
            await response.aread()
            raise RuntimeError("something nobody planned for")
        return response

    async def aclose(self) -> None:
        await self._inner.aclose()


async def open_desk(sb: Sandbox, data: Path,
                    transport: httpx.AsyncBaseTransport | None = None) -> Session:
    """A session with no client retries: each fault reaches the outbox, and a write that met
    one waits (an hour: never on its own within a test, however slow the machine) until
    `settle` skips the wait, as `outbox --flush` does."""
    s = await Session.open(ShopAddress("test", sb.base_url, sb.shop_id), sb.token,
                           data_dir=data, max_retries=0, transport=transport)
    s.outbox.backoff = msgspec.structs.replace(WRITE_RETRY, first=3600.0, cap=3600.0)
    return s


@pytest.fixture
async def desk(fresh_sandbox: Sandbox, tmp_path: Path) -> AsyncIterator[Session]:
    s = await open_desk(fresh_sandbox, tmp_path / "data")
    yield s
    await s.aclose()


def arm(sb: Sandbox, fault: str, times: int = 1) -> None:
    """The next `times` tracking-code creates meet `fault` ("drop": applied, reply lost;
    "error": a 503, not applied; "malformed": applied, reply garbled)."""
    sb.set_faults(**{f"{fault}_next": times, "match": "POST /metrics"})


def code(name: str, snippet: str = "<script>px()</script>", *,
         event: Event = Event.NAVIGATION, inactive: bool = False) -> TrackingCodeDraft:
    return TrackingCodeDraft(name=name, code=snippet, provider=Provider.ANALYTICS, event=event,
                             status=TrackingStatus.INACTIVE if inactive else
                             TrackingStatus.ACTIVE)


def key(d: TrackingCodeDraft) -> tuple[str, str, str, str]:
    return (d.name, d.code, d.event.value, d.status.value)


def on_server(sb: Sandbox) -> Counter[tuple[str, str, str, str]]:
    return Counter((c["name"], c["code"], c["event"], c["status"])
                   for c in scene.all_codes(sb).values())


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
        fresh_sandbox: Sandbox, desk: Session) -> None:
    """Issue 14, case 1: A (INACTIVE) loses its reply and waits; B (ACTIVE) is sent; the
    flush must find A by id below B, not create it again."""
    sb = fresh_sandbox
    a, b = code("A", "<a/>", inactive=True), code("B", "<b/>")
    top = scene.top_code_id(sb)
    arm(sb, "drop")
    assert (await write(desk, a)).state is OutboxState.QUEUED
    assert (await write(desk, b)).state is OutboxState.DONE
    counts = await settle(desk)
    assert counts[OutboxState.DONE] == 2 and counts[OutboxState.QUEUED] == 0
    assert on_server(sb)[key(a)] == 1 and on_server(sb)[key(b)] == 1
    assert scene.applied_creates(sb) == 2
    done = await desk.outbox.entries(states=(OutboxState.DONE,))
    assert sorted(e.entity for e in done) == [f"tracking:{top + 1}", f"tracking:{top + 2}"]


async def test_case2_same_name_and_code_for_another_event_is_created(
        fresh_sandbox: Sandbox, desk: Session) -> None:
    """Issue 14, case 2: "Pixel"/C exists for NAVIGATION; the create for BUY_BUTTON meets a
    503 and waits; the flush must create it, not take the existing one for it."""
    sb = fresh_sandbox
    scene.add_code(sb, "Pixel", "C", event="NAVIGATION")
    ours = code("Pixel", "C", event=Event.BUY_BUTTON)
    arm(sb, "error")
    assert (await write(desk, ours)).state is OutboxState.QUEUED
    await settle(desk)
    assert on_server(sb)[key(ours)] == 1
    assert on_server(sb)[("Pixel", "C", "NAVIGATION", "ACTIVE")] == 1


@pytest.mark.parametrize("second_fault", ["drop", "error", "malformed", None])
@pytest.mark.parametrize("inactive", [False, True])
async def test_identical_bodies_twice(fresh_sandbox: Sandbox, desk: Session,
                                      second_fault: str | None, inactive: bool) -> None:
    """The seller creates the same code twice (on purpose); the first reply is lost. Two codes,
    one per create, whatever happens to the second attempt."""
    sb = fresh_sandbox
    twin = code("Twin", inactive=inactive)
    arm(sb, "drop")
    first = await write(desk, twin)
    if second_fault:
        arm(sb, second_fault)
    second = await write(desk, twin)
    await settle(desk)
    assert on_server(sb)[key(twin)] == 2
    assert scene.applied_creates(sb) == 2
    entities = {(await desk.store.run(desk.store.outbox.get, e.id)).entity  # type: ignore[union-attr]
                for e in (first, second)}
    assert entities == {f"tracking:{i}" for i, c in scene.all_codes(sb).items()
                        if c["name"] == "Twin"}


async def test_a_create_reads_the_codes_it_knows_on_the_store_thread(
        desk: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    # The codes above which a create's code will be were read from the cache on the event
    # loop, waiting there (on the GUI thread) for the store's lock.
    used = record_store_threads(monkeypatch)
    entry = await write(desk, code("Off the loop"))
    assert entry.state is OutboxState.DONE and used
    assert set(used) == {STORE_THREAD}


async def test_identical_inactive_creates_queued_together_with_lost_replies(
        fresh_sandbox: Sandbox, desk: Session) -> None:
    """Queued offline, then sent in one drain: both replies lost, both settled, each to its
    own code (the sender settles creates one at a time)."""
    sb = fresh_sandbox
    twin = code("Twin", inactive=True)
    for _ in range(3):
        await desk.tracking.create(twin)
    arm(sb, "drop", times=3)
    await settle(desk)
    assert on_server(sb)[key(twin)] == 3 and scene.applied_creates(sb) == 3
    done = await desk.outbox.entries(states=(OutboxState.DONE,))
    assert len({e.entity for e in done}) == 3


async def test_a_created_code_changed_elsewhere_before_the_check_is_created_again(
        fresh_sandbox: Sandbox, desk: Session) -> None:
    """What the rule cannot know: our code renamed on another device before we read it back.
    The seller's create still ends with a code of its body; the renamed one stays."""
    sb = fresh_sandbox
    ours = code("Mine")
    arm(sb, "drop")
    await write(desk, ours)
    renamed = scene.top_code_id(sb)
    scene.change_code(sb, renamed, name="Renamed on the phone")
    await settle(desk)
    assert on_server(sb)[key(ours)] == 1
    assert scene.all_codes(sb)[renamed]["name"] == "Renamed on the phone"


async def test_a_retried_failed_create_is_checked_first(fresh_sandbox: Sandbox,
                                                        tmp_path: Path) -> None:
    """An unknown failure marks the create failed; the seller's retry resets its attempts,
    yet the recorded mark still makes the sender read the server before sending again."""
    sb, crash = fresh_sandbox, CrashAfterCreate()
    desk = await open_desk(sb, tmp_path / "data", transport=crash)
    try:
        ours = code("Odd", inactive=True)
        crash.armed = True  # applied, then an error nobody planned for
        entry = await write(desk, ours)
        assert entry.state is OutboxState.FAILED
        await desk.outbox.retry(entry.id)
        await settle(desk)
        assert on_server(sb)[key(ours)] == 1 and scene.applied_creates(sb) == 1
    finally:
        await desk.aclose()


async def test_a_create_left_sending_by_a_crash_is_settled_after_restart(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    """Killed after the mark was committed with the attempt: applied or not, one code."""
    sb, data = fresh_sandbox, tmp_path / "data"
    for applied in (False, True):
        desk = await open_desk(sb, data)
        ours = code(f"Crash {applied}", inactive=True)
        entry = await desk.tracking.create(ours)
        intent = parse(entry.payload)
        intent.mark = scene.top_code_id(sb)
        await desk.store.run(desk.store.outbox.mark_sending, entry.id, dump(intent))
        if applied:  # the request landed; the process died before the reply
            scene.add_code(sb, ours.name, ours.code, status="INACTIVE")
        await desk.aclose()
        desk = await open_desk(sb, data)  # restart: the entry is "uncertain"
        await settle(desk)
        await desk.aclose()
        assert on_server(sb)[key(ours)] == 1


async def test_create_then_modify_and_delete_of_the_same_new_code(
        fresh_sandbox: Sandbox, desk: Session) -> None:
    """Later writes of a code whose create is unsettled wait for it, then go to its real id:
    both creates queued with a rename and a delete behind them, both creates' replies lost.
    (Written and flushed one by one, a lost reply is settled at once: the next request that
    reaches the service brings the connection back, and the sender checks then.)"""
    sb = fresh_sandbox
    renamed, dropped = code("To rename"), code("To delete", inactive=True)
    arm(sb, "drop", times=2)
    for d in (renamed, dropped):
        entry = await desk.tracking.create(d)
        if d is renamed:
            await desk.outbox.submit(IntentKind.TRACKING_MODIFY, entry.entity,
                                     Intent(changes={"name": "Renamed"}, base={"name": d.name}))
        else:
            await desk.outbox.submit(IntentKind.TRACKING_DELETE, entry.entity, Intent())
    counts = await settle(desk)
    assert counts[OutboxState.DONE] == 4 and counts[OutboxState.CONFLICT] == 0
    names = Counter(c["name"] for c in scene.all_codes(sb).values())
    assert names["Renamed"] == 1 and names["To rename"] == 0 and names["To delete"] == 0
    assert scene.applied_creates(sb) == 2


async def test_a_modify_never_overwrites_a_change_made_elsewhere(fresh_sandbox: Sandbox,
                                                                 desk: Session) -> None:
    sb = fresh_sandbox
    cid = scene.add_code(sb, "Old", "<s/>")
    await desk.tracking.refresh()
    seen = await desk.tracking.code(cid)
    assert seen is not None
    scene.change_code(sb, cid, name="Renamed elsewhere")
    before = len(scene.writes(sb))
    entry = await desk.tracking.modify(seen, name="Mine")
    await settle(desk)
    after = await desk.store.run(desk.store.outbox.get, entry.id)
    assert after is not None and after.state is OutboxState.CONFLICT
    assert scene.all_codes(sb)[cid]["name"] == "Renamed elsewhere"
    assert not [w for w in scene.writes(sb)[before:] if w["method"] == "PUT"]


async def test_purge_keeps_settled_creates_while_another_create_is_unsettled(
        fresh_sandbox: Sandbox, desk: Session) -> None:
    await write(desk, code("One"))
    arm(fresh_sandbox, "drop")
    await write(desk, code("Two"))
    assert await desk.store.run(desk.store.outbox.purge_done) == 0
    await settle(desk)
    assert await desk.store.run(desk.store.outbox.purge_done) == 2


def _mixed_plan() -> list[TrackingCodeDraft]:
    twin, ghost = code("Twin"), code("Ghost", inactive=True)
    return [code("Pixel", "C"), code("Pixel", "C", event=Event.BUY_BUTTON), twin, twin, ghost,
            ghost, code("Quiet", inactive=True), code("Loud"), twin, ghost]


@pytest.fixture(params=range(8))
def seeded_faults(request: pytest.FixtureRequest, seeded_db: Path,
                  tmp_path: Path) -> Iterator[Sandbox]:
    """A sandbox of one's own whose fault draws follow the parameter's seed."""
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db, seed=request.param).start()
    yield sb
    sb.stop()


async def test_half_the_replies_lost_at_random(seeded_faults: Sandbox, tmp_path: Path) -> None:
    """The issue's sixth run: half the replies dropped on every request (reads too), a mix of
    creates written one after another like a script would, then `outbox --flush` until
    done."""
    sb = seeded_faults
    desk = await open_desk(sb, tmp_path / "data")
    try:
        sb.set_faults(drop_rate=0.5)
        plan = _mixed_plan()
        for d in plan:
            await desk.tracking.create(d)
            await desk.outbox.flush()
        await settle(desk, rounds=200)
        sb.clear_faults()
        counts = await settle(desk)
        assert counts[OutboxState.DONE] == len(plan), counts
        wanted = Counter(key(d) for d in plan)
        got = on_server(sb)
        assert {k: got[k] for k in wanted} == dict(wanted)
        assert scene.applied_creates(sb) == len(plan)  # nothing sent twice
    finally:
        await desk.aclose()
