"""Working without a network: writes queue, drain in order on reconnect, conflicts surface;
every list is readable from the cache after one sync."""

from __future__ import annotations

from sellerdesk.api.enums import Event, Provider, ShippingStatus, ThreadStatus
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.connectivity import Connection
from sellerdesk.services.session import Session
from sellerdesk.store.outbox import OutboxState, Resolution
from sellerdesk.store.rows import OrderFilter, OrderSummary
from tests.support import http
from tests.support.sandbox import Sandbox


async def _state(session: Session, entry_id: str) -> OutboxState:
    entry = await session.store.run(session.store.outbox.get, entry_id)
    assert entry is not None
    return entry.state


async def _first_unanswered(session: Session) -> int:
    for thread in await session.inbox.threads(status=ThreadStatus.UNANSWERED):
        for q in await session.inbox.conversation(thread.id):
            if q.status == "unanswered":
                return q.id
    raise AssertionError("no unanswered question in the demo shop")


async def test_writes_queue_offline_and_drain_in_order(synced: Session,
                                                       fresh_sandbox: Sandbox) -> None:
    qid = await _first_unanswered(synced)
    order = (await synced.orders.orders(OrderFilter(shipping="pending"), limit=1))[0]
    ship = next(s for s in order.shippings or [] if s.status == "pending")
    assert ship.id is not None

    fresh_sandbox.stop()
    answer = await synced.inbox.answer(qid, "Sí, enviamos a todo el país.")
    first = await synced.orders.update_shipping(order, ship.id, status=ShippingStatus.PICKUP)
    second = await synced.orders.update_shipping(order, ship.id,
                                                  status=ShippingStatus.ON_ROUTE,
                                                  tracking_code="OFF-1")
    await synced.outbox.flush()
    assert synced.connectivity.state is not Connection.ONLINE
    assert await _state(synced, answer.id) is OutboxState.QUEUED
    entry = await synced.store.run(synced.store.outbox.get, answer.id)
    assert entry is not None and entry.last_error and "connection" in entry.last_error.lower()
    assert await _state(synced, second.id) is OutboxState.QUEUED

    fresh_sandbox.start()
    await synced.outbox.retry_all_waiting()
    counts = await synced.outbox.flush()
    assert counts[OutboxState.QUEUED] == 0 and counts[OutboxState.FAILED] == 0, counts
    for e in (answer, first, second):
        assert await _state(synced, e.id) is OutboxState.DONE
    assert fresh_sandbox.get(f"/questions/{qid}").json()["answer"]["text"] == (
        "Sí, enviamos a todo el país.")
    server = fresh_sandbox.get(f"/orders/{order.id}").json()
    s = next(s for s in server["shippings"] if s["id"] == ship.id)
    assert (s["status"], s["tracking_code"]) == ("on_route", "OFF-1")  # the later one won


async def test_answer_made_elsewhere_meanwhile_is_a_conflict_with_both_versions(
        synced: Session, fresh_sandbox: Sandbox) -> None:
    qid = await _first_unanswered(synced)
    fresh_sandbox.stop()
    ours = await synced.inbox.answer(qid, "Nuestra respuesta")
    await synced.outbox.flush()
    fresh_sandbox.start()
    r = http.put(f"{fresh_sandbox.api}/questions/{qid}",
                  params={"access_token": fresh_sandbox.token},
                  json={"answer": "Respuesta desde la web"}, timeout=10)
    assert r.status_code == 200
    await synced.outbox.retry_all_waiting()
    await synced.outbox.flush()
    entry = await synced.store.run(synced.store.outbox.get, ours.id)
    assert entry is not None and entry.state is OutboxState.CONFLICT
    assert entry.conflict is not None
    assert b"Nuestra respuesta" in entry.conflict.local
    assert entry.conflict.server is not None and b"Respuesta desde la web" in entry.conflict.server
    # The seller keeps the server's version: the entry goes, nothing is sent.
    await synced.outbox.resolve(ours.id, Resolution.KEEP_SERVER)
    assert await synced.store.run(synced.store.outbox.get, ours.id) is None


async def test_shipping_changed_elsewhere_is_not_overwritten(synced: Session,
                                                             fresh_sandbox: Sandbox) -> None:
    order = (await synced.orders.orders(OrderFilter(shipping="pending"), limit=1))[0]
    ship = next(s for s in order.shippings or [] if s.status == "pending")
    fresh_sandbox.stop()
    assert ship.id is not None
    ours = await synced.orders.update_shipping(order, ship.id, status=ShippingStatus.ON_ROUTE,
                                                tracking_code="MINE")
    await synced.outbox.flush()
    fresh_sandbox.start()
    http.put(f"{fresh_sandbox.api}/orders/{order.id}/shippings/{ship.id}",
              params={"access_token": fresh_sandbox.token},
              json={"status": "delivered", "tracking_code": "THEIRS"}, timeout=10)
    await synced.outbox.retry_all_waiting()
    await synced.outbox.flush()
    assert await _state(synced, ours.id) is OutboxState.CONFLICT
    server = fresh_sandbox.get(f"/orders/{order.id}").json()
    assert next(s for s in server["shippings"] if s["id"] == ship.id)["tracking_code"] == "THEIRS"


async def test_revoked_token_pauses_the_queue_until_a_new_token(
        synced: Session, fresh_sandbox: Sandbox) -> None:
    qid = await _first_unanswered(synced)
    needed: list[str] = []
    synced.outbox.auth_needed.connect(needed.append)
    fresh_sandbox.set_faults(token_revoked=True)
    entry = await synced.inbox.answer(qid, "Gracias por tu pregunta")
    await synced.outbox.flush()
    assert needed and await synced.outbox.paused()
    assert await _state(synced, entry.id) is OutboxState.QUEUED
    fresh_sandbox.clear_faults()
    await synced.outbox.set_token(fresh_sandbox.token)
    await synced.outbox.flush()
    assert await _state(synced, entry.id) is OutboxState.DONE
    assert await synced.outbox.paused() is None


async def test_tracking_codes_through_the_outbox(synced: Session,
                                                 fresh_sandbox: Sandbox) -> None:
    created = await synced.tracking.create(TrackingCodeDraft(
        name="Píxel de prueba", code="<script>alert(1)</script>", provider=Provider.ADS,
        event=Event.CONGRAT_PAGE))
    await synced.outbox.flush()
    done = await synced.store.run(synced.store.outbox.get, created.id)
    assert done is not None and done.state is OutboxState.DONE
    code_id = int(done.entity.split(":")[1])
    code = await synced.tracking.code(code_id)
    assert code is not None and code.name == "Píxel de prueba"
    await synced.tracking.modify(code, name="Píxel renombrado")
    await synced.outbox.flush()
    assert fresh_sandbox.get(f"/metrics/{code_id}").json()["name"] == "Píxel renombrado"
    await synced.tracking.delete(code_id)
    await synced.outbox.flush()
    assert fresh_sandbox.get(f"/metrics/{code_id}").status_code == 404
    assert await synced.tracking.code(code_id) is None


async def test_every_list_readable_offline_after_one_sync(synced: Session,
                                                          fresh_sandbox: Sandbox) -> None:
    fresh_sandbox.stop()
    assert await synced.catalogue.shop() is not None
    tree = await synced.catalogue.category_tree()
    assert tree and any(c.children for c in tree)
    assert await synced.tracking.codes()
    threads = await synced.inbox.threads()
    assert threads and await synced.inbox.conversation(threads[0].id)
    total = await synced.orders.count()
    assert total > 1000
    facets = await synced.orders.facets()
    assert facets["summary"][OrderSummary.PENDING_SHIPMENT.value] == await synced.orders.count(
        OrderFilter(summary=OrderSummary.PENDING_SHIPMENT))
    order = (await synced.orders.orders(limit=1))[0]
    assert order.buyer is not None and order.buyer.name
    # Offline word search: by buyer name, by product title, by order id.
    by_buyer = await synced.store.run(synced.store.search.orders, order.buyer.name)
    assert order.id in by_buyer
    title = next(p.title for p in order.products or [] if p.title)
    assert order.id in await synced.store.run(synced.store.search.orders, title, limit=5000)
    assert (await synced.store.run(synced.store.search.orders, order.id))[0] == order.id
    found = await synced.inbox.search_threads(threads[0].main_question.question.text.split()[0]
                                               if threads[0].main_question
                                               and threads[0].main_question.question
                                               and threads[0].main_question.question.text
                                               else "hola")
    assert found


async def test_a_sync_that_fails_still_says_it_finished(synced: Session,
                                                        fresh_sandbox: Sandbox) -> None:
    """Views wait for `finished` rather than polling `running`: it comes on failure too."""
    heard: list[object] = []
    synced.sync.finished.connect(heard.append)
    fresh_sandbox.stop()
    try:
        await synced.sync.sync(full=True)
    except Exception as exc:  # offline: every stage failed
        raised: Exception | None = exc
    else:
        raised = None
    assert raised is not None
    assert len(heard) == 1
    report = heard[0]
    assert getattr(report, "error", None) is raised and not synced.sync.running
