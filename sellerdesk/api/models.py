"""Typed msgspec structs for every resource of the spec, and their tolerant decoding.

Decoding rules (see docs/decisions.md, "Client"):
- unknown fields are ignored; every field may be null or missing except ids (spec,
  "Conventions": "a field may be null when it has no value"); arrays too may be null;
- numbers sent as strings are accepted (`strict=False`: `answered_quantity`, `stock`, ...),
  and ids and codes sent as numbers where the spec says STRING become strings (`Text`);
- value sets are open (`enums`): unknown values are kept as they came;
- money is `Decimal`, decoded from the JSON number's own digits, never via float, and must be
  finite; timestamps must carry Z or an offset and become aware datetimes;
- every record is read field by field (`lenient`): a field outside these rules is kept as
  text or left empty, the record kept and listed in `SearchEnvelope.partial`; only a record
  whose id or (in an order) money cannot be read is skipped, listed in
  `SearchEnvelope.skipped`, never failing its page (`envelope`);
- anything else that does not fit raises `BadResponse` from `decode()`.
"""

from __future__ import annotations

import logging
import typing
from decimal import Decimal
from typing import Any, TypeVar

import msgspec

from sellerdesk.api.base import Model, Text, Timestamp, TrackingOptions, as_text, check_money
from sellerdesk.api.decoding import (
    decode_strict,
    decoder,
    exact_encoder,
    excerpt,
    untyped,
)
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
from sellerdesk.api.envelope import (
    Filter,
    FilterValue,
    Ordering,
    Paging,
    Read,
    RecordReader,
    SearchEnvelope,
    Skipped,
    decode_envelope,
    decode_records,
    read_one,
    record_reader,
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

__all__ = [
    "Address", "Answer", "AnswerResult", "BillingAddress", "BillingData", "BillingState",
    "Buyer", "Category", "Feedback", "Fees", "Filter", "FilterValue", "From", "Invoice",
    "Model", "Order", "OrderStatus", "Ordering", "Paging", "Payment", "Product",
    "Publication", "Qualification", "Question", "QuestionText", "Receiver", "Recipient",
    "SearchEnvelope", "Shipping", "Shop", "Skipped", "Thread", "Timestamp", "TrackingCode",
    "TrackingCodeChanges", "TrackingCodeDraft", "TrackingOptions", "Variation", "decode",
    "decode_thread_page", "excerpt",
]

T = TypeVar("T")
log = logging.getLogger("sellerdesk.api")


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
    logo_url: str | None = None  # beyond the spec (decisions.md): where the logo is
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

    id: Text | None = None
    currency_id: str | None = None
    title: str | None = None
    price: Decimal | None = None
    stock: int | None = None
    thumbnail: str | None = None
    permalink: str | None = None

    def __post_init__(self) -> None:
        as_text(self, "id")
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
    thread_id: Text | None = None
    channel: Channel | None = None
    publication: Publication | None = None

    def __post_init__(self) -> None:
        as_text(self, "thread_id")


class Thread(Model):
    """A conversation. `questions` is only in the thread-by-id answer (decisions)."""

    id: Text
    answered_quantity: int | None = None  # a string in thread searches (decisions)
    status: ThreadStatus | None = None
    last_question_date: Timestamp | None = None
    store_id: int | None = None
    channel: Channel | None = None
    main_question: Question | None = None
    unanswered_quantity: int | None = None
    questions: list[Question] | None = None

    def __post_init__(self) -> None:
        as_text(self, "id")


# --- writes -------------------------------------------------------------------------------

class AnswerResult(Model):
    answer: str | None = None


# --- decoding -------------------------------------------------------------------------------

def _read_thread(what: str, thread_id: str | None = None) -> RecordReader:
    """Reads a thread record; a question inside it that cannot be read is skipped alone.

    With `thread_id` (a thread by id), a thread whose own fields cannot be read still gives
    its questions, under a bare `Thread(id=thread_id)`."""
    thread_decoder = decoder(Thread)
    read_question = record_reader(Question, what)

    def read(raw: msgspec.Raw) -> Read:
        try:
            return thread_decoder.decode(raw), [], []
        except Exception:
            pass
        # Slow path, rare: take the questions out, read the thread and each question alone.
        try:
            data = untyped.decode(raw)
            entries = data.pop("questions") if isinstance(data, dict) else None
        except Exception:
            entries = None
        if not isinstance(entries, list):
            return read_one(raw, Thread, what)
        head, skipped, partial = read_one(exact_encoder.encode(data), Thread, what)
        if head is None:
            if thread_id is None:
                return None, skipped, partial
            log.warning("%s: the thread's own fields could not be read (%s); keeping its "
                        "questions", what, skipped[0].reason if skipped else "unreadable")
            head, skipped = Thread(id=thread_id), []
        kept: list[Question] = []
        for entry in entries:
            question, lost, odd = read_question(msgspec.Raw(exact_encoder.encode(entry)))
            if question is not None:
                kept.append(question)
            skipped += lost
            partial += odd
        return msgspec.structs.replace(head, questions=kept), skipped, partial

    return read


def decode_thread_page(data: bytes, thread_id: str, *,
                       what: str = "answer") -> SearchEnvelope[Thread]:
    """The answer of a thread by id: `results` holds the thread with its `questions`
    (decisions); a server that puts the question entries in `results` directly is
    normalised to one `Thread(id=thread_id, questions=...)`."""
    try:
        shape = untyped.decode(data)
        results = shape.get("results") if isinstance(shape, dict) else None
    except Exception:
        results = None
    entries = isinstance(results, list) and any(
        isinstance(r, dict) and "question" in r and "main_question" not in r
        and "questions" not in r for r in results)
    if not entries:
        page: SearchEnvelope[Thread] = decode_envelope(data, Thread, what=what,
                                                       read=_read_thread(what, thread_id))
        return page
    questions: SearchEnvelope[Question] = decode_envelope(data, Question, what=what)
    threads = [Thread(id=thread_id, questions=questions.items)] if questions.items else []
    return msgspec.structs.replace(questions, results=threads)  # type: ignore[arg-type]


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Model)


def _decode_record(data: bytes, tp: type[T], what: str) -> T:
    """One record read alone, field by field; an unreadable one is `BadResponse` naming its
    id and the field at fault, with no excerpt of a body that is JSON (a record holds buyers'
    data; an HTML page from a captive portal is worth quoting)."""
    item, skipped, _ = read_one(data, tp, what)
    if item is None:
        lost = skipped[0]
        json_like = data.lstrip()[:1] in (b"{", b"[")
        raise BadResponse(detail=f"undecodable {what}: record {lost.id or 'without id'}: "
                                 f"{lost.reason}", excerpt="" if json_like else excerpt(data))
    return item  # type: ignore[no-any-return]


def decode(data: bytes, tp: type[T], *, what: str = "answer") -> T:
    """Decode `data` into `tp`; any failure becomes `BadResponse`, nothing else leaves.

    A `SearchEnvelope[X]` is read record by record (unreadable records land in `skipped`),
    a list of records too (unreadable ones logged and left out), and every record field by
    field (`lenient`): only its id or, in an order, its money makes it unreadable."""
    if typing.get_origin(tp) is SearchEnvelope:
        (item,) = typing.get_args(tp)
        read = _read_thread(what) if item is Thread else None
        page: T = decode_envelope(data, item, what=what, read=read)  # type: ignore[assignment]
        return page
    if _is_record(tp):
        return _decode_record(data, tp, what)
    if typing.get_origin(tp) is list and _is_record(typing.get_args(tp)[0]):
        items, _ = decode_records(data, typing.get_args(tp)[0], what=what)
        return items  # type: ignore[return-value]
    return decode_strict(data, tp, what=what)

