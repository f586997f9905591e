from __future__ import annotations

from sellerdesk.api.enums import ShippingStatus, ThreadStatus
from sellerdesk.services.session import Session
from sellerdesk.services.sync import RecordKind
from sellerdesk.store.outbox import OutboxState
from sellerdesk.store.rows import OrderFilter
from tests.support.sandbox import Sandbox


async def test_sync_then_answer(session: Session, fresh_sandbox: Sandbox) -> None:
    report = await session.sync.sync()
    # Every order the server lists is read, but those made for the client not to read
    # (field variety), which the report names.
    total = fresh_sandbox.get("/orders/search", limit=1).json()["paging"]["total"]
    unreadable = fresh_sandbox.unreadable("orders")
    assert report.orders == total - len(unreadable)
    assert set(report.skipped_ids(RecordKind.ORDER)) == unreadable
    threads = await session.inbox.threads(status=ThreadStatus.UNANSWERED)
    assert threads
    t = threads[0]
    conv = await session.inbox.conversation(t.id)
    q = next(q for q in conv if q.status == "unanswered")
    entry = await session.inbox.answer(q.id, "Hola, sí tenemos stock.")
    await session.outbox.flush()
    after = await session.store.run(session.store.outbox.get, entry.id)
    assert after is not None and after.state is OutboxState.DONE
    server = fresh_sandbox.get(f"/questions/{q.id}").json()
    assert server["answer"]["text"] == "Hola, sí tenemos stock."
    cached = await session.inbox.question(q.id)
    assert cached is not None and cached.status == "answered"


async def test_shipping_update(session: Session, fresh_sandbox: Sandbox) -> None:
    await session.sync.sync()
    orders = await session.orders.orders(OrderFilter(shipping="pending"), limit=1)
    order = orders[0]
    ship = next(s for s in order.shippings or [] if s.status == "pending")
    assert ship.id is not None
    await session.orders.update_shipping(order, ship.id, status=ShippingStatus.ON_ROUTE,
                                         tracking_code="AR123")
    await session.outbox.flush()
    server = fresh_sandbox.get(f"/orders/{order.id}").json()
    s = next(s for s in server["shippings"] if s["id"] == ship.id)
    assert (s["status"], s["tracking_code"]) == ("on_route", "AR123")
