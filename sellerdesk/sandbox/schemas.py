"""Response shapes for the OpenAPI document only (routes return plain dicts, unfiltered).

Every spec field is listed and required; "unless said otherwise a field may be null"
(spec: conventions), so most are nullable. Extra fields are allowed, as a real server adds.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

Num = int | float


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Category(_Open):
    id: int
    shop_id: int | None
    position: int | None
    name: str | None
    default_category: bool | None
    permalink: str | None
    date_created: str | None
    last_updated: str | None


class CategoryNode(Category):
    parent_id: int | None = None
    children: list[CategoryNode]


class Address(_Open):
    country: str | None
    state: str | None
    city: str | None
    zip: str | None
    address: str | None
    phone: str | None


class Shop(_Open):
    id: int
    status: str | None
    locale: str | None
    shop_name: str | None
    email: str | None
    plan: str | None
    admin_url: str | None
    url: str | None
    has_logo: bool | None
    address: Address | None


class TrackingCode(_Open):
    id: int
    shop_id: int | None
    name: str | None
    code: str | None
    options: dict[str, Any] | str | None
    provider: str | None
    event: str | None
    status: str | None


class Sender(_Open):
    email: str | None = None
    name: str | None
    client_id: int | None
    market_cust_id: int | None = None
    nickname: str | None = None


class Said(_Open):
    text: str | None
    date: str | None


class Answer(Said):
    source: str | None


class Publication(_Open):
    id: str | None
    currency_id: str | None
    title: str | None
    price: str | Num | None
    stock: str | None
    thumbnail: str | None
    permalink: str | None


class QuestionEntry(_Open):
    creation_date: str | None
    id: int
    status: str | None
    store_id: int | None
    from_: Sender | None = Field(alias="from")
    question: Said | None
    type: str | None
    thread_id: str | None
    channel: str | None
    answer: Answer | None = None


class Question(QuestionEntry):
    publication: Publication | None


class Thread(_Open):
    id: str
    answered_quantity: str | int | None
    status: str | None
    last_question_date: str | None
    store_id: int | None
    channel: str | None
    main_question: Question | None
    unanswered_quantity: int | None
    questions: list[QuestionEntry] | None = None


class Paging(_Open):
    total: int
    offset: int
    limit: int


class Named(_Open):
    id: str
    name: str | None


class FacetValue(Named):
    results: int


class Facet(Named):
    values: list[FacetValue]


class _Envelope(_Open):
    seller_id: int | None
    query: str | None
    paging: Paging
    orders: list[Named]
    filters: list[Facet]
    available_orders: list[Named]
    available_filters: list[Facet]


class QuestionSearch(_Envelope):
    results: list[QuestionEntry]


class ThreadSearch(_Envelope):
    results: list[Thread]
    unanswered_quantity: int


class Shipping(_Open):
    id: int
    external_reference: int | None
    ship_type: str | None
    channel_status: str | None
    status: str | None
    receiver: dict[str, Any] | None
    additional_info: str | None
    method_id: int | None
    method: str | None
    currency: str | None
    amount: Num | None
    tracking_code: str | None
    observations: str | None
    date_created: str | None


class OrderStatus(_Open):
    delivered: bool | None
    paid: bool | None
    closed: bool | None
    closed_reason: str | None
    closed_date: str | None
    processed: bool | None
    processed_date: str | None
    contact_data_status: str | None
    order_status: str | None


class Invoice(_Open):
    invoiced: bool | None
    type: str | None
    number: str | None
    invoiced_date: str | None


class Order(_Open):
    id: str
    store_id: int | None
    channel: str | None
    external_reference: int | None
    currency: str | None
    amount: Num | None
    products_total: Num | None
    products_discounts_total: Num | None
    products_grand_total: Num | None
    discounts_total: Num | None
    shipping_total: Num | None
    grand_total: Num | None
    creation_date: str | None
    buyer_message: str | None
    status: OrderStatus | None
    buyer: dict[str, Any] | None
    billing_data: dict[str, Any] | None
    payments: list[dict[str, Any]] | None
    shippings: list[Shipping] | None
    invoice: Invoice | None
    products: list[dict[str, Any]] | None
    notes: list[Any] | None
    feedback: dict[str, Any] | None
    promotions: list[Any] | None
    free_shipping: bool | None


class OrderSearch(_Envelope):
    results: list[Order]


class AnswerResult(_Open):
    answer: str


def documented(model: type[BaseModel], status: int = 200, many: bool = False) -> dict[str, Any]:
    """Route kwargs: document `model` as the success body without filtering the answer."""
    shape: Any = list[model] if many else model  # type: ignore[valid-type]
    return {"response_model": None, "responses": {status: {"model": shape}}}
