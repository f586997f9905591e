"""What each queued write is about, read from a real store file: the buyer and listing of a
question, the buyer and products of an order, a tracking code's name; nothing for a record
the local copy lacks or cannot read. And the dashboard's queued counts from pending writes."""

from __future__ import annotations

from sellerdesk.api.models import From, Publication, Question, QuestionText
from sellerdesk.api.orders import Buyer, Order, Product
from sellerdesk.services.convert import order_row, question_row, tracking_row
from sellerdesk.services.counts import OutboxView, pending_view
from sellerdesk.services.outbox.pending import PendingWrites, order_key, question_key, tracking_key
from sellerdesk.services.outbox.settle import Intent, dump
from sellerdesk.services.outbox.subjects import OutboxSubjects, Subject
from sellerdesk.store import Store
from sellerdesk.store.outbox import IntentKind
from sellerdesk.store.rows import OrderRow, Resource
from tests.support.values import tracking_code


def _cache(store: Store) -> None:
    asked = Question(id=7, from_=From(name="Vitória Araújo"),
                     question=QuestionText(text="Tem na cor preta?"),
                     publication=Publication(title="Kit de potes herméticos"))
    store.cache.upsert_questions([question_row(asked)])
    bought = Order(id="2000012345", buyer=Buyer(name="Martina Gómez"),
                   products=[Product(title="Auriculares"), Product(title="Funda"),
                             Product(title="Cargador")])
    store.cache.upsert_orders([order_row(bought)])
    store.cache.upsert_tracking_codes([tracking_row(tracking_code(5, "Píxel de Ads"))])


async def test_subjects_come_from_the_local_copy(store: Store) -> None:
    await store.run(_cache, store)
    outbox = store.outbox
    answer = outbox.enqueue(IntentKind.ANSWER, question_key(7),
                            dump(Intent(question_id=7, text="Sim")))
    shipping = outbox.enqueue(IntentKind.SHIPPING, order_key("2000012345"),
                              dump(Intent(order_id="2000012345", shipping_id=1,
                                          status="on_route")))
    change = outbox.enqueue(IntentKind.TRACKING_DELETE, tracking_key(5),
                            dump(Intent(tracking_id=5)))
    unknown = outbox.enqueue(IntentKind.ANSWER, question_key(99),
                             dump(Intent(question_id=99, text="?")))
    found = await OutboxSubjects(store).of([answer, shipping, change, unknown])
    assert found[answer.id] == Subject(buyer="Vitória Araújo",
                                       product="Kit de potes herméticos",
                                       question="Tem na cor preta?")
    assert found[shipping.id] == Subject(buyer="Martina Gómez", product="Auriculares",
                                         more_products=2)
    assert found[change.id] == Subject(code_name="Píxel de Ads")
    assert unknown.id not in found  # not in the local copy: the view names it by id


async def test_an_unreadable_cached_record_is_left_out(store: Store) -> None:
    store.cache.upsert_orders([OrderRow(id="1", doc=b"{not json")])
    entry = store.outbox.enqueue(IntentKind.INVOICE, order_key("1"),
                                 dump(Intent(order_id="1", invoiced=False)))
    assert await OutboxSubjects(store).of([entry]) == {}
    assert store.cache.get(Resource.ORDERS, "1") is not None


async def test_queued_counts_come_from_the_pending_writes(store: Store) -> None:
    pending = PendingWrites(store)
    await pending.load()
    try:
        assert pending_view(pending) == OutboxView()
        outbox = store.outbox
        outbox.enqueue(IntentKind.ANSWER, question_key(7), dump(Intent(question_id=7, text="x")))
        refused = outbox.enqueue(IntentKind.INVOICE, order_key("1"),
                                 dump(Intent(order_id="1", invoiced=False)))
        outbox.mark_failed(refused.id, "The invoice number is taken.")
        await pending.load()
        counts = pending_view(pending)
        assert counts == OutboxView(held=frozenset({7}), answers=1, changes=2, conflicts=0,
                                    refused=1)
        both = pending.counts()
        assert both.waiting + both.conflicts == counts.changes  # the status bar's figure
    finally:
        pending.close()
