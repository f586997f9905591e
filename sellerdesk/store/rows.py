"""What the cache takes and gives back: plain rows, filters and orderings; no api types.

The caller (services) encodes each record to JSON (`msgspec.json.encode(order)`) as `doc` and
copies the few fields the store filters, sorts and searches on. Pass channels in their short
spelling (`shopfront`, `marketplace`) so filters and facets see one value per channel.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from enum import StrEnum

import msgspec


class Resource(StrEnum):
    """The cached record kinds; also the default `last_sync` keys."""

    CATEGORIES = "categories"
    SHOP = "shop"
    TRACKING_CODES = "tracking_codes"
    THREADS = "threads"
    QUESTIONS = "questions"
    ORDERS = "orders"


class Cached(msgspec.Struct, frozen=True):
    """One cached record: its id, its JSON document and when it was fetched from the server."""

    id: int | str
    doc: bytes
    fetched_at: datetime


class CategoryRow(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    doc: bytes
    parent_id: int | None = None
    position: int | None = None
    name: str | None = None


class ShopRow(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    doc: bytes


class TrackingCodeRow(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    doc: bytes
    name: str | None = None
    status: str | None = None
    event: str | None = None
    provider: str | None = None


class ThreadRow(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    doc: bytes
    status: str | None = None
    channel: str | None = None
    last_question_date: datetime | None = None
    unanswered_quantity: int = 0
    client_id: int | None = None


class QuestionRow(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    doc: bytes
    thread_id: str | None = None
    status: str | None = None
    channel: str | None = None
    creation_date: datetime | None = None
    client_id: int | None = None
    text: str | None = None  # searched, with the three below
    buyer_name: str | None = None
    buyer_nickname: str | None = None
    product_title: str | None = None


class OrderRow(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    doc: bytes
    channel: str | None = None
    currency: str | None = None
    creation_date: datetime | None = None
    updated_at: datetime | None = None  # last invoice/shipping change; None = creation_date
    contact_status: str | None = None  # status.contact_data_status: new, first_contact, ...
    paid: bool = False
    processed: bool = False
    delivered: bool = False
    closed: bool = False
    buyer_feedback: bool = False  # feedback.buyer is not null
    seller_feedback: bool = False  # feedback.seller is not null
    shipping_tags: frozenset[str] = frozenset()  # from `shipping_tags()` below
    client_id: int | None = None
    buyer_name: str | None = None  # searched, with the three below and the id
    buyer_nickname: str | None = None
    product_titles: tuple[str, ...] = ()
    tracking_codes: tuple[str, ...] = ()
    total: float | None = None  # what the list shows: grand total, else amount (for sorting)




def shipping_tags(shippings: Iterable[tuple[str | None, str | None]]) -> frozenset[str]:
    """The `shipping` filter values an order matches, from its (status, ship_type) pairs.

    docs/decisions.md: a status matches itself; `print_tag` is a `carrier_mode_2` shipping
    still pending, `to_be_agreed` a `not specified` one still pending.
    """
    tags: set[str] = set()
    for status, ship_type in shippings:
        if status:
            tags.add(status)
        if status == "pending" and ship_type == "carrier_mode_2":
            tags.add("print_tag")
        if status == "pending" and ship_type == "not specified":
            tags.add("to_be_agreed")
    return frozenset(tags)



class OrderSort(StrEnum):
    """Orderings of the order list; values are the wire's `orders` ids, but for the totals,
    which only the local list offers (the service has no such ordering)."""

    CREATION_DATE_ASC = "creation_date_asc"
    CREATION_DATE_DESC = "creation_date_desc"
    CLIENT_ID_ASC = "client_id_asc"
    CLIENT_ID_DESC = "client_id_desc"
    NAME_ASC = "name_asc"
    NAME_DESC = "name_desc"
    LAST_UPDATED_ASC = "total_last_updated_asc"
    LAST_UPDATED_DESC = "total_last_updated_desc"
    # By currency, then amount within each currency (amounts of two currencies do not
    # compare); the currencies go the way the amounts go.
    TOTAL_ASC = "total_asc"
    TOTAL_DESC = "total_desc"

    @property
    def descending(self) -> bool:
        return self.value.endswith("_desc")


OrderKey = tuple[str | int | float, str]
"""Where a row stands in an ordering: its sort key and its id (the tie-breaker). Name keys are
folded to lower case (ASCII only, as SQLite's NOCASE), so Python compares them as SQL does."""


class QuestionSort(StrEnum):
    QUESTION_DATE_ASC = "question_date_asc"
    QUESTION_DATE_DESC = "question_date_desc"


class ThreadSort(StrEnum):
    LAST_QUESTION_DATE_ASC = "last_question_date_asc"
    LAST_QUESTION_DATE_DESC = "last_question_date_desc"


class OrderSummary(StrEnum):
    """One-click views (docs/decisions.md, "order facets"); counted by the local store.

    The ids are the wire's summary facets, but `pending_shipment` is the seller's "To ship"
    (not yet handed to the carrier), narrower than the service's facet of the same id
    (processed, not delivered), and `on_the_way` is local only.
    """

    PENDING_PROCESS = "pending_process"  # paid, not processed, not closed
    # "To ship": paid and processed, a shipping not yet on route or delivered, not closed
    PENDING_SHIPMENT = "pending_shipment"
    ON_THE_WAY = "on_the_way"  # on route, nothing left to hand over, not delivered or closed
    PENDING_FEEDBACK = "pending_feedback"  # delivered, seller feedback pending, not closed
    CLOSED_ORDERS = "closed_orders"  # closed


class OrderFilter(msgspec.Struct, frozen=True, kw_only=True):
    """Filters of the order list; None means "any". Facet names follow the wire's filters."""

    status: str | None = None  # contact status
    processed: bool | None = None
    paid: bool | None = None
    delivered: bool | None = None
    closed: bool | None = None
    channel: str | None = None
    currency: str | None = None
    buyer_feedback: bool | None = None
    seller_feedback: bool | None = None
    feedback: bool | None = None  # True: both given; False: both pending
    shipping: str | None = None  # one shipping tag
    client_id: int | None = None
    summary: OrderSummary | None = None
    query: str | None = None  # words, matched like Search.orders (prefix on the last word)


class QuestionFilter(msgspec.Struct, frozen=True, kw_only=True):
    status: str | None = None
    channel: str | None = None
    thread_id: str | None = None
    client_id: int | None = None
    query: str | None = None


class ThreadFilter(msgspec.Struct, frozen=True, kw_only=True):
    status: str | None = None
    channel: str | None = None
    client_id: int | None = None


class OrderPageRows(msgspec.Struct, frozen=True):
    """A page of the order list: each row's place in the ordering and its document, and the
    change counter as of this read (see `Cache.order_changes`)."""

    keys: list[OrderKey]
    docs: list[bytes]
    rev: int


class OrderChangeRows(msgspec.Struct, frozen=True):
    """Orders written since a rev: their place, document and whether they match the filter;
    `complete` is False when there were more than asked for (read the list again)."""

    keys: list[OrderKey]
    docs: list[bytes]
    matches: list[bool]
    rev: int
    complete: bool


Facets = dict[str, dict[str, int]]
"""Facet name -> value id -> count; booleans use the value ids "true" and "false"."""
