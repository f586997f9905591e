"""The session's change feed over the sandbox and a real store: every commit is published
exactly once, as one `Changes` value — each kind of write online and offline, a discard, and
each stage of a sync — and the value says truthfully what happened (a discard is never
"sent", a try that did not reach the shop is not "refused")."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterator, Sequence

import pytest

from sellerdesk.api.enums import Event, Provider, ShippingStatus, ThreadStatus
from sellerdesk.api.errors import ApiError
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.changes import Changes, WriteEvent
from sellerdesk.services.session import Session
from sellerdesk.services.sync import StageState
from sellerdesk.store.outbox import OutboxChange, OutboxEntry, OutboxState
from sellerdesk.store.rows import OrderFilter
from tests.support import http
from tests.support.sandbox import Sandbox


class Heard:
    """Counts the outbox's commits (on the writer thread, as the store makes them) and the
    values the feed publishes."""

    def __init__(self, session: Session) -> None:
        self._lock = threading.Lock()
        self.commits: list[Sequence[OutboxChange]] = []
        self.values: list[Changes] = []
        self._stop = [session.store.outbox.add_batch_observer(self._commit),
                      session.changes.published.connect(self.values.append)]

    def _commit(self, changes: Sequence[OutboxChange]) -> None:
        records = [c for c in changes if c.entity is not None]  # not a pause or resume
        if records:
            with self._lock:
                self.commits.append(records)

    def clear(self) -> None:
        with self._lock:
            self.commits.clear()
        self.values.clear()

    def events(self, entry_id: str) -> list[WriteEvent]:
        return [w.event for v in self.values for w in v.writes if w.entry_id == entry_id]

    def close(self) -> None:
        for stop in self._stop:
            stop()


@pytest.fixture
def heard(synced: Session) -> Iterator[Heard]:
    h = Heard(synced)
    yield h
    h.close()


async def _turn() -> None:
    """Let what a commit handed to the loop run (one hop per commit, already queued)."""
    for _ in range(3):
        await asyncio.sleep(0)


async def _unanswered(session: Session, n: int) -> list[int]:
    found: list[int] = []
    for thread in await session.inbox.threads(status=ThreadStatus.UNANSWERED):
        for q in await session.inbox.conversation(thread.id):
            if q.status == "unanswered" and q.id not in session.inbox.held():
                found.append(q.id)
                if len(found) == n:
                    return found
    raise AssertionError("not enough unanswered questions in the demo shop")


Write = Callable[[Session], Awaitable[OutboxEntry]]


async def _answer(s: Session) -> OutboxEntry:
    (qid,) = await _unanswered(s, 1)
    return await s.inbox.answer(qid, "Sí, hay stock.")


async def _delete(s: Session) -> OutboxEntry:
    (qid,) = await _unanswered(s, 1)
    return await s.inbox.delete_question(qid, undo_seconds=0)


async def _ship(s: Session) -> OutboxEntry:
    order = (await s.orders.orders(OrderFilter(shipping="pending"), limit=1))[0]
    ship = next(x for x in order.shippings or [] if x.status == "pending")
    assert ship.id is not None
    return await s.orders.update_shipping(order, ship.id, status=ShippingStatus.PICKUP)


async def _invoice(s: Session) -> OutboxEntry:
    order = (await s.orders.orders(limit=1))[0]
    return await s.orders.update_invoice(order, invoiced=True, number="F-0001-77",
                                         type="A")


async def _create_code(s: Session) -> OutboxEntry:
    return await s.tracking.create(TrackingCodeDraft(
        name="Píxel", code="<script>1</script>", provider=Provider.ADS,
        event=Event.CONGRAT_PAGE))


async def _modify_code(s: Session) -> OutboxEntry:
    code = (await s.tracking.codes())[0]
    return await s.tracking.modify(code, name="Otro nombre")


async def _delete_code(s: Session) -> OutboxEntry:
    code = (await s.tracking.codes())[-1]
    return await s.tracking.delete(code.id)


WRITES: dict[str, Write] = {
    "answer": _answer, "delete": _delete, "shipping": _ship, "invoice": _invoice,
    "tracking_create": _create_code, "tracking_modify": _modify_code,
    "tracking_delete": _delete_code}


def _one_value_per_commit(heard: Heard) -> None:
    assert len(heard.values) == len(heard.commits), (heard.values, heard.commits)
    for value, commit in zip(heard.values, heard.commits, strict=True):
        # The value of a commit names every write of that commit, and nothing else.
        assert [w.entry_id for w in value.writes] == [c.entry_id for c in commit]


@pytest.mark.parametrize("write", list(WRITES))
async def test_an_online_write_is_one_value_per_commit_and_sent_once(
        write: str, synced: Session, heard: Heard) -> None:
    entry = await WRITES[write](synced)
    await synced.outbox.flush()
    await _turn()
    _one_value_per_commit(heard)
    events = heard.events(entry.id)
    assert events[0] is WriteEvent.QUEUED and events.count(WriteEvent.SENT) == 1
    assert events[-1] is WriteEvent.SENT
    sent = next(w for v in heard.values for w in v.writes if w.event is WriteEvent.SENT)
    assert sent.kind == entry.kind.value
    if write == "tracking_create":  # the created code moved to its id, said with its send
        assert sent.new_key is not None and sent.new_key.split(":")[-1].isdigit()


@pytest.mark.parametrize("write", list(WRITES))
async def test_an_offline_write_is_one_value_per_commit_queued_never_sent(
        write: str, synced: Session, fresh_sandbox: Sandbox, heard: Heard) -> None:
    entry = await WRITES[write](synced)  # read what it needs from the store, then go offline
    heard.clear()
    fresh_sandbox.stop()
    await synced.outbox.flush()
    await _turn()
    _one_value_per_commit(heard)
    events = heard.events(entry.id)
    # Tried and not reached: still queued (never "sent", never "refused").
    assert events and set(events) <= {WriteEvent.SENDING, WriteEvent.QUEUED}, events
    assert events[-1] is WriteEvent.QUEUED


async def test_queued_offline_the_write_itself_is_one_value(
        synced: Session, fresh_sandbox: Sandbox, heard: Heard) -> None:
    fresh_sandbox.stop()
    entry = await _answer(synced)
    await _turn()
    _one_value_per_commit(heard)
    assert len(heard.values) == 1
    (value,) = heard.values
    assert value.pending == {entry.entity} and value.touches("inbox")
    assert [w.event for w in value.writes] == [WriteEvent.QUEUED]


async def test_a_discard_is_one_value_that_says_discarded(
        synced: Session, fresh_sandbox: Sandbox, heard: Heard) -> None:
    fresh_sandbox.stop()
    entry = await _ship(synced)
    heard.clear()
    await synced.outbox.discard(entry.id)
    await _turn()
    _one_value_per_commit(heard)
    (value,) = heard.values
    (write,) = value.writes
    assert (write.event, write.kind, write.key) == (WriteEvent.DISCARDED, "shipping",
                                                    entry.entity)
    assert WriteEvent.SENT not in heard.events(entry.id)
    assert value.touches("orders") and value.counts_may_change


async def test_a_conflict_is_one_value_that_says_conflict(
        synced: Session, fresh_sandbox: Sandbox, heard: Heard) -> None:
    fresh_sandbox.stop()
    entry = await _answer(synced)
    await synced.outbox.flush()
    fresh_sandbox.start()
    qid = int(entry.entity.split(":")[1])
    http.put(f"{fresh_sandbox.api}/questions/{qid}", params={"access_token": fresh_sandbox.token},
             json={"answer": "Desde la web"}, timeout=10).raise_for_status()
    heard.clear()
    await synced.outbox.retry_all_waiting()
    await synced.outbox.flush()
    await _turn()
    _one_value_per_commit(heard)
    assert heard.events(entry.id)[-1] is WriteEvent.CONFLICT
    assert (await synced.outbox.get(entry.id)).state is OutboxState.CONFLICT  # type: ignore[union-attr]


async def test_each_sync_stage_is_one_value_and_the_last_says_so(
        synced: Session, heard: Heard) -> None:
    report = await synced.sync.sync(full=True)
    await _turn()
    ran = {stage for stage, r in report.results.items() if r.state is StageState.OK}
    assert ran == {"shop", "categories", "tracking", "threads", "orders"}
    stages = [v for v in heard.values if not v.finished_sync]
    areas = [area for v in stages for area in sorted(v.everything)]
    assert sorted(areas) == ["categories", "inbox", "orders", "shop", "tracking"]
    assert len(stages) == len(areas)  # one value per stage, one stage per value
    assert heard.values[-1].finished_sync and not heard.values[-1].everything
    assert [v for v in heard.values if v.finished_sync] == [heard.values[-1]]
    assert not heard.commits  # a sync writes no outbox entry


async def test_a_sync_that_fails_says_its_stages_are_read_again(
        synced: Session, fresh_sandbox: Sandbox, heard: Heard) -> None:
    fresh_sandbox.stop()
    with pytest.raises(ApiError):  # offline: the first stage's error
        await synced.sync.sync(full=True)
    await _turn()
    (last,) = heard.values
    assert last.finished_sync
    assert last.everything == {"categories", "inbox", "orders", "shop", "tracking"}
