"""Between the wire's typed models and the store's rows: the one place that knows both."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import msgspec

from sellerdesk.api.models import (
    Category,
    Order,
    Question,
    Shop,
    Thread,
    TrackingCode,
    decode,
)
from sellerdesk.store.rows import (
    Cached,
    CategoryRow,
    OrderRow,
    QuestionRow,
    ShopRow,
    ThreadRow,
    TrackingCodeRow,
    shipping_tags,
)

T = TypeVar("T")

_encoder = msgspec.json.Encoder(decimal_format="number")


def encode(value: object) -> bytes:
    """A model as JSON bytes; money stays exact (Decimal written as a JSON number)."""
    return _encoder.encode(value)


def load(cached: Cached, tp: type[T]) -> T:
    """A cached document back into its model."""
    return decode(cached.doc, tp, what="cached record")


def load_all(rows: Iterable[Cached], tp: type[T]) -> list[T]:
    return [load(r, tp) for r in rows]


def flatten_categories(tree: Sequence[Category]) -> list[CategoryRow]:
    """Every category of a tree response as rows; children keep their parent's id."""
    out: list[CategoryRow] = []

    def visit(cat: Category, parent: int | None) -> None:
        flat = msgspec.structs.replace(cat, children=None,
                                       parent_id=cat.parent_id if cat.parent_id else parent)
        out.append(CategoryRow(id=cat.id, doc=encode(flat), parent_id=flat.parent_id,
                               position=cat.position, name=cat.name))
        for child in cat.children or []:
            visit(child, cat.id)

    for root in tree:
        visit(root, None)
    return out


def shop_row(shop: Shop) -> ShopRow:
    return ShopRow(id=shop.id, doc=encode(shop))


def tracking_row(code: TrackingCode) -> TrackingCodeRow:
    return TrackingCodeRow(id=code.id, doc=encode(code), name=code.name,
                           status=code.status.value if code.status else None,
                           event=code.event.value if code.event else None,
                           provider=code.provider.value if code.provider else None)


def thread_row(thread: Thread) -> ThreadRow:
    main = thread.main_question
    client_id = main.from_.client_id if main and main.from_ else None
    # The conversation's questions are cached as questions; the thread row stays small.
    slim = msgspec.structs.replace(thread, questions=None)
    return ThreadRow(id=thread.id, doc=encode(slim),
                     status=thread.status.value if thread.status else None,
                     channel=thread.channel.value if thread.channel else None,
                     last_question_date=thread.last_question_date,
                     unanswered_quantity=thread.unanswered_quantity or 0, client_id=client_id)


def question_row(q: Question, *, product_title: str | None = None) -> QuestionRow:
    who = q.from_
    title = q.publication.title if q.publication and q.publication.title else product_title
    return QuestionRow(id=q.id, doc=encode(q), thread_id=q.thread_id,
                       status=q.status.value if q.status else None,
                       channel=q.channel.value if q.channel else None,
                       creation_date=q.creation_date or (q.question.date if q.question else None),
                       client_id=who.client_id if who else None,
                       text=q.question.text if q.question else None,
                       buyer_name=who.name if who else None,
                       buyer_nickname=who.nickname if who else None,
                       product_title=title)


def conversation_rows(thread: Thread | None, questions: Sequence[Question]
                      ) -> list[QuestionRow]:
    """A conversation's questions as rows: entries carry no listing, so those without one
    get the thread's main question's (and its title), as `InboxService.store_conversation`
    gives them from the cached thread."""
    pub = thread.main_question.publication if thread and thread.main_question else None
    title = pub.title if pub is not None else None
    return [question_row(q if q.publication is not None or pub is None
                         else msgspec.structs.replace(q, publication=pub),
                         product_title=title)
            for q in questions]


def order_row(order: Order) -> OrderRow:
    st = order.status
    fb = order.feedback
    shippings = order.shippings or []
    total = order.grand_total if order.grand_total is not None else order.amount
    return OrderRow(
        id=order.id, doc=encode(order),
        channel=order.channel.value if order.channel else None,
        currency=order.currency.value if order.currency else None,
        creation_date=order.creation_date,
        contact_status=(st.contact_data_status.value
                        if st and st.contact_data_status else None),
        paid=bool(st and st.paid), processed=bool(st and st.processed),
        delivered=bool(st and st.delivered), closed=bool(st and st.closed),
        buyer_feedback=bool(fb and fb.buyer is not None),
        seller_feedback=bool(fb and fb.seller is not None),
        shipping_tags=shipping_tags(
            (s.status.value if s.status else None, s.ship_type.value if s.ship_type else None)
            for s in shippings),
        client_id=order.buyer.client_id if order.buyer else None,
        buyer_name=order.buyer.name if order.buyer else None,
        buyer_nickname=order.buyer.nickname if order.buyer else None,
        product_titles=tuple(p.title for p in order.products or [] if p.title),
        tracking_codes=tuple(s.tracking_code for s in shippings if s.tracking_code),
        total=float(total) if total is not None else None,
    )
