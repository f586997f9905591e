"""Shared by the stress tests: sessions, a queue of 50 mixed writes, and checks that every
write landed on the server exactly once and that every error speaks to a person."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from sellerdesk.api.enums import Event, Provider, ShippingStatus, ThreadStatus
from sellerdesk.api.errors import ApiError
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.store.outbox import OutboxState
from sellerdesk.store.rows import OrderFilter, QuestionFilter, Resource
from tests.support.sandbox import Sandbox

# Words that give away a programmer's message rather than one for a seller.
TECHNICAL = ("Traceback", "httpx", "httpcore", "Exception", "sqlite3", "  File ", "access_token")


async def open_session(sb: Sandbox, data_dir: Path, *, timeout: float = 10.0,
                       max_retries: int = 1, profile: str = "stress",
                       token: str | None = None, rate: float = 0) -> Session:
    """A session on `data_dir` (paced at `rate` requests/s; 0 = unpaced); the outbox's
    backoff is shortened so tests do not wait."""
    address = ShopAddress(profile=profile, base_url=sb.base_url, shop_id=sb.shop_id)
    session = await Session.open(address, token or sb.token, data_dir=data_dir,
                                 timeout=timeout, max_retries=max_retries, rate=rate)
    session.outbox._base_delay = 0.01
    return session


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def assert_for_a_person(message: str | None, token: str) -> None:
    """A sentence a seller can read: not empty, no traceback, no library names, no token."""
    assert message and message.strip(), "empty message"
    assert token not in message, f"token in message: {message!r}"
    for word in TECHNICAL:
        assert word not in message, f"{word!r} in message for the seller: {message!r}"
    assert len(message) <= 300, f"message too long for a seller: {message!r}"


def assert_api_error(exc: BaseException, token: str) -> None:
    """An error that left a service: an ApiError whose text is its message for a person and
    that carries no httpx exception (those hold the URL, hence the token)."""
    assert isinstance(exc, ApiError), f"{type(exc).__name__} escaped: {exc!r}"
    assert str(exc) == exc.message
    assert_for_a_person(exc.message, token)
    assert token not in repr(exc) and token not in exc.detail
    for link in _chain(exc):
        assert not type(link).__module__.startswith(("httpx", "httpcore")), repr(link)


@dataclass
class Plan:
    """The writes queued in one trial and what the server must show once they are drained."""

    tag: str
    answers: dict[int, str] = field(default_factory=dict)
    deleted_questions: list[int] = field(default_factory=list)
    invoices: dict[str, str] = field(default_factory=dict)  # order id -> invoice number
    shippings: dict[tuple[str, int], str] = field(default_factory=dict)  # -> tracking code
    created: list[tuple[str, str]] = field(default_factory=list)  # (name, code)
    renamed: dict[int, str] = field(default_factory=dict)  # code id -> new name
    deleted_codes: list[int] = field(default_factory=list)
    entries: list[str] = field(default_factory=list)


async def queue_mixed_writes(session: Session, tag: str, total: int = 50) -> Plan:
    """Queue `total` writes of every kind through the services (nothing is sent here):
    answers, question deletions, invoices, two shipping updates per order, tracking-code
    creates, renames and deletions. Needs a synced store."""
    plan = Plan(tag)
    store = session.store
    unanswered: list[int] = []
    for thread in await session.inbox.threads(status=ThreadStatus.UNANSWERED):
        unanswered += [q.id for q in await session.inbox.conversation(thread.id)
                       if q.status == "unanswered"]
    for n, qid in enumerate(sorted(unanswered)[:8]):
        text = f"Hola, sí: lo enviamos hoy ({tag} #{n})."
        plan.answers[qid] = text
        plan.entries.append((await session.inbox.answer(qid, text)).id)
    answered = await store.run(store.cache.questions, QuestionFilter(status="answered"),
                               limit=6)
    for cached in answered:
        qid = int(cached.id)
        plan.deleted_questions.append(qid)
        plan.entries.append((await session.inbox.delete_question(qid, undo_seconds=0)).id)
    codes = await session.tracking.codes()
    assert len(codes) >= 8, "the demo shop has 8 active tracking codes"
    for code in codes[:4]:
        name = f"{code.name} · {tag}"
        plan.renamed[code.id] = name
        plan.entries.append((await session.tracking.modify(code, name=name)).id)
    for code in codes[4:8]:
        plan.deleted_codes.append(code.id)
        plan.entries.append((await session.tracking.delete(code.id)).id)
    for n in range(8):
        draft = TrackingCodeDraft(name=f"stress {tag} {n}", code=f"<script>/*{tag}:{n}*/</script>",
                                  provider=Provider.ADS, event=Event.NAVIGATION)
        plan.created.append((draft.name, draft.code))
        plan.entries.append((await session.tracking.create(draft)).id)
    pending = await session.orders.orders(OrderFilter(shipping="pending"), limit=5)
    for n, order in enumerate(pending):
        ship = next(s for s in order.shippings or [] if s.status == ShippingStatus.PENDING)
        assert ship.id is not None
        tracking = f"TRK-{tag}-{n}"
        plan.shippings[(order.id, ship.id)] = tracking
        first = await session.orders.update_shipping(order, ship.id,
                                                     status=ShippingStatus.PICKUP)
        second = await session.orders.update_shipping(order, ship.id,
                                                      status=ShippingStatus.ON_ROUTE,
                                                      tracking_code=tracking)
        plan.entries += [first.id, second.id]
    busy = {order_id for order_id, _ in plan.shippings}
    offset = 0
    while len(plan.entries) < total:
        page = await session.orders.orders(OrderFilter(delivered=True), limit=20, offset=offset)
        assert page, "ran out of orders to invoice"
        offset += len(page)
        for order in page:
            if len(plan.entries) >= total:
                break
            if order.id in busy:
                continue
            number = f"0001-{tag}-{len(plan.invoices):04d}"
            plan.invoices[order.id] = number
            plan.entries.append((await session.orders.update_invoice(
                order, invoiced=True, number=number, type="B")).id)
    assert len(plan.entries) == total
    return plan


async def drain(session: Session, rounds: int = 20) -> dict[OutboxState, int]:
    """Send everything queued, ignoring backoff; fail if anything stays unsent."""
    counts: dict[OutboxState, int] = {}
    for _ in range(rounds):
        await session.outbox.retry_all_waiting()
        counts = await session.outbox.flush()
        if not counts[OutboxState.QUEUED] and not counts[OutboxState.SENDING]:
            return counts
    entries = await session.outbox.entries()
    stuck = [(e.kind.value, e.entity, e.state.value, e.last_error) for e in entries
             if e.state is not OutboxState.DONE]
    raise AssertionError(f"outbox not drained after {rounds} rounds: {stuck}")


async def wait_until_quiet(sb: Sandbox, timeout: float = 20.0) -> None:
    """Wait until the sandbox has answered every request it received (a request whose
    client gave up is still applied when its latency has passed)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        log = await asyncio.to_thread(sb.requests_log)
        if all(entry["status"] is not None for entry in log):
            return
        assert asyncio.get_running_loop().time() < deadline, "the sandbox never went quiet"
        await asyncio.sleep(0.05)  # polling a condition, not waiting a fixed time


async def verify_plan(session: Session, sb: Sandbox, plan: Plan) -> None:
    """Every entry done, and the server shows each write applied exactly once."""
    entries = {e.id: e for e in await session.outbox.entries()}
    for entry_id in plan.entries:
        entry = entries[entry_id]
        assert entry.state is OutboxState.DONE, (entry.kind.value, entry.entity,
                                                 entry.state.value, entry.last_error)
    params = {"access_token": sb.token}
    async with httpx.AsyncClient(base_url=sb.api, params=params, timeout=30) as http:
        async def get(path: str) -> httpx.Response:
            return await http.get(path)

        answers = await asyncio.gather(*(get(f"/questions/{q}") for q in plan.answers))
        for qid, response in zip(plan.answers, answers, strict=True):
            doc = response.json()
            assert doc["status"] == "answered", (qid, doc["status"])
            assert doc["answer"]["text"] == plan.answers[qid]
        for response in await asyncio.gather(*(get(f"/questions/{q}")
                                               for q in plan.deleted_questions)):
            assert response.status_code == 404
        orders = await asyncio.gather(*(get(f"/orders/{o}") for o in plan.invoices))
        for order_id, response in zip(plan.invoices, orders, strict=True):
            invoice = response.json()["invoice"]
            assert (invoice["invoiced"], invoice["number"], invoice["type"]) == (
                True, plan.invoices[order_id], "B"), order_id
        shipped = await asyncio.gather(*(get(f"/orders/{o}") for o, _ in plan.shippings))
        for (order_id, ship_id), response in zip(plan.shippings, shipped, strict=True):
            ship = next(s for s in response.json()["shippings"] if s["id"] == ship_id)
            assert (ship["status"], ship["tracking_code"]) == (
                "on_route", plan.shippings[(order_id, ship_id)]), order_id
        listed = (await get("/metrics")).json()
        seen = Counter((c["name"], c["code"]) for c in listed)
        for pair in plan.created:
            assert seen[pair] == 1, f"tracking code {pair} on the server {seen[pair]} times"
        ours = [c for c in listed if plan.tag in c["name"] and c["name"].startswith("stress")]
        assert len(ours) == len(plan.created), "a tracking code was created twice"
        renamed = await asyncio.gather(*(get(f"/metrics/{i}") for i in plan.renamed))
        for code_id, response in zip(plan.renamed, renamed, strict=True):
            assert response.json()["name"] == plan.renamed[code_id]
        for response in await asyncio.gather(*(get(f"/metrics/{i}")
                                               for i in plan.deleted_codes)):
            assert response.status_code == 404


async def assert_still_working(session: Session, sb: Sandbox) -> None:
    """After the fault: a sync goes through (every stage) and every list reads from the
    cache, each order the client can read included."""
    report = await session.sync.sync()
    assert report.ok, [(r.stage, r.message) for r in report.failed]
    readable = await asyncio.to_thread(sb.readable_orders)
    assert await session.orders.count() == readable
    assert await session.inbox.threads()
    assert await session.tracking.codes()
    store = session.store
    assert await store.run(store.cache.last_sync, Resource.ORDERS) is not None
