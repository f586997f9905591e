"""Typed msgspec structs for every resource of the spec, and their tolerant decoding.

Decoding rules (see docs/decisions.md, "Client"):
- unknown fields are ignored; every field may be null or missing except ids (spec,
  "Conventions": "a field may be null when it has no value"); arrays too may be null;
- numbers sent as strings are accepted (`strict=False`: `answered_quantity`, `stock`, ...);
- money is `Decimal`, decoded from the JSON number's own digits, never via float, and must be
  finite; timestamps must carry Z or an offset and become aware datetimes;
- anything else that does not fit raises `BadResponse` from `decode()`.
"""

from __future__ import annotations

import functools
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, Generic, TypeVar

import msgspec

from sellerdesk.api.enums import (
    Channel,
    ContactDataStatus,
    Currency,
    Event,
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
from sellerdesk.api.redact import scrub

T = TypeVar("T")

# The spec's Date(ISO_8601): always with Z or an offset, so a naive time is a wrong answer.
Timestamp = Annotated[datetime, msgspec.Meta(tz=True)]


def _check_money(*amounts: Decimal | None) -> None:
    # msgspec reads "NaN"/"Infinity" strings as Decimals; money must be a finite amount.
    for amount in amounts:
        if amount is not None and not amount.is_finite():
            raise ValueError("money must be a finite number")


class Model(msgspec.Struct, kw_only=True):
    """Base of all resources: keyword-only structs."""


class TrackingOptions(dict[str, Any]):
    """A tracking code's `options`: an object in single reads, "" in lists (spec), or a JSON
    string of an object (decisions: create accepts one). Always decoded to a mapping; "" and
    null become an empty one."""


def _dec_hook(tp: type[Any], obj: Any) -> Any:
    if tp is TrackingOptions:
        if obj is None or obj == "":
            return TrackingOptions()
        if isinstance(obj, str):
            obj = msgspec.json.decode(obj)
        if isinstance(obj, dict):
            return TrackingOptions(obj)
        raise ValueError("options must be an object, a JSON object string or empty")
    raise NotImplementedError(f"no decoder for {tp!r}")


# --- categories and shop --------------------------------------------------------------------

class Category(Model):
    id: int
    shop_id: int | None = None
    position: int | None = None
    name: str | None = None
    default_category: bool | None = None
    permalink: str | None = None
    date_created: Timestamp | None = None
    last_updated: Timestamp | None = None
    parent_id: int | None = None  # only on entries inside `children`
    children: list[Category] | None = None  # only in the tree response


class Address(Model):
    country: str | None = None
    state: str | None = None
    city: str | None = None
    zip: str | None = None
    address: str | None = None
    phone: str | None = None


class Shop(Model):
    id: int
    status: ShopStatus | None = None
    locale: str | None = None
    shop_name: str | None = None
    email: str | None = None
    plan: str | None = None
    admin_url: str | None = None
    url: str | None = None
    has_logo: bool | None = None
    address: Address | None = None


# --- tracking codes -------------------------------------------------------------------------

class TrackingCode(Model):
    id: int
    shop_id: int | None = None
    name: str | None = None
    code: str | None = None
    options: TrackingOptions = msgspec.field(default_factory=TrackingOptions)
    provider: Provider | None = None
    event: Event | None = None
    status: TrackingStatus | None = None


class TrackingCodeDraft(Model):
    """Body of a create; name, code, provider and event are required (decisions)."""

    name: str
    code: str
    provider: Provider
    event: Event
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    status: TrackingStatus = TrackingStatus.ACTIVE


class TrackingCodeChanges(Model, omit_defaults=True):
    """Body of a modify: only the fields given are sent (spec: "only the fields to change")."""

    name: str | msgspec.UnsetType = msgspec.UNSET
    code: str | msgspec.UnsetType = msgspec.UNSET
    options: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET
    provider: Provider | msgspec.UnsetType = msgspec.UNSET
    event: Event | msgspec.UnsetType = msgspec.UNSET
    status: TrackingStatus | msgspec.UnsetType = msgspec.UNSET


# --- questions and threads ------------------------------------------------------------------

class From(Model):
    """The asker; single reads and thread main questions add `market_cust_id` and `nickname`."""

    email: str | None = None
    name: str | None = None
    client_id: int | None = None
    market_cust_id: int | None = None
    nickname: str | None = None


class QuestionText(Model):
    text: str | None = None
    date: Timestamp | None = None


class Answer(Model):
    text: str | None = None
    date: Timestamp | None = None
    source: str | None = None


class Publication(Model):
    """The listing; `price` is a string in question reads and a number in threads (spec)."""

    id: str | None = None
    currency_id: str | None = None
    title: str | None = None
    price: Decimal | None = None
    stock: int | None = None
    thumbnail: str | None = None
    permalink: str | None = None

    def __post_init__(self) -> None:
        _check_money(self.price)


class Question(Model):
    """A question: the search-entry shape, plus `answer`/`publication` on single reads."""

    id: int
    status: QuestionStatus | None = None
    store_id: int | None = None
    creation_date: Timestamp | None = None
    from_: From | None = msgspec.field(default=None, name="from")
    question: QuestionText | None = None
    answer: Answer | None = None
    type: QuestionType | None = None
    thread_id: str | None = None
    channel: Channel | None = None
    publication: Publication | None = None


class Thread(Model):
    """A conversation. `questions` is only in the thread-by-id answer (decisions)."""

    id: str
    answered_quantity: int | None = None  # a string in thread searches (decisions)
    status: ThreadStatus | None = None
    last_question_date: Timestamp | None = None
    store_id: int | None = None
    channel: Channel | None = None
    main_question: Question | None = None
    unanswered_quantity: int | None = None
    questions: list[Question] | None = None


# --- orders ---------------------------------------------------------------------------------

class OrderStatus(Model):
    delivered: bool | None = None
    paid: bool | None = None
    closed: bool | None = None
    closed_reason: str | None = None
    closed_date: Timestamp | None = None
    processed: bool | None = None
    processed_date: Timestamp | None = None
    contact_data_status: ContactDataStatus | None = None
    order_status: str | None = None


class Buyer(Model):
    id: int | None = None
    market_cust_id: int | None = None
    name: str | None = None
    nickname: str | None = None
    client_id: int | None = None
    mail: str | None = None
    mail2: str | None = None
    phone: str | None = None
    phone2: str | None = None
    doc_number: int | str | None = None  # NUMERIC in the spec; documents may carry letters
    doc_type: str | None = None


class BillingState(Model):
    id: str | None = None
    name: str | None = None


class BillingAddress(Model):
    additional_info: str | None = None
    street: str | None = None
    number: str | None = None
    city: str | None = None
    state: BillingState | None = None


class Recipient(Model):
    doc_number: str | None = None
    type: str | None = None


class BillingData(Model):
    id: int | None = None
    store_id: int | None = None
    name: str | None = None
    email: str | None = None
    phone: str | None = None
    zip_code: str | None = None
    address: BillingAddress | None = None
    recipient: Recipient | None = None


class Fees(Model):
    finance_fee: Decimal | None = None

    def __post_init__(self) -> None:
        _check_money(self.finance_fee)


class Payment(Model):
    id: int | None = None
    external_reference: int | None = None
    status: PaymentStatus | None = None
    provider: str | None = None
    method: str | None = None
    currency: Currency | None = None
    amount: Decimal | None = None
    paid: bool | None = None
    paid_date: Timestamp | None = None
    installments: int | None = None
    fees: Fees | None = None

    def __post_init__(self) -> None:
        _check_money(self.amount)


class Receiver(Model):
    doc_number: int | str | None = None
    doc_type: str | None = None
    name: str | None = None
    email: str | None = None
    phone: str | None = None
    address: str | None = None
    zip: str | None = None
    neighbourhood: str | None = None
    municipality: str | None = None
    city: str | None = None
    state_id: str | None = None
    country_id: str | None = None


class Shipping(Model):
    id: int | None = None
    external_reference: int | None = None
    ship_type: ShipType | None = None
    channel_status: str | None = None
    status: ShippingStatus | None = None
    receiver: Receiver | None = None
    additional_info: str | None = None
    method_id: int | None = None
    method: str | None = None
    currency: Currency | None = None
    amount: Decimal | None = None
    tracking_code: str | None = None
    observations: str | None = None
    date_created: Timestamp | None = None

    def __post_init__(self) -> None:
        _check_money(self.amount)


class Invoice(Model):
    invoiced: bool | None = None
    type: str | None = None
    number: str | None = None
    invoiced_date: Timestamp | None = None


class Variation(Model):
    name: str | None = None
    value: str | None = None


class Product(Model):
    id: int | None = None
    channel: Channel | None = None
    external_reference: str | None = None
    sku: str | None = None
    title: str | None = None
    quantity: int | None = None
    method: str | None = None
    currency: Currency | None = None
    unit_price: Decimal | None = None
    amount: Decimal | None = None
    free_shipping: bool | None = None
    market_variation_id: int | None = None
    variations: list[Variation] | None = None
    promotion: str | None = None

    def __post_init__(self) -> None:
        _check_money(self.unit_price, self.amount)


class Qualification(Model):
    """One side's feedback; the spec does not show it, this is the related API's shape."""

    fulfilled: bool | None = None
    rating: str | None = None
    message: str | None = None
    reason: str | None = None


class Feedback(Model):
    buyer: Qualification | str | None = None
    seller: Qualification | str | None = None


class Order(Model):
    id: str
    store_id: int | None = None
    channel: Channel | None = None
    external_reference: int | None = None
    currency: Currency | None = None
    amount: Decimal | None = None
    products_total: Decimal | None = None
    products_discounts_total: Decimal | None = None
    products_grand_total: Decimal | None = None
    discounts_total: Decimal | None = None
    shipping_total: Decimal | None = None
    grand_total: Decimal | None = None
    creation_date: Timestamp | None = None
    buyer_message: str | None = None
    status: OrderStatus | None = None
    buyer: Buyer | None = None
    billing_data: BillingData | None = None
    payments: list[Payment] | None = None
    shippings: list[Shipping] | None = None
    invoice: Invoice | None = None
    products: list[Product] | None = None
    notes: list[Any] | None = None  # element shape not shown
    feedback: Feedback | None = None
    promotions: list[Any] | None = None  # element shape not shown
    free_shipping: bool | None = None

    def __post_init__(self) -> None:
        _check_money(self.amount, self.products_total, self.products_discounts_total,
                     self.products_grand_total, self.discounts_total, self.shipping_total,
                     self.grand_total)


# --- search envelope ------------------------------------------------------------------------

class Paging(Model):
    total: int | None = None
    offset: int | None = None
    limit: int | None = None


class Ordering(Model):
    id: str
    name: str | None = None


class FilterValue(Model):
    id: str | int | bool | None = None
    name: str | None = None
    results: int | None = None


class Filter(Model):
    id: str
    name: str | None = None
    values: list[FilterValue] | None = None


class SearchEnvelope(Model, Generic[T]):
    """A page of a question, thread or order search (and of a thread by id)."""

    seller_id: int | None = None
    query: str | None = None
    paging: Paging = msgspec.field(default_factory=Paging)
    results: list[T] | None = None
    orders: list[Ordering] | None = None
    filters: list[Filter] | None = None
    available_orders: list[Ordering] | None = None
    available_filters: list[Filter] | None = None
    unanswered_quantity: int | None = None  # thread search only

    @property
    def items(self) -> list[T]:
        """`results`, or an empty list when the server sent null or nothing."""
        return self.results or []


class AnswerResult(Model):
    answer: str | None = None


# --- decoding -------------------------------------------------------------------------------

EXCERPT = 120


@functools.lru_cache(maxsize=64)
def _decoder(tp: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(tp, strict=False, dec_hook=_dec_hook)


def excerpt(data: bytes | str) -> str:
    """A short, redacted piece of a body, for logs and `BadResponse.excerpt`."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return scrub(text[:EXCERPT * 2])[:EXCERPT]


def decode(data: bytes, tp: type[T], *, what: str = "answer") -> T:
    """Decode `data` into `tp`; any failure becomes `BadResponse`, nothing else leaves."""
    try:
        decoder: msgspec.json.Decoder[T] = _decoder(tp)  # type: ignore[arg-type]
        result = decoder.decode(data)
    except Exception as exc:  # ValidationError, DecodeError, hook errors, RecursionError...
        raise BadResponse(detail=f"undecodable {what}: {scrub(str(exc))[:300]}",
                          excerpt=excerpt(data)) from None
    return result
