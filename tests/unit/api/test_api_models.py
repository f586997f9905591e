"""Decoding of every resource from realistic samples (spec shapes), and its edge cases."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import msgspec
import pytest

from sellerdesk.api.enums import (
    Channel,
    ContactDataStatus,
    Currency,
    Event,
    OrderOrder,
    PaymentStatus,
    Provider,
    QuestionStatus,
    QuestionType,
    ShippingStatus,
    ShipType,
    ShopStatus,
    ThreadStatus,
    TrackingStatus,
)
from sellerdesk.api.errors import BadResponse
from sellerdesk.api.models import (
    Category,
    Order,
    Qualification,
    Question,
    SearchEnvelope,
    Shop,
    Thread,
    TrackingCode,
    decode,
)

SAMPLES = Path(__file__).parent / "samples"
ART = timezone(timedelta(hours=-3))


def sample(name: str) -> bytes:
    return (SAMPLES / f"{name}.json").read_bytes()


def test_category_tree_has_children_and_parent_ids() -> None:
    roots = decode(sample("categories_tree"), list[Category])
    assert [c.id for c in roots] == [10, 20]
    electronics = roots[0]
    assert electronics.parent_id is None
    assert electronics.date_created == datetime(2023, 5, 2, 10, 15, tzinfo=ART)
    assert electronics.last_updated == datetime(2024, 1, 10, 8, 0, 0, 123000, tzinfo=UTC)
    assert electronics.children is not None
    child = electronics.children[0]
    assert (child.id, child.parent_id, child.name) == (11, 10, "Celulares y accesorios")
    assert child.children is not None
    grandchild = child.children[0]
    assert (grandchild.parent_id, grandchild.last_updated, grandchild.children) == (11, None, [])
    assert roots[1].default_category is True


def test_shop_ignores_unknown_fields() -> None:
    shop = decode(sample("shop"), Shop)
    assert shop.id == 1001 and shop.status is ShopStatus.ACTIVE and shop.has_logo is True
    assert shop.address is not None and shop.address.zip == "C1425"
    assert shop.address.city == "Palermo"


def test_tracking_code_options_object_in_single_read() -> None:
    code = decode(sample("tracking_code"), TrackingCode)
    assert code.options == {"account": "UA-1", "anonymize": True}
    assert (code.provider, code.event, code.status) == (
        Provider.ANALYTICS, Event.NAVIGATION, TrackingStatus.ACTIVE)


@pytest.mark.parametrize("options", ['""', "null", '"{\\"a\\": 1}"'])
def test_tracking_code_options_string_shapes(options: str) -> None:
    raw = f'{{"id": 1, "options": {options}}}'.encode()
    code = decode(raw, TrackingCode)
    assert code.options == ({"a": 1} if "a" in options else {})


def test_tracking_code_list_has_empty_options() -> None:
    codes = decode(sample("tracking_codes"), list[TrackingCode])
    assert [c.options for c in codes] == [{}, {}]
    assert codes[1].provider is Provider.SOCIAL_AD and codes[1].event is Event.CONGRAT_PAGE


def test_question_single_read() -> None:
    q = decode(sample("question"), Question)
    assert q.status is QuestionStatus.ANSWERED and q.status.known
    assert q.channel is Channel.MARKETPLACE  # sent as marketplace_long
    assert q.type is QuestionType.ITEM
    assert q.creation_date == datetime(2024, 3, 1, 12, 30, 45, 123000, tzinfo=ART)
    assert q.from_ is not None and q.from_.market_cust_id == 99887766
    assert q.answer is not None and q.answer.date == datetime(2024, 3, 1, 9, 40, tzinfo=ART)
    pub = q.publication
    assert pub is not None
    assert pub.price == Decimal("8075.50") and isinstance(pub.price, Decimal)
    assert pub.stock == 12  # a string on the wire


def test_question_search_envelope_and_unknown_status() -> None:
    env = decode(sample("question_search"), SearchEnvelope[Question])
    assert env.paging.total == 2 and env.query == "envío"
    first, second = env.items
    assert first.channel is Channel.SHOPFRONT and second.channel is Channel.SHOPFRONT
    assert second.status == "under_review" and second.status is not None
    assert second.status.known  # listed by the service notes
    assert env.available_filters is not None
    status_facet = env.available_filters[0]
    assert status_facet.values is not None
    assert [v.id for v in status_facet.values] == ["answered", "unanswered", "closed_unanswered"]
    assert env.available_orders is not None and env.available_orders[1].id == "question_date_desc"


def test_unknown_state_is_kept_as_it_came() -> None:
    q = decode(b'{"id": 1, "status": "on_hold_by_moderator"}', Question)
    assert q.status == "on_hold_by_moderator" and isinstance(q.status, QuestionStatus)
    assert not q.status.known
    assert QuestionStatus("answered") is QuestionStatus.ANSWERED


def test_thread_search_numbers_as_strings_and_price_number() -> None:
    env = decode(sample("thread_search"), SearchEnvelope[Thread])
    assert env.unanswered_quantity == 7
    thread = env.items[0]
    assert thread.answered_quantity == 3 and thread.status is ThreadStatus.UNANSWERED
    assert thread.questions is None
    main = thread.main_question
    assert main is not None and main.publication is not None
    assert main.publication.price == Decimal("8075.5")
    assert main.from_ is not None and main.from_.nickname == "MARIAG"


def test_thread_by_id_carries_questions() -> None:
    env = decode(sample("thread_by_id"), SearchEnvelope[Thread])
    thread = env.items[0]
    assert thread.questions is not None
    assert [q.id for q in thread.questions] == [4990, 5001]
    assert thread.questions[0].answer is not None
    assert thread.main_question is not None and thread.main_question.publication is None


def test_order_money_is_exact_decimal() -> None:
    order = decode(sample("order"), Order)
    assert order.currency is Currency.VEF and order.channel is Channel.MARKETPLACE
    for value in (order.amount, order.grand_total, order.products_total):
        assert isinstance(value, Decimal) and value == Decimal("123456789012.34")
    assert str(order.amount) == "123456789012.34"
    assert order.discounts_total == Decimal("0.10") and order.shipping_total == Decimal("0.10")
    assert order.payments is not None and order.payments[0].fees is not None
    assert order.payments[0].fees.finance_fee == Decimal("1234.56")
    assert order.payments[0].status is PaymentStatus.APPROVED
    assert order.products is not None
    assert order.products[0].unit_price == Decimal("61728394506.17")
    assert order.products[0].variations is not None
    assert order.products[0].variations[0].value == "Negro"


def test_order_parts() -> None:
    order = decode(sample("order"), Order)
    assert order.external_reference == "2000001234567"  # Text: the field also sends words
    assert order.status is not None
    assert order.status.contact_data_status is ContactDataStatus.NEW
    assert order.status.processed_date == datetime(2024, 3, 5, 19, tzinfo=UTC)
    assert order.buyer is not None and order.buyer.doc_number == 12345678
    billing = order.billing_data
    assert billing is not None and billing.address is not None and billing.address.state
    assert billing.address.state.name == "Distrito Capital"
    assert billing.recipient is not None and billing.recipient.doc_number == "12345678"
    assert order.shippings is not None
    ship = order.shippings[0]
    assert ship.ship_type is ShipType.CARRIER_MODE_2 and ship.status is ShippingStatus.PENDING
    assert ship.receiver is not None and ship.receiver.country_id == "VE"
    assert order.invoice is not None and order.invoice.invoiced is False
    assert order.feedback is not None and order.feedback.buyer is None
    assert order.feedback.seller == Qualification(fulfilled=True, rating="positive",
                                                  message="Excelente")


def test_order_search_envelope() -> None:
    env = decode(sample("order_search"), SearchEnvelope[Order])
    assert [o.id for o in env.items] == ["900001", "900002"]
    clp = env.items[1]
    assert clp.currency is Currency.CLP and clp.amount == Decimal(15990)
    assert clp.products is not None and clp.products[0].quantity == 1
    assert clp.products[0].channel is Channel.SHOPFRONT
    assert clp.shippings is not None and clp.shippings[0].ship_type is ShipType.NOT_SPECIFIED
    ids = [o.id for o in env.available_orders or []]
    assert [OrderOrder(i) for i in ids] == list(OrderOrder)


def test_order_order_sasc_spelling_maps_to_desc() -> None:
    assert OrderOrder("total_last_updated_sasc") is OrderOrder.TOTAL_LAST_UPDATED_DESC
    assert OrderOrder.TOTAL_LAST_UPDATED_DESC.value == "total_last_updated_desc"


@pytest.mark.parametrize("spelling,member", [("shopfront", Channel.SHOPFRONT),
                                             ("shopfront_long", Channel.SHOPFRONT),
                                             ("marketplace", Channel.MARKETPLACE),
                                             ("marketplace_long", Channel.MARKETPLACE)])
def test_both_channel_spellings(spelling: str, member: Channel) -> None:
    assert decode(json.dumps({"id": "1", "channel": spelling}).encode(), Order).channel is member


def test_nulls_everywhere_are_accepted() -> None:
    raw = json.loads(sample("order"))
    nulled = {key: (value if key == "id" else None) for key, value in raw.items()}
    order = decode(json.dumps(nulled).encode(), Order)
    assert order.id == "900001" and order.amount is None and order.payments is None


@pytest.mark.parametrize("raw", [
    b'{"id": "1", "amount": "NaN"}',
    b'{"id": "1", "amount": "Infinity"}',
    b'{"amount": 1}',  # no id
    b'{"id": {"n": 1}}',  # an id that is neither a string nor a number
    b'[]',
    b'{"id": "1", "amount": 1',
])
def test_orders_without_id_or_money_raise_bad_response_without_excerpt(raw: bytes) -> None:
    with pytest.raises(BadResponse) as info:
        decode(raw, Order)
    assert info.value.excerpt == ""  # a record holds buyers' data: the detail names the field
    assert "$" in info.value.detail


@pytest.mark.parametrize("raw", [b"", b"\xff\xfe", b"<html>portal</html>"])
def test_bodies_that_are_no_json_are_quoted(raw: bytes) -> None:
    with pytest.raises(BadResponse) as info:
        decode(raw, Order)
    assert info.value.excerpt == raw.decode("utf-8", "replace")[:120]


@pytest.mark.parametrize("raw,field,value", [
    (b'{"id": "1", "creation_date": "2024-03-05T18:22:10.500"}', "creation_date", None),
    (b'{"id": "1", "currency": 7}', "currency", "7"),
])
def test_odd_fields_of_an_order_read_alone_are_kept_or_empty(raw: bytes, field: str,
                                                             value: object) -> None:
    assert getattr(decode(raw, Order), field) == value


def test_bad_response_excerpt_is_short_and_redacted() -> None:
    raw = b'{"id": "1", "url": "https://x/?access_token=abcdef123", "amount": "x"' + b" " * 500
    with pytest.raises(BadResponse) as info:
        decode(raw, Order)
    assert "abcdef123" not in info.value.excerpt and len(info.value.excerpt) <= 120
    assert "abcdef123" not in info.value.detail and "abcdef123" not in str(info.value)


def test_untyped_numbers_are_decimals_too() -> None:
    raw = b'{"id": "1", "promotions": [{"id": 9, "amount": 1325.01}], "notes": [0.1]}'
    order = decode(raw, Order)
    assert order.promotions == [{"id": 9, "amount": Decimal("1325.01")}]
    assert order.notes == [Decimal("0.1")]
    code = decode(b'{"id": 1, "options": "{\\"value\\": 1.10}"}', TrackingCode)
    assert code.options == {"value": Decimal("1.10")}


@pytest.mark.parametrize("name,tp", [
    ("categories_tree", list[Category]), ("shop", Shop), ("tracking_code", TrackingCode),
    ("tracking_codes", list[TrackingCode]), ("question", Question),
    ("question_search", SearchEnvelope[Question]), ("thread_by_id", SearchEnvelope[Thread]),
    ("order_search", SearchEnvelope[Order]),
])
def test_models_survive_an_encode_decode_round_trip(name: str, tp: Any) -> None:
    # The store caches records as msgspec JSON (Decimals as numbers) and decodes them back.
    first = decode(sample(name), tp)
    encoded = msgspec.json.Encoder(decimal_format="number").encode(first)
    assert decode(encoded, tp) == first
