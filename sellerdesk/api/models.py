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
from decimal import Decimal
from typing import Any, Generic, TypeVar

import msgspec

from sellerdesk.api.base import Model, Timestamp, check_money
from sellerdesk.api.enums import (
    Channel,
    Event,
    Provider,
    QuestionStatus,
    QuestionType,
    ShopStatus,
    ThreadStatus,
    TrackingStatus,
)
from sellerdesk.api.errors import BadResponse
from sellerdesk.api.orders import (
    BillingAddress,
    BillingData,
    BillingState,
    Buyer,
    Feedback,
    Fees,
    Invoice,
    Order,
    OrderStatus,
    Payment,
    Product,
    Qualification,
    Receiver,
    Recipient,
    Shipping,
    Variation,
)
from sellerdesk.api.redact import scrub

__all__ = [
    "Address", "Answer", "AnswerResult", "BillingAddress", "BillingData", "BillingState",
    "Buyer", "Category", "Feedback", "Fees", "Filter", "FilterValue", "From", "Invoice",
    "Model", "Order", "OrderStatus", "Ordering", "Paging", "Payment", "Product",
    "Publication", "Qualification", "Question", "QuestionText", "Receiver", "Recipient",
    "SearchEnvelope", "Shipping", "Shop", "Thread", "Timestamp", "TrackingCode",
    "TrackingCodeChanges", "TrackingCodeDraft", "TrackingOptions", "Variation", "decode",
    "excerpt",
]

T = TypeVar("T")


class TrackingOptions(dict[str, Any]):
    """A tracking code's `options`: an object in single reads, "" in lists (spec), or a JSON
    string of an object (decisions: create accepts one). Always decoded to a mapping; "" and
    null become an empty one."""


_untyped = msgspec.json.Decoder(float_hook=Decimal)


def _dec_hook(tp: type[Any], obj: Any) -> Any:
    if tp is TrackingOptions:
        if obj is None or obj == "":
            return TrackingOptions()
        if isinstance(obj, str):
            obj = _untyped.decode(obj)
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
        check_money(self.price)


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
    # float_hook: numbers in untyped places (promotions, notes, options) get the raw digits,
    # so they too become exact Decimals, never floats.
    return msgspec.json.Decoder(tp, strict=False, dec_hook=_dec_hook, float_hook=Decimal)


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
